"""Sheets as a printer gets them: read the PDFs back, render them, and check sizes, marks and backs."""
import json

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageOps

from pnp import scene
from pnp.build import BuildOptions, build_game
from pnp.calibrate import calibration_pages, readings
from pnp.impose import impose
from pnp.options import PrintOptions
from pnp.layout.common import Item
from pnp.marks import PAPERS
from pnp.problems import Problems
from pnp.render.pdf import PdfWriter

from conftest import MINI
from pdfread import box_mm, reader, segments

TOL_SIZE = 0.01
TOL_TRIM = 0.05


def build(tmp_path, **kw):
    problems = Problems()
    parts = kw.pop("parts", ("cards", "notes", "tokens"))
    result = build_game(MINI, tmp_path, BuildOptions(parts=parts, **kw), problems)
    assert result is not None, problems.sorted()
    return json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_page_sizes_are_exact(tmp_path, paper):
    manifest = build(tmp_path, paper=paper, parts=("cards",))
    pdf = reader(tmp_path / f"cards-{paper}.pdf")
    for page in pdf.pages:
        _, _, w, h = box_mm(page.mediabox)
        assert abs(w - PAPERS[paper][0]) < TOL_SIZE and abs(h - PAPERS[paper][1]) < TOL_SIZE
    assert manifest["files"][0]["page_size_mm"] == [round(v, 2) for v in PAPERS[paper]]


def _marks(page):
    """Crop marks as the PDF holds them: 0.25 pt strokes."""
    segs = segments(page, width_pt=0.25)
    vertical = [s for s in segs if abs(s[0] - s[2]) < 1e-6]
    horizontal = [s for s in segs if abs(s[1] - s[3]) < 1e-6]
    return vertical, horizontal


def _near(value, candidates):
    return min((abs(value - c) for c in candidates), default=99) <= TOL_TRIM


