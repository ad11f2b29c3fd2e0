"""Hebrew-script names as espeak-ng phonemes, so that a Hebrew family's names keep their vowels.

espeak-ng's Hebrew voice reads unpointed words almost without vowels (דנה as "dn") and spells a
pointed one letter by letter. A name is therefore turned into phonemes here, in three ways, best
first: a list of common names and family words; the points (niqqud) when the name is written
with them; else a guess from the letters (ו and י between consonants as o and i, a final ה as a,
"a" between two other consonants), which says דנה "dana" and תמר "tamar". A family whose name
is still said wrong types how it sounds on the player's page (see ``sounds_like``).
"""

from __future__ import annotations

import unicodedata

#: Common names and family words, in espeak-ng's Hebrew phonemes (' before the stressed vowel).
NAMES: dict[str, str] = {
    "אבא": "'aba", "אמא": "'ima", "סבא": "s'aba", "סבתא": "s'avta", "דוד": "d'avid",
    "דודה": "dod'a", "אח": "'aX", "אחות": "aX'ot", "דנה": "dan'a", "נועה": "no'a",
    "משה": "moS'e", "יוסף": "j'osef", "יעקב": "jaak'ov", "אברהם": "avQ\"ah'am",
    "שרה": "saQ\"'a", "רחל": "Q\"aX'el", "לאה": "le'a", "רבקה": "Q\"ivk'a", "מרים": "miQ\"j'am",
    "אסתר": "est'eQ\"", "יצחק": "jitsX'ak", "שלמה": "Slom'o", "דניאל": "dani'el",
    "מיכאל": "miXa'el", "אליהו": "elij'ahu", "יונתן": "jonat'an", "נעמה": "naam'a",
    "יעל": "ja'el", "תמר": "tam'aQ\"", "מאיה": "m'aja", "אביגיל": "avig'ajil", "רוני": "Q\"'oni",
    "עידו": "'ido", "איתי": "it'aj", "אורי": "'uQ\"i", "עומר": "'omeQ\"", "נועם": "no'am",
    "יוסי": "j'osi", "דני": "d'ani", "אבי": "'avi", "רון": "Q\"'on", "גל": "g'al",
    "שירה": "SiQ\"'a", "מיכל": "miX'al", "רותם": "Q\"ot'em", "אלה": "'ela", "שני": "S'ani",
    "אדם": "ad'am", "אריאל": "aQ\"i'el", "עמית": "am'it", "ליאור": "li'oQ\"", "הילה": "hil'a",
    "חנה": "Xan'a", "יהודה": "jehud'a", "אהרון": "ahaQ\"'on", "בנימין": "binjam'in",
    "אליעזר": "eli'ezeQ\"", "גיל": "g'il", "עדי": "ad'i", "ליאת": "li'at", "אורית": "oQ\"'it",
    "אילנה": "il'ana", "ענת": "an'at", "שמואל": "Smu'el", "חיים": "X'ajim", "מרדכי": "moQ\"deX'aj",
    "צבי": "tsv'i", "אלון": "al'on", "איתן": "eit'an", "יובל": "juv'al", "אופיר": "of'iQ\"",
    "נתן": "nat'an", "עזרא": "'ezQ\"a", "רינה": "Q\"in'a", "שושנה": "SoSan'a", "טל": "t'al",
    "עינב": "ejn'av", "זהבה": "zehav'a", "מלכה": "malk'a", "פנינה": "pnin'a", "אביב": "av'iv",
    "ורד": "v'eQ\"ed", "ויקי": "v'iki",
}  # fmt: skip

_CONSONANTS = {
    "א": "", "ב": "v", "ג": "g", "ד": "d", "ה": "h", "ז": "z", "ח": "X", "ט": "t", "כ": "X",
    "ך": "X", "ל": "l", "מ": "m", "ם": "m", "נ": "n", "ן": "n", "ס": "s", "ע": "", "פ": "f",
    "ף": "f", "צ": "ts", "ץ": "ts", "ק": "k", "ר": "Q\"", "ש": "S", "ת": "t", "ו": "v", "י": "j",
}  # fmt: skip
#: Letters said hard at the start of a word (or with a dagesh): ב b, כ k, פ p.
_HARD = {"ב": "b", "כ": "k", "ך": "k", "פ": "p", "ף": "p"}
#: A geresh turns ג, ז, צ into the sounds of borrowed names (ג'ק, ז'אן, צ'רלי).
_GERESH = {"ג": "dZ", "ז": "Z", "צ": "tS", "ץ": "tS"}
_POINTS = {
    "\u05b0": "e", "\u05b1": "e", "\u05b2": "a", "\u05b3": "o", "\u05b4": "i", "\u05b5": "e",
    "\u05b6": "e", "\u05b7": "a", "\u05b8": "a", "\u05b9": "o", "\u05ba": "o", "\u05bb": "u",
    "\u05c7": "o",
}  # fmt: skip
_DAGESH, _SHIN_DOT, _SIN_DOT = "\u05bc", "\u05c1", "\u05c2"
_GERESHES = "'\u05f3\u2019"
_VOWELS = "aeiou"


