"""The layout model: widgets, their kinds and styles, and the sizes and colours they keep.

Every screen builds a flat list of ``Widget`` values for the current state. The same list is
drawn (``hubd/screens/kit/painter.py``), hit-tested for taps, and checked by
``tests/hubd/screens/test_layout_every_screen.py`` (no clipped text, no overlapping or undersized
tap targets), so what is tested is what is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from hubd.screens.kit.rect import Rect
from hubd.values.intents import Intent

MIN_TARGET = 64  # px, at 800x480
#: The table map's end targets may be a little shorter (10.4 mm at 0.193 mm/px), so that its
#: grid has a sixth row at 800x480: room for every foot of a four-arm table beside its double.
MIN_MAP_TARGET = 54
#: The narrowest a short label may be drawn (a map line's "B10") rather than cut: its
#: height, which is what reads from a chair, is kept. DejaVu Sans Condensed is 0.9 of
#: DejaVu Sans; the map's numbers are drawn down to 0.87 and its labels to this, so that
#: its grid has nine cells across at 800x480 (ten beside short names) and eight at 720x1280.
MIN_SQUEEZE = 0.75
MIN_READ = 32  # px, numbers players read from across the table

#: A tap handler: gets the tap position, may change the screen's own state, returns intents.
Action = Callable[[tuple[int, int]], list[Intent]]
Color = tuple[int, int, int]


class Kind(Enum):
    LABEL = "label"
    BUTTON = "button"
    TARGET = "target"  # an open place on the table map
    TILE = "tile"  # a domino picture
    PANEL = "panel"
    BANNER = "banner"
    SHADE = "shade"  # dims what is under an overlay
    RIPPLE = "ripple"  # the ring that answers a tap that hit nothing
    LINK = "link"  # a stroke on the table map (the hub to an arm, a foot to a toe)
    MARK = "mark"  # a ring around a tile on the map: the one just laid (hubd/screens/frames.py)
    QR = "qr"  # a QR code of lines[0] (the phones' page), dark on light


class Style(Enum):
    NORMAL = "normal"
    PRIMARY = "primary"
    SELECTED = "selected"
    DISABLED = "disabled"
    CLOSED = "closed"
    WARN = "warn"
    QUIET = "quiet"
    DARK = "dark"


# Colours: a felt-green table, ivory tiles, amber places to tap.
BACKGROUND: Color = (22, 58, 44)
TEXT: Color = (245, 243, 235)
TEXT_DIM: Color = (170, 190, 180)
TEXT_DARK: Color = (25, 30, 28)
TILE_FACE: Color = (250, 246, 232)
TILE_EDGE: Color = (60, 55, 45)
PIP: Color = (25, 25, 25)
FILL: dict[Style, Color] = {
    Style.NORMAL: (44, 96, 74),
    Style.PRIMARY: (214, 150, 36),
    Style.SELECTED: (236, 196, 70),
    Style.DISABLED: (52, 70, 62),
    Style.CLOSED: (70, 78, 74),
    Style.WARN: (196, 72, 40),
    Style.QUIET: (32, 76, 58),
    Style.DARK: (14, 38, 29),
}
INK: dict[Style, Color] = {
    Style.NORMAL: TEXT,
    Style.PRIMARY: TEXT_DARK,
    Style.SELECTED: TEXT_DARK,
    Style.DISABLED: (130, 150, 140),
    Style.CLOSED: (160, 165, 160),
    Style.WARN: TEXT,
    Style.QUIET: TEXT,
    Style.DARK: TEXT,
}


@dataclass(eq=False, slots=True)
class Widget:
    """One thing on screen. Text is logical order; ``lines`` is the fitted text."""

    rect: Rect
    kind: Kind
    text: str = ""
    size: int = 0  # font size in px after fitting
    lines: tuple[str, ...] = ()
    bold: bool = False
    style: Style = Style.NORMAL
    align: str = "center"  # "start", "center" or "end" (swapped for right-to-left)
    action: Action | None = None
    key: str = ""  # identity across rebuilds, for the pressed highlight
    tile: tuple[int, int] | None = None  # domino halves in drawing order (left/top first)
    vertical: bool = False
    mirror: bool = True  # False keeps the left-to-right position (keyboards)
    reading: bool = False  # a number read from across the table (>= MIN_READ)
    pad: int = 0  # inner margin the text keeps from the rect's sides
    lead: int = 0  # more room kept on the text's left (negative: right), for a badge
    head: int = 0  # room kept above the text, for a badge on a line of its own
    truncated: bool = False  # text shortened with an ellipsis (only names may be)
    squeeze: float = 1.0  # the lines drawn narrower by this factor, their height kept
    color: Color | None = None  # overrides the style's ink
    locked: bool = False  # draw a padlock (a closed place)
    pressed: bool = False  # the finger is on it (set by the Ui for one moment)
    role: str = ""  # what it is to a reader of the layout file (status, count, end, pick...)
    enabled: bool = True  # False: shown greyed, does nothing (a picker number that is gone)
    points: tuple[int, int, int, int] | None = None  # a LINK's two ends

    def signature(self) -> tuple[object, ...]:
        """Equal for two widgets exactly when they look the same."""
        return (
            self.kind,
            self.rect.topleft,
            self.rect.size,
            self.lines,
            self.size,
            self.squeeze,
            self.lead,
            self.head,
            self.bold,
            self.style,
            self.align,
            self.tile,
            self.vertical,
            self.locked,
            self.color,
            self.pressed,
            self.points,
        )

    @property
    def tappable(self) -> bool:
        return self.action is not None


def mirror(widgets: list[Widget], width: int) -> None:
    """Lay ``widgets`` out right to left: mirror positions, swap alignments and tile halves."""
    for w in widgets:
        if not w.mirror:
            continue
        w.rect.x = width - w.rect.right
        if w.points is not None:
            x1, y1, x2, y2 = w.points
            w.points = (width - x1, y1, width - x2, y2)
        w.lead = -w.lead
        if w.align == "start":
            w.align = "end"
        elif w.align == "end":
            w.align = "start"
        if w.tile is not None and not w.vertical:
            w.tile = (w.tile[1], w.tile[0])
