"""Refusals in the players' language, by their kind.

A kind of refusal (engine/refusals.py, and the phones' desk's own in hubd/web/desk.py) names
its English wording and the values that fill it; the wording is the catalogs' msgid, so a
refusal is translated by looking its wording up and filling in the same values, with ngettext
where a count varies. A plain RuleError (bad input in a log or a config file, never met at the
table) has no wording and stays as the engine wrote it.
"""

from __future__ import annotations

from typing import Protocol

from engine import RuleError
from engine.refusals import KINDS


class Catalog(Protocol):
    """One language's messages: :class:`hubd.text.i18n.Translator` is one."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...


def wordings(kinds: tuple[type[RuleError], ...] = KINDS) -> list[tuple[str, str | None]]:
    """Every wording of ``kinds`` as (msgid, plural msgid or None), for the catalogs."""
    return [(text, plural) for kind in kinds for text, plural in kind.wordings]


def translate_refusal(refusal: RuleError | str, catalog: Catalog) -> str:
    """``refusal`` in the language of ``catalog``: a kind by its wording and fields; a message
    of the hub's own (already a msgid) by gettext; a plain RuleError as it is."""
    if isinstance(refusal, str):
        return catalog.gettext(refusal)
    if not refusal.wordings:
        return refusal.message
    text, plural = refusal.wording()
    if plural is None:
        template = catalog.gettext(text)
    else:
        template = catalog.ngettext(text, plural, refusal.count())
    try:
        return template.format(**refusal.fields())
    except (KeyError, IndexError, ValueError):  # a broken translation: stay English
        return refusal.message
