"""What every layout shares: the context (kit, bleed, fitting that reports), items, icons.

Layouts build ``scene`` drawings in millimetres and never import a backend. A layout
that cannot fit a text reports it here against the content line that text came from.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import combinations

from .. import scene
from ..groupmarks import group_marks
from ..model import Kit
from ..money import format_money
from ..vision import MIN_CONTRAST, contrast_ratio, mix  # noqa: F401 (mix: the layouts take it from here)
from ..problems import Problems
from ..rules.printing import TEXT_OVERFLOW, TEXT_SHRUNK
from ..schema import Entity
from ..text import Fit, fit, let_go
from ..fonts import text_width
from ..typeset import NBSP, Style, bind_abbreviations, style_of, typeset

#: text shrunk below this share of its nominal size earns a warning
SHRINK_WARNING = 0.7
#: mm each of two bleeds that meet on a sheet runs past their common edge, under the other's: an item's background
#: runs this much past its bleed (``Ctx.reach``) and the sheet's clip lets it show there where the item meets a
#: neighbour's bleed (pnp/impose.py), so the two overlap a hair instead of butting, where butting edges let a screen
#: render (pdftoppm at 72 to 200 dpi) show the paper between them as a hairline. Never seen elsewhere: a sheet's
#: outer bleed, a page of one item and a picture of one are clipped to the bleed itself
SEAM_OVERLAP = 0.15


@dataclass
class Item:
    """One printable piece: a card, note, chip, counter or token.

    ``front``/``back`` are drawn in the item's own frame: (0, 0) is the lower-left
    corner of the trim, the drawing may run ``bleed`` mm past the trim on every side.
    Shared art carries a ``key`` on its group so backends draw it once.
    """

    id: str
    kind: str
    width: float
    height: float
    front: scene.Group
    back: scene.Group | None = None
    part: str = ""  # the registry part that laid it out (``parts.items`` stamps it)
    round: bool = False
    cut: str = "gutter"  # gutter: own bleed, 2 × bleed from its neighbours | shared: butted, a paper border inside
    source: Entity | None = None  # the content entry it prints (where a problem with a fixed label is reported)
    drawn: bool = True  # False once a build has let its drawings go (``build._let_go``): counted, never drawn


@dataclass
class Ctx:
    kit: Kit
    bleed: float = 3.0
    safe: float = 3.0
    #: mm past the bleed an item's backgrounds run (``reach``): SEAM_OVERLAP for sheets, where a neighbour's bleed
    #: meets it; 0 for a page or picture of one item (``--per-item``, exports), drawn exactly as far as its bleed
    overlap: float = SEAM_OVERLAP
    problems: Problems = field(default_factory=Problems)
    ink: str = "full"  # full | saver: the ink-saver edition (pnp/inksaver.py), made from the drawings
    see: str = "normal"  # previews: the drawings as seen with a colour-vision deficiency (pnp/seeas.py)
    #: where each fitted text run came from, for checks on the drawings and the preview's marks: run key ->
    #: [(entity, field name, the problems that fit reported)], one entry per fit that made the run
    sources: dict = field(default_factory=dict, repr=False)
    #: what a layout measures once for the whole kit (one style for every card of a kind), by the layout's key
    memo: dict = field(default_factory=dict, repr=False)
    #: what a layout measures of the whole kit quietly (telling no problem: where the emblems' names stand on the
    #: title cards), by the layout's key: a context made to measure shares its parent's (``quiet``), as a card
    #: measured quietly asks again what its kit's cards measure
    measured: dict = field(default_factory=dict, repr=False)
    #: every fit made, by its inputs (``fit`` is a function of them): a text fitted again with the same inputs
    #: (a deck measured quietly, then laid out; the same line on many cards) is placed once. A quiet context
    #: made to measure shares its parent's (``quiet``)
    fitted: dict = field(default_factory=dict, repr=False)
    #: a quiet context's record of its fits (``quiet(record=True)``), else None
    recorded: list | None = field(default=None, repr=False)

    #: how the game's texts are typeset (its language, its currency symbol): every fit of a layout passes it. Made
    #: from the kit unless given: a context made to measure takes its parent's (``quiet``; a test run made ~280 000
    #: of them, each making the kit's style again)
    style: Style = field(default=None, repr=False)  # type: ignore[assignment]

    def __post_init__(self):
        if self.style is None:
            self.style = style_of(self.kit)

    def under_bands(self, ground: scene.Rect, h: float, foot: float = 0.0, head: float = 0.0) -> scene.Rect:
        """An item's background (``bleed_rect``), ``h`` mm tall at its trim, under bands ``foot`` and ``head`` mm
        tall painted over it across the item's foot and head (each running ``reach`` past the trim): where the item
        may meet a neighbour's bleed (``overlap``) it stops UNDER_BAND mm under each band, so that at the item's
        sides only the band reaches the sheet's clip. Two layers ending at one clip's edge let a screen render
        (pdftoppm at 300 dpi) show the lower one through the upper's edge pixel: a light line down a deck's band
        where its card meets the next. A page or picture of one item keeps it whole."""
        if not self.overlap:
            return ground
        y0 = foot - UNDER_BAND if foot else ground.y
        y1 = h - head + UNDER_BAND if head else ground.y + ground.h
        return replace(ground, y=y0, h=y1 - y0)

    @property
    def reach(self) -> float:
        """mm an item's background runs past its trim: its bleed and ``overlap`` more, under a neighbour's bleed where
        a sheet puts the two side by side (what is drawn past the bleed shows only there); no bleed, none."""
        return self.bleed + self.overlap if self.bleed > 0 else 0.0

    @property
    def colours(self):
        return self.kit.game.theme.colours

    @property
    def fonts(self):
        return self.kit.game.theme.fonts

    def money(self, amount: int) -> str:
        """An amount as the game prints it (₩200, 400'000 F)."""
        return format_money(amount, self.kit.game.currency)

    @property
    def min_pt(self) -> float:
        return self.kit.game.print.min_text_pt

    def group_mark(self, group_id: str | None) -> str | None:
        """The mark a colour group prints (theme.group_marks), or None."""
        if not group_id:
            return None
        if "group_marks" not in self.memo:
            self.memo["group_marks"] = group_marks(self.kit)
        return self.memo["group_marks"].get(str(group_id))

    def fit(self, text: str, box, font: str, size: float, source: Entity, field_name: str,
            what: str = "text", min_size: float | None = None, **kw) -> Fit:
        """Fit text and report overflow (error) or heavy shrinking (warning) at the text's content line."""
        floor = self.min_pt if min_size is None else max(min_size, self.min_pt)
        key = (text, tuple(box), font, size, min(floor, size), *sorted(kw.items()))
        entry = self.fitted.get(key)
        if entry is None:
            made = fit(text, box, font, size, min(floor, size), style=self.style, **kw)
            entry = self.fitted[key] = (made, [text_key(s) for s in made.shapes if isinstance(s, scene.Text)])
        made, keys = entry
        # the caller's own Fit and list (the runs themselves are frozen)
        result = Fit(list(made.shapes), made.size, made.lines, made.overflow, made.shrunk, made.height, made.width)
        told = (result, keys, text, box, size, source, field_name, what)
        if self.recorded is not None:  # told where its layout is taken (``quiet``), never here
            self.recorded.append(told)
            return result
        self.tell(told)
        return result

    def tell(self, told: tuple) -> None:
        """Report what a fit found and note where its runs came from: what ``fit`` does after fitting, also for
        a fit a quiet context recorded (``quiet``), told here as if it had been made here."""
        result, keys, text, box, size, source, field_name, what = told
        before = len(self.problems.items)
        self._report(result, text, box, size, source, field_name, what)
        found = tuple(self.problems.items[before:])
        for key in keys:
            self.sources.setdefault(key, []).append((source, field_name, found))

    def quiet(self, record: bool = False) -> "Ctx":
        """A context that reports nothing (its problems are its own), for laying out to measure; it shares this
        one's fits. ``record``: it keeps what each of its fits would have told (``recorded``), so that a layout
        it made can be taken as it is and its fits told here (``tell``); such a context does not tell its fits
        itself (its fits' problems and runs' sources, never read, made a 6000-card deck's quiet faces ~7 MB
        heavier)."""
        return Ctx(self.kit, bleed=self.bleed, safe=self.safe, overlap=self.overlap, problems=Problems(),
                   fitted=self.fitted, measured=self.measured, recorded=[] if record else None, style=self.style)

    def remember(self, result: Fit, source: Entity, field_name: str, found: tuple = ()) -> None:
        """Note where a fit's runs came from (``source_of``), with the problems the fit reported."""
        for s in result.shapes:
            if isinstance(s, scene.Text):
                self.sources.setdefault(text_key(s), []).append((source, field_name, found))

    def _report(self, result: Fit, text: str, box, size: float, source: Entity, field_name: str, what: str) -> None:
        if result.overflow:
            self.problems.report(TEXT_OVERFLOW, source.at(field_name), source.sub(field_name),
                                 f"{what} does not fit its {box[2]:.1f}×{box[3]:.1f} mm box even at "
                                 f"{result.size:g} pt; shorten it")
        elif result.size < size * SHRINK_WARNING - 1e-9:
            self.problems.report(TEXT_SHRUNK, source.at(field_name), source.sub(field_name),
                                 f"{what} shrunk from {size:g} to {result.size:g} pt to fit; consider shortening it")

    def forget_fits(self) -> None:
        """Drop what fitting kept for the checks (where each run came from, the fits by their inputs) once a part's
        items are checked: a build does so before it imposes and renders them (a 6000-card deck's fits are ~10 MB);
        a later fit of the same text is made again, alike."""
        self.sources.clear()
        self.fitted.clear()
        let_go()  # and fitting's caches (pnp/text.py)

    def source_of(self, t: scene.Text) -> tuple[Entity, str] | None:
        """The (entity, field) a text run was first fitted from, also after ``recolour``; None for a fixed label."""
        fits = self.sources.get(text_key(t))
        return fits[0][:2] if fits else None

    def fitted_problems(self) -> set:
        """The problems the fits reported (each belongs to the runs it made)."""
        return {p for fits in self.sources.values() for _, _, found in fits for p in found}


def text_key(t: scene.Text) -> tuple:
    """What identifies a fitted run wherever it is drawn: its words, place, font and size (not its colour:
    layouts recolour fitted runs)."""
    return (t.text, round(t.x, 4), round(t.y, 4), t.font, round(t.size, 4))


def balanced_lines(ctx: "Ctx", text: str, font: str, size: float, width: float) -> str:
    """``text`` as it should wrap in ``width`` mm at ``size`` pt: as it is when one line holds it, else with
    no-break spaces inside the two halves that make the most even lines (the longer as short as it can be), so
    that it breaks once, between them ("Les Résidences" / "du Lotus", not "Les Résidences du" / "Lotus"). Only
    plain spaces are break points (a no-break space the content wrote stays one); unchanged when no two lines
    hold it at ``size``."""
    text = bind_abbreviations(text)  # "FENCHURCH ST. / STATION", never "FENCHURCH / ST. STATION"
    if " " not in text.strip() or _lines(ctx, text, font, size, width) == 1:
        return text
    first, second = split_balanced(text, lambda s: text_width(s, font, size))
    if max(text_width(first, font, size), text_width(second, font, size)) > width - 0.3:
        return text
    balanced = unbroken_halves(first, second)
    return balanced if _lines(ctx, balanced, font, size, width) == 2 else text


def split_balanced(text: str, measure=len) -> tuple[str, str]:
    """``text`` in two halves at a plain space (a no-break space the content wrote never breaks), the longer as
    short as it can be by ``measure`` (characters by default; a text's width for a fitted one): "Just" /
    "Visiting", "Les Résidences" / "du Lotus". One word: (text, "")."""
    words = [w for w in text.split(" ") if w.strip()]
    if len(words) < 2:
        return text, ""
    best = min(range(1, len(words)), key=lambda i: max(measure(" ".join(words[:i])), measure(" ".join(words[i:]))))
    return " ".join(words[:best]), " ".join(words[best:])


#: the share by which a line may be longer than in the most even setting when its breaks fall after punctuation
BALANCE_SLACK = 0.12


def balanced_n(ctx: "Ctx", text: str, font: str, size: float, width: float, n: int) -> str:
    """``text`` set in ``n`` even lines in ``width`` mm at ``size`` pt: no-break spaces inside each line, so that
    it breaks only between them. Of the settings whose longest line is within BALANCE_SLACK of the shortest it can
    be, the one breaking most after a sentence's or a clause's end (. : ; ! ? then ,), then the most even. A
    one-letter word never ends a line (it goes down with the word after it). Only plain spaces are break points;
    unchanged when it is one line, has paragraphs, or no setting fits ``width``."""
    if n < 2 or "\n" in text.strip():
        return text
    text = typeset(text, ctx.style)  # its breaks as printed ("£200 salary" is bound by the typesetting)
    words = [w for w in text.split(" ") if w.strip()]
    units: list[str] = []  # a one-letter word and the next one stay together
    for w in words:
        if units and len(units[-1]) == 1 and units[-1].isalpha():
            units[-1] = f"{units[-1]} {w}"
        else:
            units.append(w)
    if len(units) < n or math.comb(len(units) - 1, n - 1) > 20000:
        return text
    widths = {}

    def wide(i: int, j: int) -> float:
        if (i, j) not in widths:
            widths[i, j] = text_width(" ".join(units[i:j]), font, size)
        return widths[i, j]

    settings = []
    for cuts in combinations(range(1, len(units)), n - 1):
        bounds = (0, *cuts, len(units))
        longest = max(wide(a, b) for a, b in zip(bounds, bounds[1:]))
        if longest <= width - 0.3:
            pauses = sum(2 if units[c - 1][-1] in ".:;!?" else 1 if units[c - 1][-1] == "," else 0 for c in cuts)
            settings.append((longest, pauses, bounds))
    if not settings:
        return text
    even = min(longest for longest, _, _ in settings)
    _, _, bounds = min((s for s in settings if s[0] <= even * (1 + BALANCE_SLACK)), key=lambda s: (-s[1], s[0]))
    return " ".join(" ".join(units[a:b]).replace(" ", NBSP) for a, b in zip(bounds, bounds[1:]))


def unbroken_halves(first: str, second: str) -> str:
    """Two halves joined so that a line breaks only between them (no-break spaces inside each)."""
    return first.replace(" ", NBSP) + " " + second.replace(" ", NBSP)


def _lines(ctx: "Ctx", text: str, font: str, size: float, width: float) -> int:
    """How many lines ``text`` takes in ``width`` mm at ``size`` pt, never shrunk."""
    return fit(text, (0.0, 0.0, width, 1e3), font, size, size, style=ctx.style, wrap_below=size).lines


def bleed_rect(w: float, h: float, bleed: float, fill: str) -> scene.Rect:
    """A background that runs ``bleed`` mm past the trim on every side."""
    return scene.Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=fill)


