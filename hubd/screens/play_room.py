"""Where the play screen's parts stand (hubd/screens/play.py draws them): pure geometry from
the state, so that the map's area is known without drawing a frame (map_bench, tests).

The map's room depends on the table alone, never on the entry being made: a crowded table
(its pieces, every line folded most, fill more than ``CROWDED_SHARE`` of the cells the map has
at its smallest numbers) gets the room the hands give up. In landscape the hands' panel
becomes compact (each player's name and tiles; the totals are left to the score sheet, the
names narrowed, then cut, past ``NAME_ROOM``: hands_room.py says how much room the hands want)
and the map takes the width freed; in portrait,
up to four players, the strip keeps the names over their tiles and the map takes the height
of the totals' row; from five, where every name fits whole beside its tiles, the names stand
beside them and the map takes the height that saves. The status line, the pad, Undo and the
last entry stay where they are. In portrait the map has all the rest: the double-12 and 15
pads lie in two rows (entry_view.py), the last entry in two lines (``LAST_LINES``).

The double-12/15 pad always lies across the landscape screen in two rows, the hands beside
the map however many (eight players: cells about 62 px wide, names narrowed, then cut): under
the map the pad took 3-4 rows and left it 420x60 / 420x132. A strip of hands across the top
was measured and refused: its map, the screen's width but 113 px tall (185 with a double-9),
drew more frames' numbers under 6 mm and more lines broken than 420x204 beside the hands
(map_bench --pick 19,20,54, eight players, 800x480: broken 416 vs 220, small 582 vs 509).
No play screen's map is under ``MAP_FLOOR`` of the screen for 2-8 players and any set
(tests/hubd/screens/test_map_floor.py): the status line, the bottom row and a two-row pad
take 276 of 480 px of height, and the map needs its height more than its width.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import ceil

from engine import GameState, Tile
from hubd.picture import Box
from hubd.picture.layout import FOLDS, kept, smallest_grid
from hubd.picture.plan import plan
from hubd.screens.entry_view import (
    cancel_beside_more,
    choice_gap,
    choice_height,
    pad_height,
    pad_shape,
)
from hubd.screens.hand_cells import fonts
from hubd.screens.hands_room import (
    hands_width,
    rows_height,
    strip_height,
    strip_numbers,
    yard_width,
)
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.map.view import map_area, map_sizes

#: The most rows of the pad that lie across the landscape screen (under the map beyond).
PAD_ROWS_ACROSS = 2
#: The least map the landscape layout keeps, at 800x480 (names are not cut for it).
MAP_W = 420
#: The least map where the table is not crowded in it: the hands' cells take the rest where
#: their names want it (eight players: "Maria-Helena" whole on her turn beside three names).
MAP_SPARE = 340
#: A table is crowded once its pieces fill more than this share of the map's cells at the
#: smallest numbers (past about 70 % a layout rarely keeps every foot by its double).
CROWDED_SHARE = 0.45
#: The least share of the screen the map has on any play screen, 2-8 players, any set, at
#: 800x480 and 720x1280 (double-12, eight long names on a table not crowded: 340x208, 18 %;
#: a crowded one keeps 420x208, 22 %); ``PORTRAIT_MAP_FLOOR`` at
#: 720x1280 (double-12, five players: 704x408 in Ukrainian and Portuguese, whose last entry
#: takes three lines, 31 %; 704x454 in English, 35 %).
MAP_FLOOR = 0.18
PORTRAIT_MAP_FLOOR = 0.30
#: Portrait's last entry in this many lines, where Cancel and More stand side by side in
#: them (else a third, and Cancel over More: Ukrainian's and Portuguese's words are longer,
#: and so is the room Undo takes): its words have shorter forms ("Dad: 4-4, the 3-3's second
#: toe"), a notice too long for them goes over the map, and the third line cost the map 46 px.
LAST_LINES = 2


@dataclass
class PlayRoom:
    """The play screen's boxes for one state."""

    status: Rect
    hands: Rect
    map_area: Rect
    pad: Rect
    last: Rect  # the last entry line (Undo at its start)
    undo_w: int
    draw: Rect
    pass_: Rect
    menu: Rect
    choosing: Rect  # the map and the choices while an end is chosen
    more_beside: bool  # More beside Cancel (Draw and Pass under the hands)
    compact: bool  # the hands give the map their room (a crowded table)
    yard: Rect | None = None  # portrait's yard beside Draw and Pass
    bottom: Rect | None = None  # portrait's row of Draw, Pass and the yard: a choice's room
    totals: bool = True  # the players' totals shown beside their hands


def button_widths(b: Builder, room: int, *words: str) -> list[int]:
    """The buttons' widths for ``words`` (translated) sharing ``room``: each its whole word on
    one line if there is room, else its longest word (the rest wraps), at least a comfortable
    target."""
    texts = [b.tr(word) for word in words]
    widths = b.button_widths(texts, b.min_text, room - b.gap * (len(texts) - 1))
    return [max(width, b.target + b.px(16)) for width in widths]


