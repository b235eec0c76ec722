"""Typesetting (pnp/typeset.py) and how fitting honours it (pnp/text.py): quotes, no-break spaces, French spacing,
widows; and what the kits print after it."""
from __future__ import annotations

import re

import pytest

from pnp import fonts, text, typeset as ts
from pnp.build import load_valid, part_items
from pnp.layout.common import Ctx
from pnp.parts import OUTPUT_NAMES
from pnp.problems import Problems
from pnp.scene import walk_text
from pnp.text import STEP, WIDOW_FLOOR, fit, fits
from pnp.typeset import NBSP, NNBSP, Style, typeset

from conftest import ROOT, edit, loaded
from kits_cache import checked

EN = Style("en", ("₩",))
FR = Style("fr", ("F",))
KITS = ("etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3")


def show(text: str) -> str:
    """No-break spaces made visible: ~ U+00A0, _ U+202F."""
    return text.replace(NBSP, "~").replace(NNBSP, "_")


# ---------------------------------------------------------------- quotes and apostrophes
@pytest.mark.parametrize("typed, printed", [
    ("Don't say \"no\".", "Don’t say “no”."),
    ("the players' cards and the '90s", "the players’ cards and the ’90s"),
    ("a 'quoted' word", "a ‘quoted’ word"),
    ("(\"Go\")", "(“Go”)"),
    ("- **\"Pay a fine\":** your choice", "- **“Pay a fine”:** your choice"),  # opens after emphasis markers
    ("\"*so*\" and **\"Go\"**", "“*so*” and **“Go”**"),  # closes after them when a word precedes
])
def test_english_quotes(typed, printed):
    assert typeset(typed, EN) == printed


@pytest.mark.parametrize("typed, printed", [
    ('Une carte "Allez en prison" ici', "Une carte «_Allez en prison_» ici"),
    ("une carte « Vous êtes libéré »", "une carte «_Vous êtes libéré_»"),  # plain spaces typed: narrow, no-break
    ("«Libéré»", "«_Libéré_»"),  # none typed: added
    ("l'amende d'un joueur", "l’amende d’un joueur"),
])
def test_french_quotes(typed, printed):
    assert show(typeset(typed, FR)) == printed


@pytest.mark.parametrize("typed, printed", [
    ("5'30\"", "5′30″"),  # minutes and seconds (or feet and inches): primes, not quotes
    ("a 12\" screen", "a 12″ screen"),
    ("'take 5' and \"take 50\"", "‘take 5’ and “take 50”"),  # a quote opened before: it closes
])
def test_primes_after_digits(typed, printed):
    assert typeset(typed, EN) == printed


# ---------------------------------------------------------------- numbers, units and ×
def test_a_number_keeps_its_unit_and_symbol():
    assert show(typeset("pay 10 % or ₩ 50", EN)) == "pay 10% or ₩~50"  # English writes 10%, French 10 %
    assert show(typeset("payez 400 000 F à la banque, ou 10 %", FR)) == "payez 400_000~F à la banque, ou 10_%"
    assert show(typeset("5 F", Style("fr"))) == "5~F"  # a short number keeps the word after it, unit or not
    assert show(typeset("12345 F", Style("fr"))) == "12345 F"  # F is a unit only where the currency says so


def test_times_never_breaks():
    assert show(typeset("8 000 F × les dés", FR)) == "8_000~F~×~les dés"
    assert show(typeset("4 × the roll, ×2", EN)) == "4~×~the roll, ×2"


def test_thousands_are_joined_by_a_narrow_no_break_space():
    assert show(typeset("400'000 F et 1'000'000 F", FR)) == "400_000~F et 1_000_000~F"
    assert show(typeset("3 000 000", FR)) == "3_000_000"
    assert typeset("1,500 and 2 100", EN) == "1,500 and 2 100"  # English: commas stay; a plain space is no group
    assert typeset("1842 et 12345", FR) == "1842" + NBSP + "et 12345"  # not grouped where nothing was typed


# ---------------------------------------------------------------- French spacing
@pytest.mark.parametrize("typed, printed", [
    ("Loyer : le total", "Loyer_: le total"),  # a plain space before : replaced
    ("Quoi?! Vraiment!", "Quoi_?! Vraiment_!"),  # added where none was typed
    ("dés ; puis", "dés_; puis"),
    ("les dés :\n- double", "les dés_:\n- double"),  # a colon ending a line
    ("Pot : 10 %.", "Pot_: 10_%."),
])
def test_french_punctuation(typed, printed):
    assert show(typeset(typed, FR)) == printed


@pytest.mark.parametrize("text", ["à 10:30", "wiki.herzbube.ch, http://x.fr/a?b=1", "(?)"])
def test_french_spacing_leaves_times_addresses_and_brackets(text):
    assert typeset(text, FR) == text


