"""Issue 35, point 4: a name is cut only where the space truly cannot hold it. Every screen a
family meets in a game (tests/helpers/table_walk.py), at tables of two, six and eight with long
names, in every language at both sizes: no text drawn cut ("…") where its own box could hold
it whole at the floor sizes (names 4.5 mm, other text 3.5 mm), on as many lines as the box
holds, drawn down to MIN_SQUEEZE narrower as a label may be; no number and no button's words
cut at all, no name cut to its ellipsis alone; no hand's count of tiles dropped at the round
end where the row holds it beside or under the name; no text under those floors.
"""

from __future__ import annotations

import pytest
from layout_checks import MAP_ROLES, MIN_TEXT
from table_walk import Frame, walk

from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.widgets import MIN_SQUEEZE, Kind, Widget
from hubd.text.i18n import available_languages

SIZES = [(800, 480), (720, 1280)]
#: Names: 4.5 mm.
NAME_PX = {(800, 480): 32, (720, 1280): 50}
TABLES = (2, 6, 8)
#: The map's own texts besides its roles (its arms' letters, its counts of tiles folded, the
#: choices' numerals): a shrunk map keeps them in scale with its pieces on purpose (the
#: map's floor is tests/hubd/screens/test_map_floor.py's and map_bench's).
MAP_KEYS = ("arm:", "fold:", "number:", "numeral:")
MEASURE = TextMeasure()


def a_name(widget: Widget) -> bool:
    return widget.key.startswith("name:")


def cut(widget: Widget) -> bool:
    """Drawn shorter than its text: cut by the fitting, or a name shortened before it."""
    shortened = any("…" in line for line in widget.lines) and "…" not in widget.text
    return widget.truncated or shortened


def could_hold(widget: Widget, floor: int) -> bool:
    """Whether the widget's own box holds its text whole at ``floor`` px: on as many lines as
    the box has room for, drawn down to MIN_SQUEEZE narrower; a name in a plain face too."""
    width = widget.rect.w - 2 * widget.pad - abs(widget.lead)
    height = widget.rect.h - widget.head
    for bold in {widget.bold, widget.bold and not a_name(widget)}:
        rows = height // MEASURE.line_height(floor, bold)
        if rows < 1:
            continue
        fitted = MEASURE.fit(widget.text, int(width / MIN_SQUEEZE), height, floor, floor, bold,
                             rows > 1)  # fmt: skip
        if not fitted[2]:
            return True
    return False


def faults(frame: Frame, size: tuple[int, int]) -> list[str]:
    found = []
    for widget in frame.widgets:
        if not widget.text or widget.role in MAP_ROLES or not widget.lines:
            continue
        if widget.key.startswith(MAP_KEYS) and not cut(widget):
            continue
        name = f"{frame.label}: {widget.key or widget.text!r}"
        floor = NAME_PX[size] if a_name(widget) else MIN_TEXT[size]
        if cut(widget) and widget.text.isdigit():
            found.append(f"{name}: the number {widget.text} drawn {widget.lines[0]!r}")
        elif cut(widget) and widget.kind is Kind.BUTTON:
            found.append(f"{name}: a button's words cut to {widget.lines}")
        elif cut(widget) and not widget.lines[0].strip("…\u200e"):
            found.append(f"{name}: {widget.text!r} drawn as nothing but its ellipsis")
        elif cut(widget) and could_hold(widget, floor):
            found.append(f"{name}: {widget.lines} where {widget.rect.size} holds it whole")
        if widget.size < floor and not widget.key.startswith(MAP_KEYS):
            found.append(f"{name}: {widget.size} px, at least {floor}")
    return found


def dropped_counts(frame: Frame) -> list[str]:
    """The round end's hands that show no count of tiles (the hub knows each hand's)."""
    if not frame.label.startswith(("round end", "keypad")):
        return []
    state = frame.ui._ctx.state if frame.ui._ctx is not None else None
    assert state is not None
    dropped = []
    for seat, name in enumerate(state.players):
        row = next(w for w in frame.widgets if w.key == f"hand:{name}")
        count = frame.ui.ntr("{n} tile", "{n} tiles", state.hands[seat]).format(n=state.hands[seat])
        if any(w.text == count and row.rect.contains(w.rect) for w in frame.widgets):
            continue
        shown = next(w for w in frame.widgets if w.key == f"name:{name}")
        if room_for_both(shown, name, count, frame.ui.size):
            dropped.append(f"{frame.label}: {name}'s {count!r}")
    return dropped


def room_for_both(shown: Widget, name: str, count: str, size: tuple[int, int]) -> bool:
    """Whether the name's box (the row's room beside its number) holds the name and its
    count of tiles at their floors, drawn down to MIN_SQUEEZE narrower: side by side on a
    tall screen's row, or one over the other."""
    name_px, least = NAME_PX[size], MIN_TEXT[size]
    wide = MEASURE.width(name, name_px) + MEASURE.width(count, least)
    side = size[0] < size[1] and wide * MIN_SQUEEZE + 16 <= shown.rect.w
    stacked = MEASURE.line_height(name_px) - 2 + MEASURE.line_height(least)
    return side or stacked <= shown.rect.h


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_no_word_is_cut_where_its_room_could_hold_it(language: str, size: tuple[int, int]) -> None:
    found = []
    for players in TABLES:
        for frame in walk(players, size, language):
            found += [f"{players} players, {fault}" for fault in faults(frame, size)]
            found += [f"{players} players, {fault} dropped" for fault in dropped_counts(frame)]
    assert not found, "\n".join(found)
