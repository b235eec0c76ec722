"""Words as a publisher prints them: one language per edition, no placeholder names, one spelling per term.

These checks read every text and name of the edition loaded (``Kit.language``: after ``editions.select``, each
text is the one its edition prints). Names are what the kit's spaces, groups, decks, counters, tokens and title
are called; they may be in any language (Papeete, Château d'If) and are never counted as another language's words.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ..editions import languages
from ..problems import quote
from ..values import Label, Text
from ..words import WORDS
from . import check, rule

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

TEXT_LANGUAGE = rule("W-text-language", (
    "A text of the edition holds words of another language (outside the kit's names): an English footer on a "
    "French card, a French word on an English board. One edition speaks one language: write the text in the "
    "edition's language, or write it in each language the kit carries ({fr: ..., en: ...}); a line meant for "
    "readers of another language goes in a card's help: line or the rules booklet's lookup. pnp knows the "
    "common words of English and French; a name (a space, deck, group, token) is never counted."))

NAME_PLACEHOLDER = rule("W-name-placeholder", (
    "A name or text is a placeholder: only punctuation or symbols (???, --), or a word such as TODO, TBD, FIXME, "
    "xxx, lorem ipsum. A publisher prints a name: give the space, deck or card back a name, and show a mark "
    "(three question marks, a symbol) as a picture (icon: question) beside it."))

TERM_SPELLING = rule("W-term-spelling", (
    "One term is spelled two ways in the kit: a name written 'Go To Jail' on the board and 'Go to Jail' on a "
    "card, 'Proto-language' and 'Proto language', an apostrophe ' in one place and ’ in another. Write every "
    "mention of a name as the name is written (a lowercase mention in running text, 'go to jail', is a plain "
    "phrase and not counted)."))

# --------------------------------------------------------------------------- the languages pnp knows
#: common words of each language that the other does not share (articles, pronouns, verbs and nouns of the game)
_WORDS = {
    "en": set("""the and of you your yours to is are was this that these those with from each every for pay
        paid collect collects go goes here there jail free advance back player players bank banker house
        houses hotel hotels card cards roll rolls rolled dice get gets out move moves space spaces rent rents
        mortgage mortgages mortgaged money take takes keep kept until used when if it its at by be been has
        have had all any one two three four five no not do does don't may must can cannot turn turns next
        just visiting tax income luxury chest community railroad water works electric
        company birthday error favour favor fee fees repairs street owner owned owns buy buys bought sell sells
        sold price prices worth who which what where why how than then also only more less instead again
        nearest pass passing salary win wins winner lose loses game rules here's you're it's
        go to""".split()),
    "fr": set("""le la les des du une et est sont vous votre vos sur pour avec dans chaque joueur joueurs payez
        paye recevez recevoir reçoit avancez avancer reculez reculer allez aller carte cartes
        banque banquier maison maisons hôtel hôtels loyer loyers dés ne au aux à où
        qui que il elle ils elles sa ses leur leurs moins fois gagnez gagner perdez perdre jusqu
        départ caisse communauté hypothèque hypothèques hypothéqué parc gratuit impôt impôts taxe règle jeu
        partie si ou un deux trois quatre cinq lancez lancer propriétaire achetez acheter vendez vendre
        prix valeur quai gare gares compagnie amende amendes cagnotte visite
        anniversaire erreur faveur frais réparations salaire gagnant perdant tirez tirer gardez garder
        cette cet ces ce""".split()),
}
_NAMES_OF = {"en": "English", "fr": "French"}
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")

#: fields that hold names (any language) or a declared second language: never read for another language's words
_NAME_FIELDS = {"name", "subtitle", "help", "help_name", "title", "label", "inner", "symbol", "file", "id"}
#: entities whose every text is a name (a note set's title, a token, a group)
_NAMED = {"Token", "Group", "Counter", "NoteSet", "Game", "Currency"}

#: fields that are marks, not names: a currency's sign, a counter's short label
_MARKS = {"symbol", "label"}
#: fields that name something: one that is only punctuation (???) is a placeholder; elsewhere symbols may be the
#: point (a table's corner of dice, ⚀ × ⚀)
_NAMING = {"name", "title", "inner", "help_name", "heading"}
#: a writer's note left in (TODO, TBD, FIXME, XXX: capitals, as they are written) or filler text
_PLACEHOLDER = re.compile(r"\b(?:TODO|TBD|FIXME|XXX+|xxx+)\b|\b(?i:lorem ipsum|placeholder)\b")


def _texts(v: Validator) -> list[tuple[object, str, int | None, str]]:
    """(entity, field, index or None, text) for every text and name of the edition: found once per run of the
    checks (four checks read them; the kit does not change while they run)."""
    found = getattr(v, "_language_texts", None)
    if found is None:
        found = []
        for obj, name, value in (f for _, fields in v.fields() for f in fields):
            if isinstance(value, (Text, Label)):
                found.append((obj, name, None, str(value)))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, (Text, Label)):
                        found.append((obj, name, i, str(item)))
        v._language_texts = found
    return found


def _names(v: Validator) -> list[tuple[object, str, str]]:
    """(entity, field, name) of everything the kit names: spaces, groups, decks, counters, tokens."""
    kit = v.kit
    out = [(s, "name", str(s.name)) for s in kit.board.spaces]
    out += [(g, "name", str(g.name)) for g in kit.board.groups]
    out += [(d, "name", str(d.name)) for d in kit.decks]
    out += [(c, "name", str(c.name)) for c in kit.counters.counters]
    out += [(t, "name", str(t.name)) for t in kit.counters.tokens]
    return out


def _name_words(v: Validator) -> set[str]:
    words = {w.lower() for _, _, n in _names(v) for w in _WORD.findall(n)}
    words |= {w.lower() for w in _WORD.findall(str(v.kit.game.title))}
    for obj, name, _, text in _texts(v):
        if name in _NAME_FIELDS:
            words |= {w.lower() for w in _WORD.findall(text)}
    return words


@check(TEXT_LANGUAGE)
def _language(v: Validator) -> None:
    lang = str(v.kit.language).lower()
    if lang not in WORDS:
        v.report(TEXT_LANGUAGE, v.kit.game, "language",
                 f"pnp has no words in {lang!r} for what it prints itself (sheet footers, the assembly map, the "
                 f"booklet's tables, the credits heading): those print in English; pnp speaks "
                 f"{', '.join(sorted(WORDS))}")
    if lang not in _WORDS:
        return
    carried = languages(v.kit)
    names = _name_words(v)
    for obj, name, i, text in _texts(v):
        if name in _NAME_FIELDS or type(obj).__name__ in _NAMED:
            continue
        own = str(getattr(obj, "language", None) or lang) if type(obj).__name__ == "RulesSection" else lang
        if own not in _WORDS:
            continue
        words = _words_in(text)
        for other, vocabulary in _WORDS.items():
            if other == own:
                continue
            foreign = sorted(w for w in words if w in vocabulary and w not in _WORDS[own] and w not in names)
            if foreign:
                field = name if i is None else f"{name}[{i}]"
                both = other in carried
                v.report(TEXT_LANGUAGE, obj, field,
                         f"this {_NAMES_OF[own]} text holds {_NAMES_OF[other]} words ({', '.join(foreign[:6])}): "
                         + (f"write it in each language the kit carries ({{{own}: ..., {other}: ...}})" if both
                            else f"write it in {_NAMES_OF[own]}"))
                break


@lru_cache(maxsize=4096)
def _words_in(text: str) -> frozenset[str]:
    """The words of a text, folded as the vocabularies are (a line many cards repeat is read once)."""
    return frozenset(w.lower().replace("’", "'") for w in _WORD.findall(_plain(text)))


def let_go() -> None:
    """Empty what the checks keep from one run for the next (the words of each text): a build runs them once, and a
    deck of 6000 texts of their own held ~6 MB of them to the build's end. A later run reads the words again."""
    _words_in.cache_clear()