def _distance(seg, rect):
    """Shortest distance between an axis-parallel segment and a rectangle (0 when they touch)."""
    x1, y1, x2, y2 = seg
    x, y, w, h = rect
    dx = max(x - max(x1, x2), min(x1, x2) - (x + w), 0.0)
    dy = max(y - max(y1, y2), min(y1, y2) - (y + h), 0.0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("flip", ["long", "short"])
def test_trims_sit_on_their_crop_marks_and_marks_stay_off_the_art(tmp_path, flip):
    """Every cut is marked; a mark never lies on what is kept: cards keep 1.5 mm clear of every trim (marks
    outside the bleed, or ticks in the middle of a gutter); butted notes are marked in the margin only, never
    on a cut they share (a cut a fraction off would leave the line on a note)."""
    manifest = build(tmp_path, flip=flip, parts=("cards", "notes"))
    for part in ("cards", "notes"):
        info = manifest["parts"][part]
        pdf = reader(tmp_path / info["files"][0])
        for rec in info["pages"]:
            page = pdf.pages[rec["page"] - 1]
            vertical, horizontal = _marks(page)
            xs = [s[0] for s in vertical]
            ys = [s[1] for s in horizontal]
            assert rec["items"]
            for item in rec["items"]:
                x, y, w, h = item["trim"]
                assert _near(x, xs) and _near(x + w, xs), (part, rec["page"], item)
                assert _near(y, ys) and _near(y + h, ys), (part, rec["page"], item)
            for seg in vertical + horizontal:
                for item in rec["items"]:
                    assert _distance(seg, item["trim"]) >= 1.5, f"mark {seg} touches {item}"


@pytest.mark.parametrize("flip,offset", [("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long", (0.7, -1.2))])
def test_each_back_is_the_mirror_of_its_front(tmp_path, flip, offset):
    manifest = build(tmp_path, flip=flip, offset=offset, parts=("cards",))
    pw, ph = PAPERS["a4"]
    pages = manifest["parts"]["cards"]["pages"]
    pdf = reader(tmp_path / "cards-a4.pdf")
    assert len(pdf.pages) == len(pages)
    for front, back in zip(pages[0::2], pages[1::2]):
        assert (front["side"], back["side"]) == ("front", "back")
        backs = {i["id"]: i["trim"] for i in back["items"]}
        for item in front["items"]:
            x, y, w, h = item["trim"]
            ex, ey = (pw - x - w, y) if flip == "long" else (x, ph - y - h)
            bx, by, bw, bh = backs[item["id"]]
            assert abs(bx - (ex + offset[0])) < TOL_TRIM and abs(by - (ey + offset[1])) < TOL_TRIM
            assert (bw, bh) == (w, h)
        # and the back page's own crop marks frame those rectangles
        vertical, horizontal = _marks(pdf.pages[back["page"] - 1])
        for bx, by, bw, bh in backs.values():
            assert _near(bx, [s[0] for s in vertical]) and _near(by + bh, [s[1] for s in horizontal])


def _solid_items(n):
    colours = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c", "#008080"]
    items = []
    for i in range(n):
        c = colours[i % len(colours)]
        face = scene.Group([scene.Rect(-3, -3, 63, 95, fill=c)])
        items.append(Item(f"i{i}", "test", 57.0, 89.0, face, scene.Group([scene.Rect(-3, -3, 63, 95, fill=c)])))
    return items, colours


def _render(data: bytes, index: int, dpi: int = 150):
    pdf = pdfium.PdfDocument(data)
    return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")


def _bbox_of(img, colour):
    """Pixel bounding box of the area painted in ``colour``."""
    diff = ImageChops.difference(img, Image.new("RGB", img.size, colour))
    channels = [c.point(lambda v: 255 if v < 40 else 0) for c in diff.split()]
    mask = ImageChops.multiply(ImageChops.multiply(channels[0], channels[1]), channels[2])
    return mask.getbbox()


@pytest.mark.parametrize("flip", ["long", "short"])
def test_rendered_backs_land_on_their_fronts(flip):
    """Render front and back with a real renderer, turn the back over, compare each item's edges."""
    items, colours = _solid_items(9)
    sheets = impose(items, PrintOptions(paper="a4", flip=flip), "Test", "cards")
    writer = PdfWriter("t")
    for s in sheets[:2]:
        writer.add(s.page)
    data = writer.finish()
    front = _render(data, 0, 150)
    back = _render(data, 1, 150)
    turned = ImageOps.mirror(back) if flip == "long" else ImageOps.flip(back)
    for c in colours:
        fb = _bbox_of(front, c)
        bb = _bbox_of(turned, c)
        assert fb is not None and bb is not None
        assert all(abs(a - b) <= 1 for a, b in zip(fb, bb)), (c, fb, bb)


def test_shared_groups_whose_keys_differ_only_in_punctuation_stay_apart():
    """Form names keep letters and digits only; "a-b" and "a_b" must still be two forms."""
    def square(key, colour, x):
        return scene.Group([scene.Rect(0, 0, 10, 10, fill=colour)], transform=scene.translate(x, 10), key=key,
                           bounds=(0, 0, 10, 10))

    page = scene.Page(60, 30, scene.Group([square("a-b", "#ff0000", 5), square("a_b", "#0000ff", 30),
                                           square("a-b", "#ff0000", 45)]))
    writer = PdfWriter("t")
    writer.add(page)
    img = _render(writer.finish(), 0, 72)
    mm = 72 / 25.4
    at = lambda x: img.getpixel((round((x + 5) * mm), round(15 * mm)))  # the centre of a square
    assert at(5)[0] > 200 and at(5)[2] < 60  # red
    assert at(30)[2] > 200 and at(30)[0] < 60  # blue, not the red form again
    assert at(45)[0] > 200 and at(45)[2] < 60  # the first form reused


def test_gutterfold_puts_backs_across_the_fold(tmp_path):
    manifest = build(tmp_path, layout="gutterfold", parts=("cards",))
    pw, ph = PAPERS["a4"]
    pdf = reader(tmp_path / "cards-a4-gutterfold.pdf")
    for rec in manifest["parts"]["cards"]["pages"]:
        _, _, w, h = box_mm(pdf.pages[rec["page"] - 1].mediabox)
        assert abs(w - pw) < TOL_SIZE and abs(h - ph) < TOL_SIZE
        fronts = {i["id"]: i["trim"] for i in rec["items"] if i["side"] == "front"}
        backs = {i["id"]: i["trim"] for i in rec["items"] if i["side"] == "back"}
        assert fronts and set(backs) == set(fronts)
        for iid, (x, y, iw, ih) in fronts.items():
            assert x + iw <= pw / 2 + 1e-6
            bx, by, _, _ = backs[iid]
            assert abs(bx - (pw - x - iw)) < TOL_TRIM and abs(by - y) < TOL_TRIM
        fold = [s for s in segments(pdf.pages[rec["page"] - 1]) if abs(s[0] - pw / 2) < 1e-3 and abs(s[2] - pw / 2) < 1e-3]
        assert fold, "a fold line at the middle of the sheet"


def test_per_item_pages_have_trim_and_bleed_boxes(tmp_path):
    build(tmp_path, per_item=True, parts=("cards",))
    pdf = reader(tmp_path / "cards-print-shop.pdf")
    assert len(pdf.pages) == 2 * 9  # 8 cards and the credits card, each front and back
    for page in pdf.pages:
        mx, my, mw, mh = box_mm(page.mediabox)
        assert abs(mw - 63) < TOL_SIZE and abs(mh - 95) < TOL_SIZE
        tx, ty, tw, th = box_mm(page.trimbox)
        assert (round(tx, 2), round(ty, 2), round(tw, 2), round(th, 2)) == (3, 3, 57, 89)
        bx, by, bw, bh = box_mm(page.bleedbox)
        assert (round(bx, 2), round(by, 2), round(bw, 2), round(bh, 2)) == (0, 0, 63, 95)


def test_a_shared_back_is_stored_once(tmp_path):
    build(tmp_path, parts=("cards",))
    pdf = reader(tmp_path / "cards-a4.pdf")
    objects, draws = set(), 0
    for page in pdf.pages:
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            if "deck_back_luck" in name:
                objects.add(ref.idnum)

        def visit(op, args, cm, tm):
            nonlocal draws
            if op == b"Do" and "deck_back_luck" in str(args[0]):
                draws += 1

        page.extract_text(visitor_operand_before=visit)
    assert draws == 3  # three luck cards ...
    assert len(objects) == 1  # ... one stored back


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("error", [(1.5, -2.0), (-0.5, 1.0), (0.0, 0.0)])
def test_calibration_sheet_names_the_offset_that_corrects_the_printer(flip, error):
    """Simulate a printer that shifts back pages by `error`; the pair of lines that lines up must be
    labelled with the --offset that cancels it."""
    front, back = calibration_pages("a4", flip)
    writer = PdfWriter("cal")
    writer.add(front)
    writer.add(back)
    pdf = reader_from_bytes(writer.finish())
    pw, ph = PAPERS["a4"]
    ex, ey = error
    f_segs = segments(pdf.pages[0])
    b_segs = segments(pdf.pages[1])

    def seen_from_front(x, y):  # a back-page point, printed with the error, seen through the paper
        x, y = x + ex, y + ey
        return (pw - x, y) if flip == "long" else (x, ph - y)

    f_vertical = sorted(s[0] for s in f_segs if abs(s[0] - s[2]) < 1e-6 and 5 < abs(s[1] - s[3]) < 30)
    b_vertical = sorted(seen_from_front(s[0], s[1])[0] for s in b_segs if abs(s[0] - s[2]) < 1e-6 and 5 < abs(s[1] - s[3]) < 30)
    values = readings()
    assert len(f_vertical) == len(b_vertical) == len(values)
    aligned_x = [v for v, a, b in zip(values, f_vertical, sorted(b_vertical)) if abs(a - b) < 0.01]
    f_horizontal = sorted(s[1] for s in f_segs if abs(s[1] - s[3]) < 1e-6 and 5 < abs(s[0] - s[2]) < 30)
    b_horizontal = sorted(seen_from_front(s[0], s[1])[1] for s in b_segs if abs(s[1] - s[3]) < 1e-6 and 5 < abs(s[0] - s[2]) < 30)
    aligned_y = [v for v, a, b in zip(values, f_horizontal, sorted(b_horizontal)) if abs(a - b) < 0.01]
    assert aligned_x == [-ex] or aligned_x == [0.0] and ex == 0
    assert aligned_y == [-ey] or aligned_y == [0.0] and ey == 0


def reader_from_bytes(data):
    import io

    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data))


