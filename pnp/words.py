"""pnp's own words on the sheets, in each language an edition may be printed in.

What the content does not write, pnp does: sheet footers, the board's tile labels and assembly map, the fold
advice, the calibration sheet, the rules booklet's generated tables and its binding note, the credits card's
heading. An edition prints them in its language (``Kit.language``); a language pnp has no words for gets the
English ones. ``of(lang)`` gives one language's words, ``style(lang)`` its typography.
"""
from __future__ import annotations

from .typeset import Style

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the rules booklet
        "rules": "Rules", "players": "{min}–{max} players", "component": "Component", "count": "Count",
        "board": "Board, {size} × {size} mm", "reference": "Reference card", "notes": "{value} note",
        "chips": "{value} chip", "tokens": "Player token", "deck": "{name} card", "note": "Note",
        "chip": "Chip", "each": "Each player", "subtotal": "Subtotal", "total": "Total",
        "property": "Space", "rents": "{rent} by development: {ladder}.", "amounts": "Amounts in {unit}.",
        "same": "{column}: {value} for each.", "half": "{column}: half the price.",
        "by_owned": "{rent} by the number owned", "owned": "By number owned",
        "build": "Building", "rolled": "{x} × the roll", "or": "or", "see_table": "see its table", "see_under": "see {heading}", "credits": "Credits", "reference_back": "Reference",
        "limited": "{name} (limited supply)", "continued": "continued",
        "binding": "to bind: fold the sheets in half, nest them in order (sheet 1 outside) and staple twice on the fold",
        "long": "long", "short": "short",
        "booklet_print": "print on {paper}, two-sided, flip on the {edge} edge",
        # sheets of items
        "part.cards": "cards", "part.notes": "money", "part.tokens": "tokens", "part.board": "board",
        "part.rules": "rules",
        "print_note": "print at 100 % / actual size",
        "print_duplex": "print two-sided at 100 % / actual size, flip on the {edge} edge",
        # the stock each part's sheets are best printed on, said in their footers
        "stock.cards": "on card, 200–300 g/m²", "stock.tokens": "on card, 200–300 g/m²",
        "stock.notes": "on paper, 80–120 g/m²", "stock.notes.round": "on card, 300 g/m² or more",
        # items butted edge to edge: one cut between two, marked in the margins
        "cut.shared": "cut from mark to mark: items side by side share each cut",
        "sheet": "{title} · {part} · sheet {n} of {total}", "front": "front", "back": "back",
        "fold": "fold on the dashed line, glue, cut",
        "standee": "Player tokens: cut each one out, fold it on its dashed lines so that its two figures meet back "
                   "to back, glue them together and fold the bases out so that it stands.",
        # the board
        "board_full": "{label} {size}×{size} mm, bleed {bleed} mm",
        "tile": "{name}: row {row} of {rows}, column {col} of {cols}",
        "tile_foot": "{label} · tile {name} ({k} of {tiles}) · page {page} of {pages} · {paper} {orientation} · "
                     "overlap {overlap} mm",
        "portrait": "portrait", "landscape": "landscape",
        "map_title": "{label}: assembly map ({tiles} tiles, {rows} rows of {cols})",
        "map_foot": "{label} · assembly map · page 1 of {pages} · {orientation}",
        "map_page": "page {page}",
        "map_1": "Print every page at 100 % (actual size): never 'fit to page'.",
        "map_2": "Cut each tile's left and top edges along the edge of its print: they go under the next tile. Cut "
                 "its right and bottom edges, where another tile meets them, on the line between the crosses (the "
                 "dashed lines on the map): the art runs {bleed} mm past it, so a cut a little off still shows art. "
                 "Where a tile holds the board's outer edge, cut on the trim between the crop marks (the {bleed} mm "
                 "beyond is bleed).",
        "map_3": "Tiles overlap by {overlap} mm. A tile's hatched strips (left and top) go under the tiles beside it: "
                 "spread glue on them and lay the tile to the left or above on top, matching the art and the "
                 "crosses. Glue the board onto 2 mm card or foam board so that it lies flat.",
        "map_4": "Start with A1 (top left) and work right, then down; each tile's name (column letter, row number) "
                 "is printed under it and on the map below.",
        # the calibration sheet
        "cal_title": "pnp duplex calibration",
        "cal_text": "Duplex calibration. Print both pages double-sided at 100 % (actual size), flip on the {edge} "
                    "edge. Hold the sheet against a light.\n\nTop row of lines (X): find the one pair of lines, "
                    "front and back, that forms a single straight line; its number is X. Left column (Y): the same "
                    "gives Y.\n\nBuild with --offset X,Y (for example --offset 0.5,-1.0) and every back page is "
                    "shifted by that much. If the lines at 0 already align, your printer needs no offset.",
        "cal_back": "back of the calibration sheet: read the numbers on the front",
    },
    "fr": {
        "rules": "Règle du jeu", "players": "{min} à {max} joueurs", "component": "Élément", "count": "Nombre",
        "board": "Plateau de {size} × {size} mm", "reference": "Carte aide-mémoire", "notes": "Billet de {value}",
        "chips": "Jeton de {value}", "tokens": "Pion", "deck": "Carte {name}", "note": "Billet",
        "chip": "Jeton", "each": "Par joueur", "subtotal": "Sous-total", "total": "Total",
        "property": "Case", "rents": "{rent} selon les constructions : {ladder}.", "amounts": "Montants en {unit}.",
        "same": "{column} : {value} pour chacune.", "half": "{column} : la moitié du prix.",
        "by_owned": "{rent} selon le nombre possédé", "owned": "Selon le nombre possédé",
        "build": "Construction", "rolled": "{x} × les dés", "or": "ou", "see_table": "voir son tableau", "see_under": "voir {heading}", "credits": "Crédits", "reference_back": "Aide-mémoire",
        "limited": "{name} (stock limité)", "continued": "suite",
        "binding": "pour relier : pliez les feuilles en deux, emboîtez-les dans l'ordre (feuille 1 à l'extérieur) et "
                   "agrafez deux fois sur le pli",
        "long": "long", "short": "court",
        "booklet_print": "imprimer sur {paper} en recto verso, retournement sur le bord {edge}",
        "part.cards": "cartes", "part.notes": "argent", "part.tokens": "pions", "part.board": "plateau",
        "part.rules": "règle",
        "print_note": "imprimer à 100 % (taille réelle)",
        "print_duplex": "imprimer recto verso à 100 % (taille réelle), retournement sur le bord {edge}",
        "stock.cards": "sur carte, 200 à 300 g/m²", "stock.tokens": "sur carte, 200 à 300 g/m²",
        "stock.notes": "sur papier, 80 à 120 g/m²", "stock.notes.round": "sur carte, 300 g/m² ou plus",
        "cut.shared": "coupez d’un repère à l’autre : deux voisins partagent une coupe",
        "sheet": "{title} · {part} · feuille {n} sur {total}", "front": "recto", "back": "verso",
        "fold": "plier sur les tirets, coller, découper",
        "standee": "Pions : découpez chaque pion, pliez-le sur ses tirets pour que ses deux figures se rejoignent "
                   "dos à dos, collez-les et dépliez les socles pour qu’il tienne debout.",
        "board_full": "{label} {size}×{size} mm, fond perdu {bleed} mm",
        "tile": "{name} : rangée {row} sur {rows}, colonne {col} sur {cols}",
        "tile_foot": "{label} · morceau {name} ({k} sur {tiles}) · page {page} sur {pages} · {paper} {orientation} "
                     "· recouvrement {overlap} mm",
        "portrait": "portrait", "landscape": "paysage",
        "map_title": "{label} : plan d'assemblage ({tiles} morceaux, {rows} rangées de {cols})",
        "map_foot": "{label} · plan d'assemblage · page 1 sur {pages} · {orientation}",
        "map_page": "page {page}",
        "map_1": "Imprimez chaque page à 100 % (taille réelle), jamais « ajuster à la page ».",
        "map_2": "Découpez les bords gauche et haut de chaque morceau au ras de l'impression : ils passent sous un "
                 "voisin. Découpez ses bords droit et bas, là où un autre morceau les rejoint, sur la ligne qui relie "
                 "les croix (en tirets sur le plan) : le dessin la dépasse de {bleed} mm, une coupe un peu décalée "
                 "montre donc encore le dessin. Là où il porte le bord du plateau, coupez sur le trait de coupe, "
                 "entre les repères (les {bleed} mm au-delà sont du fond perdu).",
        "map_3": "Les morceaux se recouvrent de {overlap} mm. Les bandes hachurées d'un morceau (à gauche et en "
                 "haut) passent sous ses voisins : encollez-les et posez dessus le morceau de gauche ou du dessus, "
                 "en faisant coïncider le dessin et les croix. Collez le plateau sur un carton gris ou une plaque "
                 "de mousse de 2 mm pour qu'il reste à plat.",
        "map_4": "Commencez par A1 (en haut à gauche), puis vers la droite et vers le bas ; le nom de chaque "
                 "morceau (lettre de colonne, numéro de rangée) est imprimé dessous et sur le plan ci-dessous.",
        "cal_title": "pnp : calibrage du recto verso",
        "cal_text": "Calibrage du recto verso. Imprimez les deux pages en recto verso à 100 % (taille réelle), "
                    "retournement sur le bord {edge}. Regardez la feuille à contre-jour.\n\nRangée du haut (X) : "
                    "trouvez la paire de traits, recto et verso, qui forme un seul trait droit ; son nombre est X. "
                    "Colonne de gauche (Y) : de même pour Y.\n\nConstruisez avec --offset X,Y (par exemple "
                    "--offset 0.5,-1.0) : chaque verso est décalé d'autant. Si les traits à 0 coïncident déjà, "
                    "votre imprimante n'a besoin d'aucun décalage.",
        "cal_back": "verso de la feuille de calibrage : lisez les nombres au recto",
    },
}


