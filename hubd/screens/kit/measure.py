"""Measuring and fitting text without pygame: the screens' layout and ``hubd layout`` use it.

The widths come from a table of DejaVu Sans's hinted glyph metrics at each size, written by
``make font-metrics`` (hubd/screens/shots/font_metrics.py) with pygame. pygame's width of a
line is the sum of its glyphs' advances, widened where the first glyph's ink starts left of
the pen or the last one's reaches past its advance; this does the same sums, so the screen
(which draws with pygame) and the layout agree to the pixel, and drawn text is never wider
than measured (tests/hubd/screens/test_text_measured_as_drawn.py holds the table against
pygame). A character the table lacks (a name in another script) counts as the table's widest
glyph: not narrower than drawn (the test tries Greek, Russian, Chinese and an emoji).
"""

from __future__ import annotations

import gzip
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")

#: Where a word may end a line besides a space: after a hyphen between letters.
_AFTER_HYPHEN = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")
FONT_PATH = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT_PATH = FONT_DIR / "DejaVuSans-Bold.ttf"
METRICS_PATH = Path(__file__).with_name("font_metrics.json.gz")

#: The sizes the table holds: the screens use 12-72 px at 800x480 and 720x1280 (no text is
#: under 8), up to 108 on a 1280x720 display. A size beyond is measured from the largest,
#: scaled and rounded up (a little wider than drawn, never narrower).
SIZES = range(8, 109)

#: Text widths measured (wrapping measures every trial line): a screen needs a few hundred;
#: at 20,000 (about 200 bytes each) they grew a demo evening's hub by 0.3 MB an hour.
WIDTH_CACHE_ENTRIES = 2000


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph at one size: its advance, its ink's left and right from the pen, its top."""

    advance: int
    left: int
    right: int
    top: int


@dataclass(frozen=True, slots=True)
class FontSize:
    """One font at one size: its line's height, ascent and descent, and its glyphs."""

    line_height: int
    ascent: int
    descent: int  # negative: below the baseline
    glyphs: dict[str, Glyph]
    widest: Glyph  # for a character the table lacks

    def glyph(self, ch: str) -> Glyph:
        return self.glyphs.get(ch, self.widest)


@cache
def _table(path: Path = METRICS_PATH) -> dict[str, dict[str, Any]]:
    """The table as written: for each font its characters and a row of figures per size."""
    table: dict[str, dict[str, Any]] = json.loads(gzip.decompress(path.read_bytes()))
    return table


@cache
def _font_size(bold: bool, size: int) -> FontSize:
    """One font at one of the table's sizes (built when first asked for)."""
    font = _table()["bold" if bold else "regular"]
    line_height, ascent, descent, *values = font["sizes"][str(size)]
    glyphs = {ch: Glyph(*values[4 * i : 4 * i + 4]) for i, ch in enumerate(font["chars"])}
    widest = Glyph(
        max(g.advance for g in glyphs.values()),
        min(g.left for g in glyphs.values()),
        max(g.right for g in glyphs.values()),
        max(g.top for g in glyphs.values()),
    )
    return FontSize(line_height, ascent, descent, glyphs, widest)


def _scaled(font: FontSize, factor: float) -> FontSize:
    """A size beyond the table, from its largest: every figure scaled and rounded away from
    zero, so that text is measured a little wider than drawn rather than narrower."""

    def up(n: int) -> int:
        return math.ceil(n * factor) if n >= 0 else math.floor(n * factor)

    def glyph(g: Glyph) -> Glyph:
        return Glyph(up(g.advance) + 1, up(g.left), up(g.right) + 1, up(g.top))

    glyphs = {ch: glyph(g) for ch, g in font.glyphs.items()}
    return FontSize(
        up(font.line_height), up(font.ascent), up(font.descent), glyphs, glyph(font.widest)
    )