def test_english_has_no_french_spacing():
    assert typeset("Rent: 5! Why?", EN) == "Rent: 5! Why?"
    assert typeset("Loyer : 5", Style("fr-PF")) == "Loyer" + NNBSP + ": 5"  # a regional French code is French


def test_typesetting_is_idempotent_on_every_kit_text():
    """Every text the five kits print, typeset twice, is what it was typeset once."""
    texts = 0
    for kit_name in KITS:
        kit = load_valid(ROOT / "content" / kit_name, Problems())
        style = Style(kit.game.language, (kit.game.currency.symbol,))
        for t in _printed(kit_name):
            once = typeset(t, style)
            assert typeset(once, style) == once, (kit_name, t)
            texts += 1
    assert texts > 1000
    for sample in ['"a" \'b\' 5\'30" 12" « c » d : e ; 400\'000 F × 2 10 %', "x'y 'z' \"1\" 2\""]:
        for style in (EN, FR):
            once = typeset(sample, style)
            assert typeset(once, style) == once, (style, sample)


# ---------------------------------------------------------------- fitting honours no-break spaces
def test_lines_never_break_at_a_no_break_space():
    text = typeset("Payez " + " ou ".join(["8 000 F × les dés"] * 6), FR)
    f = fit(text, (0, 0, 30, 80), "NotoSans-Regular", 9, 9, mode="para", align="left", style=ts.ENGLISH)
    lines = [t.text for t in f.shapes]
    assert len(lines) >= 4
    # each "8 000 F × les" whole on one line: a break inside it would leave fewer than six
    assert sum(line.count("8" + NNBSP + "000" + NBSP + "F" + NBSP + "×" + NBSP + "les") for line in lines) == 6


def test_fit_typesets_and_measures_no_break_spaces():
    f = fit("Loyer : 400'000 F", (0, 0, 100, 10), "NotoSans-Regular", 10, 10, style=FR)
    (run,) = f.shapes
    assert run.text == "Loyer" + NNBSP + ": 400" + NNBSP + "000" + NBSP + "F"
    assert run.width == pytest.approx(fonts.text_width(run.text, "NotoSans-Regular", 10))
    # a narrow no-break space is narrower than a space, and counted
    assert fonts.text_width("a" + NNBSP + "b", "NotoSans-Regular", 10) < fonts.text_width("a b", "NotoSans-Regular", 10)


def test_a_label_kept_on_one_line_keeps_its_no_break_spaces():
    f = fit("400" + NNBSP + "000" + NBSP + "F", (0, 0, 50, 10), "NotoSans-Bold", 10, 10, style=ts.ENGLISH)
    assert [t.text for t in f.shapes] == ["400" + NNBSP + "000" + NBSP + "F"]


# ---------------------------------------------------------------- widows
FONT = "NotoSans-Regular"


def test_a_widow_takes_a_word_from_the_line_before():
    text = "aaaa bbbb cccc dd"
    width = fonts.text_width("aaaa bbbb cccc", FONT, 9) + 0.05  # greedy: "aaaa bbbb cccc" / "dd"
    f = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left", style=ts.ENGLISH)
    assert [t.text for t in f.shapes] == ["aaaa bbbb", "cccc dd"]
    assert f.size == 9


def test_a_long_last_word_alone_takes_the_word_before_it():
    """A last line of one word after a line of three or more (a runt: Tahiti's "… ou vendez-la à un autre /
    joueur.") takes the line's last word with it, at the same size; a long word is no widow, so nothing shrinks."""
    text = "aaaa bbbb cccc ddddddd"
    width = fonts.text_width("aaaa bbbb cccc", FONT, 9) + 0.05
    f = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left", style=ts.ENGLISH)
    assert [t.text for t in f.shapes] == ["aaaa bbbb", "cccc ddddddd"] and f.size == 9
    two = fit("aaaa bbbb ddddddd", (0, 0, fonts.text_width("aaaa bbbb", FONT, 9) + 0.05, 30), FONT, 9, 9,
              mode="para", align="left", style=ts.ENGLISH)
    assert [t.text for t in two.shapes] == ["aaaa bbbb", "ddddddd"]  # a line of two keeps its words


@pytest.mark.parametrize("text, last", [("aaaa bbbb cccc ddddddd", "cccc ddddddd"),  # any word after three
                                         ("aaaa bbbb dd", "bbbb dd"),  # a short word after two
                                         ("aaaa bbbb ddddddd", "ddddddd")])  # a long word after two stays
def test_the_booklet_keeps_the_runt_rule_of_card_text(text, last):
    """The booklet's lines (words of several fonts) follow ``text.runt``, the rule card text keeps."""
    from pnp.layout import booklet
    size, words = 9, text.split()
    ws = [booklet._Word([(w, FONT)], fonts.text_width(w, FONT, size)) for w in words]
    space = fonts.text_width(" ", FONT, size)
    width = fonts.text_width(" ".join(words[:-1]), FONT, size) + 0.05  # greedy: all but the last / the last
    lines, wide = booklet._wrap(ws, width, space)
    assert " ".join(w.text for w in lines[-1].words) == last and not wide
    card = fit(text, (0, 0, width, 30), FONT, size, size, mode="para", align="left", style=ts.ENGLISH)
    assert card.shapes[-1].text == last


