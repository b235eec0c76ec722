"""The rules booklet (issue 30): imposed so that it folds into pages 1 … N, its numbers drawn from the data,
its setting rules (headings with what follows, ≥ 8 pt text), its blocks and counts."""
from __future__ import annotations

import json
import re
import shutil

import pypdfium2 as pdfium
import pytest

from pnp import markup, scene
from pnp.build import BuildOptions, build_game
from pnp.layout import booklet
from pnp.layout.booklet import BODY_PT, BOTTOM, MIN_BODY_PT, booklet_pages, components
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.options import DEFAULT
from pnp.saddle import order, padded, slug_band

from conftest import REFERENCE_KITS, ROOT, edit, loaded
from kits_cache import checked
from kits_cache import bundled

MM_PT = 72 / 25.4


def _build(root, out, **kw):
    problems = Problems()
    result = build_game(root, out, BuildOptions(parts=("rules",), **kw), problems)
    assert result is not None, [str(p) for p in problems.sorted()]
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def _number(tp, x0: float, y0: float, x1: float, y1: float) -> int | None:
    """The page number printed in a box (mm) of a sheet side, if any."""
    text = tp.get_text_bounded(x0 * MM_PT, y0 * MM_PT, x1 * MM_PT, y1 * MM_PT).strip()
    return int(text) if text.isdigit() else None


def _read_sheets(pdf_path, flip: str):
    """Per sheet side, as a reader holds it upright after turning the sheet about its fold: (left, right)
    page numbers read back from the PDF (None where a page prints none: cover, blanks, back cover)."""
    doc = pdfium.PdfDocument(str(pdf_path))
    sides = []
    for i in range(len(doc)):
        page = doc[i]
        w, h = page.get_width() / MM_PT, page.get_height() / MM_PT
        tp = page.get_textpage()
        back = i % 2 == 1
        turned = back and flip == "long"  # a long-edge flip needs the back drawn upside down
        foot = slug_band(DEFAULT)  # the pages stand on the slug's band: their numbers are above it
        halves = []
        for half in (0, 1):  # the reader's left and right page
            x0 = half * w / 2 + w / 4 - 12
            if turned:  # upside down in the PDF: the reader's left page is its right half, its foot at the top
                halves.append(_number(tp, w - x0 - 24, h - foot - 14, w - x0, h - foot - 1))
            else:
                halves.append(_number(tp, x0, foot + 1, x0 + 24, foot + 14))
        sides.append(tuple(halves))
    return sides


def _fold(sides):
    """The pages in reading order once the sheets are nested and folded."""
    sheets = [(sides[2 * k], sides[2 * k + 1]) for k in range(len(sides) // 2)]
    first, second = [], []
    for front, back in sheets:
        first += [front[1], back[0]]
        second = [back[1], front[0]] + second
    return first + second


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_imposed_booklet_folds_into_pages_in_order(tmp_path, flip):
    manifest = _build(ROOT / "content" / "etymonopoly", tmp_path / "out", flip=flip)
    pdf = tmp_path / "out" / "rules-a4.pdf"
    sides = _read_sheets(pdf, flip)
    pages = manifest["counts"]["rules"]["page"]
    padded_to = -(-pages // 4) * 4
    assert len(sides) == padded_to // 2  # two sides a sheet, four pages a sheet
    read = _fold(sides)
    numbers = [n for n in read if n is not None]
    # the cover (1) and back cover print no number; the pages between them are numbered 2 … N-1 in order
    assert read[0] is None and read[-1] is None
    assert numbers == list(range(2, pages))
    assert read[:pages - 1] == [None] + list(range(2, pages))  # the blanks go before the back cover
    # the cover is on the first sheet's front, right half; the credits on its left half (the back cover)
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[0].get_textpage()
    w, h = doc[0].get_width(), doc[0].get_height()
    assert "Etymonopoly" in tp.get_text_bounded(w / 2, 0, w, h)
    assert "Credits" in tp.get_text_bounded(0, 0, w / 2, h)


def test_saddle_order_and_padding():
    assert order(8) == [((8, 1), (2, 7)), ((6, 3), (4, 5))]
    with pytest.raises(ValueError):
        order(6)
    pages = ["c", "a", "b", "z"] + ["m"]
    assert padded(pages) == ["c", "a", "b", "z", None, None, None, "m"]  # blanks before the back cover
    assert padded(["a", "b", "c", "d"]) == ["a", "b", "c", "d"]


def test_simplex_gives_plain_pages_in_reading_order(tmp_path):
    manifest = _build(ROOT / "content" / "etymonopoly", tmp_path / "out", layout="simplex")
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "rules-a4-simplex.pdf"))
    assert len(doc) == manifest["counts"]["rules"]["page"]
    assert (round(doc[0].get_width() / MM_PT), round(doc[0].get_height() / MM_PT)) == (148, 210)  # A5
    for i in range(1, len(doc) - 1):
        tp = doc[i].get_textpage()
        assert _number(tp, 148 / 2 - 12, 4, 148 / 2 + 12, 14) == i + 1


def test_letter_paper_gives_half_letter_pages(tmp_path):
    _build(ROOT / "content" / "etymonopoly", tmp_path / "out", paper="letter")
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "rules-letter.pdf"))
    assert (round(doc[0].get_width()), round(doc[0].get_height())) == (792, 612)  # Letter, landscape