@pytest.mark.parametrize("kit", ["etymonopoly", "tahiti", "euronopoly"])
def test_no_item_is_placed_smaller_than_its_trim(tmp_path, kit):
    """Every item on every page keeps its whole trim size (turned or not), and no two trims overlap."""
    from conftest import ROOT

    problems = Problems()
    assert build_game(ROOT / "content" / kit, tmp_path, BuildOptions(parts=("cards", "notes", "tokens")), problems)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    sizes = {}
    for part, info in manifest["parts"].items():
        for rec in info["pages"]:
            trims = [i["trim"] for i in rec["items"]]
            for item in rec["items"]:
                _, _, w, h = item["trim"]
                size = sorted((w, h))
                assert sizes.setdefault(item["id"], size) == size, item  # the same on both sides
            for i, (x, y, w, h) in enumerate(trims):
                for (x2, y2, w2, h2) in trims[i + 1:]:
                    assert x + w <= x2 + 1e-3 or x2 + w2 <= x + 1e-3 or y + h <= y2 + 1e-3 or y2 + h2 <= y + 1e-3
    assert sizes
    kinds = {"title": (57.0, 89.0), "note": (52.5, 99.0)}
    for iid, size in sizes.items():
        for prefix, expected in kinds.items():
            if iid.startswith(prefix):
                assert size == sorted(expected), (iid, size)