def test_a_runt_is_kept_rather_than_a_first_line_of_one_short_word():
    """Euronopoly's Risk table card read "• A / double: × 50 instead of × 30.": keeping "× 30." off a line of its
    own left "A" alone over the rest. A runt now costs as much as a line left 70 % empty, not more than any break:
    "A" stays with the word after it."""
    text = "A xxxxxxxxxxxx cc"
    width = fonts.text_width("xxxxxxxxxxxx cc", FONT, 9) + 0.05
    assert fonts.text_width("A xxxxxxxxxxxx", FONT, 9) < width < fonts.text_width(text, FONT, 9)
    f = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left", style=ts.ENGLISH)
    assert [t.text.replace(ts.NBSP, " ") for t in f.shapes] == ["A xxxxxxxxxxxx", "cc"]


EVEN = ("Roll the dice and advance. On a language, branch or Tocharian: buy it or leave it Up for Grabs; if "
        "owned, pay data.")


def _greedy(para: str, width: float) -> list[str]:
    """Lines filled word by word, each as full as the measure takes (no mends)."""
    lines: list[str] = []
    for word in para.split(" "):
        if lines and fonts.text_width(lines[-1] + " " + word, FONT, 9) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


@pytest.mark.parametrize("width", [40.0, 42.0, 44.0, 46.0, 50.0])
def test_left_set_text_fills_its_lines_and_shares_the_last_two(width):
    """A paragraph set left keeps the lines (and so the height) greedy breaking gives it, and fills them (reviews
    13 and 14: evened lines on a card's narrow measure all stop short): every line but the last two is the greedy
    one, bar a short word opening a sentence sent down with it; the last line is no runt and, where the line
    above can give it words and stay the longer, holds a third of the measure."""
    lines = [t.text for t in fit(EVEN, (0, 0, width, 60), FONT, 9, 9, mode="para", align="left",
                                 style=ts.ENGLISH).shapes]
    greedy = _greedy(ts.running(EVEN, ts.ENGLISH), width)  # its words as printed (short ones bound: bind_short)
    assert len(lines) == len(greedy) and " ".join(lines) == " ".join(greedy)
    for i, line in enumerate(lines[:-2]):
        full = _greedy(" ".join(lines[i:]), width)[0]
        if line != full:  # only a stranded opener goes down: the greedy line is this one and one short word
            words = full.split(" ")
            assert line.split(" ") == words[:-1] and words[-2].endswith((".", ";", ":")) and len(words[-1]) <= 4
    # the last is no runt, and holds a third of the measure unless the upper, giving it a word, would be the shorter
    *upper, moved = lines[-2].split(" ")
    assert len(lines[-1].split(" ")) > 1
    assert (fonts.text_width(lines[-1], FONT, 9) >= width / 3
            or fonts.text_width(" ".join(upper), FONT, 9) < fonts.text_width(moved + " " + lines[-1], FONT, 9))


def test_filled_lines_stay_as_full_as_greedy_ones():
    """At 42 mm greedy lines read "Tocharian: buy it or leave it" over "Up for Grabs; if owned,": filled lines keep
    that (evened ones pulled "it" down and left both short)."""
    lines = [t.text for t in fit(EVEN, (0, 0, 42.0, 60), FONT, 9, 9, mode="para", align="left",
                                 style=ts.ENGLISH).shapes]
    assert "Tocharian: buy it or leave it" in [t.replace(ts.NBSP, " ") for t in lines]


def test_a_short_word_opening_a_sentence_is_not_left_at_a_lines_end():
    """Greedy breaking at 46 mm ends the first line on "On", the next sentence's first word; filled lines do not."""
    greedy = [ln.text for ln in text._layout_lines(EVEN, 46.0, FONT, 9, False)]
    assert greedy[0].endswith(" On")
    lines = [t.text for t in fit(EVEN, (0, 0, 46.0, 60), FONT, 9, 9, mode="para", align="left",
                                 style=ts.ENGLISH).shapes]
    assert lines[0] == "Roll the dice and advance." and len(lines) == len(greedy)


def test_the_last_two_lines_share_their_words_when_the_last_is_short():
    """Greedy breaking leaves "or gifts." (a fifth of the measure) under "No other trading, haggling": the last two
    lines share their words ("No other trading," / "haggling or gifts."), the upper still the longer."""
    para = "No other trading, haggling or gifts."
    width = fonts.text_width("No other trading, haggling", FONT, 9) + 0.1
    assert _greedy(para, width) == ["No other trading, haggling", "or gifts."]
    lines = [t.text for t in fit(para, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left",
                                 style=ts.ENGLISH).shapes]
    assert lines == ["No other trading,", "haggling or gifts."]


