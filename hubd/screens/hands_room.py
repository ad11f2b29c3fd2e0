"""How much room the play screen's hands want (hubd/screens/play_room.py says where they stand,
play_hands.py draws them): pure geometry from the state, the same for a frame drawn and a map's
area found without drawing (map_bench, tests)."""

from __future__ import annotations

from engine import GameState
from hubd.screens.hand_cells import cells_width, fonts
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE

#: The most players whose totals the portrait strip shows under their hands.
TOTALS_UP_TO = 4
#: The compact hands' names at most this wide (at 800x480), drawn narrower and then cut
#: beyond it: "Maria-Helena" still whole, narrowed.
NAME_ROOM = 164
#: The room each number's column keeps on its start side, before its digits (it ends at them).
NUMBER_PAD = 6


def columns(b: Builder, state: GameState) -> tuple[int, int]:
    """The tiles and the score columns' widths: as wide as their numbers now (two digits at
    least, so that a column does not jump at the tenth tile), and ``NUMBER_PAD``."""
    count_px, _ = fonts(b)
    width = b.measure.width
    pad = b.px(NUMBER_PAD)
    hands = max([width(str(n), count_px, True) for n in (*state.hands, state.yard, 88)])
    totals = max([width(str(n), count_px, True) for n in (*state.totals, 88)])
    return hands + pad, totals + pad


def apart(b: Builder) -> int:
    """Between a hand's count and the total's column beside it: with the total's own
    ``NUMBER_PAD``, their digits a digit's width and 8 px apart, so that "11" and "25" never
    read "1125" (44 px apart, a 174 px column cut "Grandma Rosa" beside the map's least)."""
    return b.measure.width("0", fonts(b)[0], True) + b.px(8 - NUMBER_PAD)


def name_width(b: Builder, state: GameState, compact: bool) -> int:
    """The names' column: the widest name (compact: at most ``NAME_ROOM``)."""
    _, name_px = fonts(b)
    widest = max(b.measure.width(name, name_px, True) for name in state.players) + b.px(12)
    return min(widest, b.px(NAME_ROOM)) if compact else widest


def side_width(b: Builder, state: GameState, compact: bool = False) -> int:
    """Wide enough for a name beside a two-digit hand and its total (compact: its hand)."""
    count_w, total_w = columns(b, state)
    if compact:
        return name_width(b, state, True) + b.px(4) + count_w + b.px(16)
    return name_width(b, state, False) + count_w + apart(b) + total_w + b.px(12)


def rows_height(b: Builder, state: GameState) -> int:
    """How tall landscape's rows of hands are at the least: the heading, a row for each player
    and the yard."""
    count_px, _ = fonts(b)
    line = b.measure.line_height(count_px, True) - 2
    return b.measure.line_height(b.min_text) - 2 + (len(state.players) + 1) * line