def test_a_sheet_footer_is_pnps_english_and_the_kits_advice_keeps_its_language():
    """The sheet's own line (kit, part, sheet n of m, print at 100%) is set in English; the money's print advice
    is the kit's words, set in the kit's style (French: a narrow no-break space before ; and %)."""
    from pnp.typeset import NBSP, NNBSP, Style

    item = Item("n1", "note", 99.0, 52.5, scene.Group([scene.Rect(0, 0, 99, 52.5, fill="#eeeeee")]))
    advice = "Imprimez à 100 % (taille réelle) ; la banque peut aussi écrire des reconnaissances de dette."
    (sheet,) = impose([item], PrintOptions(), "Monopoly", "notes", advice, Style("fr", ("F",)))
    texts = [t.text for t in scene.walk_text(sheet.page.content)]
    (own,) = [t for t in texts if "sheet 1" in t]  # "1 of 1": a number keeps the word after it
    said = " ".join(t for t in texts if t != own)
    assert f"print at 100%{NBSP}/{NBSP}actual size" in own and NNBSP not in own  # English: 100%
    assert f"100{NNBSP}%" in said and f"réelle){NNBSP};" in said


def test_an_a4_sheet_of_notes_takes_a_turned_note_under_its_grid(tmp_path):
    """Notes (99 × 52.5 mm) stand 3 × 2 on A4 and leave 65 mm below: one more note, turned, goes there, on every
    full sheet alike (a stack of sheets still cuts as one); Letter, shorter, keeps 6."""
    manifest = build(tmp_path, parts=("notes",))
    pages = [rec for rec in manifest["parts"]["notes"]["pages"] if rec["side"] == "front"]
    assert len(pages) > 1
    for rec in pages[:-1]:
        turns = sorted(item["rotation"] for item in rec["items"])
        assert len(turns) == 7 and turns.count(turns[0]) in (1, 6), turns
        lone = [i for i in rec["items"] if turns.count(i["rotation"]) == 1][0]
        grid = [i for i in rec["items"] if i is not lone]
        assert lone["trim"][1] + lone["trim"][3] < min(i["trim"][1] for i in grid)  # under the grid
    letter = build(tmp_path / "letter", parts=("notes",), paper="letter")
    assert {len(rec["items"]) for rec in letter["parts"]["notes"]["pages"][:-2]} == {6}


