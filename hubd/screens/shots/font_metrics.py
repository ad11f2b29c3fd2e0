"""Write the fonts' measurements the screens lay text out with (``make font-metrics``).

``hubd/screens/kit/measure.py`` measures text without pygame, from a table of each glyph's
hinted advance and ink (what pygame's ``Font.metrics`` gives) at every size the screens use, so
that the hub's screen and ``hubd layout`` agree to the pixel and drawn text is never wider than
measured. This script writes that table from the installed DejaVu fonts with pygame, for every
character the six catalogs, the screens' own texts and players' names in the hub's alphabets
need. Run it again after the catalogs gain a character or the fonts change;
tests/hubd/screens/test_text_measured_as_drawn.py says when it is due.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import unicodedata
from pathlib import Path

from hubd.screens.kit.measure import BOLD_FONT_PATH, FONT_PATH, METRICS_PATH, SIZES
from hubd.text.i18n import LOCALE_DIR, available_languages, catalog_path, parse_po

#: Characters a player's name may hold beyond the catalogs' (whose keyboards hold each
#: language's letters): ASCII and Latin-1's accented letters; and the marks that set the
#: direction of a run of text (the Phones panel's addresses in Hebrew). Others count as the
#: widest glyph.
NAME_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2066, 0x2069),
    (0xFEFF, 0xFEFF),
)


def characters() -> str:
    """Every character to measure: the catalogs', the screens' sources' and names'."""
    found: set[str] = set()
    for code in available_languages(LOCALE_DIR):
        for entry in parse_po(catalog_path(code).read_text(encoding="utf-8"), code):
            for text in (entry.msgid, entry.msgid_plural or "", *entry.msgstr):
                found.update(text)
    here = Path(__file__).resolve().parents[2]
    for folder in ("screens", "text", "picture"):
        for source in sorted((here / folder).rglob("*.py")):
            found.update(ch for ch in source.read_text(encoding="utf-8") if ord(ch) > 0x7E)
    for low, high in NAME_RANGES:
        found.update(chr(n) for n in range(low, high + 1))
    return "".join(sorted(ch for ch in found if unicodedata.category(ch) != "Cc"))


def table(path: Path, chars: str) -> tuple[str, dict[str, list[int]]]:
    """The characters the font has and, for each size, [line height, ascent, descent, then
    each character's advance, leftmost and rightmost ink from the pen, and top of ink]."""
    import pygame

    pygame.font.init()
    kept = ""
    sizes: dict[str, list[int]] = {}
    probe = pygame.font.Font(str(path), 40)
    kept = "".join(ch for ch in chars if probe.metrics(ch)[0] is not None)
    for size in SIZES:
        font = pygame.font.Font(str(path), size)
        row = [font.get_linesize(), font.get_ascent(), font.get_descent()]
        for ch, metrics in zip(kept, font.metrics(kept), strict=True):
            assert metrics is not None
            minx, maxx, _miny, maxy, advance = metrics
            if unicodedata.category(ch) == "Cf":  # a direction mark, a soft hyphen: pygame
                advance = minx = maxx = 0  # gives it no width in a line
            row += [advance, minx, maxx, maxy]
        sizes[str(size)] = row
    return kept, sizes


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    chars = characters()
    fonts = {}
    for name, path in (("regular", FONT_PATH), ("bold", BOLD_FONT_PATH)):
        if not path.exists():
            print(f"font-metrics: {path} is missing (install fonts-dejavu-core)", file=sys.stderr)
            return 1
        kept, sizes = table(path, chars)
        fonts[name] = {"font": path.name, "chars": kept, "sizes": sizes}
    data = json.dumps(fonts, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    METRICS_PATH.write_bytes(gzip.compress(data.encode(), compresslevel=9, mtime=0))
    print(f"font-metrics: {len(chars)} characters at {len(SIZES)} sizes -> {METRICS_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
