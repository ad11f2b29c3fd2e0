"""The text espeak-ng is given: SSML, a voice per script, and the voice's lexicon.

A name written in another script than the language's is read by a voice that knows that
script: "Ben" in a Hebrew phrase by the English voice, "Олена" in a Portuguese one by the
Ukrainian voice (espeak-ng would otherwise spell it letter by letter). Pure: no process here.
"""

from __future__ import annotations

import re

from hubd.speech.lexicon import LEXICONS


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities, as xml.sax.saxutils.escape does (whose import
    brings urllib, http and ssl: 3 MB of the daemon's memory)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: The espeak-ng voice for each catalog language (the Portuguese catalog is Brazilian).
VOICES: dict[str, str] = {"en": "en", "id": "id", "et": "et", "uk": "uk", "he": "he", "pt": "pt-br"}
#: The script each language is written in, when not Latin.
_OWN_SCRIPT: dict[str, str] = {"he": "hebrew", "uk": "cyrillic"}
#: Who reads a run of text in a script that is not the language's own.
_READER: dict[str, str] = {"hebrew": "he", "cyrillic": "uk", "latin": "en"}
_HEBREW_WORD = re.compile(r"[\u05d0-\u05ea\u05f0-\u05f4]+")


def voice(language: str) -> str:
    """The espeak-ng voice for a catalog language (a new catalog's code is tried as it is)."""
    return VOICES.get(language, language)


def _script(ch: str) -> str | None:
    if "\u0590" <= ch <= "\u05ff" or "\ufb1d" <= ch <= "\ufb4f":
        return "hebrew"
    if "\u0400" <= ch <= "\u052f":
        return "cyrillic"
    return "latin" if ch.isalpha() else None


def runs(text: str) -> list[tuple[str | None, str]]:
    """``text`` cut where the script changes; digits, spaces and marks stay with their run."""
    found: list[tuple[str | None, str]] = []
    for ch in text:
        script = _script(ch)
        if found and (script is None or found[-1][0] in (None, script)):
            previous, chunk = found[-1]
            found[-1] = (previous if script is None else script, chunk + ch)
        else:
            found.append((script, ch))
    return found


def pronounce(text: str, language: str) -> str:
    """``text`` escaped for SSML, with the words of the voice's lexicon as phonemes."""
    lexicon = LEXICONS.get(language)
    text = text.replace("[", " ").replace("]", " ")  # no phoneme input from a player's name
    if lexicon is None:
        return escape(text)
    out: list[str] = []
    words = list(_HEBREW_WORD.finditer(text))
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
        phonemes = lexicon.get(word[0])
        if phonemes is None and word[0].startswith("ו") and word[0][1:] in lexicon:
            phonemes = "ve" + lexicon[word[0][1:]]
        out.append(f"[[{phonemes}]]" if phonemes is not None else escape(word[0]))
        position, i = word.end(), i + 1
    out.append(escape(text[position:]))
    return "".join(out)


def to_ssml(text: str, language: str) -> str:
    """The SSML document that says ``text`` in ``language``, names in their own script's voice."""
    own = _OWN_SCRIPT.get(language, "latin")
    pieces: list[tuple[str, str]] = []
    for script, chunk in runs(text):
        reader = language if script in (None, own) else _READER[script]
        if pieces and pieces[-1][0] == reader:
            pieces[-1] = (reader, pieces[-1][1] + chunk)
        else:
            pieces.append((reader, chunk))
    if all(reader == language for reader, _ in pieces):
        return f"<speak>{pronounce(text, language)} </speak>"
    # A space before each closing tag: right after "]]" espeak-ng would read the tag aloud.
    body = "".join(
        f'<voice xml:lang="{voice(reader)}">{pronounce(chunk, reader)} </voice>'
        for reader, chunk in pieces
    )
    return f"<speak>{body}</speak>"