@pytest.mark.parametrize("kit", ["etymonopoly", "euronopoly"])
def test_a_part_filled_last_sheet_keeps_the_grid_of_the_full_ones(tmp_path, kit):
    """A stack of sheets is cut as one: a deck's last sheet, part filled, puts its items on cells of a full
    sheet (from the top left), not on a grid of its own centred on the page (Etymonopoly's last card sheet
    stood 47 mm lower than the rest, its last money sheet and Euronopoly's last chips likewise), in rows as wide as
    the full sheet's (its last four cards stood 2 x 2 in the corner: review 9). A sheet of chips
    may leave a cell empty where a value begins a row, on the same grid: its cells stand on the fullest sheet's
    columns and rows."""
    from conftest import ROOT

    problems = Problems()
    assert build_game(ROOT / "content" / kit, tmp_path, BuildOptions(parts=("cards", "notes")), problems)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    partial = 0
    for part, info in manifest["parts"].items():
        fronts = [rec for rec in info["pages"] if rec["side"] == "front"]
        cells = [{(round(i["trim"][0], 2), round(i["trim"][1], 2), round(i["trim"][2], 2))
                  for i in rec["items"]} for rec in fronts]
        most = max(len(c) for c in cells)
        for c in cells:
            if len(c) < most:
                partial += 1
                assert any(all({cell[k] for cell in c} <= {cell[k] for cell in full} for k in range(3))
                           for full in cells if len(full) == most), (part, sorted(c))
                # its rows as wide as a full sheet's (Etymonopoly's last 4 cards stood 2 x 2, not 3 + 1): its top
                # row as wide as a full sheet's top row (a sheet of notes ends on a note laid across, a column apart)
                columns = max(len([cell for cell in full if cell[1] == max(x[1] for x in full)])
                              for full in cells if len(full) == most)
                top = max(cell[1] for cell in c)
                assert len([cell for cell in c if cell[1] == top]) == min(len(c), columns), (part, sorted(c))
    assert partial  # both kits end their cards or their money on a part-filled sheet


@pytest.mark.parametrize("layout, flip, lang, says", [
    ("duplex", "long", "en", "print two-sided at 100% / actual size, flip on the long edge"),
    ("duplex", "short", "en", "flip on the short edge"),
    ("duplex", "long", "fr", "imprimer recto verso à 100 % (taille réelle), retournement sur le bord long"),
    ("simplex", "long", "en", "· print at 100% / actual size")])
def test_a_sheet_with_backs_says_in_its_footer_how_to_print_it(layout, flip, lang, says):
    """A maker printing the cards one-sided got fronts and backs on sheets of their own (the seventh review): a
    duplex sheet's footers, front and back, say to print it two-sided and on which edge to flip; a simplex job's
    backs are sheets of their own, and say only the size. Every footer names the stock (card for cards)."""
    items, _ = _solid_items(9)
    sheets = impose(items, PrintOptions(paper="a4", layout=layout, flip=flip), "Test", "cards", lang=lang)
    for sheet in sheets[:2]:
        text = " ".join(t.text for t in scene.walk_text(sheet.page.content))
        assert says in text.replace("\u00a0", " ").replace("\u202f", " "), (sheet.side, text)
        assert ("two-sided" in text or "recto verso" in text) == (layout == "duplex")
        assert ("on card, 200–300 g/m²" if lang == "en" else "sur carte, 200 à 300 g/m²") in text.replace(
            "\u00a0", " ")  # the stock the part's sheets want


@pytest.mark.parametrize("lang, paper, card", [("en", "on paper, 80–120 g/m²", "on card, 300 g/m² or more"),
                                               ("fr", "sur papier, 80 à 120 g/m²", "sur carte, 300 g/m² ou plus")])
