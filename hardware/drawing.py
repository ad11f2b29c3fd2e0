"""The wiring diagram's drawing primitives: the canvas and the header's geometry, an SVG writer."""

from __future__ import annotations

from xml.sax.saxutils import escape

# Geometry, in SVG user units (pixels at 100 %).
WIDTH = 1040
PITCH = 28  # distance between header rows
TOP = 100  # y of header row 1
ODD_X = 430  # x of the odd (left) column of header pins
EVEN_X = 470  # x of the even (right) column
PIN_RADIUS = 10
LABEL_GAP = 24  # from a pin's centre to its name
CHANNEL_OFFSET = 100  # from a column to the first vertical wire channel
CHANNEL_STEP = 14
TERMINAL_OFFSET = 210  # from a column to the part's terminals
TERMINAL_GAP = PITCH  # least distance between two terminals of one part
LED_HEIGHT = 84  # anode terminal to cathode terminal
PART_GAP = 34  # vertical space between two parts on one side
CHAR_WIDTH = 6.6  # monospace 11 px
HEIGHT = TOP + 19 * PITCH + 170

Point = tuple[float, float]


def header_row(physical: int) -> int:
    """Row 0 to 19 of a header pin, pin 1 at the top."""
    return (physical - 1) // 2


def pin_xy(physical: int) -> Point:
    x = ODD_X if physical % 2 else EVEN_X
    return (x, TOP + header_row(physical) * PITCH)


def side_of(physical: int) -> int:
    """-1 for the left (odd) column, +1 for the right (even) column."""
    return -1 if physical % 2 else 1


class Svg:
    """A tiny SVG writer that keeps the output byte-for-byte deterministic."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(
        self, x: float, y: float, content: str, *, size: int = 11, anchor: str = "start",
        weight: str = "normal", fill: str = "#222222", mono: bool = False,
    ) -> None:  # fmt: skip
        family = "DejaVu Sans Mono, monospace" if mono else "DejaVu Sans, Arial, sans-serif"
        self.add(
            f'<text x="{x:g}" y="{y:g}" font-family="{family}" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">'
            f"{escape(content)}</text>"
        )

    def line(self, points: list[Point], colour: str, width: float) -> None:
        coords = " ".join(f"{x:g},{y:g}" for x, y in points)
        self.add(
            f'<polyline points="{coords}" fill="none" stroke="{colour}" '
            f'stroke-width="{width:g}" stroke-linejoin="round" stroke-linecap="round"/>'
        )

    def rect(
        self, x: float, y: float, w: float, h: float, *, fill: str, stroke: str = "#222222",
        rx: float = 0, width: float = 1.5,
    ) -> None:  # fmt: skip
        self.add(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>'
        )

    def circle(
        self, x: float, y: float, r: float, *, fill: str, stroke: str = "#222222",
        width: float = 1.5,
    ) -> None:  # fmt: skip
        self.add(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"/>'
        )

    def polygon(self, points: list[Point], *, fill: str, stroke: str = "#222222") -> None:
        coords = " ".join(f"{x:g},{y:g}" for x, y in points)
        self.add(f'<polygon points="{coords}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}">'
        )
        body = "\n".join("  " + p for p in self.parts)
        return f"{head}\n  <title>Chicken Foot Hub wiring</title>\n{body}\n</svg>\n"