class TextMeasure:
    """Widths, line heights and ink of text at a size, and fitting text into boxes."""

    def __init__(self) -> None:
        self._widths: dict[tuple[str, int, bool], int] = {}
        self._beyond: dict[tuple[int, bool], FontSize] = {}

    def metrics(self, size: int, bold: bool = False) -> FontSize:
        if size in SIZES:
            return _font_size(bold, size)
        if size < SIZES[0]:
            return _font_size(bold, SIZES[0])
        found = self._beyond.get((size, bold))
        if found is None:
            found = _scaled(_font_size(bold, SIZES[-1]), size / SIZES[-1])
            self._beyond[(size, bold)] = found
        return found

    def width(self, text: str, size: int, bold: bool = False) -> int:
        key = (text, size, bold)
        found = self._widths.get(key)
        if found is None:
            found = self._measure(text, self.metrics(size, bold))
            if len(self._widths) >= WIDTH_CACHE_ENTRIES:
                self._widths.clear()
            self._widths[key] = found
        return found

    @staticmethod
    def _measure(text: str, font: FontSize) -> int:
        """pygame's width: from the leftmost ink (or the pen's start) to the rightmost ink
        (or the pen's end)."""
        pen = least = most = 0
        for ch in text:
            glyph = font.glyph(ch)
            least = min(least, pen + glyph.left)
            most = max(most, pen + glyph.right)
            pen += glyph.advance
        return max(most, pen) - least

    def line_height(self, size: int, bold: bool = False) -> int:
        return self.metrics(size, bold).line_height

    def ink(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """Where ``text``'s letters stand in its line: from the line's top to the top of
        its tallest glyph, and from there to the baseline (digits and capitals have no part
        below it)."""
        font = self.metrics(size, bold)
        top = max((font.glyph(ch).top for ch in text), default=font.ascent)
        return font.ascent - top, top

    def descent(self, size: int, bold: bool = False) -> int:
        """How far letters such as g and y reach below the baseline."""
        return -self.metrics(size, bold).descent

    def wrap(self, text: str, width: int, size: int, bold: bool) -> list[str] | None:
        """``text`` broken at spaces, or after a hyphen between letters ("Maria-" over
        "Helena", never a tile's "12-" over "13"), into lines no wider than ``width``, or
        None. A last word
        of one letter or digit never stands alone on its line where the word before it can
        go down with it: "on arm / D" reads as two things, "on / arm D" as one."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line, start = "", len(lines)
            for word in paragraph.split(" "):
                for index, piece in enumerate(_AFTER_HYPHEN.split(word)):
                    trial = f"{line}{' ' if index == 0 else ''}{piece}" if line else piece
                    if self.width(trial, size, bold) <= width:
                        line = trial
                    elif not line or self.width(piece, size, bold) > width:
                        return None
                    else:
                        lines.append(line)
                        line = piece
            if len(line) == 1 and line.isalnum() and len(lines) > start and " " in lines[-1]:
                before, last = lines[-1].rsplit(" ", 1)
                if self.width(f"{last} {line}", size, bold) <= width:
                    lines[-1], line = before, f"{last} {line}"
            lines.append(line)
        return lines

    def fit(
        self, text: str, width: int, height: int, size: int, floor: int, bold: bool, wrap: bool
    ) -> tuple[int, tuple[str, ...], bool]:
        """The largest size from ``size`` down to ``floor`` at which ``text`` fits the box.

        Wrapping is tried at each size when allowed. If nothing fits even at the floor the
        text is cut with an ellipsis (returned flag True), which the layout test refuses for
        everything but players' names.

        The cost does not grow with the text: a line of more characters than the box has
        pixels cannot fit (every glyph but a combining mark advances a pixel or more), so a
        longer text is never measured whole, and the cut is a binary search over at most
        that many characters: a few measurements for a name of any length.
        """
        longest = width + 1
        size = max(size, floor)
        for trial in range(size, floor - 1, -1):
            lh = self.line_height(trial, bold)
            if lh > height and trial > floor:
                continue
            one_line = len(text) <= longest and "\n" not in text
            if one_line and self.width(text, trial, bold) <= width:
                return trial, (text,), False
            if wrap and len(text) <= max(1, height // lh) * (longest + 1):
                lines = self.wrap(text, width, trial, bold)
                if lines is not None and len(lines) * lh <= max(height, lh):
                    return trial, tuple(lines), False
        if wrap and (first := self._first_lines(text, width, height, floor, bold)):
            return floor, first, True
        cut = text[:longest].replace("\n", " ")
        low = self._fitting_start(cut, width, floor, bold)
        return floor, (_cut(cut, low) if low else "",), True

    def _first_lines(
        self, text: str, width: int, height: int, size: int, bold: bool
    ) -> tuple[str, ...] | None:
        """As many of ``text``'s wrapped lines as the box holds, the last cut with an
        ellipsis: a wrapped text too long for its box keeps its first lines whole ("Last:
        Maria-Helena played 2-1 on the 7-7's…"), not one cut line ("Last: Maria-He…").
        None where one line is all the box holds, a word is wider than it, or the text is
        too long to be worth wrapping (a hostile name is cut on one line, in a few
        measurements)."""
        rows = height // self.line_height(size, bold)
        if rows < 2 or len(text) > rows * (width + 1):
            return None
        lines = self.wrap(text, width, size, bold)
        if lines is None or len(lines) <= rows:
            return None
        rest = " ".join(lines[rows - 1 :])[: width + 1]
        low = self._fitting_start(rest, width, size, bold)
        return (*lines[: rows - 1], _cut(rest, low) if low else "…")

    def shorten(self, text: str, width: int, size: int, bold: bool) -> str:
        """``text`` cut (with an ellipsis) to fit ``width``, e.g. a long name in the status
        line. A character is at least a pixel wide, so no more than ``width`` of them count."""
        text = text[: max(1, width)]
        if self.width(text, size, bold) <= width:
            return text
        low = self._fitting_start(text, width, size, bold)
        return _cut(text, low) if low else "…"

    def _fitting_start(self, text: str, width: int, size: int, bold: bool) -> int:
        """How many characters of ``text`` fit ``width`` with an ellipsis after them: a binary
        search, so text of any length costs a few measurements."""
        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if self.width(text[:middle] + "…", size, bold) <= width:
                low = middle
            else:
                high = middle - 1
        return low


def _cut(text: str, keep: int) -> str:
    """``text``'s first ``keep`` characters and an ellipsis. Where the last letter kept reads
    left to right (a Latin name in a Hebrew screen), a left-to-right mark (no glyph, no
    width) keeps the ellipsis at their end: a mark between them and the line's right-to-left
    order stood first ("…Mar" for "Mar…"). A space or hyphen the cut falls after is left out
    ("Grandma…", not "Grandma …")."""
    kept = text[:keep].rstrip(" -\u2010\u2011\u00a0") or text[:keep]
    strong = [kind for kind in map(unicodedata.bidirectional, kept) if kind in ("L", "R", "AL")]
    return kept + "…" + ("\u200e" if strong[-1:] == ["L"] else "")