def test_a_widow_the_line_before_cannot_take_shrinks_one_step():
    text = "Supercalifragilistic ab"  # the first line is one word: nothing to move down
    width = fonts.text_width(text, FONT, 9 - STEP) + 0.01
    assert width < fonts.text_width(text, FONT, 9)
    f = fit(text, (0, 0, width, 30), FONT, 9, 6, mode="para", style=ts.ENGLISH)
    assert (f.lines, f.size) == (1, 9 - STEP)


def test_a_widow_is_not_avoided_by_shrinking_past_the_floor():
    """Where one step smaller would go below WIDOW_FLOOR of the nominal size (where shrinking warns), the widow
    stays: the text is set at the size it fits at."""
    word, text = "Supercalifragilisticexpialidocious", "Supercalifragilisticexpialidocious a"
    nominal, s0 = 10.0, 7.0  # s0 - STEP is below 0.7 × 10
    assert s0 >= nominal * WIDOW_FLOOR > s0 - STEP
    width = (fonts.text_width(text, FONT, s0 - STEP) + fonts.text_width(text, FONT, s0)) / 2
    assert fonts.text_width(word, FONT, s0) <= width < fonts.text_width(word, FONT, s0 + STEP)
    f = fit(text, (0, 0, width, 30), FONT, nominal, 3, mode="para", style=ts.ENGLISH)
    assert (f.size, f.lines) == (s0, 2)  # one step smaller would fit on one line, but past the floor


def test_a_number_alone_on_the_last_line_is_a_widow():
    text = "Payez à la banque la somme de 40 000 F"
    width = fonts.text_width(typeset("Payez à la banque la somme de", FR), FONT, 9) + 0.05
    f = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left", style=FR)
    lines = [t.text for t in f.shapes]
    assert len(lines) == 2 and lines[-1].startswith("de "), lines


@pytest.mark.parametrize("mode", ["label", "para"])
def test_fits_says_what_fit_finds_without_placing_anything(mode):
    """``fits`` (a layout asking whether a text fits) agrees with ``fit``'s overflow, box by box and size by size."""
    texts = ["", " ", "Go", "Advance to Start", "Supercalifragilisticexpialidocious a",
             "Pay ₩40 000 to the bank.\n\n- each house ₩25\n- each hotel ₩100", "aaaa bbbb cccc dd"]
    seen = set()
    for text in texts:
        for w in (0.0, 3.0, 12.0, 25.0, 60.0):
            for h in (0.0, 2.0, 4.0, 9.0, 30.0):
                for size, min_size in ((9, 9), (9, 6), (12, 8), (0.005, 0.005), (float("nan"), 6)):
                    for wrap_below in (None, 7):
                        args = (text, (1, 2, w, h), FONT, size, min_size)
                        overflow = fit(*args, mode=mode, wrap_below=wrap_below, style=ts.ENGLISH).overflow
                        assert fits(*args, mode=mode, wrap_below=wrap_below, valign="top", style=ts.ENGLISH) is not overflow, args
                        seen.add(overflow)
    assert seen == {True, False}


# ---------------------------------------------------------------- fonts draw what typesetting adds
TYPESET_CHARS = NBSP + NNBSP + "‘’“”«»′″×"


@pytest.mark.parametrize("name", fonts.available())
def test_every_font_and_its_fallbacks_draw_what_typesetting_adds(name):
    chain = fonts.chain(name)
    for ch in TYPESET_CHARS:
        assert any(f.has(ch) for f in chain), (name, hex(ord(ch)))
    assert fonts.missing_glyphs(TYPESET_CHARS, name) == []
    for ch in NBSP + NNBSP:  # the spaces come from a font that has them, at that font's width (never a box)
        (run_font, _), = fonts.split_runs(ch, name)
        assert fonts.get_font(run_font).has(ch)


# ---------------------------------------------------------------- what the kits print
def _printed(kit_name: str) -> list[str]:
    """Every text run the kit's items print (board, cards, notes, tokens), as laid out."""
    kit, problems = checked(kit_name)
    ctx = Ctx(kit, problems=problems)
    out = []
    for output in OUTPUT_NAMES:
        for item in part_items(ctx, output):
            for side in (item.front, item.back):
                if side is not None:
                    out.extend(t.text for t in walk_text(side))
    return out


def test_tahiti_prints_french_amounts_and_spacing():
    texts = _printed("tahiti")
    assert len(texts) > 500
    joined = "\n".join(texts)
    assert "'000" not in joined and "’000" not in joined
    assert not re.search(r" [:;!?»]", joined), re.findall(r".{20} [:;!?»]", joined)[:5]
    assert not re.search(r"«[ ]", joined)
    assert "'" not in joined and '"' not in joined  # typographic quotes and apostrophes only
    assert "400" + NNBSP + "000" + NBSP + "F" in joined
    assert "8" + NNBSP + "000" + NBSP + "F" + NBSP + "×" + NBSP + "les dés" in joined  # utility lines: money × dice


