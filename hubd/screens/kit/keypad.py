"""A number pad whose keys never move, the number it types, and the list of hands beside it.

Used by the round end (each hand's pips) and by amending a round (each player's score). Keys
are "<prefix>:0" ... "<prefix>:9", "<prefix>:⌫", "<prefix>:ok" and, where there is one, the
toggle "<prefix>:0-0". A number shown when its hand is chosen (a recorded score, or the 0 of
a player who went out) is replaced by the first digit typed, so it never needs clearing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, TEXT_DARK, Action, Color, Style

MAX_NUMBER = 9999
BACKSPACE = "⌫"


@dataclass
class Digits:
    """A number being typed ("" when nothing is)."""

    text: str = ""
    fresh: bool = False  # the next digit replaces the text instead of extending it

    @property
    def value(self) -> int | None:
        return int(self.text) if self.text else None

    def press(self, key: str) -> None:
        if key == BACKSPACE:
            self.text = self.text[:-1]
        else:
            text = (key if self.fresh else self.text + key).lstrip("0") or "0"
            if int(text) <= MAX_NUMBER:
                self.text = text
        self.fresh = False


#: The keypad's four columns: three of digits, then ⌫, the 0-0 toggle and OK, whose words
#: need half again the room.
PAD_COLUMNS = (1, 1, 1, 1.6)


def _pad_most(b: Builder) -> int:
    """The keypad's width at the most."""
    return b.px(480) if b.landscape else b.px(680)