def _booklet_text(root, tmp_path) -> str:
    _build(root, tmp_path, layout="simplex")
    doc = pdfium.PdfDocument(str(tmp_path / "rules-a4-simplex.pdf"))
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def test_a_changed_salary_and_fine_change_every_place_the_booklet_states_them(tmp_path):
    game = tmp_path / "etymonopoly"
    shutil.copytree(ROOT / "content" / "etymonopoly", game)
    source = (game / "rules.yaml").read_text(encoding="utf-8")
    salaries = source.count("{{ salary | money }}")
    fines = source.count("{{ jail_fine | money }}")
    assert salaries >= 3 and fines >= 1
    before = _booklet_text(game, tmp_path / "before")
    assert not re.search(r"₩213\b", before) and not re.search(r"₩37\b", before)
    edit(game / "board.yaml", "on_pass: [{action: collect, amount: 200}]", "on_pass: [{action: collect, amount: 213}]")
    edit(game / "board.yaml", "fine: 50", "fine: 37")
    after = _booklet_text(game, tmp_path / "after")
    assert len(re.findall(r"₩213\b", after)) >= salaries and len(re.findall(r"₩37\b", after)) >= fines
    assert (game / "rules.yaml").read_text(encoding="utf-8") == source  # no rules file edited


def test_a_literal_amount_in_the_prose_is_reported_with_its_line(tmp_path):
    game = tmp_path / "etymonopoly"
    shutil.copytree(ROOT / "content" / "etymonopoly", game)
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("text: |")) + 1
    lines.insert(at, lines[at][:len(lines[at]) - len(lines[at].lstrip())] + "Each player also pays ₩75 to the bank.")
    (game / "rules.yaml").write_text("\n".join(lines), encoding="utf-8")
    problems = Problems()
    loaded_kit, _ = loaded(game)
    from pnp.rules import validator

    validator.run(loaded_kit, problems)
    found = [p for p in problems.items if p.code == "W-rules-literal"]
    assert len(found) == 1 and "₩75" in found[0].message
    assert found[0].loc.file.endswith("rules.yaml") and found[0].loc.line == at + 1


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_components_are_the_manifest_counts(kit, reference_builds):
    manifest = json.loads((reference_builds / kit / "manifest.json").read_text(encoding="utf-8"))
    game, problems = checked(kit)
    listed = components(Ctx(game, problems=problems))
    printed = 1 + sum(n for out in ("cards", "notes", "tokens") for n in manifest["counts"].get(out, {}).values())
    assert sum(n for _, n in listed) == printed
    assert manifest["counts"]["rules"]["page"] >= 8


def _diagram(group: scene.Group) -> bool:
    """The board's diagram: a picture of the board (a miniature drawing) and the labels over it."""
    return any(isinstance(c, scene.Group) and c.miniature for c in group.children)


def _texts(group, m=scene.IDENTITY, out=None, labels: bool = True):
    """(y, text) of every text on a page, a picture's left out; ``labels``: with the board diagram's labels."""
    out = [] if out is None else out
    for child in group.children:
        if isinstance(child, scene.Group):
            if not child.miniature and (labels or not _diagram(child)):
                _texts(child, scene.compose(m, child.transform), out, labels)
        elif isinstance(child, scene.Text):
            out.append((scene.apply(m, child.x, child.y)[1], child))
    return out