def test_etymonopoly_prints_english_quotes_and_no_french_spacing():
    joined = "\n".join(_printed("etymonopoly"))
    assert "'" not in joined and '"' not in joined
    assert "’" in joined
    assert NNBSP + ":" not in joined
    plain = joined.replace(NBSP, " ")  # a number keeps the word it counts: "1 branch" never breaks
    assert "1 branch owned" in plain and "2 branches owned" in plain
    assert "1 of 4" not in joined and "1 branches" not in joined


# ---------------------------------------------------------------- currency formats (pnp/money.py)
def test_lines_never_break_where_a_reader_would_stumble():
    """A true minus; no break around / = & (1 / apartment, (= 3 houses), B. & O.), after + or an initial, nor
    between a short number and the word it counts; a range (2-12) and an id (a-1) keep their hyphen."""
    assert typeset("Pay -100; rolls 2-12, ids a-1", EN) == "Pay \u2212100; rolls 2-12, ids a-1"
    assert show(typeset("1 / apartment (= 3 apartments)", EN)) == "1~/~apartment (=~3~apartments)"
    assert show(typeset("the B. & O. Railroad", EN)) == "the B.~&~O.~Railroad"
    assert show(typeset("valeur + 10 %", FR)) == "valeur +~10_%"


@pytest.mark.parametrize("text,shown", [("Fenchurch St. Station", "Fenchurch~St. Station"),
                                        ("FENCHURCH ST. STATION", "FENCHURCH~ST. STATION"),
                                        ("up Euston Rd., then", "up Euston~Rd., then"),
                                        ("St. James Place", "St. James Place")])  # no word before it
def test_an_abbreviation_after_a_word_stays_with_it(text, shown):
    """Monopoly 2.3 broke "Fenchurch / St. Station" (a publisher's review): in running text and a deed's balanced
    name a capitalised abbreviation of two or three letters never starts a line away from the word it follows. A
    board space's label (``typeset`` alone) may break there: its space's width asks for it."""
    assert show(ts.running(text, EN)) == shown
    assert show(typeset(text, EN)) == text.replace("B. & O.", "B.~&~O.")


def test_a_balanced_name_splits_after_its_abbreviation():
    from pnp.layout.common import balanced_lines
    from kits_cache import checked
    from pnp.layout.common import Ctx

    ctx = Ctx(checked("monopoly-2-3")[0])
    name = balanced_lines(ctx, "FENCHURCH ST. STATION", ctx.fonts.heading, 11, 30.0)
    assert "FENCHURCH" + NBSP + "ST." in name and "ST. STATION".replace(" ", NBSP) not in name


def test_digit_group_separators_by_name():
    from pnp.money import group_digits

    assert group_digits(1234567, "narrow") == "1" + NNBSP + "234" + NNBSP + "567"
    assert group_digits(1234567, " ") == "1" + NNBSP + "234" + NNBSP + "567"  # a typed space never breaks
    assert group_digits(1234567, "nbsp") == "1" + NBSP + "234" + NBSP + "567"
    assert group_digits(1234567, ",") == "1,234,567"
    assert group_digits(999, "narrow") == "999" and group_digits(-1000, "'") == "\u22121'000"  # a true minus


# ---------------------------------------------------------------- terms: one/other, the multiplier as a number or money
def _utility_and_station_lines(root) -> list[str]:
    from pnp.layout import cards

    kit, problems = loaded(root, checked=True)
    ctx = Ctx(kit, problems=problems)
    out = []
    for t in kit.titles.titles:
        if t.multipliers or t.rent_by_owned:
            out += [x.text for x in walk_text(cards.title_front(ctx, t, kit.board.space(t.space)))]
    return out


def test_owned_line_for_one_and_for_more(mini):
    edit(mini / "game.yaml", "terms:\n", 'terms:\n  owned: {one: "If 1 line is owned", other: "If {n} lines are owned"}\n')
    edit(mini / "titles.yaml", "rent_by_owned: [25]", "rent_by_owned: [25, 50]")
    lines = [x.replace(NBSP, " ") for x in _utility_and_station_lines(mini)]
    assert "If 1 line is owned" in lines and "If 2 lines are owned" in lines


def test_multiplier_as_a_factor_or_as_money(mini):
    """{x} prints the multiplier as a number (digits grouped like amounts), {amount} as money."""
    edit(mini / "titles.yaml", "multipliers: [4]", "multipliers: [4000]")
    edit(mini / "game.yaml", 'currency: {symbol: "₩", name: words}',
         'currency: {symbol: "F", name: Francs, position: suffix, space: true, thousands: narrow}')
    edit(mini / "game.yaml", "terms:\n", 'terms:\n  utility_roll: "{n}: {x} × dice"\n')
    lines = _utility_and_station_lines(mini)
    # the card ranges the part after the colon right, like an amount: label "1", value "4 000 × dice"
    assert "1" in lines and "4" + NNBSP + "000" + NBSP + "×" + NBSP + "dice" in lines, lines
    edit(mini / "game.yaml", '"{n}: {x} × dice"', '"{n}: {amount} × dice"')
    lines = _utility_and_station_lines(mini)
    assert "4" + NNBSP + "000" + NBSP + "F" + NBSP + "×" + NBSP + "dice" in lines, lines


