"""The text espeak-ng is given: SSML, a voice per script, and the voice's lexicon.

A name written in another script than the language's is read by a voice that knows that
script: "Ben" in a Hebrew phrase by the English voice, "Олена" in a Portuguese one by the
Ukrainian voice (espeak-ng would otherwise spell it letter by letter). Every run of text gets
its own ``<voice name="...">``: espeak-ng does not switch back to a voice met before when it is
asked by ``xml:lang``, and after a ``</voice>`` it keeps the inner voice's numbers. Digits
always go to the table's voice, so "Ana: 0" on a Ukrainian table says "нуль". Pure: no process.
"""

from __future__ import annotations

import re
import unicodedata

from hubd.speech.hebrew import NAMES, name_phonemes
from hubd.speech.lexicon import LEXICONS


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities, as xml.sax.saxutils.escape does (whose import
    brings urllib, http and ssl: 3 MB of the daemon's memory)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: The espeak-ng voice for each catalog language (the Portuguese catalog is Brazilian).
VOICES: dict[str, str] = {"en": "en", "id": "id", "et": "et", "uk": "uk", "he": "he", "pt": "pt-br"}
#: The script each language is written in, when not Latin.
_OWN_SCRIPT: dict[str, str] = {"he": "hebrew", "uk": "cyrillic"}
#: Who reads a run of text in a script that is not the language's own (a Greek, Arabic, Thai,
#: Korean, ... name at the table too, by an espeak-ng voice that knows its letters).
_READER: dict[str, str] = {
    "hebrew": "he", "cyrillic": "uk", "latin": "en", "greek": "el", "arabic": "ar",
    "armenian": "hy", "devanagari": "hi", "thai": "th", "georgian": "ka", "kana": "ja",
    "hangul": "ko", "han": "cmn",
}  # fmt: skip
#: The other scripts' letters, by Unicode block: (first, last, script).
_BLOCKS: tuple[tuple[str, str, str], ...] = (
    ("\u0370", "\u03ff", "greek"), ("\u1f00", "\u1fff", "greek"),
    ("\u0530", "\u058f", "armenian"),
    ("\u0600", "\u06ff", "arabic"), ("\u0750", "\u077f", "arabic"),
    ("\ufb50", "\ufdff", "arabic"), ("\ufe70", "\ufeff", "arabic"),
    ("\u0900", "\u097f", "devanagari"), ("\u0e00", "\u0e7f", "thai"),
    ("\u10a0", "\u10ff", "georgian"), ("\u1c90", "\u1cbf", "georgian"),
    ("\u3040", "\u30ff", "kana"),
    ("\u1100", "\u11ff", "hangul"), ("\u3130", "\u318f", "hangul"),
    ("\uac00", "\ud7af", "hangul"), ("\u3400", "\u4dbf", "han"), ("\u4e00", "\u9fff", "han"),
)  # fmt: skip
#: A word of the lexicons: Hebrew letters with their points and geresh, or Cyrillic letters.
_WORD = re.compile(
    r"[\u05d0-\u05ea](?:[\u05d0-\u05ea\u0591-\u05c7]|(?<=[גזצץ])['\u05f3])*"  # ג'ק, not דוד's
    r"|[\u0400-\u052f](?:[\u0400-\u052f]|['ʼ](?=[\u0400-\u052f]))*"  # п'ять, not Олена's
)


_POSSESSIVE = re.compile(r"s(?!\w)")


def voice(language: str) -> str:
    """The espeak-ng voice for a catalog language (a new catalog's code is tried as it is)."""
    return VOICES.get(language, language)


def _script(ch: str) -> str | None:
    if "\u0590" <= ch <= "\u05ff" or "\ufb1d" <= ch <= "\ufb4f":
        return "hebrew"
    if "\u0400" <= ch <= "\u052f":
        return "cyrillic"
    if ch.isdigit():
        return "digit"
    if not ch.isalpha() and not unicodedata.category(ch).startswith("M"):
        return None
    if ch < "\u0370":
        return "latin"
    return next((script for lo, hi, script in _BLOCKS if lo <= ch <= hi), "latin")


def runs(text: str) -> list[tuple[str | None, str]]:
    """``text`` cut where the script changes; spaces and marks stay with the run before them,
    digits make runs of their own ("digit")."""
    found: list[tuple[str | None, str]] = []
    for ch in text:
        script = _script(ch)
        if found and (script is None or found[-1][0] in (None, script)):
            previous, chunk = found[-1]
            found[-1] = (previous if script is None else script, chunk + ch)
        else:
            found.append((script, ch))
    return found


def readers(text: str, language: str) -> list[tuple[str, str]]:
    """``text`` as (language of the voice that reads it, chunk): the table's voice for its own
    script and for every number, another voice for a name in another script."""
    own = _OWN_SCRIPT.get(language, "latin")
    pieces: list[tuple[str, str]] = []
    for script, chunk in runs(text):
        reader = language if script in (None, own, "digit") else _READER[script]
        if pieces and pieces[-1][0] == reader:
            pieces[-1] = (reader, pieces[-1][1] + chunk)
            continue
        if pieces and _POSSESSIVE.match(chunk) and pieces[-1][1][-1:] in "'’":
            # "Олена's turn": no voice can say the "'s" of a name in another script
            pieces[-1] = (pieces[-1][0], pieces[-1][1][:-1] + " ")
            chunk = chunk[1:]
        pieces.append((reader, chunk))
    return pieces


def _word(word: str, lexicon: dict[str, str], language: str) -> str | None:
    """One word's phonemes: the lexicon's, else (Hebrew) a name's, else espeak-ng's rules."""
    found = lexicon.get(word)
    if found is not None or language != "he":
        return found
    rest = word[1:]
    if word in NAMES or not word.startswith("ו") or len(rest) < 2:
        return name_phonemes(word)  # not a word the hub says: a player's name
    inner = lexicon.get(rest) or name_phonemes(rest)  # "and" before a word or a name: ve-
    return f"ve{inner}" if inner is not None else None


def pronounce(text: str, language: str) -> str:
    """``text`` escaped for SSML, with the words of the voice's lexicon (and, in Hebrew, the
    players' names) as phonemes."""
    text = text.replace("[", " ").replace("]", " ")  # no phoneme input from a player's name
    lexicon = LEXICONS.get(language)
    if lexicon is None and language != "he":
        return escape(text)
    lexicon = lexicon or {}
    out: list[str] = []
    words = list(_WORD.finditer(text))
    position, i = 0, 0
    while i < len(words):
        word = words[i]
        out.append(escape(text[position : word.start()]))
        pair = None
        if i + 1 < len(words) and text[word.end() : words[i + 1].start()] == " ":
            pair = lexicon.get(f"{word[0]} {words[i + 1][0]}")
        if pair is not None:
            out.append(f"[[{pair}]]")
            position, i = words[i + 1].end(), i + 2
            continue
        phonemes = _word(word[0], lexicon, language)
        out.append(f"[[{phonemes}]]" if phonemes is not None else escape(word[0]))
        position, i = word.end(), i + 1
    out.append(escape(text[position:]))
    return "".join(out)


def to_ssml(text: str, language: str) -> str:
    """The SSML document that says ``text`` in ``language``, names in their own script's voice."""
    # A space before each closing tag: right after "]]" espeak-ng would read the tag aloud.
    body = "".join(
        f'<voice name="{voice(reader)}">{pronounce(chunk, reader)} </voice>'
        for reader, chunk in readers(text, language)
    )
    return f"<speak>{body}</speak>"
