"""``pnp export tts``: the kit as a Tabletop Simulator saved object, with its images.

What goes on the table, by the registry's parts:

* the board: a ``Custom_Board`` (one image, at 1.5 × the cards' resolution, at most 4096 px a side);
* title cards, each deck, reference cards: a ``Deck`` each (deck cards face down, the others face
  up), drawn from card sheets of at most 10 × 7 slots and 4096 px a side; banknotes and chips: a
  face-up pile (a ``Deck``) per value, chips as round cards;
* counters: a ``Bag`` per kind holding one ``Custom_Tile`` per counter (square or round, stackable,
  front and back images); player tokens: a ``Figurine_Custom`` each, the standee's figure (both at
  twice the cards' resolution: they are small); the rules booklet: a ``Custom_PDF`` of its pages in
  reading order.

Card sheets, as Tabletop Simulator reads them: slot i of a sheet is column i mod NumWidth, row
i div NumWidth from the top left; the card with ``CardID`` k·100 + i is slot i of the sheet under
``CustomDeck`` key k. A sheet holds at most 69 cards: the last slot of every sheet is the image
shown for a hidden card (in another player's hand), here the deck's back, and ``BackIsHidden`` is
set as well, so a hidden card shows the back however Tabletop Simulator chooses. A deck whose
cards share one back has one back image; a deck whose cards have backs of their own (title cards
show their mortgaged side) has ``UniqueBack`` and a back sheet laid out like its face sheet. A
deck of more than 69 different cards has several sheets, several keys in one ``Deck``. Copies of
a card are one slot, listed as often as there are copies in ``DeckIDs``, and a ``Card`` each in
``ContainedObjects``: the counts are the build manifest's.

Cards are drawn at trim size (as cut: Tabletop Simulator shows no bleed), all cards of a deck at
one resolution (``--dpi``, lowered for a deck whose sheet would pass 4096 px).

The JSON names each image by its file name, relative to the JSON (``--base-url`` puts a prefix
before it: the address the images were uploaded to). ``manifest.json`` lists every file, every
deck's sheets and which items each slot holds. The folder is written as ``build`` writes its own
(``output.OutputFolder``): all or nothing, the previous export intact until the new one is whole.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from .. import __version__, scene
from .. import parts as registry
from ..content import edition_name
from ..editions import Edition
from ..options import DEFAULT, replace
from ..output import OutFile, OutputError, OutputFolder
from ..problems import Problems
from ..render import raster
from . import Laid, Piece, lay_out, pieces, png_bytes, safe

#: Tabletop Simulator's limits for a card sheet (its texture size, its grid)
MAX_SIDE = 4096
MAX_COLS, MAX_ROWS = 10, 7
#: the board's image: at this many times the cards' resolution (it is looked at closer), at most 4096 px a side
BOARD_SCALE = 1.5
BOARD_SIDE = 4096
#: a card at scale 1 on Tabletop Simulator's table is a poker card: 63.5 × 88.9 mm
TTS_CARD = (63.5, 88.9)
#: counters and figures, small and looked at closely, at this many times the cards' resolution
PIECE_SCALE = 2.0
#: how each registry part goes onto the table (parts not named here become decks, by group)
HOW = {"board": "board", "titles": "deck", "decks": "deck-down", "reference": "deck",
       "notes": "pile", "chips": "pile", "counters": "bag", "tokens": "figure", "rules": "pdf"}
#: card shapes (CustomDeck "Type"): 1 rectangle, 4 circle; tile shapes (CustomTile "Type"): 0 box, 2 circle
CARD_RECT, CARD_ROUND = 1, 4
TILE_BOX, TILE_ROUND = 0, 2
HIDDEN_GREY = "#9a9a96"


@dataclass(frozen=True)
class TtsOptions:
    dpi: float = 150.0  # card images; a deck whose sheet would pass 4096 px gets less
    base_url: str = ""  # put before every image's file name in the JSON ("" : file names, relative)
    bleed: float = DEFAULT.bleed  # what the layouts draw past the trim (not shown: cards are cut)
    edition: Edition = Edition()  # the language and players (--lang, --players)


@dataclass
class TtsResult:
    out_dir: Path
    save: str  # the saved object's file name
    files: list[Path] = field(default_factory=list)
    manifest: dict = field(default_factory=dict)


@dataclass
class _Group:
    """What becomes one object on the table: a deck, a pile, a bag of tiles, a figure."""

    name: str
    how: str
    output: str
    pieces: list[Piece]


def default_out(root: Path, lang: str | None = None) -> Path:
    return Path("output") / f"{edition_name(root, lang)}-tts"


def export_tts(root: Path, out_dir: Path | None, opts: TtsOptions, problems: Problems) -> TtsResult | None:
    """Lay the kit out and write the saved object and its images into ``out_dir`` (default
    ``output/<game>-tts``); None, and nothing written, when the content has errors."""
    out_dir = Path(out_dir) if out_dir else default_out(root, opts.edition.lang)
    target = OutputFolder(out_dir)  # a folder pnp must not write is refused before anything is done
    laid = lay_out(Path(root), problems, opts.bleed, opts.edition)
    if laid is None:
        return None
    files, manifest, save_name = _Table(laid, opts).make()
    with target as folder:
        previous = _previous(out_dir)
        written = folder.publish(files, drop=previous - {f.name for f in files})
    return TtsResult(out_dir, save_name, written, manifest)


def _previous(out_dir: Path) -> set[str]:
    """The files an earlier export wrote into this folder (they are replaced, not carried); refuses a
    folder another pnp command made (a build's manifest says so)."""
    path = out_dir / "manifest.json"
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return set()
    except (OSError, ValueError) as exc:
        raise OutputError(f"{out_dir} holds a manifest.json that pnp cannot read ({exc}); name another folder "
                          f"with --out") from None
    if not isinstance(old, dict) or old.get("export") != "tts":
        raise OutputError(f"{out_dir} holds another pnp output (not a Tabletop Simulator export); name another "
                          f"folder with --out")
    return {f["name"] for f in old.get("files", []) if isinstance(f, dict) and isinstance(f.get("name"), str)}


# ------------------------------------------------------------------------------ grouping
def groups(laid: Laid) -> list[_Group]:
    """The objects of the table, in registry order: the board, then per part its decks, piles, bags, figures."""
    out: list[_Group] = []
    for output, items in laid.items.items():
        found: dict[tuple, list] = {}
        for it in items:
            how = HOW.get(it.part, "deck")
            if how in ("deck", "deck-down"):
                key = registry.group_of(it, output)
            elif how in ("pile", "bag"):
                key = it.kind
            elif how == "pdf":  # every page of the booklet: one object
                key = it.part
            else:  # board, figure: one object per item
                key = it.id
            # the cards of a deck share one size and shape (a deck of two sizes would be two decks)
            found.setdefault((how, key, it.width, it.height, it.round), []).append(it)
        for (how, key, *_), group_items in found.items():
            out.append(_Group(key, how, output, pieces(output, group_items)))
    names: set[str] = set()
    for g in out:  # object names are file stems: unique and file-safe
        name, n = safe(g.name), 2
        while name in names:
            name, n = f"{safe(g.name)}-{n}", n + 1
        names.add(name)
        g.name = name
    return out


def grid(slots: int, w: float, h: float) -> tuple[int, int]:
    """The grid of at most 10 × 7 with room for ``slots``: fewest slots, then the squarest image."""
    fits = [(c, r) for c in range(1, MAX_COLS + 1) for r in range(1, MAX_ROWS + 1) if c * r >= slots]
    return min(fits, key=lambda g: (g[0] * g[1], abs(math.log(g[0] * w / (g[1] * h))), -g[0]))


# ------------------------------------------------------------------------------ the table
class _Table:
    def __init__(self, laid: Laid, opts: TtsOptions):
        self.laid = laid
        self.kit = laid.kit
        self.opts = opts
        self.files: dict[str, OutFile] = {}
        self.sizes: dict[str, tuple[int, int]] = {}
        self.guids: set[str] = set()
        self.next_key = 1
        self.cache: dict[tuple, Image.Image] = {}

    # -- pictures
    def picture(self, group: scene.Group | None, w: float, h: float, dpi: float,
                origin: tuple[float, float] = (0.0, 0.0)) -> Image.Image:
        """A drawing's region at trim size (a missing back: a blank card)."""
        key = (id(group), w, h, dpi, origin)
        if key not in self.cache:
            self.cache[key] = raster.render(group if group is not None else scene.Group(), w, h, dpi, origin=origin)
        return self.cache[key]

    def prefetch(self, wanted: list[tuple[scene.Group | None, float, float, float]]) -> None:
        """Draw the pictures ``picture`` will be asked for ((drawing, w, h, dpi) at trim size), those not drawn
        yet, from one PDF: its fonts embedded and parsed once, not once per card."""
        todo: dict[tuple, tuple] = {}
        for group, w, h, dpi in wanted:
            key = (id(group), w, h, dpi, (0.0, 0.0))
            if key not in self.cache and key not in todo:
                todo[key] = (group if group is not None else scene.Group(), w, h, (0.0, 0.0))
        drawn = raster.render_many(list(todo.values()), [k[3] for k in todo])
        for key, pixels in zip(todo, drawn):
            self.cache[key] = pixels.image()

    def write(self, name: str, img: Image.Image, dpi: float | None = None) -> str:
        """Keep ``img`` as the PNG ``name`` (or ``name-2`` ... if an object of another kind took the name);
        returns the name it got."""
        stem, n = name[:-len(".png")], 2
        while name in self.files:
            name, n = f"{stem}-{n}.png", n + 1
        self.files[name] = OutFile(name, png_bytes(img, dpi), {})
        self.sizes[name] = img.size
        return name

    def url(self, name: str) -> str:
        return self.opts.base_url + name

    def guid(self, *path: str) -> str:
        """A stable 6-hex-digit GUID (the same export gives the same GUIDs)."""
        seed = ":".join((self.kit.id,) + path)
        while True:
            g = hashlib.sha1(seed.encode("utf-8")).hexdigest()[:6]
            if g not in self.guids:
                self.guids.add(g)
                return g
            seed += "'"

    # -- the whole table
    def make(self) -> tuple[list[OutFile], dict, str]:
        objects, records = [], []
        place = _Placer()
        for g in groups(self.laid):
            if g.how == "board":
                obj, rec = self.board(g)
            elif g.how == "bag":
                obj, rec = self.bag(g, place)
            elif g.how == "figure":
                obj, rec = self.figure(g, place)
            elif g.how == "pdf":
                obj, rec = self.pdf(g, place)
            else:
                obj, rec = self.deck(g, place)
            objects.append(obj)
            records.append(rec)
        save_name = f"{safe(self.kit.id)}.json"
        save = {
            "SaveName": self.kit.game.title, "Date": "", "VersionNumber": "", "GameMode": self.kit.game.title,
            "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects,
        }
        data = (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        self.files[save_name] = OutFile(save_name, data, {})
        files = sorted(self.files.values(), key=lambda f: f.name)
        manifest = {
            "game": self.kit.id, "title": self.kit.game.title, "generator": f"pnp {__version__}", "export": "tts",
            "save": save_name,
            "options": {"dpi": self.opts.dpi, "base_url": self.opts.base_url, "bleed": self.opts.bleed},
            "counts": self.laid.counts(),
            "files": [{"name": f.name, "sha256": f.sha256, **({"px": list(self.sizes[f.name])}
                                                              if f.name in self.sizes else {})} for f in files],
            "objects": records,
        }
        files.append(OutFile("manifest.json", _manifest_bytes(manifest), {}))
        return files, manifest, save_name

    # -- objects
    def board(self, g: _Group) -> tuple[dict, dict]:
        it = g.pieces[0].item
        dpi = min(self.opts.dpi * BOARD_SCALE, BOARD_SIDE * 25.4 / max(it.width, it.height))
        img = raster.render(it.front, it.width, it.height, dpi)
        name = self.write("board.png", img, dpi)
        obj = _base("Custom_Board", self.guid("board"), _transform(0, 0, scale=1.0), it.id, locked=False)
        obj["CustomImage"] = {"ImageURL": self.url(name), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                              "WidthScale": 0.0}
        return obj, {"name": g.name, "type": "board", "guid": obj["GUID"], "image": name, "items": [it.id]}

    def deck(self, g: _Group, place: "_Placer") -> tuple[dict, dict]:
        first = g.pieces[0].item
        w, h = first.width, first.height
        per_sheet = MAX_COLS * MAX_ROWS - 1
        chunks = [g.pieces[i:i + per_sheet] for i in range(0, len(g.pieces), per_sheet)]
        grids = [grid(len(c) + 1, w, h) for c in chunks]
        dpi = self.opts.dpi
        for cols, rows in grids:
            dpi = min(dpi, MAX_SIDE * 25.4 / (cols * w), MAX_SIDE * 25.4 / (rows * h))
        cw, ch = raster.size_px(w, h, dpi)
        while any(cols * cw > MAX_SIDE or rows * ch > MAX_SIDE for cols, rows in grids):
            dpi -= 0.25
            cw, ch = raster.size_px(w, h, dpi)
        backs = {id(p.item.back) for p in g.pieces}
        unique_back = len(backs) > 1
        self.prefetch([(p.item.front, w, h, dpi) for p in g.pieces]
                      + [(p.item.back, w, h, dpi) for p in (g.pieces if unique_back else g.pieces[:1])])
        sideways = w > h and not first.round
        shape = CARD_ROUND if first.round else CARD_RECT
        if unique_back:
            hidden = Image.new("RGB", (cw, ch), HIDDEN_GREY)
            back_name = None
        else:
            hidden = self.picture(first.back, w, h, dpi)
            back_name = self.write(f"{g.name}-back.png", hidden, dpi)
        face_down = g.how == "deck-down"
        deck_ids, cards, custom, sheets = [], [], {}, []
        for n, (chunk, (cols, rows)) in enumerate(zip(chunks, grids), 1):
            key = self.next_key
            self.next_key += 1
            suffix = f"-{n}" if len(chunks) > 1 else ""
            faces = Image.new("RGB", (cols * cw, rows * ch), "#ffffff")
            back_sheet = Image.new("RGB", faces.size, "#ffffff") if unique_back else None
            for i, p in enumerate(chunk):
                at = ((i % cols) * cw, (i // cols) * ch)
                faces.paste(self.picture(p.item.front, w, h, dpi), at)
                if back_sheet is not None:
                    back_sheet.paste(self.picture(p.item.back, w, h, dpi), at)
            last = ((cols - 1) * cw, (rows - 1) * ch)
            faces.paste(hidden, last)
            face_name = self.write(f"{g.name}-faces{suffix}.png", faces, dpi)
            sheet_back = back_name
            if back_sheet is not None:
                back_sheet.paste(hidden, last)
                sheet_back = self.write(f"{g.name}-backs{suffix}.png", back_sheet, dpi)
            custom[str(key)] = {"FaceURL": self.url(face_name), "BackURL": self.url(sheet_back),
                                "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                                "UniqueBack": unique_back, "Type": shape}
            slots = []
            for i, p in enumerate(chunk):
                card_id = key * 100 + i
                slots.append({"slot": i, "card_id": card_id, "item": p.item.id, "kind": p.item.kind,
                              "count": p.count, "ids": p.ids})
                for it in p.items:
                    deck_ids.append(card_id)
                    card = _base("Card", self.guid(g.name, it.id), _transform(0, 0, face_down=face_down,
                                                                              scale=_card_scale(w, h, first.round)),
                                 it.id, description=it.kind)
                    card.update({"CardID": card_id, "SidewaysCard": sideways,
                                 "CustomDeck": {str(key): custom[str(key)]}})
                    cards.append(card)
            sheets.append({"key": key, "faces": face_name, "backs": sheet_back, "unique_back": unique_back,
                           "grid": [cols, rows], "cell_px": [cw, ch], "dpi": round(dpi, 4),
                           "hidden_slot": cols * rows - 1, "slots": slots})
        x, z = place.next(w, h)
        transform = _transform(x, z, face_down=face_down, scale=_card_scale(w, h, first.round))
        if len(cards) == 1:  # a single card is a card, not a deck
            obj = cards[0]
            obj["Transform"] = transform
        else:
            obj = _base("Deck", self.guid("deck", g.name), transform, f"{g.name} ({len(cards)})")
            obj.update({"SidewaysCard": sideways, "DeckIDs": deck_ids, "CustomDeck": custom,
                        "ContainedObjects": cards})
        rec = {"name": g.name, "type": "deck" if len(cards) > 1 else "card", "guid": obj["GUID"],
               "cards": len(cards), "face_down": face_down, "trim_mm": [w, h], "sheets": sheets}
        return obj, rec

    def bag(self, g: _Group, place: "_Placer") -> tuple[dict, dict]:
        contained, rec_pieces = [], []
        for p in g.pieces:
            it = p.item
            dpi = self.opts.dpi * PIECE_SCALE
            front = self.write(f"{p.name}.png", self.picture(it.front, it.width, it.height, dpi), dpi)
            back = front
            if it.back is not None and it.back is not it.front:
                back = self.write(f"{p.name}-back.png", self.picture(it.back, it.width, it.height, dpi), dpi)
            image = {"ImageURL": self.url(front), "ImageSecondaryURL": self.url(back), "ImageScalar": 1.0,
                     "WidthScale": 0.0,
                     "CustomTile": {"Type": TILE_ROUND if it.round else TILE_BOX, "Thickness": 0.1,
                                    "Stackable": True, "Stretch": True}}
            scale = round(max(it.width, it.height) / 25.4, 4)  # about an inch a unit
            for item in p.items:
                tile = _base("Custom_Tile", self.guid(g.name, item.id), _transform(0, 0, scale=(scale, 1.0, scale)),
                             item.id, description=item.kind)
                tile["CustomImage"] = image
                contained.append(tile)
            rec_pieces.append({"item": it.id, "kind": it.kind, "count": p.count, "ids": p.ids, "front": front,
                               "back": back, "dpi": dpi})
        x, z = place.next(40, 40)
        obj = _base("Bag", self.guid("bag", g.name), _transform(x, z), f"{g.name} ({len(contained)})")
        obj["ContainedObjects"] = contained
        return obj, {"name": g.name, "type": "bag", "guid": obj["GUID"], "tiles": len(contained),
                     "pieces": rec_pieces}

    def figure(self, g: _Group, place: "_Placer") -> tuple[dict, dict]:
        p = g.pieces[0]
        it = p.item
        x0, y0, w, h = figure_region(it)
        dpi = self.opts.dpi * PIECE_SCALE
        name = self.write(f"{p.name}.png", self.picture(it.front, w, h, dpi, origin=(x0, y0)), dpi)
        x, z = place.next(w, w)
        obj = _base("Figurine_Custom", self.guid("figure", it.id), _transform(x, z, scale=round(h / 25.4 / 2, 4)),
                    it.id, description=it.kind)
        obj["CustomImage"] = {"ImageURL": self.url(name), "ImageSecondaryURL": self.url(name),
                              "ImageScalar": 1.0, "WidthScale": 0.0}
        return obj, {"name": g.name, "type": "figure", "guid": obj["GUID"], "image": name, "items": p.ids,
                     "region_mm": [x0, y0, w, h], "dpi": dpi}


    def pdf(self, g: _Group, place: "_Placer") -> tuple[dict, dict]:
        """The rules booklet: Tabletop Simulator's PDF object, reading the booklet's pages in order."""
        from ..build import pdf_bytes
        from ..saddle import impose_booklet

        items = [it for p in g.pieces for it in p.items]
        sheets = impose_booklet(items, replace(DEFAULT, layout="simplex"))
        data, _ = pdf_bytes(f"{self.kit.game.title}: {g.output}", g.output, [s.page for s in sheets])
        name = f"{safe(g.name)}.pdf"
        self.files[name] = OutFile(name, data, {})
        x, z = place.next(items[0].width, items[0].height)
        obj = _base("Custom_PDF", self.guid("pdf", g.name), _transform(x, z, scale=1.0), g.name)
        obj["CustomPDF"] = {"PDFUrl": self.url(name), "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}
        return obj, {"name": g.name, "type": "pdf", "guid": obj["GUID"], "file": name,
                     "items": [it.id for it in items]}


def figure_region(it) -> tuple[float, float, float, float]:
    """The part of a token's drawing a standing figure shows: a fold-over standee's upright figure
    (between its base and the fold, without the dashed fold lines), else the whole token."""
    from ..layout.pieces import STANDEE_BASE, STANDEE_FIG

    if it.back is None and abs(it.height - 2 * (STANDEE_FIG + STANDEE_BASE)) < 1e-6:
        fold = 0.25  # the fold lines' half width and a hair
        return 0.0, STANDEE_BASE + fold, it.width, STANDEE_FIG - 2 * fold
    return 0.0, 0.0, it.width, it.height


class _Placer:
    """Objects side by side in rows in front of the board (Tabletop Simulator's units are about an inch)."""

    def __init__(self):
        self.x, self.z, self.row = -20.0, -16.0, 0.0

    def next(self, w_mm: float, h_mm: float) -> tuple[float, float]:
        w, h = w_mm / 25.4, h_mm / 25.4
        if self.x + w > 20:
            self.x, self.z, self.row = -20.0, self.z - self.row - 1.5, 0.0
        x = self.x + w / 2
        self.x += w + 1.0
        self.row = max(self.row, h)
        return round(x, 3), round(self.z - h / 2, 3)


def _card_scale(w: float, h: float, round_: bool) -> tuple[float, float, float]:
    """Scale of a card whose image is w × h mm, against Tabletop Simulator's poker-size card."""
    if round_:
        s = round(w / TTS_CARD[0], 4)
        return s, 1.0, s
    if w > h:  # sideways: the card lies landscape
        return round(w / TTS_CARD[1], 4), 1.0, round(h / TTS_CARD[0], 4)
    return round(w / TTS_CARD[0], 4), 1.0, round(h / TTS_CARD[1], 4)


def _transform(x: float, z: float, face_down: bool = False, scale=1.0) -> dict:
    sx, sy, sz = scale if isinstance(scale, tuple) else (scale, scale, scale)
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": sx, "scaleY": sy, "scaleZ": sz}


def _base(name: str, guid: str, transform: dict, nickname: str, description: str = "", locked: bool = False) -> dict:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": locked, "Grid": True,
            "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": ""}


def _manifest_bytes(manifest: dict) -> bytes:
    return (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


__all__ = ["TtsOptions", "TtsResult", "export_tts", "groups", "grid", "figure_region", "default_out",
           "MAX_SIDE", "MAX_COLS", "MAX_ROWS"]