def test_counted_term_form():
    from pnp.model import Counted

    c = Counted(one="If 1 is owned: {x}", other="If {n} are owned: {x}")
    assert c.format(n=1, x=4) == "If 1 is owned: 4" and c.format(n=3, x=4) == "If 3 are owned: 4"


def test_each_substitution_is_skipped_only_where_it_cannot_apply():
    """The quick looks before the substitutions (a separator for the thousands, a figure and a space for units and
    counted words, a prefix symbol, a per cent sign) skip them only where they would change nothing: the same
    texts as with every substitution run."""
    import random
    import re

    from pnp import typeset as T

    def units_always(text, style):
        after, before, _ = T._unit_patterns(style.symbols)
        text = before.sub("\\1" + T.NBSP, after.sub(T.NBSP, text))
        if style.french:
            return re.sub(f"(?<=\\d)[{T.NBSP}](?=[%‰])", T.NNBSP, text)
        return re.sub(f"(?<=\\d)[{T.NBSP}{T.NNBSP}](?=[%‰])", "", text)

    pieces = list("aZ09 .,'’%‰$£€F×-/=&+:\t") + [T.NBSP, T.NNBSP, "mm", "10", "000", "Card 12", "٣"]
    rnd = random.Random(34)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 12))) for _ in range(20000)]
    for style in (T.Style("en", ("$",)), T.Style("fr", ("F",)), T.Style("en", ("MU",))):
        for text in texts:
            assert T._thousands(text, style.french) == re.sub(
                T._GROUPS[style.french], lambda m: re.sub(T._GROUP_SEP, T.NNBSP, m.group(0)), text), text
            assert T._units(text, style) == units_always(text, style), (text, style)
            assert T._joins(text) == T._NUMBER_WORD.sub("\\1" + T.NBSP, T._joins(text)), text


def test_a_centred_paragraph_breaks_into_even_lines():
    """A centred paragraph keeps its lines but breaks them evenly: no long line over a short one before the last
    (Etymonopoly's "Advance to Language Evolution and / collect ₩200." in a narrow box); a left-aligned one breaks
    as it fills."""
    text = "Advance to Language Evolution and collect 200 coins."
    width = fonts.text_width("Advance to Language Evolution and", FONT, 9) + 0.1
    centred = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", style=ts.ENGLISH)
    left = fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left", style=ts.ENGLISH)
    assert len(centred.shapes) == len(left.shapes) == 2
    spread = [max(ws) - min(ws) for ws in ([fonts.text_width(t.text, FONT, 9) for t in f.shapes]
                                           for f in (centred, left))]
    assert spread[0] < 0.6 * spread[1], spread  # 14 mm against 28


def test_a_boards_short_names_stay_whole_in_running_text_but_wrap_as_labels():
    """Monopoly 2.3's Chance cards broke "advances to Pall / Mall" and "Trafalgar / Square" (review 9). A kit's
    style keeps its board's short names (several words, at most NAME_CHARS characters) whole in paragraphs; a long
    name may still break, and a label (a space's own name on its space) still wraps."""
    style = ts.Style("en", (), ("Pall Mall", "Trafalgar Square"))
    width = fonts.text_width("The chosen player advances to Pall", FONT, 9) + 0.05
    f = fit("The chosen player advances to Pall Mall.", (0, 0, width, 30), FONT, 9, 9, mode="para", align="left",
            style=style)
    assert [t.text.replace(ts.NBSP, " ") for t in f.shapes][-1].endswith("Pall Mall.")
    assert ts.keep_names("Pall Mallory walks", style) == "Pall Mallory walks"  # a whole name only
    label = fit("Trafalgar Square", (0, 0, fonts.text_width("Trafalgar", FONT, 9) + 0.5, 30), FONT, 9, 9,
                mode="label", wrap_below=9, style=style)
    assert [t.text for t in label.shapes] == ["Trafalgar", "Square"]