def _pictures(group, m=scene.IDENTITY) -> list[float]:
    """The foot (y, mm) of every picture (a miniature drawing) on a page."""
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            mm = scene.compose(m, child.transform)
            out += [scene.apply(mm, 0.0, 0.0)[1]] if child.miniature else _pictures(child, mm)
    return out


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_every_booklet_sets_its_text_at_8_pt_or_more_and_never_ends_a_page_on_a_heading(kit):
    shared = bundled(kit)  # laid out once a session (tests/kits_cache.py): read only
    problems, pages = shared.problems, shared.pages
    assert not problems.errors, [str(p) for p in problems.errors]
    heading_sizes = {14.0, 10.5}
    for n, page in enumerate(pages[1:-1], 2):
        texts = _texts(page.front, labels=False)  # the board diagram's labels: test_booklet_board.py
        assert all(t.size >= MIN_BODY_PT - 1e-9 for _, t in texts), [(t.text, t.size) for _, t in texts
                                                                      if t.size < MIN_BODY_PT]
        # the lines above the page number (a page ending at the column's foot has its last line under 20 mm)
        body = [y for y, t in texts if t.size not in heading_sizes and BOTTOM < y < 190]
        body += _pictures(page.front)  # a picture under a heading (the board at a glance) follows it too
        for y, t in texts:
            if t.size in heading_sizes:
                assert any(b < y - 1 for b in body), f"{kit} page {n}: the heading {t.text!r} ends the page"
    assert any(t.size == BODY_PT for _, t in _texts(pages[2].front))


def test_generated_blocks_and_markup():
    blocks = markup.parse("Intro:\n\n1. one\n1. two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n@table risk\n"
                          "A line that wraps\n5. and goes on\n**Strong** and *soft*.")
    assert [b.kind for b in blocks] == ["para", "item", "item", "table", "generated", "para"]
    assert blocks[3].header and len(blocks[3].rows) == 2
    assert (blocks[4].name, blocks[4].arg) == ("table", "risk")
    assert "5. and goes on" in markup.plain(blocks[5].spans)
    assert [(s.text, s.style) for s in markup.spans("**Strong** and *soft*.")] == [
        ("Strong", markup.STRONG), (" and ", markup.PLAIN), ("soft", markup.EMPHASIS), (".", markup.PLAIN)]


def test_a_kit_without_rules_yaml_prints_no_booklet(mini, tmp_path):
    problems = Problems()
    result = build_game(mini, tmp_path / "out", BuildOptions(), problems)
    assert result is not None and not (tmp_path / "out" / "rules-a4.pdf").exists()
    assert "rules" not in result.manifest["counts"]