def of(lang: str | None) -> dict[str, str]:
    """pnp's words in ``lang`` (a two-letter code; a region or unknown language: English)."""
    code = str(lang or "en").lower().split("-")[0].split("_")[0]
    return WORDS.get(code, WORDS["en"])


def style(lang: str | None) -> Style:
    """The typography of pnp's words in ``lang`` (French spacing before : ; ! ?, no-break spaces)."""
    return Style(str(lang or "en"))


def paper(name: str) -> str:
    """A paper size as printed: ISO sizes in capitals (A4, A3), the others as words (Letter, Tabloid)."""
    return name.upper() if name[:1].lower() == "a" and name[1:].isdigit() else name.capitalize()


def number(value: float, lang: str | None) -> str:
    """A plain number as pnp prints it in ``lang`` (a decimal comma in French)."""
    text = f"{value:g}"
    return text.replace(".", ",") if of(lang) is WORDS["fr"] else text


#: small whole numbers as words, as running text spells them ("three doubles", "trois doubles"); a language pnp has
#: no words for, and any number past them, prints in figures
NUMBER_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve"),
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"),
}


def spelled(value, lang: str | None) -> str:
    """A whole number from 0 to 12 in words in ``lang`` (the ``words`` filter of a kit's texts: "{{ doubles_to_jail
    | words }} doubles"); any other number, or a language without NUMBER_WORDS, in figures."""
    code = str(lang or "en").lower().split("-")[0].split("_")[0]
    names = NUMBER_WORDS.get(code, ())
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        return str(value)
    return names[int(value)] if 0 <= value < len(names) else str(int(value))