@pytest.mark.parametrize("text, bound", [
    ("Allez en prison. Ne passez pas par Départ.", "Ne" + ts.NBSP + "passez"),   # a short word opening a sentence
    ("Everyone bids, you too. If nobody bids", "If" + ts.NBSP + "nobody"),
    ("Only Go To Jail, or a Go To Jail card", "a" + ts.NBSP + "Go"),              # a word of one letter
    ("Payez, puis allez à la banque.", "à" + ts.NBSP + "la"),
    ("the nearest prison (from Start: ahead)", "(from" + ts.NBSP + "Start"),        # a short word opening a bracket
    ("pay the bank (see *Selling*).", "(see" + ts.NBSP + "*Selling*"),
])
def test_a_word_that_would_end_a_line_badly_is_bound_to_the_next(text, bound):
    """Review 15 found "Allez en prison. Ne", "you too. If", "or a" and "(from" at cards' and panels' line ends. In
    running text each such word is bound to the word after it by a no-break space, so every breaker (greedy,
    filled, evened, the booklet's) takes them to the next line together; typesetting twice changes nothing."""
    out = ts.running(text, ts.ENGLISH)
    assert bound in out and ts.running(out, ts.ENGLISH) == out


@pytest.mark.parametrize("text", [
    "if the bank has them",            # "the" is no word of one letter, nor after a sentence's end
    "Tax.\nNe passez",                 # a line end in the text (a list's next item) is never bound
    "B. & O. Railroad",                # "&" is no word
    "Pay 10 %. Collect",               # longer than OPENER letters
])
def test_other_words_keep_their_breaks(text):
    assert ts.running(text, ts.ENGLISH) == ts.typeset(text, ts.ENGLISH)


def test_a_bound_opener_goes_down_with_its_word():
    """At a measure where greedy breaking ends the first line on "Ne", the bound pair starts the second."""
    text = "Allez en prison. Ne passez pas."
    width = fonts.text_width("Allez en prison. Ne", FONT, 9) + 0.1
    lines = [t.text for t in fit(text, (0, 0, width, 30), FONT, 9, 9, mode="para", align="left",
                                 style=ts.ENGLISH).shapes]
    assert lines[0] == "Allez en prison." and lines[1].startswith("Ne")


def test_a_number_keeps_its_word_across_a_line_end_of_the_content():
    """Etymonopoly's board broke "comes back as 4 / reconstructions" (review 16): the content's text ended a YAML
    line after the number, and a paragraph folds that line end into a space after typesetting. The number keeps
    its word across it; a list's next item and a new paragraph stay where they are."""
    assert ts.running("comes back as 4\nreconstructions", ts.ENGLISH) == "comes back as 4" + ts.NBSP + "reconstructions"
    assert ts.running("pay 4\n- next item", ts.ENGLISH) == "pay 4\n- next item"
    assert ts.running("pay 4\n\nNext one", ts.ENGLISH) == "pay 4\n\nNext one"


@pytest.mark.parametrize("text, bound", [
    ("From Tennessee Avenue, roll 8: pay $200", "roll" + ts.NBSP + "8:"),       # a number naming what its word names
    ("the notes of sheet 3 (see the map)", "sheet" + ts.NBSP + "3"),
    ("first posted on 8 May 2009.", "May" + ts.NBSP + "2009."),
    ("Tollbooth 1 $100, Tollbooth 2 $200.", "2" + ts.NBSP + "$200"),            # an amount after its numbered label
])
def test_a_number_keeps_the_word_it_names(text, bound):
    """Review 16 read "roll / 8" and "Tollbooth 2 / $200" at the ends of Moneyloopy's reference-card lines. A bare
    number after a word, counting nothing after it, is bound to that word; an amount to the number before it."""
    out = ts.running(text, ts.ENGLISH)
    assert bound in out and ts.running(out, ts.ENGLISH) == out


@pytest.mark.parametrize("text", [
    "at most 2 on each",          # the number counts the word after it: bound forward, not back
    "so that the 10% interest",   # a number with its unit is no name's number
    "totals 8–12 pay",            # a range
    "or 1,200 MU with",
])
def test_a_number_counting_or_measuring_is_not_bound_back(text):
    out = ts.running(text, ts.ENGLISH)
    figure = re.search(r"\d", out).start()
    assert out[figure - 1] == " ", repr(out)


def test_a_label_keeps_its_value_where_the_lines_can_move():
    """Euronopoly's board ended a line on "Speed trap:" over "50 MU × …", and Moneyloopy's booklet "Market
    price:" over "300 for each" (review 16). A line ending inside a short label (its clause's start up to a colon
    before a value) costs a breaker as a stranded opener does: the label goes down with its value, where the
    paragraph keeps its line count. A colon after a value ("gets $1,000:") or a range ("bet: 1–3 lose") labels
    nothing, and a long clause before its colon keeps only its last word."""
    para = "Toll station: 150 MU with 1, 2, 3 or 4 owned. Speed trap: 50 MU × the dice total × the traps owned."
    width = fonts.text_width("Toll station: 150 MU with 1, 2, 3 or 4 owned. Speed trap:", FONT, 9) + 0.1
    assert _greedy(ts.running(para, ts.ENGLISH), width)[0].endswith("Speed trap:")
    lines = [t.text.replace(ts.NBSP, " ") for t in fit(para, (0, 0, width, 40), FONT, 9, 9, mode="para",
                                                         align="left", style=ts.ENGLISH).shapes]
    assert lines[0].endswith("owned.") and lines[1].startswith("Speed trap: 50"), lines
    words = ("houses.", "Market", "price:", "300" + ts.NBSP + "for", "each.")
    assert [w for w, s in zip(words, text._stranded(words)) if s] == ["Market", "price:"]
    listed = f"1{ts.NBSP}×{ts.NBSP}$500,"
    for words in (("Each", "player", "gets", "$1,000:", listed), ("You", "may", "bet:", "1–3")):
        assert not any(text._stranded(words)[:-1]), words
    words = ("lands", "on", "it", "exactly:", "200" + ts.NBSP + "MU")
    assert [w for w, s in zip(words, text._stranded(words)) if s] == ["exactly:"]
    # French: the colon after its narrow no-break space ("Prix :") is a label's too
    words = tuple(ts.typeset("le terrain. Prix de vente : 100 000 F chacun.", ts.Style("fr")).split(" "))
    assert [w for w, s in zip(words, text._stranded(words)) if s] == ["Prix", "de", "vente" + ts.NNBSP + ":"], words