def test_tahiti_booklet_is_french_throughout_and_names_the_english_edition(reference_builds):
    doc = pdfium.PdfDocument(str(reference_builds / "tahiti" / "rules-a4.pdf"))
    text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    assert "Règle du jeu" in text and "Mise en place" in text
    assert "English lookup of the cards" not in text and "--lang" not in text  # no command line in a rulebook
    assert "édition anglaise" in " ".join(text.split())
    assert re.search("prison\u202f:", text) or re.search(r"\u202f[:;!?]", text)  # French spacing


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_imposed_booklet_says_how_to_bind_it_in_a_slug_and_no_page_does(tmp_path, flip):
    """The binding note stood at the foot of the back cover, on the finished booklet (review 9): now the first
    sheet's back says how to bind it in its slug, outside the pages, and no page of the booklet (imposed or plain)
    says it; every front's slug but the covers' says how to print the sheet."""
    _build(ROOT / "content" / "etymonopoly", tmp_path / "d", flip=flip)
    doc = pdfium.PdfDocument(str(tmp_path / "d" / "rules-a4.pdf"))
    texts = [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    assert "staple twice on the fold" in texts[1] and all("staple" not in t for n, t in enumerate(texts) if n != 1)
    assert all(f"flip on the {flip} edge" in t for t in texts[2::2]) and "flip on" not in texts[0]
    _build(ROOT / "content" / "etymonopoly", tmp_path / "s", layout="simplex")
    plain = pdfium.PdfDocument(str(tmp_path / "s" / "rules-a4-simplex.pdf"))
    assert all("staple" not in plain[i].get_textpage().get_text_range() for i in range(len(plain)))


def test_a_lookup_shows_a_card_by_its_first_sentence_or_words():
    from pnp.layout.booklet import card_start

    assert card_start("Reculez de trois cases.") == "Reculez de trois cases."
    assert card_start("C'est votre anniversaire : chaque joueur vous donne 10 F.") == "C'est votre anniversaire …"
    assert card_start("one two three four five six seven eight nine ten") == "one two three four five six seven eight …"
    assert card_start("Advance to Go. Collect 200.") == "Advance to Go."


# ---------------------------------------------------------------- hostile booklets (attacks on rules.yaml)
def _with_rules(mini, text: str, title: str = "Rules of play"):
    body = "\n".join("      " + line for line in text.split("\n"))
    (mini / "rules.yaml").write_text(
        f"title: {title}\nsections:\n  - heading: Playing\n    covers: [components, setup, turn, winning, jail, "
        f"building, cards]\n    text: |\n{body}\n", encoding="utf-8")
    problems = Problems()
    kit, _ = loaded(mini)
    from pnp.rules import validator

    validator.run(kit, problems)
    ctx = Ctx(kit, problems=problems)
    pages = booklet_pages(ctx)
    return problems, pages


def test_a_block_right_under_a_line_is_a_block_and_a_wrong_one_is_reported(mini):
    problems, _ = _with_rules(mini, "Each player takes:\n@money\nThen:\n@bogus")
    found = [p for p in problems.items if p.code == "E-rules-block"]
    assert len(found) == 1 and "@bogus" in found[0].message and found[0].loc.line == 9


@pytest.mark.parametrize("table, words", [("| a | b | c |\n| --- | --- | --- |\n| 1 | 2 |", "row 2 has 2"),
                                           ("| a | b |\n| --- | --- |", "no rows")])
def test_a_table_of_uneven_rows_or_no_rows_is_reported(mini, table, words):
    problems, _ = _with_rules(mini, table)
    (p,) = [p for p in problems.items if p.code == "E-rules-block"]
    assert words in p.message


def test_a_booklet_far_beyond_a_rules_text_is_refused_before_it_is_set(mini):
    problems, pages = _with_rules(mini, "| n | x |\n| --- | --- |\n" + "| 1 | 2 |\n" * 1200)
    assert [p.code for p in problems.errors] == ["E-rules-size"] and pages == []


def test_a_heading_too_long_for_a_page_is_reported_not_drawn_off_it(mini):
    problems, pages = _with_rules(mini, "## " + "word " * 600 + "\n\nText.")
    assert any(p.code == "E-text-overflow" and "heading" in p.message for p in problems.errors)
    for page in pages:
        assert all(5 < y < 205 for y, _ in _texts(page.front))


def test_a_running_head_too_long_is_reported(mini):
    problems, _ = _with_rules(mini, "Text.", title="Long " * 25)
    assert any(p.code == "E-text-overflow" and "running head" in p.message for p in problems.errors)


def test_a_huge_amount_in_the_prose_is_a_warning_not_a_crash(mini):
    problems, _ = _with_rules(mini, "Pay ₩1" + "0" * 400 + " now.")
    assert not [p for p in problems.items if p.code == "E-internal"]
    (p,) = [p for p in problems.items if p.code == "W-rules-literal"]
    assert "401 digits" in p.message and len(p.message) < 600


def test_a_list_of_ten_steps_or_more_has_one_indent(mini):
    _, pages = _with_rules(mini, "\n".join("1. Step text here" for _ in range(12)))
    starts = {round(t.x, 2) for _, t in _texts(pages[1].front) if t.text.startswith("Step")}
    assert len(starts) == 1


def _pages_of(pages, prefix: str) -> dict[str, int]:
    return {t.text: n for n, page in enumerate(pages) for _, t in _texts(page.front) if t.text.startswith(prefix)}


@pytest.mark.parametrize("lines, split", [(26, False), (31, True), (34, False)])
def test_a_short_table_splits_only_rather_than_leave_a_sixth_of_a_page_blank(mini, lines, split):
    """A short table goes whole onto the next page when the blank it leaves is small (at most booklet.VOID, a
    sixth of the text column: 34 lines); when it would leave more (31 lines) it starts at the page's foot and
    goes on over the page, its header repeated, two rows at least on each side. (Until issue 33 a short table
    never split, whatever it left blank; a table of booklet.GLANCE_ROWS rows or fewer still never does.)"""
    para = " ".join(["Words to fill the page."] * (lines * 3))
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, 11))
    _, pages = _with_rules(mini, para + "\n\n" + table)
    on = _pages_of(pages, "row")
    assert len(on) == 10 and len(set(on.values())) == (2 if split else 1), on
    for n in set(on.values()):
        assert any(t.text == "Row" for _, t in _texts(pages[n].front))
        assert sum(1 for v in on.values() if v == n) >= 2
    if not split:  # whole: on the paragraph's page, or on the next with at most VOID left blank before it
        first = min(on.values())
        lowest = min(y for y, t in _texts(pages[first - 1].front) if y > 20)  # the page's last line of text
        assert first == 1 or lowest - booklet.BOTTOM <= booklet.VOID + 6, lowest


