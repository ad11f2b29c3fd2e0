"""Translations for the screens: gettext catalogs read straight from their .po files.

The .po files under ``hubd/text/locale/<code>/LC_MESSAGES/hubd.po`` are parsed at start-up and
turned into a standard ``gettext.GNUTranslations`` in memory, so there is no build step and a
translator adds a language by adding one catalog. The catalog's header names the language
(``X-Language-Name``) and its direction (``X-Text-Direction: rtl``).
"""

from __future__ import annotations

import ast
import gettext
import io
import logging
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "hubd"
SOURCE_LANGUAGE = "en"
#: The languages the project ships, in the order the settings screen lists them.
SHIPPED = ("en", "id", "et", "uk", "he", "pt")
#: The on-screen keyboard's letter rows for typing names, as a message: each catalog gives its
#: own script's rows. Translators: rows of at most 10 keys, separated by "/". It lives here, not
#: with the keyboard, because the screens use the translations and never the other way round.
LATIN_ROWS = "qwertyuiop/asdfghjkl/zxcvbnm-'"

log = logging.getLogger(__name__)


class CatalogError(ValueError):
    """A .po file that cannot be read; the message names the file and line."""


@dataclass
class Entry:
    """One message of a catalog."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)  # one per plural form
    msgid_plural: str | None = None
    context: str | None = None

    @property
    def key(self) -> str:
        """The key gettext uses: context and msgid joined by EOT."""
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return any(self.msgstr)


def _unquote(token: str, where: str) -> str:
    token = token.strip()
    if len(token) < 2 or not token.startswith('"') or not token.endswith('"'):
        raise CatalogError(f"{where}: expected a quoted string, got {token!r}")
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError):
        raise CatalogError(f"{where}: bad string {token!r}") from None
    if not isinstance(value, str):  # pragma: no cover - a quoted literal is a str
        raise CatalogError(f"{where}: bad string {token!r}")
    return value


def parse_po(text: str, name: str = "catalog") -> list[Entry]:
    """The entries of a .po file (header included, msgid ""); obsolete ``#~`` lines skipped."""
    entries: list[Entry] = []
    current: Entry | None = None
    field_name: str | None = None  # the keyword the next continuation line extends
    pending_context: str | None = None

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if field_name is None:
                raise CatalogError(f"{where}: a string continues nothing")
            value = _unquote(line, where)
            if field_name == "msgctxt":
                pending_context = (pending_context or "") + value
            elif current is None:  # pragma: no cover - guarded by field_name
                raise CatalogError(f"{where}: a string continues nothing")
            elif field_name == "msgid":
                current.msgid += value
            elif field_name == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + value
            else:
                index = int(field_name.partition("[")[2].rstrip("]") or 0)
                current.msgstr[index] += value
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            finish()
            pending_context = _unquote(rest, where)
            field_name = "msgctxt"
        elif keyword == "msgid":
            if field_name != "msgctxt":
                finish()
            current = Entry(_unquote(rest, where), context=pending_context)
            pending_context = None
            field_name = "msgid"
        elif keyword == "msgid_plural" and current is not None:
            current.msgid_plural = _unquote(rest, where)
            field_name = keyword
        elif keyword.startswith("msgstr") and current is not None:
            index = int(keyword.partition("[")[2].rstrip("]") or 0)
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(rest, where)
            field_name = f"msgstr[{index}]"
        else:
            raise CatalogError(f"{where}: unexpected {keyword!r}")
    finish()
    return entries


