"""Loading: rules for reading files and YAML, converting them to the model (the schema), and templates.

Declarations only: these problems are found before there is a kit to check, by pnp/load.py and
pnp/content.py (files, YAML), pnp/schema.py (keys, types, values) and pnp/templates.py ({{ ... }}
texts), each of which reports them with ``problems.report(RULE, loc, path, message)``.
"""
from __future__ import annotations

from . import rule

# ---- files and YAML (pnp/load.py, pnp/content.py)
FILE_MISSING = rule("E-file-missing", (
    "A file the kit needs cannot be found: every game folder has a game.yaml and a board.yaml (titles, money, "
    "counters, reference and decks/ are optional). Create the file or check the game folder's name."),
    emitted_by=("pnp.load", "pnp.content", "pnp.csvdata"))

FILE_UNREADABLE = rule("E-file-unreadable", (
    "A content file exists but cannot be read: it is a folder, a pipe, a device or a link to nothing, "
    "permissions forbid it, or decks/ is not a folder (or holds more than 200 files). pnp reads plain files "
    "only (a pipe is never opened: it would wait for ever); fix the file system, pnp never writes content "
    "files."),
    emitted_by=("pnp.load", "pnp.content", "pnp.csvdata"))

YAML_ENCODING = rule("E-yaml-encoding", (
    "The file is not UTF-8 text. pnp reads every content file as UTF-8 so that accents and other scripts "
    "survive; save the file as UTF-8 in your editor."),
    emitted_by=("pnp.load", "pnp.csvdata"))

YAML_SYNTAX = rule("E-yaml-syntax", (
    "The file is not valid YAML at the given line: usually a bad indentation, a missing colon, or an unclosed "
    "quote or bracket. Nothing in the file can be read until it parses."),
    emitted_by="pnp.load")

YAML_TOO_LARGE = rule("E-yaml-too-large", (
    "A file is larger than 5 MB, nests deeper than 64 levels (checked before it is parsed into a tree, so a "
    "document thousands of levels deep is an error, not a crash), or the kit's files together expand to more "
    "than 200,000 values, almost always because anchors and aliases (&name / *name) multiply each other (an "
    "'alias bomb'). pnp stops instead of hanging; write the values out or use fewer aliases."),
    emitted_by=("pnp.load", "pnp.csvdata"))

YAML_TAG = rule("E-yaml-tag", (
    "A YAML tag such as !!python/object or !custom is used. Content is plain data (text, numbers, lists, "
    "mappings), loaded safely; remove the tag and write a plain value."),
    emitted_by="pnp.load")

YAML_KEY = rule("E-yaml-key", (
    "A mapping key is itself a list or mapping. Keys are plain words or numbers; rewrite the key."),
    emitted_by="pnp.load")

YAML_MERGE = rule("E-yaml-merge", (
    "A YAML merge key (<<: *anchor) is used. Merges hide where a value comes from, so error positions would "
    "be wrong; write the keys out."),
    emitted_by="pnp.load")

YAML_DUPLICATE_KEY = rule("E-yaml-duplicate-key", (
    "The same key appears twice in one mapping. YAML would silently keep the last one, which hides mistakes; "
    "keep one of them."),
    emitted_by="pnp.load")

# ---- spreadsheet data (pnp/csvdata.py): a list written as `cards: {csv: decks/chance.csv}`
CSV_FILE = rule("E-csv-file", (
    "A list's csv: names a file pnp will not read as its rows: outside the game folder (paths are relative to "
    "the game folder, like pictures'; no .. or links leading out), not ending in .csv, larger than 5 MB, or the "
    "csv: mapping holds other keys. A missing file is E-file-missing, one that is not UTF-8 E-yaml-encoding."),
    emitted_by="pnp.csvdata")

CSV_HEADER = rule("E-csv-header", (
    "The first row of a CSV file names the fields of each row's item (text, id, keep, effect.action ...); a "
    "header is empty, repeated, unknown to the schema (the message suggests the nearest), goes into a field "
    "that is not a mapping, or names both a mapping and one of its fields (effect and effect.action). A field "
    "holding a list of mappings (rows, effect.options) is one column whose cells hold YAML, [{...}, ...]."),
    emitted_by="pnp.csvdata")

CSV_ROW = rule("E-csv-row", (
    "A row of a CSV file cannot be read: it has fewer cells than the header (a ragged row: add the empty "
    "cells), a value beyond the last header, a quote left open, or a cell over 128 kB. Rows and columns are "
    "counted as a spreadsheet shows them: the header is row 1, column A is 1."),
    emitted_by="pnp.csvdata")

# ---- schema (pnp/schema.py; values from pnp/values.py fail as E-schema-*)
SCHEMA_UNKNOWN_KEY = rule("E-schema-unknown-key", (
    "A key the schema does not know, often a typo; the message suggests the nearest known key or lists the "
    "allowed ones. Unknown keys are errors rather than ignored so a misspelt value never silently vanishes."),
    emitted_by="pnp.schema")