def _plain(text: str) -> str:
    """A text without its markup's commands (@lookup DECK, **, table rules)."""
    return re.sub(r"^@\w+.*$", "", text, flags=re.M)


@check(NAME_PLACEHOLDER)
def _placeholders(v: Validator) -> None:
    for obj, name, i, text in _texts(v):
        stripped = text.strip()
        field = name if i is None else f"{name}[{i}]"
        if name in _MARKS:  # a currency sign, a counter's mark: symbols by nature
            continue
        if stripped and name in _NAMING and not any(c.isalnum() for c in stripped):
            v.report(NAME_PLACEHOLDER, obj, field,
                     f"{stripped!r} is only punctuation or symbols: write a name a publisher would print, and show "
                     f"the mark as a picture (icon: question)")
        elif _PLACEHOLDER.search(stripped):
            v.report(NAME_PLACEHOLDER, obj, field,
                     f"{_PLACEHOLDER.search(stripped).group(0)!r} is a placeholder: write the text the kit prints")


def _pattern(name: str) -> str | None:
    """A name found however its words are joined (space or hyphen) and its apostrophes written, in any case."""
    words = re.findall(r"[^\W_]+", name)
    if len(words) < 2:
        return None
    return r"(?:[\s\-]+|\s*['’]\s*)".join(map(re.escape, words))


def _key(text: str) -> str:
    """A name's or a mention's words, lowercase, however joined: what tells which name a mention is of."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def _variant(found: str, name: str) -> bool:
    """Is ``found`` another spelling of ``name``: other capitals inside it (Go To Jail, Go to Jail), other joins
    with capitals (Speed-Trap), another apostrophe (' or ’)? A plain lowercase mention (go to jail, a speed-trap
    table) is not."""
    if found == name or found[1:] == name[1:]:
        return False
    if [c for c in found if c in "'’"] != [c for c in name if c in "'’"]:
        return True
    return found[1:] != found[1:].lower()


@check(TERM_SPELLING)
def _spelling(v: Validator) -> None:
    seen: set[tuple[str, str]] = set()
    named: dict[str, list[tuple[object, str]]] = {}  # a name's words -> (its owner, the name as written)
    parts = []
    for owner, _, n in _names(v):
        pat = _pattern(n)
        if pat is not None:
            if _key(n) not in named:
                parts.append(pat)
            named.setdefault(_key(n), []).append((owner, n))
    if not parts:
        return
    # one pattern for every name, longest first: each text is read once, however many names the kit has
    every = re.compile(r"(?<![\w'’-])(?:" + "|".join(sorted(parts, key=len, reverse=True)) + r")(?![\w'’-])", re.I)
    for obj, name, i, text in _texts(v):
        for m in every.finditer(text):
            found = " ".join(m.group(0).split())  # a folded text's line break is a space
            for owner, n in named.get(_key(found), ()):
                # a name written with a no-break space (to say where it breaks) is the same name as a mention
                # with a plain one: both compared with their white space as one space
                if owner is obj or not _variant(found, " ".join(n.split())) or (n, found) in seen:
                    continue
                seen.add((n, found))
                field = name if i is None else f"{name}[{i}]"
                where = v.loc(owner, "name")
                v.report(TERM_SPELLING, obj, field,
                         f"{quote(found)} here, {quote(n)} as the name of "
                         f"{getattr(owner, 'id', '') or type(owner).__name__} "
                         f"({where.file.rsplit('/', 1)[-1]}:{where.line}): write the name one way everywhere")
                break