def test_a_kits_own_terms_stay_whole_as_its_board_names_do():
    """Etymonopoly's cards broke "Up for / Grabs" (review 16): a kit's style keeps whole the titles of its reference
    cards and board panels and its decks' names that read as names (capitalised at both ends), beside its board's
    short names; a heading ("Buying property") is no name."""
    from pnp.typeset import style_of

    kit, _ = checked("etymonopoly")
    names = style_of(kit).names
    assert {"Up for Grabs", "Language Death", "Close Call"} <= set(names)
    assert not any(n[:1].isupper() and not n.split()[-1][:1].isupper() and n not in
                   {str(s.name) for s in kit.board.spaces} for n in names), names
    assert "Up" + ts.NBSP + "for" + ts.NBSP + "Grabs" in ts.running("leave it Up for Grabs; if owned", style_of(kit))


@pytest.mark.parametrize("last,alone", [("clockwise.", True), ("card.", False)])
def test_a_long_last_word_may_stand_alone_rather_than_leave_the_line_over_it_short(last, alone):
    """Two publisher's reviews found card lines broken far too early ("Roll two dice and / move clockwise."): a
    paragraph's last line never holds one word after a line of three (``runt``), so two went down and the line over
    them stopped at 62 % of the measure. A word of LONG_ALONE letters or more now ends the paragraph alone where the
    line over it then holds UPPER_LEAST of the measure and would not otherwise; a short word still takes company."""
    words = ("Roll", "two", "dice", "and", "move", last)
    widths = (8.0, 7.0, 8.0, 7.0, 9.0, 18.0 if alone else 12.0)
    limit, space = 58.0, 2.0
    # as full as it comes, the first line holds all but the last word (47 mm, 81 %); with "move" gone down too,
    # 36 mm (62 %)
    assert sum(widths[:5]) + 4 * space <= limit < sum(widths) + 5 * space
    assert sum(widths[:4]) + 3 * space < text.UPPER_LEAST * limit <= sum(widths[:5]) + 4 * space
    breaks = text.fill_breaks(widths, space, limit, 2, words)
    assert breaks == ([0, 5, 6] if alone else [0, 4, 6])


def test_a_paragraphs_last_three_lines_leave_no_short_line_between_full_ones():
    """Tahiti's turn card set "Terrain d'un autre : payez le / loyer, sauf s'il / est hypothéqué.": the first line
    filled (95 %), the second 46 % (the last word alone would be a runt), the reviews' first complaint. The last
    three lines are broken again as evenly as ``even_breaks`` breaks them where their shorter upper line gains
    RAG_STEP of the measure and they leave no more white in all: "Terrain d'un autre : / payez le loyer, sauf
    s'il / est hypothéqué."; a paragraph whose filled lines are fair keeps them."""
    words = ("Terrain", "d’un", "autre :", "payez", "le", "loyer,", "sauf", "s’il", "est", "hypothéqué.")
    widths = (12.0, 7.0, 10.0, 10.0, 3.0, 10.0, 7.0, 3.0, 5.0, 22.0)
    limit, space = 50.0, 1.5
    length = text._spans(widths, space)
    assert length(0, 5) <= limit < length(0, 6)  # filled, the first line takes five words ...
    breaks = text.fill_breaks(widths, space, limit, 3, words)
    assert breaks == [0, 3, 8, 10], breaks
    runs = [length(a, b) / limit for a, b in zip(breaks, breaks[1:])]
    assert min(runs[:2]) > 0.6, runs
    # ... and where the filled lines are already fair, they stay: no evening for its own sake
    fair = (12.0, 7.0, 10.0, 10.0, 3.0, 10.0, 7.0, 3.0, 5.0, 9.0, 8.0, 8.0)
    assert text.fill_breaks(fair, space, limit, 3, words[:-1] + ("là", "ce", "soir.")) == [0, 5, 10, 12]