SCHEMA_MISSING = rule("E-schema-missing", (
    "A required key is missing; the message says what it is for. Add it."),
    emitted_by="pnp.schema")

SCHEMA_TYPE = rule("E-schema-type", (
    "A value has the wrong type: for example text where a number, list or mapping is expected. The message "
    "says what is expected there."),
    emitted_by="pnp.schema")

SCHEMA_CHOICE = rule("E-schema-choice", (
    "A value must be one of a fixed set of words (a space kind, an icon, an effect action...); the message "
    "lists them and suggests the nearest."),
    emitted_by="pnp.schema")

SCHEMA_COLOUR = rule("E-schema-colour", (
    "A colour is not written as \"#rrggbb\" (or #rgb). Quote it in YAML: a bare # starts a comment."),
    emitted_by="pnp.schema")

SCHEMA_LENGTH = rule("E-schema-length", (
    "A length is not a non-negative number of millimetres, or a number with the unit mm, cm, in or pt."),
    emitted_by="pnp.schema")

SCHEMA_AMOUNT = rule("E-schema-amount", (
    "An amount or count must be a whole number, 0 or more; amounts are written positive and the card or "
    "effect says whether they are paid or collected."),
    emitted_by="pnp.schema")

SCHEMA_ID = rule("E-schema-id", (
    "An id uses characters other than lowercase letters, digits, - and _. Ids are referred to from other "
    "files (title cards, deck spaces, rules), so they are kept simple."),
    emitted_by="pnp.schema")

SCHEMA_EMPTY_TEXT = rule("E-schema-empty-text", (
    "A text or label is empty or only spaces; write it or remove the key."),
    emitted_by="pnp.schema")

EDITION_GONE = rule("E-edition-gone", (
    "pnp watch or pnp serve shows an edition (--lang, --players) that a saved change took away: game.yaml no "
    "longer carries that language, or players.max is now under --players. The last good pictures stay; undo "
    "the change, or start again with an edition the kit offers."),
    emitted_by="pnp.session")

TEXT_TRANSLATION = rule("E-text-translation", (
    "A text written in several languages ({fr: ..., en: ...}) must be written in every language the kit carries "
    "(game.yaml's language and translations) and in no other: an edition printed in a language the text lacks "
    "would print a blank or the wrong language. Add the missing language, or add the extra one to translations. "
    "Language codes are two lowercase letters (ISO 639-1)."),
    emitted_by="pnp.editions")

# ---- templates (pnp/templates.py)
TEMPLATE_UNDEFINED = rule("E-template-undefined", (
    "A {{ ... }} expression in a text names a value that does not exist; the message lists the names a "
    "template can use (game, rules, salary, space(...), deck(...), title(...), and game.data)."),
    emitted_by="pnp.templates")

TEMPLATE_SYNTAX = rule("E-template-syntax", (
    "A {{ ... }} or {% ... %} expression in a text is not valid Jinja2 syntax, e.g. an unclosed brace."),
    emitted_by="pnp.templates")

TEMPLATE_REFERENCE = rule("E-template-reference", (
    "A template asks for a space, deck or title card by an id that does not exist, e.g. space('irsh')."),
    emitted_by="pnp.templates")

TEMPLATE_UNSAFE = rule("E-template-unsafe", (
    "A template tried something the sandbox forbids. Texts only read the game's values: the content fields of "
    "spaces, decks, title cards and the game (not where they were written: loc, locs, path), items of lists "
    "and mappings, and a few methods that change nothing ('x'.upper(), data.get('k')). Anything that would "
    "change the game's data (rules.deck_sizes.update(...)), the model's methods and names starting with _ are "
    "refused, so the validator checks exactly what the files say and no text prints internals. The message "
    "lists what the object offers."),
    emitted_by="pnp.templates")

TEMPLATE_LIMIT = rule("E-template-limit", (
    "A template went over a limit that keeps hostile or runaway texts from hanging pnp or eating memory: at "
    "most 10000 loop iterations and calls per text (range() included), at most 20000 characters for the "
    "rendered text and for every value built on the way (a text repeated with *, a list), numbers of at most "
    "4000 digits, at most 1000000 characters written and built in all, at most 10000 characters of source "
    "for a text holding {{ }} or {% %}, 0.5 s per text and 2 s for all texts of a kit. Sizes are worked out "
    "before the work, so 'a' * 10**9 fails at once. The message says which limit; loop over fewer items, "
    "repeat less, or write the text out."),
    emitted_by="pnp.templates")

TEMPLATE_ERROR = rule("E-template-error", (
    "A template failed while rendering, e.g. money applied to text or a division by zero."),
    emitted_by="pnp.templates")