def test_money_of_round_chips_is_printed_on_card_notes_on_paper(lang, paper, card):
    """Euronopoly's chip sheets said 'on paper, 80–120 g/m²' under the kit's own advice to print them on thick card
    (review 10): a money sheet of round chips names card, one of notes paper."""
    from dataclasses import replace

    items, _ = _solid_items(4)
    for round_, says in ((False, paper), (True, card)):
        money = [replace(it, round=round_, back=None) for it in items]
        sheet = impose(money, PrintOptions(paper="a4"), "Test", "notes", lang=lang)[0]
        text = " ".join(t.text for t in scene.walk_text(sheet.page.content)).replace("\u00a0", " ").replace(
            "\u202f", " ")
        assert says in text, text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sheet_of_items_sharing_their_cuts_says_to_cut_from_mark_to_mark(lang):
    """Notes and counters are butted, one cut between two, marked in the margins; only Etymonopoly's own advice
    said so (review 10). The footer of a sheet holding such items says it in the kit's language, also beside items
    cut apart (counters beside standees: review 11); a sheet of items cut apart only (cards, with gutters) and one
    of round chips (cut or punched on their own) do not."""
    from dataclasses import replace

    from pnp import words

    def plain(text):  # the typesetting's no-break spaces read as spaces
        return text.replace("\u00a0", " ").replace("\u202f", " ")

    told = plain(words.of(lang)["cut.shared"])
    items, _ = _solid_items(4)
    for cut, round_, says in (("shared", False, True), ("own", False, False), ("shared", True, False),
                              ("mixed", False, True)):
        money = [replace(it, cut=("shared" if i % 2 else "own") if cut == "mixed" else cut, round=round_, back=None)
                 for i, it in enumerate(items)]
        sheet = impose(money, PrintOptions(paper="a4"), "Test", "notes", lang=lang)[0]
        text = plain(" ".join(t.text for t in scene.walk_text(sheet.page.content)))
        assert (told in text) == says, (cut, round_, text)


def test_a_footer_breaks_between_its_parts_where_each_part_fits():
    """Tahiti's slug wrapped word by word and left "partagent une coupe" alone on its second line (review 11): a
    footer too long for its width breaks between its parts (" · "), each part whole on a line, where each fits."""
    from pnp.marks import FOOTER_FONT, FOOTER_PT, footer_lines
    from pnp.fonts import text_width

    parts = ["Monopoly · argent · feuille 1 sur 30 · recto", "imprimer recto verso à 100 % (taille réelle)",
             "coupez d’un repère à l’autre : deux voisins partagent une coupe"]
    text = " · ".join(parts)
    width = text_width(" · ".join(parts[:2]), FOOTER_FONT, FOOTER_PT) + 1.0  # two parts fit, not the third
    lines = footer_lines(text, width)
    assert lines == [" · ".join(parts[:2]), parts[2]], lines
    # a part longer than the line still breaks between words
    narrow = footer_lines(parts[2], text_width(parts[2], FOOTER_FONT, FOOTER_PT) / 2)
    assert len(narrow) >= 2 and " ".join(narrow) == parts[2]


@pytest.mark.parametrize("lang, name", [(None, "Monopoly Polynésie française"), ("en", "Monopoly French Polynesia")])
def test_a_kits_sheets_name_it_by_its_sheet_title(lang, name):
    """Tahiti's sheets said 'Monopoly · cartes', as any Monopoly kit's would (review 11): the footers of a kit's
    sheets, its board tiles and its booklet's slugs name it by game.yaml's sheet_title, else by its title."""
    from pathlib import Path

    from pnp.build import imposing
    from pnp.content import load_kit
    from pnp.editions import Edition
    from pnp.layout.booklet import booklet_binding
    from pnp.layout.common import Ctx
    from pnp.problems import Problems

    root = Path(__file__).resolve().parent.parent / "content"
    kit = load_kit(root / "tahiti", Problems(), Edition(lang=lang) if lang else None)
    ctx = Ctx(kit)
    assert imposing(kit, ctx, "cards", [])["kit_title"] == name
    assert booklet_binding(ctx).title == name
    other = load_kit(root / "monopoly-2-3", Problems())
    assert other.game.sheet_title is None
    assert imposing(other, Ctx(other), "cards", [])["kit_title"] == other.game.title


