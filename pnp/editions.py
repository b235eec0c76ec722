"""Editions: a kit printed in one language, for a number of players.

A kit is written in ``game.language``; ``game.translations`` lists the other languages it carries. Any text or
name may then be written in each of them::

    name: {fr: Aller en prison, en: Go to Jail}

``select`` puts the edition's language in the place of every such text (the others stay on the value, in
``translations``, for the rules booklet's lookup of the cards in a reader's language), so that everything after
loading (templates, checks, layouts) sees one language. A text written in one language is the same in every
edition: names (Papeete, Hiva Oa) are written once.

``Edition`` is what a command asks for: ``--lang`` and ``--players`` (pnp/options.py declares both flags).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .problems import Problems
from .rules.schema import TEXT_TRANSLATION
from .schema import walk_fields
from .values import Label, Text, is_language

if TYPE_CHECKING:
    from .model import Kit


class EditionError(Exception):
    """The edition asked for does not exist in the kit (a language it does not carry, a player count outside
    its range): a usage mistake, exit code 2."""


@dataclass(frozen=True)
class Edition:
    lang: str | None = None  # None: the game's own language
    players: int | None = None  # None: players.max


def languages(kit: Kit) -> list[str]:
    """The languages the kit carries: its own first."""
    own = str(kit.game.language).lower()
    return [own] + list(dict.fromkeys(str(t).lower() for t in kit.game.translations if str(t).lower() != own))


def choose(kit: Kit, edition: Edition) -> tuple[str, int]:
    """The edition's language and player count, or ``EditionError`` saying what the kit offers."""
    langs = languages(kit)
    lang = (edition.lang or langs[0]).lower()
    if edition.lang is not None and lang not in langs:
        offered = ", ".join(langs)
        raise EditionError(f"{kit.game.title} is printed in {offered} (game.yaml language and translations); "
                           f"--lang {edition.lang} is not among them")
    p = kit.game.players
    if edition.players is None:  # the game's most (a range that makes no sense is E-players-range's to say)
        return lang, int(p.max)
    players = int(edition.players)
    if not p.min <= players <= p.max:
        raise EditionError(f"{kit.game.title} is played by {p.min} to {p.max} players (game.yaml players); "
                           f"--players {edition.players} is outside that")
    return lang, players


def select(kit: Kit, lang: str, problems: Problems) -> None:
    """Put ``lang``'s text in the place of every text written in several languages; report a text that lacks
    one of the kit's languages or has one the kit does not declare (``E-text-translation``)."""
    carried = languages(kit)
    game = kit.game
    for i, code in enumerate([str(game.language), *map(str, game.translations)]):
        if not is_language(code):
            name = "language" if i == 0 else f"translations[{i - 1}]"
            problems.report(TEXT_TRANSLATION, game.locs.get(name, game.at("language" if i == 0 else "translations")),
                            game.sub(name), f"{code!r} is not a language code; write two lowercase letters (en, fr, "
                                            f"de)")
    for obj, name, value in walk_fields(kit.roots()):
        if isinstance(value, (Text, Label)) and value.translations:
            setattr(obj, name, _one(obj, name, value, lang, carried, problems))
        elif isinstance(value, list) and any(isinstance(v, (Text, Label)) and v.translations for v in value):
            setattr(obj, name, [_one(obj, f"{name}[{i}]", v, lang, carried, problems)
                                if isinstance(v, (Text, Label)) and v.translations else v
                                for i, v in enumerate(value)])
    if kit.booklet is not None:  # sections printed in some editions only
        for section in kit.booklet.sections:
            for code in section.editions:
                if code not in carried:
                    problems.report(TEXT_TRANSLATION, section.at("editions"), section.sub("editions"),
                                    f"{code!r} is not an edition of this kit ({', '.join(carried)}); write one of "
                                    f"those")
        kit.booklet.sections = [s for s in kit.booklet.sections if not s.editions or lang in s.editions]


def _one(obj, name: str, value: Text | Label, lang: str, carried: list[str], problems: Problems):
    written = value.translations
    loc = obj.locs.get(name, obj.loc)
    path = obj.sub(name)
    unknown = [k for k in written if k not in carried]
    if unknown:
        problems.report(TEXT_TRANSLATION, written[unknown[0]].__dict__.get("loc", loc), f"{path}.{unknown[0]}",
                        f"this text is written in {', '.join(unknown)}, a language the kit does not carry "
                        f"({', '.join(carried)}): add it to game.yaml's translations, or remove it here")
    missing = [k for k in carried if k not in written]
    if missing:
        problems.report(TEXT_TRANSLATION, loc, path,
                        f"this text is written in {', '.join(written)} but not in {', '.join(missing)}, which the "
                        f"kit carries (game.yaml language and translations); add {missing[0]}: ... here")
    chosen = written.get(lang) or written.get(carried[0]) or next(iter(written.values()))
    if "loc" in chosen.__dict__:
        obj.locs[name] = chosen.__dict__["loc"]
    chosen.__dict__["translations"] = written
    return chosen