#: mm a background runs under a band painted over it across the item (``Ctx.under_bands``): enough that no pixel of
#: the band's inner edge shows paper at any resolution (half a pixel at 25 dpi), little enough that where the item
#: meets a neighbour's bleed the two layers share the clip's edge along no more than this
UNDER_BAND = 0.5


def recolour(shapes: list, colour: str) -> list:
    """The same fitted text in another colour (for text on a coloured band)."""
    return [scene.Text(s.x, s.y, s.text, s.font, s.size, colour, s.anchor, s.width) if isinstance(s, scene.Text) else s
            for s in shapes]


DARK, LIGHT, BLACK = "#1d1d1b", "#ffffff", "#000000"


def space_colour(ctx: "Ctx", space) -> str:
    """The colour a space's title card carries (its band, its back): its colour group's, else the space's own (a
    station's, a utility's), else the ink."""
    group = ctx.kit.board.group(space.group) if space.group else None
    return group.colour if group else (space.colour or ctx.colours.ink)


def contrast(colour: str) -> str:
    """Near-black or white text, whichever has the higher WCAG contrast ratio on ``colour`` (the measure the
    legibility check applies); pure black on the mid tones (a pink, a mid blue) where neither reaches 4.5:1."""
    best = DARK if contrast_ratio(DARK, colour) >= contrast_ratio(LIGHT, colour) else LIGHT
    if contrast_ratio(best, colour) < MIN_CONTRAST and contrast_ratio(BLACK, colour) > contrast_ratio(best, colour):
        return BLACK
    return best


def picture(ctx: "Ctx", file: str, x: float, y: float, w: float, h: float) -> list:
    """A picture from the game folder at (x, y) w × h mm, or, when pnp/images.py does not pass the file (the
    validator says why), a crossed grey box in its place: no renderer is ever handed a bad file."""
    from .. import images

    path = images.usable(ctx.kit.root, file)
    if path is not None:
        return [scene.Image(str(path), x, y, w, h)]
    grey = "#9a9a9a"
    return [scene.Rect(x, y, w, h, fill="#e6e6e6", stroke=grey, width=0.3),
            scene.Line(x, y, x + w, y + h, grey, 0.3), scene.Line(x, y + h, x + w, y, grey, 0.3)]