def most_ends(state: GameState) -> int:
    """The most open ends one tile still off the table could be played on now: the most
    choices an entry of this table may offer."""
    table = state.table
    if table is None or state.rules is None or not state.in_round:
        return 0
    if table.only_place() is not None:  # a foot open: its toes are one choice
        return 1
    ends = Counter(place.end for place in table.open_places())
    highest = state.rules.highest
    return max((ends[lo] + (ends[hi] if hi != lo else 0)
                for lo in range(highest + 1) for hi in range(lo, highest + 1)
                if Tile(lo, hi) not in table), default=0)  # fmt: skip


def choices_band(b: Builder, state: GameState, above: int, below: int, bottom: int,
                 map_area: Rect) -> int:  # fmt: skip
    """How much higher the portrait room over the map stands (the map that much lower and
    shorter on this table) so that every choice of any play it may take stands on two pages:
    ``above`` is the room the hands leave there, ``below`` the pad's under the map and
    ``bottom`` the row of Draw and Pass, each with a choice's gap (a double-15 table offering
    ten ends took three pages of four, one a page over the map). Never under
    ``PORTRAIT_MAP_FLOOR``; 0 where two pages hold them already."""
    row, gap = choice_height(b), choice_gap(b)

    def rows(height: int) -> int:
        return max(0, (height + gap) // (row + gap))

    short = -(-most_ends(state) // 2) - rows(above - gap) - rows(below - gap) - rows(bottom)
    least_h = ceil(PORTRAIT_MAP_FLOOR * b.w * b.h / map_area.w)
    for more in range(short, 0, -1):
        band = (rows(above - gap) + more) * (row + gap) - above
        if map_area.h - band >= least_h:
            return band
    return 0


def crowded(b: Builder, state: GameState, area: Rect) -> bool:
    """Whether the table's pieces, every line folded most, fill more than ``CROWDED_SHARE``
    of the cells ``area`` has at the smallest numbers."""
    table = state.table
    assert table is not None
    laid = plan(table, FOLDS[-1], False)
    box = Box(*map_area(b, area))
    cells = smallest_grid(table, laid, box, map_sizes(b)).size - kept(table)
    return laid.need > CROWDED_SHARE * cells


def play_room(b: Builder, state: GameState) -> PlayRoom:
    """The play screen's boxes for ``state``: in landscape the hands' cells as wide as their
    names want, the map down to ``MAP_SPARE`` where the table is not crowded there, else to
    ``MAP_W``; the hands compact where the table is crowded in the room they leave the map
    otherwise."""
    room = arranged(b, state, False, spare=True)
    if room.map_area.w < b.px(MAP_W) and crowded(b, state, room.map_area):
        room = arranged(b, state, False)
    if crowded(b, state, room.map_area):
        room = arranged(b, state, True)
    if b.landscape:
        room.totals = not room.compact and rows_height(b, state) <= room.hands.h
    else:
        room.totals = strip_numbers(state, room.compact) == 2
    return room


def arranged(b: Builder, state: GameState, compact: bool, spare: bool = False) -> PlayRoom:
    """The play screen's boxes for ``state`` with the hands ``compact`` or not, and in
    landscape the map down to ``MAP_SPARE`` for the names (``spare``) or to ``MAP_W``
    (play_room chooses by the table)."""
    if b.landscape:
        return _landscape(b, state, compact, spare and not compact)
    return _portrait(b, state, compact)


def _landscape(b: Builder, state: GameState, compact: bool, spare: bool) -> PlayRoom:
    g = b.gap
    pad_h = pad_height(b, state, b.w - 2 * g)
    thin = b.px(4)
    status = Rect(0, 0, b.w, b.target)
    bottom = Rect(g, b.h - b.target, b.w - 2 * g, b.target)
    most = b.w - 3 * g - b.px(MAP_W)
    spared = b.w - 3 * g - b.px(MAP_SPARE) if spare else most
    # The pad across the screen in one row, or in two (double-12 and up), however many
    # hands stand beside the map over it: under the map, in its width, the pad took three
    # or four rows and left the map 60-132 px of height (eight players); beside, their
    # cells narrow and their names are narrowed, then cut.
    rows_across = pad_shape(b, state, b.w - 2 * g)[0]
    pad = Rect(g, bottom.y - thin - pad_h, b.w - 2 * g, pad_h)
    middle = Rect(0, status.bottom + thin, b.w, pad.y - status.bottom - 2 * thin)
    across = rows_across <= PAD_ROWS_ACROSS
    if not across:
        middle.h = bottom.y - status.bottom - 2 * thin
    # Draw and Pass go under the hands when the rows leave room, else along the bottom.
    pair_w = sum(button_widths(b, b.w, "Draw", "Pass")) + g
    beside = rows_height(b, state) + thin + b.target <= middle.h and pair_w <= most
    want = hands_width(b, state, middle.h, False, most, spared)
    side_w = min(max(want, pair_w if beside else 0), spared)
    regular = Rect(b.w - side_w - g, middle.y, side_w, middle.h)
    hands = Rect(regular)
    if compact:  # as narrow as the hands allow, Draw and Pass (if under them) as before
        narrow = hands_width(b, state, middle.h, True, most, most)
        hands.w = min(side_w, max(narrow, pair_w if beside else 0))
        hands.x = regular.right - hands.w
    map_area = Rect(g, middle.y, hands.x - 2 * g, middle.h)
    if not across:  # the pad keeps the place it has beside the regular hands
        pad_h = pad_height(b, state, regular.x - 2 * g)
        map_area.h -= pad_h + thin
        pad = Rect(g, map_area.bottom + thin, regular.x - 2 * g, pad_h)
    words = ("Undo", "Menu") if beside else ("Undo", "Draw", "Pass", "Menu")
    undo_w, *buttons = button_widths(b, bottom.w * 11 // 20, *words)
    moves_w = sum(buttons) + g * (len(buttons) - 1)
    last, moves = split_h(bottom, bottom.w - moves_w - g, moves_w, gap=g)
    if beside:
        pair = Rect(hands.x, hands.bottom - b.target, hands.w, b.target)
        hands.h -= b.target + thin
        draw, pass_ = split_h(pair, *button_widths(b, pair.w, "Draw", "Pass"), gap=g)
        menu = moves
    else:
        draw, pass_, menu = split_h(moves, *buttons, gap=g)
    # Choosing an end: the pad is done with, and Draw and Pass (under the hands) wait for
    # Cancel, so the choices and the map have everything down to the bottom row.
    choosing = Rect(g, middle.y, b.w - 2 * g, bottom.y - thin - middle.y)
    return PlayRoom(status, hands, map_area, pad, last, undo_w, draw, pass_, menu, choosing,
                    beside, compact)  # fmt: skip


def _portrait(b: Builder, state: GameState, compact: bool) -> PlayRoom:
    g = b.gap
    pad_h = pad_height(b, state, b.w - 2 * g)
    lines = 2 * b.measure.line_height(b.px(72), True)
    status = Rect(0, 0, b.w, lines + g)
    hands = Rect(g, status.bottom + g, b.w - 2 * g, strip_height(b, state, compact))
    count_h = b.measure.line_height(fonts(b)[0], True)
    moves_h = max(b.target, count_h + b.px(4))
    # Undo, the last entry and Menu along the bottom; over them Draw, Pass and the yard,
    # whose row holds a choice while an end is chosen: under the pad's, with the others.
    undo_w, menu_w = button_widths(b, (b.w - 2 * g) // 2, "Undo", "Menu")
    words_w = b.w - 2 * g - undo_w - menu_w - 2 * g  # the last entry's, Cancel's
    line = b.measure.line_height(b.min_text)
    lines = LAST_LINES
    if not cancel_beside_more(b, words_w, lines * line + b.px(8)):
        lines += 1  # Cancel over More: the box two targets tall holds a third line
    last_h = lines * line + b.px(8)
    last = Rect(g, b.h - last_h - g, b.w - 2 * g, last_h)
    moves = Rect(g, last.y - moves_h - g, b.w - 2 * g, moves_h)
    pad = Rect(g, moves.y - g - pad_h, b.w - 2 * g, pad_h)
    map_area = Rect(g, hands.bottom + g, b.w - 2 * g, pad.y - hands.bottom - 2 * g)
    top = hands.y
    band = choices_band(b, state, hands.h + g, pad_h + g, moves_h, map_area)
    if band:  # the hands in the band's middle, the map under it
        hands.y += band // 2
        map_area.y += band
        map_area.h -= band
    choosing = Rect(g, top, b.w - 2 * g, pad.bottom - top)
    last, menu = split_h(last, last.w - menu_w - g, menu_w, gap=g)
    yard_w = yard_width(b)
    draw_w, pass_w = button_widths(b, moves.w - yard_w - g, "Draw", "Pass")
    spare = max(0, moves.w - yard_w - draw_w - pass_w - 2 * g) // 2  # to the buttons
    draw_w, pass_w = draw_w + spare, pass_w + spare
    draw, pass_, yard = split_h(moves, draw_w, pass_w, moves.w - draw_w - pass_w - 2 * g, gap=g)
    # More beside Cancel: while an end is chosen, Draw, Pass and the yard wait and their row
    # may hold a choice (the tenth end of a double-15 table: two pages, not three).
    return PlayRoom(status, hands, map_area, pad, last, undo_w, draw, pass_, menu, choosing,
                    True, compact, yard, moves)  # fmt: skip
