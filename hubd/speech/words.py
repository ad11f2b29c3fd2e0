"""Phrases in one language: the catalog's texts, with numbers as that language's voice says them.

espeak-ng reads digits aloud in English, Indonesian, Estonian, Ukrainian and Portuguese, but its
Hebrew voice skips them, so Hebrew numbers are spelled out in words (feminine, the form used for
counting toes and points and for naming a number).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engine import Tile
from hubd.i18n import Translator

_HE_UNITS = ("אפס", "אחת", "שתיים", "שלוש", "ארבע", "חמש", "שש", "שבע", "שמונה", "תשע")
_HE_TEENS = (
    "עשר", "אחת עשרה", "שתים עשרה", "שלוש עשרה", "ארבע עשרה",
    "חמש עשרה", "שש עשרה", "שבע עשרה", "שמונה עשרה", "תשע עשרה",
)  # fmt: skip
_HE_TENS = ("", "", "עשרים", "שלושים", "ארבעים", "חמישים", "שישים", "שבעים", "שמונים", "תשעים")
_HE_HUNDREDS = ("", "מאה", "מאתיים")
_HE_THOUSANDS = ("", "אלף", "אלפיים")
#: 3000 to 9000: "three thousand" takes the construct form of the number.
_HE_CONSTRUCT = ("", "", "", "שלושת", "ארבעת", "חמשת", "ששת", "שבעת", "שמונת", "תשעת")


def hebrew_number(n: int) -> str:
    """``n`` in Hebrew words; from 10 000 on, digit by digit."""
    if n < 0:
        return "מינוס " + hebrew_number(-n)
    if n >= 10_000:
        return " ".join(_HE_UNITS[int(d)] for d in str(n))
    if n < 10:
        return _HE_UNITS[n]
    parts: list[str] = []
    thousands, rest = divmod(n, 1000)
    if thousands:
        parts.append(_HE_THOUSANDS[thousands] if thousands < 3 else
                     f"{_HE_CONSTRUCT[thousands]} אלפים")  # fmt: skip
    hundreds, rest = divmod(rest, 100)
    if hundreds:
        parts.append(_HE_HUNDREDS[hundreds] if hundreds < 3 else f"{_HE_UNITS[hundreds]} מאות")
    if 10 <= rest < 20:
        parts.append(_HE_TEENS[rest - 10])
    elif rest:
        tens, units = divmod(rest, 10)
        if tens:
            parts.append(_HE_TENS[tens])
        if units:
            parts.append(_HE_UNITS[units])
    if len(parts) > 1:  # "and" goes before the last part: מאה עשרים ושלוש
        parts[-1] = "ו" + parts[-1]
    return " ".join(parts)


#: Languages whose voice needs numbers in words, and how to write them.
NUMBER_WORDS: dict[str, Callable[[int], str]] = {"he": hebrew_number}

_TILE = re.compile(r"\b(\d+)-(\d+)\b")
_DIGITS = re.compile(r"\d+")


class Words:
    """The texts of one language for the voice: translated, with numbers it can say."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.language = translator.code
        self._number = NUMBER_WORDS.get(self.language, str)

    def tr(self, text: str) -> str:
        return self.translator.gettext(text)

    def ntr(self, singular: str, plural: str, count: int) -> str:
        return self.translator.ngettext(singular, plural, count)

    def number(self, n: int) -> str:
        return self._number(n)

    def tile(self, tile: Tile) -> str:
        """A tile as two numbers ("5 2"): "5-2" would be read as "five minus two"."""
        return f"{self.number(tile.lo)} {self.number(tile.hi)}"

    def names(self, names: Sequence[str]) -> str:
        """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
        if len(names) == 1:
            return names[0]
        return self.tr("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def spoken(self, text: str) -> str:
        """A screen text made sayable: tiles as two numbers, numbers as the voice needs."""
        text = _TILE.sub(lambda m: f"{m[1]} {m[2]}", text)
        if self.language not in NUMBER_WORDS:
            return text
        return _DIGITS.sub(lambda m: self.number(int(m[0])), text)