def is_hebrew_letter(ch: str) -> bool:
    return "\u05d0" <= ch <= "\u05ea"


def _letters(word: str) -> list[tuple[str, str]]:
    """Each letter with the marks written on it (points, dagesh, geresh)."""
    found: list[tuple[str, str]] = []
    for ch in word:
        if is_hebrew_letter(ch):
            found.append((ch, ""))
        elif found:
            found[-1] = (found[-1][0], found[-1][1] + ch)
    return found


def _stress(phonemes: str) -> str:
    """Hebrew names mostly stress the last syllable; those ending in -i the one before."""
    vowels = [i for i, ch in enumerate(phonemes) if ch in _VOWELS]
    if not vowels:
        return phonemes
    at = vowels[-2] if phonemes.endswith("i") and len(vowels) > 1 else vowels[-1]
    if at > 0 and phonemes[at - 1] in _VOWELS:  # no stress mark inside a vowel pair
        at = vowels[-1]
    return phonemes[:at] + "'" + phonemes[at:]


def _pointed(letters: list[tuple[str, str]]) -> str:
    """A name written with points: each letter's sound and its own vowel, as written."""
    out: list[str] = []
    for i, (letter, marks) in enumerate(letters):
        vowel = next((_POINTS[m] for m in marks if m in _POINTS), "")
        if letter == "ו" and _DAGESH in marks and not vowel:
            out.append("u")  # shuruk
            continue
        if letter == "ו" and "\u05b9" in marks and i > 0:
            out.append("o")  # holam male
            continue
        if letter == "י" and i > 0 and not vowel and out and out[-1][-1:] in ("i", "e"):
            continue  # a mater lectionis after hiriq or tsere
        if letter == "ש":
            sound = "s" if _SIN_DOT in marks else "S"
        elif any(g in marks for g in _GERESHES) and letter in _GERESH:
            sound = _GERESH[letter]
        elif letter in _HARD and (_DAGESH in marks or i == 0):
            sound = _HARD[letter]
        else:
            sound = _CONSONANTS[letter]
        if letter == "ה" and i == len(letters) - 1 and not vowel:
            sound = ""  # a final ה only carries the vowel before it
        if vowel == "e" and "\u05b0" in marks and i > 0:
            vowel = ""  # a shva inside the word is mostly silent
        out.append(sound + vowel)
    return _stress("".join(out)) if out else ""


def _guessed(letters: list[tuple[str, str]]) -> str:
    """An unpointed name: matres lectionis as vowels, "a" where two consonants would meet."""
    out = ""
    last = len(letters) - 1
    for i, (letter, marks) in enumerate(letters):
        after_vowel = out[-1:] in tuple(_VOWELS)
        if letter in "אע":  # a carrier: its own vowel at the start, between consonants
            out += "" if after_vowel and i else "a"
            continue
        if letter == "ה" and i == last and i > 0:
            out += "" if out.endswith("a") else "a"
            continue
        if letter == "ו" and 0 < i < last and letters[i + 1][0] == "ו":
            continue  # וו is one v, said with the second
        if letter in "וי" and i > 0 and letters[i - 1][0] != "ו":
            vowel = "o" if letter == "ו" else "i"
            out += ("v" if letter == "ו" else "j") if after_vowel else vowel
            continue
        if letter == "ש":
            sound = "S"
        elif any(g in marks for g in _GERESHES) and letter in _GERESH:
            sound = _GERESH[letter]
        elif letter in _HARD and i == 0:
            sound = _HARD[letter]
        else:
            sound = _CONSONANTS[letter]
        if out and not after_vowel:
            out += "a"  # two consonants in a row: the commonest vowel of Hebrew names
        out += sound
    if not any(ch in _VOWELS for ch in out):
        out += "a"
    return _stress(out)


def name_phonemes(word: str) -> str | None:
    """One Hebrew word (a name) as espeak-ng phonemes; None when it has no Hebrew letter."""
    word = unicodedata.normalize("NFC", word)
    bare = "".join(ch for ch in word if is_hebrew_letter(ch) or ch in _GERESHES)
    if not any(is_hebrew_letter(ch) for ch in bare):
        return None
    known = NAMES.get(bare)
    if known is not None:
        return known
    letters = _letters(word)
    if any(m in _POINTS or m == _DAGESH for _letter, marks in letters for m in marks):
        return _pointed(letters)
    return _guessed(letters)
