"""What lies over a screen for a moment: refusals beside the finger, notices, and the
flashing banners that stand in for a sound (the toes still owed, a chicken foot when the hub
has no speaker). None of them ever covers the status line or a button it could hide."""

from __future__ import annotations

from dataclasses import dataclass

from hubd.screens.kit.builder import Builder
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.widgets import Kind, Style, Widget

REFUSAL_TIME = 2.5  # s; the next tap takes it away sooner
NOTICE_TIME = 3.0
FLASH_TIME = 2.5
FLASH_PERIOD = 0.4


@dataclass
class Toast:
    text: str
    until: float
    where: tuple[int, int] | None  # the finger, for a refusal; None: a notice
    warn: bool


class Messages:
    """The messages showing now, and how each is laid over the frame."""

    def __init__(self) -> None:
        self.toasts: list[Toast] = []
        self.flash_until = 0.0
        self.flash_pending = False  # a chicken foot to flash at the next render
        self.toes: tuple[int, float] | None = None  # toes owed, shown until then

    def refusal(self, text: str, where: tuple[int, int] | None, now: float) -> None:
        self.toasts = [t for t in self.toasts if t.where is None]
        self.toasts.append(Toast(text, now + REFUSAL_TIME, where, True))

    def tapped(self) -> None:
        """A tap: the refusal beside the finger has been read (a new one may replace it)."""
        self.toasts = [t for t in self.toasts if t.where is None]

    def notice(self, text: str, now: float) -> None:
        self.toasts = [t for t in self.toasts if t.where is not None]
        self.toasts.append(Toast(text, now + NOTICE_TIME, None, False))

    def clear(self) -> None:
        """Refusals and notices go: a new entry makes them out of date."""
        self.toasts = []

    def flash_toes(self, toes: int, now: float) -> None:
        self.toes = (toes, now + FLASH_TIME)

    def start_pending_flash(self, now: float) -> None:
        if self.flash_pending:
            self.flash_pending = False
            self.flash_until = now + FLASH_TIME

    def build(
        self, b: Builder, now: float, deadlines: list[float], notice_box: Rect | None
    ) -> None:
        """Add the messages still due to the frame; ``deadlines`` gets when each changes."""
        self.toasts = [t for t in self.toasts if t.until > now]
        deadlines.extend(t.until for t in self.toasts)
        if self.toes is not None:
            toes, until = self.toes
            if now < until:
                deadlines.append(min(until, _next_tick(now)))
                box = Rect(0, 0, b.w * 3 // 4, b.px(120))
                box.center = (b.w // 2, b.h // 2)
                text = b.ntr("{n} toe to go", "{n} toes to go", toes).format(n=toes)
                b.banner(box, text, _blink(until, now), size=b.px(44))
            else:
                self.toes = None
        if now < self.flash_until:
            deadlines.append(min(self.flash_until, _next_tick(now)))
            box = Rect(0, b.h // 3, b.w, b.px(90))
            b.banner(box, b.tr("Chicken foot!"), _blink(self.flash_until, now), size=b.px(40))
        size = b.min_text  # a refusal or a notice: the least text size, in one line if it can
        for toast in self.toasts:
            if toast.where is None:
                style = Style.WARN if toast.warn else Style.QUIET
                box = _notice_box(b, notice_box, toast.text, size)
                b.banner(box, toast.text, style, size=size, role="notice")
            else:
                box = _tip_box(b, toast.where, toast.text, size, notice_box)
                b.banner(box, toast.text, Style.WARN, size=size, role="tip")


def _blink(until: float, now: float) -> Style:
    return Style.WARN if int((until - now) / FLASH_PERIOD) % 2 == 0 else Style.SELECTED


def _next_tick(now: float) -> float:
    return now + FLASH_PERIOD / 2


#: What a message beside the finger or a notice must leave in sight, besides the buttons:
#: the numbers and names the players read (hands, totals, the score sheet's cells).
_READ = ("count", "total", "score", "running", "round", "status")


def _button(widget: Widget) -> bool:
    """A button a message must not cover: not the map's own tap (anywhere on the map opens the
    whole table; a message may lie over the map's picture as before)."""
    return widget.tappable and widget.kind is not Kind.SHADE and widget.role != "map_tap"


def _kept(b: Builder, buttons: bool = True) -> list[Rect]:
    """What a message must not cover, where it lies before a right-to-left screen is
    mirrored (the map, which is never mirrored, is turned to match)."""
    return [
        _placed(b, w)
        for w in b.widgets
        if (buttons and _button(w)) or (w.text and (w.role in _READ or w.key.startswith("name:")))
    ]


def _placed(b: Builder, widget: Widget) -> Rect:
    if b.rtl and not widget.mirror:
        return Rect(b.w - widget.rect.right, widget.rect.y, widget.rect.w, widget.rect.h)
    return widget.rect


def _notice_box(b: Builder, wanted: Rect | None, text: str, size: int) -> Rect:
    """Where a notice goes: the screen's own place for it (the play screen's last entry line)
    if its words fit there, else the lowest box, as wide as the text on one line or two,
    that covers no button, name or number (a screen's title may go under it); else the one
    that covers least."""
    pad = b.px(8)
    if wanted is not None:
        box = Rect(wanted)
        if not b.measure.fit(text, box.w - 2 * pad, box.h, size, size, True, True)[2]:
            return box
        # Too many words for the screen's place: where the generic search puts it (a
        # landscape play screen's bottom line is narrow; the map above has no targets).
    line = b.measure.line_height(size, True)
    room = b.w - 2 * b.gap
    one = b.measure.width(text, size, True) + 2 * pad + b.px(16)
    words = text.split()
    halves = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    two = min([max(b.measure.width(a, size, True), b.measure.width(z, size, True))
               for a, z in halves] or [one])  # fmt: skip
    two = min(room, max(two + 2 * pad + b.px(16), b.w // 3))
    shapes = [(two, 2 * line + 2 * pad)]
    if one <= room:  # on one line, if the screen is wide enough
        shapes.insert(0, (max(one, b.w // 2), line + 2 * pad))
    buttons = [w.rect for w in b.widgets if _button(w)]
    kept = _kept(b, buttons=False)
    step = max(4, b.gap)
    best, least = Rect(b.gap, b.h - b.gap - shapes[0][1], *shapes[0]), None
    for width, height in shapes:
        box = Rect(0, 0, width, height)
        for bottom in range(b.h - b.gap, height, -step):
            for x in sorted(range(b.gap, b.w - width - b.gap + 1, step),
                            key=lambda x: abs(x + width // 2 - b.w // 2)):  # fmt: skip
                box.bottomleft = (x, bottom)
                cost = 100 * len(box.collidelistall(buttons)) + len(box.collidelistall(kept))
                if cost == 0:
                    return box
                if least is None or cost < least:
                    best, least = box.copy(), cost
    return best


def _tip_box(b: Builder, where: tuple[int, int], text: str, size: int, floor: Rect | None) -> Rect:
    """A refusal beside the finger, never over the status line, and where it can over no
    place that is open now (the one the player should tap instead) and no name or number
    the players read: above the finger, below it, to either side, or at the top or the
    bottom of the screen, wide or narrower (and taller), whichever is first clear (else the
    one that covers least)."""
    status = next((w.rect for w in b.widgets if w.role == "status"), None)
    ceiling = status.bottom + b.gap if status is not None else b.gap
    room = Rect(0, ceiling, b.w, b.h - ceiling)
    open_now = [_placed(b, w) for w in b.widgets if w.tappable and w.enabled and w.role == "end"]
    read = _kept(b, buttons=False)  # and the hands' names and counts
    x, y = where
    if b.rtl:  # the finger is on the screen; the box is placed before the frame is mirrored
        x = b.w - x
    away = b.px(40)
    pad = b.px(8)
    wide = min(b.w - 2 * b.gap, max(b.px(360), b.w * 2 // 5))
    candidates = []
    for width in (wide, wide * 2 // 3):
        # As tall as the text wraps to in that width (three lines at 800x480 as a rule).
        lines = len(b.measure.fit(text, width - 2 * pad, 10**6, size, size, True, True)[1])
        tall = lines * b.measure.line_height(size, True) + 2 * pad
        box = Rect(0, 0, width, max(b.px(110) if b.landscape else b.px(170), tall))
        for place in ("above", "below", "left", "right", "top", "bottom"):
            trial = box.copy()
            trial.center = (x, y)
            if place == "above":
                trial.bottom = y - away
            elif place == "below":
                trial.top = y + away
            elif place == "left":
                trial.right = x - away
            elif place == "right":
                trial.left = x + away
            elif place == "top":  # farther: the top or the bottom of the room, same column
                trial.top = room.top
            else:  # just above the screen's place for notices (the last entry), if it has one
                trial.bottom = (floor.top if floor is not None else room.bottom) - b.gap
            candidates.append(trial.clamp(room))
        for corner in ("topleft", "topright", "bottomleft", "bottomright"):  # the far corners
            trial = box.copy()
            setattr(trial, corner, getattr(room, corner))
            candidates.append(trial.clamp(room))
    # An open place first (the player's next tap), then the names and numbers.
    return min(
        candidates,
        key=lambda c: 100 * len(c.collidelistall(open_now)) + len(c.collidelistall(read)),
    )