def cells_columns(b: Builder, state: GameState, height: int) -> int:
    """How many columns landscape's hands as cells (a name over its count) took in
    ``height`` by the older model of their lines' boxes, for the panel's least width: the
    fewest (two at least, three from seven players) whose rows fit with the yard in a row of
    its own, or else as a cell of its own."""
    count_px, name_px = fonts(b)
    cell_h = b.measure.line_height(name_px) + b.measure.line_height(count_px, True) - 2
    yard_h = b.measure.line_height(count_px, True) - 2 + b.px(4)
    players = len(state.players)
    for count in range(2 if players <= 6 else 3, players + 1):
        if yard_h + -(-players // count) * (cell_h + b.px(4)) <= height:
            return count
        if -(-(players + 1) // count) * (cell_h + b.px(4)) <= height:
            return count
    return players


def hands_width(
    b: Builder, state: GameState, height: int, compact: bool, usual: int, most: int
) -> int:
    """How wide landscape's hands want to be in ``height``: rows of a name, its tiles and its
    score (compact: no score) where they fit, else cells of a name over its count as
    ``hand_cells`` lays them out, up to ``most`` where that cuts fewer than ``usual``
    (hubd/screens/hand_cells.py); never narrower than columns as wide as the widest name
    (a narrower panel gave the map width its height seldom lets it use, and took it from
    the choices' column beside it: four players' "the 6-6's second toe" on four lines)."""
    if rows_height(b, state) <= height:
        return side_width(b, state, compact)
    count_w, _ = columns(b, state)
    cell_w = max(name_width(b, state, compact), count_w + b.px(8))
    count = cells_columns(b, state, height)
    least = count * cell_w + (count - 1) * b.px(4) + b.px(16)
    return max(min(least, usual), cells_width(b, state, height, usual, most))


def _inks(b: Builder) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The space between a hand cell's lines, and where a name's and a count's letters start
    in their line boxes and how tall they are (a name's with its descenders)."""
    count_px, name_px = fonts(b)
    measure = b.measure
    name_top, name_ink = measure.ink("ÅHMW", name_px)
    name_ink += max(measure.descent(name_px, bold) for bold in (False, True))
    return max(2, b.px(3)), (name_top, name_ink), measure.ink("0123456789", count_px, True)


def strip_cell(b: Builder, numbers: int) -> tuple[int, list[int]]:
    """A cell of the portrait strip, a name over ``numbers`` counts, stacked by their letters
    rather than their lines (the lines' boxes overlap, the letters never): its height and where
    each line's box starts in it. From five players the strip takes two rows, and the room
    this saves gives the map its sixth row of cells."""
    space, (name_top, name_ink), (digit_top, digits) = _inks(b)
    tops = [space - name_top]
    bottom = space + name_ink + space
    for _ in range(numbers):
        tops.append(bottom - digit_top)
        bottom += digits + space
    return bottom, tops


def strip_numbers(state: GameState, compact: bool) -> int:
    """The numbers under each name in portrait's strip: tiles, and the total up to four
    players while the table leaves the room."""
    return 2 if len(state.players) <= TOTALS_UP_TO and not compact else 1


def strip_rows(state: GameState) -> tuple[int, int]:
    """Portrait's strip: its rows, and the players in a row (six players: two rows of three)."""
    rows = -(-len(state.players) // 4)
    return rows, -(-len(state.players) // rows)


def side_cell(b: Builder) -> tuple[int, int, int]:
    """A cell of a name beside its count, the two stacked by their letters: its height and
    where the name's and the count's line boxes start in it."""
    space, (name_top, name_ink), (digit_top, digits) = _inks(b)
    inks = max(name_ink, digits)
    height = inks + 2 * space
    return (height, space + (inks - name_ink) // 2 - name_top,
            space + (inks - digits) // 2 - digit_top)  # fmt: skip


def side_by_side(b: Builder, state: GameState, compact: bool) -> bool:
    """Portrait, a crowded table of five players or more: each name beside its count (no
    caption), where every name fits whole beside it; the strip a row of cells lower."""
    if not compact or len(state.players) <= TOTALS_UP_TO:
        return False
    _, per_row = strip_rows(state)
    count_px, name_px = fonts(b)
    room = (b.w - 2 * b.gap - b.px(4)) // per_row - b.px(4)
    room -= b.measure.width("88", count_px, True) + b.px(18)
    return all(b.squeeze_scale(name, room, name_px, False) >= MIN_SQUEEZE for name in state.players)


def strip_height(b: Builder, state: GameState, compact: bool) -> int:
    rows, _ = strip_rows(state)
    if side_by_side(b, state, compact):
        return rows * (side_cell(b)[0] + b.px(4)) + b.gap
    cell_h, _tops = strip_cell(b, strip_numbers(state, compact))
    return rows * (cell_h + b.px(4)) + b.gap


def yard_width(b: Builder) -> int:
    """Portrait's yard, its caption beside its count."""
    count_px, _ = fonts(b)
    count_w = b.measure.width("88", count_px, True) + b.px(6)
    return b.px(20) + count_w + b.measure.width(b.tr("Yard"), b.min_text)