@pytest.mark.parametrize("lines", [27, 31, 34])
def test_a_table_read_at_a_glance_is_never_split(mini, lines):
    """Eight rows or fewer go whole, to the next page if need be, wherever the text before them ends."""
    para = " ".join(["Words to fill the page."] * (lines * 3))
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, 9))
    _, pages = _with_rules(mini, para + "\n\n" + table)
    on = _pages_of(pages, "row")
    assert len(on) == 8 and len(set(on.values())) == 1, on


def test_a_long_table_still_splits_with_its_header_on_each_page(mini):
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, 61))
    _, pages = _with_rules(mini, table)
    on = _pages_of(pages, "row")
    assert len(on) == 60 and len(set(on.values())) >= 2
    for n in set(on.values()):
        assert any(t.text == "Row" for _, t in _texts(pages[n].front))


def test_a_column_of_figures_with_a_word_among_them_keeps_its_figures_on_one_line(mini):
    ladder = "10 · 20 · 50 · 150 · 450 · 625 · 750 · 1,000"
    rows = "".join(f"| A rather long street name in the old town, number {k} | {ladder} |\n" for k in range(4))
    _, pages = _with_rules(mini, "| Street | Rent |\n| --- | --- |\n" + rows + "| Power Works | see its table |\n")
    texts = [(y, t) for page in pages for y, t in _texts(page.front)]
    starts = sorted(round(y, 2) for y, t in texts if t.text.startswith("10"))
    ends = sorted(round(y, 2) for y, t in texts if t.text.endswith("1,000") or "1,000" in t.text)
    assert len(starts) == 4 and starts == ends  # each ladder starts and ends on one baseline
    lines = {round(y, 2) for y, t in texts if 20 < y < 190 and not t.text.isdigit()}
    assert len(lines) >= 1 + 2 * 4 + 1  # the header, each street's name on two lines, the last row


@pytest.mark.parametrize("name, size", [("x" * 20, 8.5), ("x" * 27, 8.0), ("x" * 40, 8.5)])
def test_a_table_a_little_too_wide_is_set_smaller_rather_than_wrap_a_row(mini, name, size):
    ladder = "10 · 20 · 50 · 150 · 450 · 625 · 750 · 1,000 · 1,250"
    _, pages = _with_rules(mini, f"| Road | Rent |\n| --- | --- |\n| Street {name} | {ladder} |\n"
                                 f"| Power Works | see its table |\n")
    texts = _texts(pages[1].front)
    assert {t.size for _, t in texts if t.text.startswith("Power")} == {size}
    street = {round(y, 2) for y, t in texts if t.size == size and 20 < y < 190} - {
        round(y, 2) for y, t in texts if t.text in ("Road", "Rent") or "Power" in t.text or "table" in t.text}
    assert len(street) == (1 if size < 8.5 or len(name) < 25 else 2)  # the smallest size wraps when it must


