"""The top bar every screen shares (its title or status, Back, Undo and its buttons), and a
page that is only a bar and why there is nothing to do."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Undo
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Style
from hubd.values.intents import Submit


def top_bar(
    b: Builder,
    title: str,
    back: Action | None,
    extra: Sequence[tuple[str, Action]],
    primary: bool = False,
    undo: bool = False,
    title_px: int | None = None,
    keep_below: int = 0,
) -> Rect:
    """A title, a back button, an undo button and buttons (the last one primary);
    returns the area below. The extra buttons' keys are "bar:0", "bar:1", ... A title
    that is a status (``title_px``, e.g. ``chair_text``) is drawn as large as fits, down
    to a heading's size, leaving the screen under the bar ``keep_below`` px at least."""
    size = b.min_text
    pad = b.button_pad
    heading_px = max(b.px(30), b.min_text)
    title_px = max(heading_px, title_px or 0)
    left: list[tuple[str, Action, str, Style]] = []
    if back is not None:
        left.append((b.tr("Back"), back, "back", Style.NORMAL))
    if undo:
        action = b.undo or (lambda pos: [Submit(Undo(), pos)])
        left.append((b.tr("Undo"), action, "undo", Style.NORMAL))
    right = [
        (text, action, f"bar:{i}", Style.PRIMARY if primary and i == len(extra) - 1
         else Style.NORMAL)
        for i, (text, action) in enumerate(extra)
    ]  # fmt: skip
    texts = [text for text, *_ in left + right]
    room = b.w - 2 * b.gap - b.gap * max(0, len(texts) - 1)
    widths = b.button_widths(texts, size, room)
    # Buttons that cannot share one row at this size: Back and Undo on a row of their own.
    two_rows = sum(widths) > room and bool(left) and bool(right)
    if two_rows:
        widths = b.button_widths(texts[: len(left)], size, room)
        widths += b.button_widths(texts[len(left) :], size, room)
    # Two lines of a button's text fit when a word or a language needs them (always, but
    # beside a status, whose room they would take for nothing).
    one_line = title_px > heading_px and all(
        b.measure.width(text, size, True) + 2 * pad <= width
        for text, width in zip(texts, widths, strict=True))  # fmt: skip
    lines = 1 if one_line else 2
    button_h = max(b.target, lines * b.measure.line_height(size, True) + 2 * pad)
    height = button_h + b.gap
    bar = b.panel(Rect(0, 0, b.w, height), Style.DARK)  # grows with the rows below
    x = b.gap
    for (text, act, key, style), width in zip(left, widths, strict=False):
        box = Rect(x, b.gap // 2, width, button_h)
        b.button(box, text, act, key=key, size=size, style=style)
        x += width + b.gap
    end = b.w - b.gap
    top = b.gap // 2 + (height if two_rows else 0)
    for (text, act, key, style), width in zip(
        reversed(right), reversed(widths[len(left) :]), strict=True
    ):
        end -= width
        b.button(Rect(end, top, width, button_h), text, act, key=key, size=size,
                    style=style)  # fmt: skip
        end -= b.gap
    rows = 2 if two_rows else 1
    # The title beside the buttons on a wide screen if it fits there (two lines at most),
    # else on a row of its own; a status on a tall screen too, where its bar is shorter.
    status = title_px > heading_px
    beside = Rect(x, 0, end - x, height) if (status or b.landscape) and not two_rows \
        else None  # fmt: skip
    if status:  # as large as two lines hold, leaving ``keep_below`` under the bar
        room = b.h - keep_below
        wide = b.w - 2 * b.gap

        def placements(size: int) -> list[tuple[int, int, Rect | None]]:
            """The status's bar heights, lines and boxes at ``size``: beside the buttons
            (the bar as tall as its lines), or on a row of its own (box None)."""
            found: list[tuple[int, int, Rect | None]] = []
            for box in ([beside] if beside else []) + [None]:
                for lines in _status_lines(b, title, box.w if box else wide, size):
                    tall = _lines_h(b, lines, size)
                    bar_h = max(height, tall) if box else rows * height + tall
                    found.append((bar_h, lines, box and Rect(box.x, 0, box.w, bar_h)))
            return found

        # The largest size leaving ``keep_below``; where none does (the screen holds less
        # than the rest would like), the shortest bar, its status as large as that bar holds.
        chosen: tuple[int, tuple[int, Rect | None]] | None = None
        tried: list[tuple[int, int, int, Rect | None]] = []  # bar height, -size, lines, box
        for size in range(title_px, heading_px, -2):
            here = placements(size)
            roomy = [placed for placed in here if placed[0] <= room]
            if roomy:
                _bar_h, lines, where = min(roomy, key=lambda placed: placed[0])
                chosen = (size, (lines, where))
                break
            tried += [(bar_h, -size, lines, where) for bar_h, lines, where in here]
        if chosen is None and tried:
            _bar_h, least_size, lines, where = min(tried, key=lambda placed: placed[:2])
            chosen = (-least_size, (lines, where))
        title_px, (lines, beside) = chosen or (
            b.min_text,
            (1 if b.measure.width(title, b.min_text, True) <= wide else 2, None),
        )
    elif beside is not None:
        fits = b.measure.fit(title, beside.w, beside.h, title_px, b.min_text, True, True)
        beside = beside if not fits[2] else None
    if beside is not None:
        box, bar_h = beside, beside.h
    else:
        wide = b.w - 2 * b.gap
        if not status:  # a heading: on the lines it takes at a heading's least size
            lines = 1 if b.measure.width(title, b.min_text, True) <= wide else 2
        title_h = _lines_h(b, lines, title_px if status else b.min_text)
        box = Rect(b.gap, rows * height, wide, title_h)
        bar_h = rows * height + title_h
    bar.rect.h = bar_h
    floor = title_px if status else b.min_text
    b.label(box, title, title_px, floor=floor, bold=True, align="start", wrap=True,
               squeeze_lines=status, key="status" if status else "",
               role="status" if status else "")  # fmt: skip
    return Rect(0, bar_h, b.w, b.h - bar_h)


def notice_page(
    b: Builder, title: str, text: str, back: Action | None, extra: Sequence[tuple[str, Action]]
) -> None:
    """A screen with nothing to do but say why (e.g. no round waiting to be scored)."""
    area = top_bar(b, title, back, extra)
    b.label(area.inflate(-2 * b.gap, -2 * b.gap), text, b.px(28), wrap=True)


def _status_lines(b: Builder, text: str, width: int, size: int) -> list[int]:
    """How many lines ``text`` in bold at ``size`` may take wrapped to ``width``: as it
    is, then drawn narrower (as a label may be), where that is two lines at most, no
    word cut."""
    counts = []
    for wide in (width, int(width / MIN_SQUEEZE)):
        _size, lines, cut = b.measure.fit(text, wide, 10**6, size, size, True, True)
        if not cut and len(lines) <= 2:
            counts.append(len(lines))
    return counts


def _lines_h(b: Builder, lines: int, size: int) -> int:
    """``lines`` lines of a bold title at ``size`` and the gap under them."""
    return lines * b.measure.line_height(size, True) + b.gap