def number_pad(
    b: Builder,
    area: Rect,
    prefix: str,
    press: Callable[[str], Action],
    ok: Action,
    toggle: tuple[str, bool] | None = None,
) -> None:
    """Four rows: 1 2 3 ⌫ / 4 5 6 toggle / 7 8 9 OK / 0, with OK two rows tall (three, in
    the toggle's place, where there is none) and 0 three keys wide, the digits in the same
    cells whatever the language."""
    height = min(b.px(100) if b.landscape else b.px(120), (area.h - 3 * b.gap) // 4)
    width = min(area.w, _pad_most(b))
    pad = Rect(area.x, area.y, width, 4 * height + 3 * b.gap)
    # The last column (⌫, the 0-0 toggle, OK) half again as wide: its words need the room.
    columns = split_h(pad, *PAD_COLUMNS, gap=b.gap)
    cells = [Rect(columns[i % 4].x, pad.y + (i // 4) * (height + b.gap), columns[i % 4].w, height)
             for i in range(16)]  # fmt: skip
    wide_zero = cells[12].union(cells[14])
    tall_ok = cells[11 if toggle else 7].union(cells[15])
    # The digits as the play screen's pad has them (6 mm), where a key is tall enough.
    digit_px = max(b.min_text, min(b.chair_text, height - 2 * b.gap))
    keys = ["1", "2", "3", BACKSPACE, "4", "5", "6", "0-0", "7", "8", "9", "ok", "0"]
    boxes = [*cells[:11], tall_ok, wide_zero]
    for key, box in zip(keys, b.keep_order(boxes, pad), strict=True):
        if key == "0-0":
            if toggle is None:
                continue
            label, on = toggle
            b.button(
                box,
                label,
                press(key),
                style=Style.SELECTED if on else Style.NORMAL,
                key=f"{prefix}:{key}",
                size=b.min_text,
            )
        elif key == "ok":
            b.button(box, b.tr("OK"), ok, key=f"{prefix}:ok", size=b.px(28))
        else:
            b.button(box, key, press(key), key=f"{prefix}:{key}", size=digit_px,
                     reading=key.isdigit())  # fmt: skip


def hand_row(
    b: Builder,
    box: Rect,
    name: str,
    note: str,
    value: int | None,
    chosen: bool,
    action: Action,
    key: str,
) -> None:
    """A hand to choose: the name and a note ("3 tiles") on the left, its number on the right;
    on a wide screen's row tall enough, a long name across the row over the note and the
    number (six players: "Grandma Rosa" was cut to "Gran…" beside its number)."""
    b.button(box, "", action, style=Style.SELECTED if chosen else Style.NORMAL, key=key)
    ink = TEXT_DARK if chosen else None
    inner = box.inflate(-b.px(10), -b.px(2))
    size = b.chair_text  # a hand's total, read from a chair
    shown = "–" if value is None else str(value)
    # The value as wide as it is ("–" before one is typed), the name the rest: a long name
    # is cut only where the row cannot hold it beside its number.
    value_w = b.measure.width(shown, size, True) + b.px(4)
    left, right = split_h(inner, inner.w - value_w - b.px(4), value_w, gap=b.px(4))
    name_px = b.floor_text
    # The note's least width ("3 tiles"): it may be drawn narrower too.
    narrower = b.measure.width(note, b.min_text) * MIN_SQUEEZE if note else 0
    over = _name_over_number(b, name, inner, left.w)
    if not over and note and b.landscape and _over_number_least(b) <= inner.h:
        # A short name whose count cannot stand on one line under it takes a long name's
        # way: the count on two lines beside the number ("5" over "кісточок" for Ben, as for
        # Grandma Rosa, where it was left off).
        over = narrower > left.w
    if over:
        name_h = b.measure.line_height(name_px, True) - 2
        # The number's line under the name's, or where the row is shorter than the two
        # lines, at its bottom over the name's line, their letters still apart.
        below_h = max(inner.h - name_h, b.measure.line_height(size, True) - 2)
        top = Rect(inner.x, inner.y, inner.w, name_h)
        below = Rect(inner.x, inner.bottom - below_h, inner.w, below_h)
        bold = b.squeeze_scale(name, top.w, name_px, True) >= MIN_SQUEEZE
        b.label(top, name, name_px, floor=name_px, bold=bold, align="start", color=ink,
                key=f"name:{name}", squeeze=True)  # fmt: skip
        # The count the room the number's box leaves (which keeps a margin before it): at
        # six players "10 кісточок" beside 48 was cut for 1 px.
        left, right = split_h(below, below.w - value_w, value_w)
        if note:
            clear = inner.y + _name_ink_bottom(b) + _ink_space(b)
            _note_beside_number(b, left, note, clear, ink)
        b.label(right, shown, size, floor=size, bold=True, reading=True, align="end",
                color=ink)  # fmt: skip
        return
    # The note ("3 tiles") under the name on a wide screen; on a tall one after the name on
    # its line, both drawn narrower if need be (two players in Ukrainian: "9 кісточок" was
    # dropped beside "Grandma Rosa"), else under it where the row is tall enough; a crowded
    # list keeps the name.
    # The name bold where it fits so (drawn narrower if need be) and leaves the note its
    # room, else plain, which is narrower.
    fits = [bold for bold in (True, False)
            if b.squeeze_scale(name, left.w, name_px, bold) >= MIN_SQUEEZE] or [False]  # fmt: skip
    room = [bold for bold in fits
            if narrower <= left.w - b.measure.width(name, name_px, bold) - b.px(16)]  # fmt: skip
    # Under the name wherever the row is tall enough, so that every row of a grid reads
    # alike (eight players in portrait: "Ana 2 кісточки" squeezed on one line beside "Chen"
    # over "3 кісточки"); beside it only in a row too short for the two lines.
    stacked = b.measure.line_height(name_px, fits[0]) - 2 + b.measure.line_height(b.min_text)
    under = narrower <= left.w and (b.landscape or stacked <= left.h)
    beside = not b.landscape and bool(room) and not under
    bold = room[0] if beside else fits[0]
    name_w = b.measure.width(name, name_px, bold)
    name_h = b.measure.line_height(name_px, bold) - 2
    if note and not (beside or under):
        note = ""
    if not note:
        top, bottom = left, None
    elif not beside:  # the note under the name
        top, bottom = split_v(left, name_h, left.h - name_h)
    else:  # a tall screen's rows are wide: the note after the name, on its line
        name_w = min(left.w, name_w + b.px(16))
        top, bottom = split_h(left, name_w, max(1, left.w - name_w))
    # A name alone in its box (no note: a score-keeper's round) on two lines where one does
    # not hold it (eight players at 800x480: "Grandma" over "Rosa", was "Grand…").
    b.label(top, name, name_px, floor=name_px, bold=bold, align="start", color=ink,
            key=f"name:{name}", squeeze=True, wrap=bottom is None,
            squeeze_lines=bottom is None)  # fmt: skip
    if bottom is not None:
        b.label(bottom, note, b.min_text, align="start", color=ink, squeeze=True)
    b.label(right, shown, size, bold=True, reading=True, align="end", color=ink)


def _name_over_number(b: Builder, name: str, inner: Rect, beside: int) -> bool:
    """Whether a row's ``name`` stands whole only across it (not in the ``beside`` px its
    number leaves, even drawn narrower), and ``inner`` holds it over a line of the number."""
    name_px = b.floor_text
    if b.squeeze_scale(name, beside, name_px, False) >= MIN_SQUEEZE:
        return False
    across = b.squeeze_scale(name, inner.w, name_px, False) >= MIN_SQUEEZE
    return across and _over_number_least(b) <= inner.h


def _note_beside_number(b: Builder, box: Rect, note: str, clear: int, ink: Color | None) -> None:
    """The count ("3 tiles") in ``box`` beside a row's number under its name: on one line,
    drawn narrower if need be; else on two lines ("10" over "кісточок"), reaching up as far
    as ``clear`` (under the name's letters); else not at all, never cut (seven and eight
    players at 800x480 in Ukrainian beside a typed 123: "1 кіс…")."""
    least = b.min_text
    if b.squeeze_scale(note, box.w, least, False) >= MIN_SQUEEZE:
        b.label(box, note, least, align="start", color=ink, squeeze=True)
        return
    line = b.measure.line_height(least)
    two = Rect(box.x, box.bottom - 2 * line, box.w, 2 * line)
    if two.y + b.measure.ink(note, least)[0] < clear or not b.holds(note, box.w, two.h, least,
                                                                    False):  # fmt: skip
        return
    b.label(two, note, least, align="start", color=ink, wrap=True, squeeze_lines=True)


def _ink_space(b: Builder) -> int:
    """Between two lines stacked by their letters."""
    return max(2, b.px(3))


def _name_ink_bottom(b: Builder) -> int:
    """Where a name's letters end under the top of its box (a line 2 px shorter than its
    line, which starts 1 px over it), descenders and all."""
    name_px = b.floor_text
    return sum(b.measure.ink("H", name_px, True)) + b.measure.descent(name_px, True) - 1


def _over_number_least(b: Builder) -> int:
    """The least height of a row's inside holding a name over its number, the two lines
    stacked by their letters (the lines' boxes may overlap, the letters never): a blocked
    round at eight players in portrait, its reason and a title on two lines over the rows,
    left them 130 px where the lines' boxes take 135 ("Grand… 48")."""
    measure, size = b.measure, b.chair_text
    # Each line's box is 2 px shorter than its line, which starts 1 px over it.
    digits_top = measure.ink("0123456789", size, True)[0] - 1
    number_h = measure.line_height(size, True) - 2
    stacked = _name_ink_bottom(b) + _ink_space(b) + number_h - digits_top
    return min(hand_tall_height(b) - b.px(2), stacked)


def entry_least_height(b: Builder, hands: int, extra_rows: int = 0) -> int:
    """The least height ``entry_layout`` needs: the head over the keypad, four keys holding
    two lines of text (the 0-0 key's words), ``extra_rows`` rows of buttons and the gaps
    between; on a tall screen the hands and the save button above and under it too, on a
    wide one the hands (each its name over its count) and the save button beside it."""
    keypad = keypad_least_height(b, extra_rows)
    rows = -(-hands // (1 if hands <= 4 else 2))
    if b.landscape:
        listed = rows * hand_least_height(b) + (rows - 1) * row_gap(b)
        return max(keypad, listed + b.gap + save_height(b))
    # Rows of 100 px: a name over its count and number only where the screen has the room
    # (entry_layout), never at the cost of the title's size.
    listed = rows * (b.px(100) + b.gap) - b.gap
    return listed + 2 * b.gap + keypad + 2 * b.gap + save_height(b)


def keypad_least_height(b: Builder, extra_rows: int = 0) -> int:
    """The head over the keypad, four keys holding two lines of text (the 0-0 key's words),
    ``extra_rows`` rows of buttons, and the gaps between."""
    lines = 2 if b.landscape or _toggle_wraps(b) else 1
    key_h = max(b.target, b.chair_text + 2 * b.gap, lines * b.measure.line_height(b.min_text, True))
    return b.target + b.gap + 4 * key_h + 3 * b.gap + extra_rows * (b.target + b.gap)


def _toggle_wraps(b: Builder) -> bool:
    """Whether "0-0 in hand" takes two lines in its key of a tall screen's keypad (the last
    column, half again as wide as a digit's)."""
    width = min(b.w - 2 * b.gap, _pad_most(b)) - 3 * b.gap
    room = width * PAD_COLUMNS[-1] / sum(PAD_COLUMNS) - 2 * (b.button_pad + 1)
    return b.measure.width(b.tr("0-0 in hand"), b.min_text, True) > room


def tall_row(b: Builder, hands: int) -> int:
    """A tall screen's row of a hand: a name over its count where two columns stand side by
    side (five players and more: "Grandma Rosa" beside "4 tiles" and 48 was cut, or its count
    dropped), else one line of them across the screen."""
    return b.px(100) if hands <= 4 else max(b.px(100), hand_tall_height(b))


def hand_least_height(b: Builder) -> int:
    """A wide screen's row of a hand: its name and under it its count of tiles."""
    name_h = b.measure.line_height(b.floor_text, True) - 2
    return name_h + b.measure.line_height(b.min_text) + b.px(2)


def hand_tall_height(b: Builder) -> int:
    """A wide screen's row holding a long name across it over its count and number (each
    line's box as tall as its text's line but 2 px, as a name's is)."""
    name_h = b.measure.line_height(b.floor_text, True) - 2
    return name_h + b.measure.line_height(b.chair_text, True) - 2 + b.px(2)


def row_gap(b: Builder, columns: int = 1) -> int:
    """Between two rows of hands: half a gap on a wide screen, whose height is short, and
    between two columns of them on a tall one (their names over their numbers)."""
    return b.gap // 2 if b.landscape or columns == 2 else b.gap


def save_height(b: Builder) -> int:
    """The save button: one line of text (the keypad keeps the room); on a wide screen a
    target's height, the room of the hands' rows."""
    return b.target if b.landscape else b.target + b.px(8)


def entry_layout(
    b: Builder, area: Rect, hands: int, head: int = 0, extra_rows: int = 0
) -> tuple[list[Rect], Rect, Rect]:
    """Where the hands, the entry (keypad) and the save button go: side by side on a wide
    screen (save under the hands), one under the other on a tall one (save at the bottom).
    An entry with a ``head`` row (its title, Pips and Tiles) on a wide screen whose two
    columns of hands would be too short under the save button to hold a long name over its
    number (seven and eight players: "Grandma Rosa" was cut to "Gran…") takes the save
    button into that row, at its start: the hands have the whole height; on a tall screen,
    where the keypad (with ``extra_rows`` of buttons) would be shorter than it needs under
    two columns of hands each a name over its count and number."""
    columns = 1 if hands <= 4 else 2
    rows = -(-hands // columns)
    save_h = save_height(b)
    gap = row_gap(b, columns)
    if b.landscape:  # two columns of hands take half the width, the keypad the rest
        left, entry = split_h(area, 5 if columns == 1 else 6, 7 if columns == 1 else 6,
                              gap=2 * b.gap)  # fmt: skip
        save = Rect(left.x, left.bottom - save_h, left.w, save_h)
        listed = Rect(left.x, left.y, left.w, save.y - b.gap - left.y)
        short = (listed.h - gap * (rows - 1)) // rows < hand_tall_height(b)
        if head and columns == 2 and short:
            save = Rect(entry.x, entry.y, entry.w, head)
            listed = left
    else:
        save = Rect(area.x, area.bottom - save_h, area.w, save_h)
        row_h = tall_row(b, hands)
        keypad = keypad_least_height(b, extra_rows)
        below = keypad + 2 * b.gap + (0 if head and columns == 2 else 2 * b.gap + save_h)
        # Rows as tall as the keypad leaves them, up to a name over its count and number.
        row_h = max(b.px(100), min(row_h, (area.h - below + gap) // rows - gap))
        listed = Rect(area.x, area.y, area.w, rows * (row_h + gap) - gap)
        top = listed.bottom + 2 * b.gap
        entry = Rect(area.x, top, area.w, save.y - 2 * b.gap - top)
        if head and columns == 2 and entry.h < keypad:
            save = Rect(entry.x, entry.y, entry.w, head)  # the hands' rows keep their names
            entry.h = area.bottom - top
    height = min(tall_row(b, hands), (listed.h - gap * (rows - 1)) // rows)
    return grid(listed, hands, columns, gap, height), entry, save