def test_a_crop_mark_keeps_clear_of_the_footer_under_it():
    """Etymonopoly's standees' marks ended about a millimetre from the tokens sheet's footer (review 12): a mark
    under the lowest block ends at least 2 mm from the footer's type (the cap height of its top line), at every
    height the block's foot comes to."""
    from pnp.fonts import PT
    from pnp.impose import MARK_WIDTH
    from pnp.marks import FOOTER_PT

    def walk(g, m, texts, marks):
        for c in g.children:
            if isinstance(c, scene.Group):
                walk(c, scene.compose(m, c.transform), texts, marks)
            elif isinstance(c, scene.Text) and abs(c.size - FOOTER_PT) < 1e-6:
                texts.append(scene.apply(m, c.x, c.y)[1])
            elif isinstance(c, scene.Line) and abs(c.width - MARK_WIDTH) < 1e-9 and abs(c.x1 - c.x2) < 1e-9:
                marks.append(min(scene.apply(m, c.x1, c.y1)[1], scene.apply(m, c.x2, c.y2)[1]))

    seen = 0
    for h in range(60, 96, 2):
        items = [Item(f"t{i}", "token", 60.0, float(h), scene.Group([scene.Rect(0, 0, 60, h, fill="#336699")]))
                 for i in range(9)]
        for sheet in impose(items, PrintOptions(), "Kit", "tokens"):
            texts, marks = [], []
            walk(sheet.page.content, scene.IDENTITY, texts, marks)
            feet = [y for y in texts if y < 40]
            if not feet:
                continue
            top = max(feet) + 0.75 * FOOTER_PT * PT  # the footer's top line's cap height
            under = [y for y in marks if y > max(feet)]
            if under and min(under) - top < 10:  # a mark the footer's room shortened
                seen += 1
                assert min(under) - top >= 2.0 - 1e-6, (h, round(min(under) - top, 2))
    assert seen


def test_a_parts_footers_stand_where_its_first_sheets_do():
    """Monopoly 2.3's money: every full sheet set its footer up the left margin (its notes fill the height), the
    last, part filled, under its notes (a publisher's review: one footer out of line in a stack of fifty). Every
    sheet of a part sets its footer up the margin where the first one does and it has the room: here, cards."""
    # nine cards fill a sheet's height, its footer up the margin (eight would leave it room under them, and take a
    # fifth sheet); the six on the last leave room under them
    items, _ = _solid_items(33)
    sheets = impose(items, PrintOptions(paper="a4"), "Test", "cards")
    assert [len(s.placed) for s in sheets if s.side == "front"] == [9, 9, 9, 6]

    def turns(sheet) -> set:
        return {round(g.transform[1], 3) for g in sheet.page.content.children
                if isinstance(g, scene.Group) and any(isinstance(t, scene.Text) and "Test" in t.text
                                                      for t in scene.walk_text(g))}

    first = turns(sheets[0])
    assert first and all(abs(t) > 0.5 for t in first)  # up the margin: turned a quarter
    for sheet in sheets:
        assert turns(sheet) == turns(sheets[0] if sheet.side == "front" else sheets[1]), sheet.side


def test_a_footer_line_that_wraps_keeps_its_order_under_the_advice():
    """Tahiti's French token sheet: its own line, too long for the page, wrapped, and its second half printed over
    the advice, two lines above the first (a publisher's review). The advice, then the sheet's line in its order,
    its end closest to the paper's edge."""
    items, _ = _solid_items(3)  # one row: room under it for every line
    title = " ".join(["A kit whose name is long enough"] * 3)
    front = impose(items, PrintOptions(paper="a4"), title, "cards", advice="Cut along the marks.")[0]
    lines = []  # (its baseline's height on the page, its words): each footer line is a group placed by a translation
    for g in front.page.content.children:
        if isinstance(g, scene.Group) and g.transform[1] == 0.0:
            said = " ".join(t.text for t in scene.walk_text(g))
            if said and all(t.size < 7 for t in scene.walk_text(g)):
                lines.append((g.transform[5], said))
    lines.sort(reverse=True)  # top first
    assert len(lines) == 3 and lines[0][1].startswith("Cut along"), lines  # the advice, then two of the sheet's
    assert lines[1][1].startswith("A kit") and "front" in lines[1][1] + lines[2][1], lines
