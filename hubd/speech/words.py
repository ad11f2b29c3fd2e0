"""Phrases in one language: the catalog's texts, with numbers as that language's voice says them.

espeak-ng reads digits aloud in English, Indonesian, Estonian, Ukrainian and Portuguese, but its
Hebrew voice skips them, so Hebrew numbers are spelled out in words (feminine, the form used for
counting toes and points and for naming a number; "שתי" before a noun, and rounds, a masculine
noun, by their ordinals). Ukrainian numbers after "бракує" (is short of) take the genitive.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from engine import Tile
from engine.names import name_key
from hubd.text.i18n import RIGHT_TO_LEFT_MARK, Translator

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


#: "The first round" ... "the twentieth": סיבוב is masculine (and "סיבוב אחת" mixes genders).
_HE_ORDINALS = (
    "", "הראשון", "השני", "השלישי", "הרביעי", "החמישי", "השישי", "השביעי", "השמיני",
    "התשיעי", "העשירי", "האחד עשר", "השנים עשר", "השלושה עשר", "הארבעה עשר", "החמישה עשר",
    "השישה עשר", "השבעה עשר", "השמונה עשר", "התשעה עשר", "העשרים",
)  # fmt: skip
#: Before a noun two is שתי (feminine: toes, tiles, arms, points) or שני (masculine).
_HE_FEMININE = ("אצבעות", "אבנים", "זרועות", "נקודות")
_HE_MASCULINE = ("שחקנים", "סיבובים")
#: Ukrainian numbers in the genitive ("бракує ще двох пальчиків"); one by the noun's gender.
_UK_GENITIVE = ("", "", "двох", "трьох", "чотирьох", "п'яти", "шести", "семи", "восьми",
                "дев'яти", "десяти")  # fmt: skip
_UK_SHORT_OF = re.compile(r"\b(бракує(?: ще)?) (\d+) (\w+)")


def _uk_genitive(match: re.Match[str]) -> str:
    n, noun = int(match[2]), match[3]
    if n == 1:
        number = "однієї" if noun.endswith(("и", "і")) else "одного"
    elif n < len(_UK_GENITIVE):
        number = _UK_GENITIVE[n]
    else:
        return match[0]
    return f"{match[1]} {number} {noun}"


def hebrew_round(n: int) -> str:
    """A round of a Hebrew phrase: "הראשון" (the first), then the number past the twentieth."""
    return _HE_ORDINALS[n] if 0 < n < len(_HE_ORDINALS) else f"מספר {hebrew_number(n)}"


#: Languages whose voice needs numbers in words, and how to write them.
NUMBER_WORDS: dict[str, Callable[[int], str]] = {"he": hebrew_number}

_TILE = re.compile(r"\b(\d+)-(\d+)\b")
_DIGITS = re.compile(r"\d+")


class Words:
    """The texts of one language for the voice: translated, with numbers it can say."""

    def __init__(
        self, translator: Translator, sounds_like: Mapping[str, str] | None = None
    ) -> None:
        self.translator = translator
        self.language = translator.code
        self._number = NUMBER_WORDS.get(self.language, str)
        self.sounds_like = sounds_like or {}
        self._sounds = {name_key(name): said for name, said in self.sounds_like.items()}

    def name(self, player: str) -> str:
        """A player's name as the family typed how it sounds, else as it is written (names
        compared as the store compares them: "ana" is Ana)."""
        return self._sounds.get(name_key(player)) or player

    def tr(self, text: str) -> str:
        return self.translator.gettext(text).replace(RIGHT_TO_LEFT_MARK, "")

    def ntr(self, singular: str, plural: str, count: int) -> str:
        """(The catalogs' right-to-left marks order the screen's lines; they say nothing.)"""
        return self.translator.ngettext(singular, plural, count).replace(RIGHT_TO_LEFT_MARK, "")

    def number(self, n: int) -> str:
        return self._number(n)

    def count(self, n: int) -> str:
        """A number before the noun it counts (Hebrew: "שתי אצבעות", not "שתיים אצבעות")."""
        return "שתי" if self.language == "he" and n == 2 else self.number(n)

    def round(self, n: int) -> str:
        """A round's number in a phrase (Hebrew: its masculine ordinal, "הסיבוב השלישי")."""
        return hebrew_round(n) if self.language == "he" else self.number(n)

    def double(self, n: int) -> str:
        """A double by its number, the double 0 as players call it: "double blank"."""
        if n == 0:
            return self.tr("double blank")
        return self.tr("double {n}").format(n=self.number(n))

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
        if self.language == "uk":
            text = _UK_SHORT_OF.sub(_uk_genitive, text)
        if self.language != "he":
            return text
        text = re.sub(r"\b2 (?=(\w+))", lambda m: _he_two(m[1]), text)
        return _DIGITS.sub(lambda m: self.number(int(m[0])), text)


def _he_two(noun: str) -> str:
    if noun in _HE_FEMININE:
        return "שתי "
    return "שני " if noun in _HE_MASCULINE else "שתיים "