def test_a_property_column_of_one_value_is_said_once_under_the_table():
    # Moneyloopy: every space costs the one market price and every building $100
    pages = bundled("moneyloopy").pages  # laid out once a session (tests/kits_cache.py): read only
    lines = [t.text for page in pages for _, t in _texts(page.front)]
    text = " ".join(" ".join(lines).replace("\u00a0", " ").replace("\u202f", " ").split())
    assert "Market price: 300 for each." in text and "Building: 100 for each." in text
    head = [t for t in lines if t in ("Space", "Rent", "Market", "Market price", "Building")]
    assert "Space" in head and "Rent" in head and "Market" not in head and "Market price" not in head
    # where the prices differ the column stays (Monopoly 2.3)
    text = " ".join(t.text for page in bundled("monopoly-2-3").pages for _, t in _texts(page.front))
    assert "for each." not in text


def test_a_property_whose_rent_is_a_table_points_to_the_heading_it_is_printed_under():
    """Monopoly 2.3's utilities said only "see its table" (a publisher's review): the booklet prints that table
    (@table utility-rent) under "Utilities", and the property table says where."""
    text = " ".join(t.text for page in bundled("monopoly-2-3").pages for _, t in _texts(page.front))
    text = " ".join(text.replace("\u00a0", " ").split())
    assert text.count("see Utilities") == 2 and "see its table" not in text
    ctx = bundled("monopoly-2-3").ctx
    assert booklet._table_heading(ctx, "utility-rent") == "Utilities"
    assert booklet._table_heading(ctx, "no-such-table") == ""


@pytest.mark.parametrize("sentences", range(96, 112, 2))
def test_a_heading_over_a_long_table_is_never_left_at_a_pages_foot(mini, sentences):
    para = " ".join(["Words to fill the page."] * sentences)  # the heading lands lower down the page each time
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, 41))
    _, pages = _with_rules(mini, para + "\n\n## The table\n\n" + table)
    heading = next(n for n, page in enumerate(pages) for _, t in _texts(page.front) if t.text == "The table")
    rows = [t for _, t in _texts(pages[heading].front) if t.text.startswith("row")]
    assert len(rows) >= 3


def test_tahiti_in_english_fills_its_sheets():
    """Tahiti in English fills its four sheets: no blank page before the back cover (no W-rules-blank)."""
    shared = bundled("tahiti", "en")  # laid out once a session (tests/kits_cache.py): read only
    problems, pages = shared.problems, shared.pages
    assert len(pages) % 4 == 0 and not [p for p in problems.items if "W-rules-blank" in str(p)]


def test_the_running_head_stands_at_each_pages_outer_edge():
    """The running head stood at the left on every page, so at the spine on the right-hand ones (review 13): it is
    set flush left on a left-hand page (even: the cover is page 1) and flush right on a right-hand one."""
    from pnp.layout.booklet import HEAD_Y, PAGE_W, SIDE
    from kits_cache import bundled

    pages = bundled("etymonopoly").pages
    seen = set()
    for n, page in enumerate(pages[1:-1], 2):
        runs = [t for y, t in _texts(page.front) if abs(t.size - 8.0) < 1e-6 and y > HEAD_Y - 3 and t.text.strip()]
        assert runs, n
        left, right = min(t.x for t in runs), max(t.x + t.width for t in runs)
        if n % 2:
            assert abs(right - (PAGE_W - SIDE)) < 0.05 and left > SIDE + 1, (n, left, right)
        else:
            assert abs(left - SIDE) < 0.05, (n, left, right)
        seen.add(n % 2)
    assert seen == {0, 1}


@pytest.mark.parametrize("kit, lang, head", [("tahiti", None, "Monopoly Polynésie française · Règle du jeu"),
                                             ("tahiti", "en", "Monopoly French Polynesia · Rules of play"),
                                             ("moneyloopy", None, "Moneyloopy · Rules of play")])
def test_the_running_head_names_the_kit_as_its_sheets_do(kit, lang, head):
    """Tahiti's running head said "Monopoly · Règle du jeu", every sheet's slug and the cover "Monopoly Polynésie
    française" (review 18): the head names the kit by its sheet title (game.sheet_name), else its title."""
    pages = bundled(kit, lang).pages
    texts = {t.text.replace("\u00a0", " ").replace("\u202f", " ") for _, t in _texts(pages[2].front)}
    assert head in texts, sorted(texts)[:5]