def mo_bytes(entries: Iterable[Entry]) -> bytes:
    """The GNU .mo form of ``entries`` (untranslated ones left out, so gettext falls back)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if not entry.translated and entry.msgid:
            continue
        original = entry.key
        if entry.msgid_plural is not None:
            original += "\0" + entry.msgid_plural
        pairs[original.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(pairs)
    header_size = 7 * 4
    originals_at = header_size
    translations_at = originals_at + 8 * len(keys)
    data_at = translations_at + 8 * len(keys)
    table_o: list[int] = []
    table_t: list[int] = []
    blob = io.BytesIO()
    for key in keys:
        table_o += [len(key), data_at + blob.tell()]
        blob.write(key + b"\0")
    for key in keys:
        value = pairs[key]
        table_t += [len(value), data_at + blob.tell()]
        blob.write(value + b"\0")
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), originals_at, translations_at, 0, 0)
    tables = struct.pack(f"<{len(table_o)}I", *table_o) + struct.pack(f"<{len(table_t)}I", *table_t)
    return head + tables + blob.getvalue()


def catalog_path(code: str, root: Path = LOCALE_DIR) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages(root: Path = LOCALE_DIR) -> list[str]:
    """Every language with a catalog: the shipped ones first, then any added, by code."""
    found = sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if SOURCE_LANGUAGE not in found:
        found.insert(0, SOURCE_LANGUAGE)  # the messages themselves are English
    return [c for c in SHIPPED if c in found] + [c for c in found if c not in SHIPPED]


#: U+200F RIGHT-TO-LEFT MARK: no glyph, no width; a strong right-to-left letter for the bidi
#: algorithm, so that what follows a Latin name is not read as part of it.
RIGHT_TO_LEFT_MARK = "\u200f"
#: The placeholders of the catalogs' templates that stand for players' names.
NAME_FIELDS = ("{player}", "{players}", "{name}", "{names}", "{first}", "{second}", "{third}")


class Translator:
    """One language: its messages, its name, its direction, and right-to-left display."""

    def __init__(self, code: str, catalog: gettext.NullTranslations, rtl: bool, name: str):
        self.code = code
        self.rtl = rtl
        self.name = name
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        return self._names_apart(self._catalog.gettext(message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._names_apart(self._catalog.ngettext(singular, plural, count))

    def _names_apart(self, template: str) -> str:
        """In a right-to-left language, a right-to-left mark after each player's name in a
        template: a Latin name would otherwise take the number after it into its own
        left-to-right run ("Ben: 3 ..." shown "Ben: 3" where the line reads "3 :Ben"), on
        the hub's screen and the phones' page alike. The mark has no glyph and no width."""
        if not self.rtl:
            return template
        for placeholder in NAME_FIELDS:
            template = template.replace(placeholder, placeholder + RIGHT_TO_LEFT_MARK)
        return template

    def visual(self, text: str) -> str:
        """Text in display order: bidi reordering for right-to-left scripts and mixed text."""
        if self.rtl or any("\u0590" <= ch <= "\u08ff" for ch in text):
            # Imported here so that the config (which lists the languages) needs no bidi:
            # the installer reads it with the system Python, before the venv exists.
            from bidi.algorithm import get_display

            return str(get_display(text, base_dir="R" if self.rtl else "L"))
        return text


def _header(entries: list[Entry]) -> dict[str, str]:
    head = next((e for e in entries if e.msgid == "" and e.context is None), None)
    fields: dict[str, str] = {}
    if head is not None and head.msgstr:
        for line in head.msgstr[0].splitlines():
            key, sep, value = line.partition(":")
            if sep:
                fields[key.strip().lower()] = value.strip()
    return fields


@lru_cache(maxsize=16)
def load(code: str, root: Path = LOCALE_DIR) -> Translator:
    """The translator for ``code``; an unknown or broken catalog falls back to English."""
    path = catalog_path(code, root)
    try:
        entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    except FileNotFoundError:
        if code != SOURCE_LANGUAGE:
            log.warning("no catalog for language %r (%s); showing English", code, path)
        return Translator(code, gettext.NullTranslations(), False, code)
    except (OSError, UnicodeDecodeError, CatalogError) as err:
        log.warning("cannot read the %r catalog: %s; showing English", code, err)
        return Translator(code, gettext.NullTranslations(), False, code)
    fields = _header(entries)
    catalog = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    rtl = fields.get("x-text-direction", "ltr").lower() == "rtl"
    return Translator(code, catalog, rtl, fields.get("x-language-name", code))


def language_name(code: str) -> str:
    """The language's own name for itself, from its catalog."""
    return load(code).name


#: The type of a plain translation function, as screens receive it.
Tr = Callable[[str], str]


def source_messages(
    package: Path = Path(__file__).parents[1] / "screens",
) -> list[tuple[str, str | None]]:
    """Every message the screens (and the main loop's notices) translate: ``tr("...")`` and
    ``ntr("...", "...", n)`` calls, plus the engine's texts the screens pass through ``tr``
    (option and preset explanations, why a round is blocked, the wordings of its refusals)
    and the keyboard rows."""
    from engine import BLOCK_TEMPLATES, OPTIONS, PRESETS
    from engine.refusals import KINDS

    found: dict[str, str | None] = {}
    hubd = Path(__file__).parents[1]
    extra: list[Path] = []
    # The main loop's notices, words, what the hub says, the phones' page.
    for folder in ("loop", "text", "speech", "web"):
        extra += sorted((hubd / folder).glob("*.py"))
    for path in [*sorted(package.rglob("*.py")), *extra]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            args = [a.value for a in node.args if isinstance(a, ast.Constant)]
            strings = [a for a in args if isinstance(a, str)]
            if name in ("tr", "gettext") and strings:
                found.setdefault(strings[0], None)
            elif name in ("ntr", "ngettext") and len(strings) >= 2:
                found[strings[0]] = strings[1]
            elif name == "_" and strings:
                found.setdefault(strings[0], None)
    engine_texts = [*OPTIONS.values(), *(p.description for p in PRESETS.values())]
    for text in [*engine_texts, *BLOCK_TEMPLATES]:
        found.setdefault(text, None)
    for kind in KINDS:
        for text, plural in kind.wordings:
            found[text] = plural
    found.setdefault(LATIN_ROWS, None)
    return sorted(found.items())
