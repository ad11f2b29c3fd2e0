"""Landscape's hands as cells, a name over its count, where rows of them no longer fit
(hubd/screens/play_hands.py draws them): which seats share a row, how wide each cell is, each
name's box in it, and where the yard stands. Pure geometry from the state and the names'
widths (hubd/screens/hand_rows.py).

The cells stand as tall as their letters (this table's names' and the digits'), not their
lines' boxes, so that the yard may take a line of its own under them ("Yard 48") rather than a
cell beside the players' (eight players: four and four names, not five, "C…" and "M…", over
four). The rows are chosen by the names alone, never by whose turn it is (no name changes rows
from one turn to the next); in its row the current player is served first. The panel is as
wide as these cells want (``cells_width``): play_room.py sized it by an older model of their
lines' boxes, and cut "Maria…" on her turn beside a map with room to spare."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil

from engine import GameState
from hubd.screens.hand_rows import called_by_first_word, most_whole, row_widths, splits
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE

#: The letters a name cut keeps at the least where a name beside it is kept whole: "M…" beside
#: "Grandma" read as no one's name.
CUT_KEEPS = 3
#: What a layout loses of its names: a name cut to fewer than ``CUT_KEEPS`` letters outweighs
#: any number cut with more, a name cut any number of letters missing, a letter missing any
#: number of names called by their first word ("Grandma").
SHORT_WEIGHT, CUT_WEIGHT, LETTER_WEIGHT = 10**6, 10**4, 10
#: The room the panel keeps inside its two sides together, between them and its cells.
EDGES = 8
#: The panels' widths found (a frame's layout asks again for the same table's: each search
#: lays the cells out a few dozen times, 20-40 ms here), the latest few.
_WIDTHS: dict[tuple[object, ...], int] = {}
KEPT_WIDTHS = 16


def fonts(b: Builder) -> tuple[int, int]:
    """The hand counts' and the names' font sizes: 6 mm and 4.5 mm."""
    return b.chair_text, b.floor_text


@dataclass(frozen=True)
class HandCells:
    """Where the hands' cells stand in the panel."""

    cells: list[Rect]  # each player's: the name over the hand's count
    names: list[Rect]  # each player's name's box
    yard: Rect  # the yard's cell (its word over its count), or its line (word beside count)
    yard_line: bool
    name_top: int  # where a name's line box starts in its cell (it may start above)
    count_top: int  # where a count's line box starts in its cell


@dataclass(frozen=True)
class _Word:
    """What a name (or the yard's word) needs of its cell's width, its edges' room aside:
    drawn as it is (bold, as the current player's), drawn narrowest, by the first word it is
    called by, and cut (``cut[k - 1]``: its first k letters and the ellipsis), each drawn
    narrowest; and the cell's least (a count's two digits; the yard's word at the least
    text)."""

    bold: int
    narrowest: int
    first: int | None
    cut: tuple[int, ...]
    floor: int

    def kept(self, width: int) -> int:
        """How many letters stand before the ellipsis, cut to ``width``."""
        return sum(1 for need in self.cut if need <= width)


class _Table:
    """The names' needs and the cells' heights for one table, in ``area``."""

    def __init__(self, b: Builder, state: GameState, area: Rect) -> None:
        self.b, self.area, self.players = b, area, len(state.players)
        self.current = state.current
        count_px, name_px = fonts(b)
        width = b.measure.width
        self.gap = b.px(4)
        # Each side, with the gap between cells: half an em between two names, never read as
        # one ("Tom Vovó").
        self.apart = (name_px // 2 - self.gap + 1) // 2
        self.edge = b.px(4)  # at the panel's edge, or inside the current player's highlight
        floor = width("88", count_px, True) + b.px(8)
        yard = b.tr("Yard")
        self.words = [
            self._word(name, called_by_first_word(state.players, seat), floor)
            for seat, name in enumerate(state.players)
        ]
        yard_floor = max(floor, int(width(yard, b.min_text) * MIN_SQUEEZE) + b.px(10))
        yard_bold = width(yard, name_px, True) + 2 * self.edge
        self.yard_cell = _Word(yard_bold, yard_floor, None, (), yard_floor)
        self.cell_h, self.name_top, self.count_top, self.count_h = self._heights(state.players)

    def _word(self, name: str, first: str, floor: int) -> _Word:
        name_px = fonts(self.b)[1]

        def narrowest(text: str) -> int:
            return ceil(self.b.measure.width(text, name_px, False) * MIN_SQUEEZE)

        cut = tuple(narrowest(name[:letters] + "…") for letters in range(1, len(name)))
        bold = self.b.measure.width(name, name_px, True)
        return _Word(bold, narrowest(name), narrowest(first) if first else None, cut, floor)

    def _heights(self, names: Sequence[str]) -> tuple[int, int, int, int]:
        """A cell's height, where its name's and its count's line boxes start, and how tall
        a count's is: the name and the count stacked by their letters (this table's tallest,
        and the descenders), not by their lines' boxes, which overlap."""
        count_px, name_px = fonts(self.b)
        measure = self.b.measure
        space = max(2, self.b.px(3))
        inks = [measure.ink(name, name_px, bold) for name in names for bold in (False, True)]
        top = min(above for above, _ in inks)
        descent = max(measure.descent(name_px, bold) for bold in (False, True))
        name_ink = max(above + height for above, height in inks) - top + descent
        digit_top, digits = measure.ink("0123456789", count_px, True)
        count_top = space + name_ink + space - digit_top
        count_h = measure.line_height(count_px, True)
        return count_top + digit_top + digits + space, space - top, count_top, count_h

    def yard_line(self) -> Rect:
        """The yard's line at the panel's foot, its count's box ending there: the band from
        its letters' top (less a space) to the panel's foot."""
        digit_top, _digits = self.b.measure.ink("0123456789", fonts(self.b)[0], True)
        top = self.area.bottom - self.count_h + digit_top - max(2, self.b.px(3))
        return Rect(self.area.x, top, self.area.w, self.area.bottom - top)

    def rows_height(self, rows: int, yard_line: bool) -> int:
        """How tall ``rows`` rows of cells stand: to their letters' foot over the yard's line
        (the last row's count's box may reach over it: its digits' box, not its digits), else
        to that box's foot."""
        reach = self.cell_h if yard_line else max(self.cell_h, self.count_top + self.count_h)
        return (rows - 1) * (self.cell_h + self.gap) + reach

    def room_for_rows(self, yard_line: bool) -> int:
        """The height the rows have: over the yard's line, or the whole area."""
        return self.yard_line().y - self.gap - self.area.y if yard_line else self.area.h

    def word(self, seat: int) -> _Word:
        return self.words[seat] if seat < self.players else self.yard_cell

    def sides(self, seats: Sequence[int], current: int | None) -> list[tuple[int, int]]:
        """Each cell's room on its name's sides: half an em apart from a neighbour's, less at
        the row's ends and inside the current player's highlight (it stands apart); none
        round the yard's word (its cell's least has its room)."""
        last = len(seats) - 1
        return [
            (0, 0) if seat >= self.players else
            (self.edge if place == 0 or seat == current else self.apart,
             self.edge if place == last or seat == current else self.apart)
            for place, seat in enumerate(seats)
        ]  # fmt: skip

    def pads(self, seats: Sequence[int], current: int | None) -> list[int]:
        return [left + right for left, right in self.sides(seats, current)]

    def row(self, seats: Sequence[int], room: int, current: int | None) -> list[int]:
        """A row's cells' widths: the names as they are, else narrower, else the most of them
        whole (the current player's first), each cut keeping its first letters; a name that
        cannot stand whole wants only the first word it is called by, where it has one."""
        pads = self.pads(seats, current)
        words = [self.word(seat) for seat in seats]
        first = seats.index(current) if current in seats else None
        # Who is called by a first word is found with no one served first: the current
        # player's "Nenek" beside "Kurniawati" whole, not "Nenek Sulastri" beside "Kur…".
        widths = self._fit(words, pads, room, None, [False] * len(words))
        called = [w.first is not None and w.narrowest + pad > width
                  for w, pad, width in zip(words, pads, widths, strict=True)]  # fmt: skip
        plain = first is None and not any(called)
        ways = [widths if plain else self._fit(words, pads, room, first, called)]
        # Every name that has a first word called by it, where that loses less: "Om" beside
        # "Wahyuningsih" whole, not "Om Bambang" (the shorter, served first) beside "Wahy…".
        by_first = [w.first is not None for w in words]
        if by_first != called and any(by_first):
            ways.append(self._fit(words, pads, room, first, by_first))
        return min(ways, key=lambda widths: self.lost(seats, widths, current))

    def _fit(
        self,
        words: list[_Word],
        pads: list[int],
        room: int,
        first: int | None,
        called: list[bool],
    ) -> list[int]:
        floors = [w.floor for w in words]
        shown = [(w.bold, w.narrowest) if not by_first or w.first is None else (w.first, w.first)
                 for w, by_first in zip(words, called, strict=True)]  # fmt: skip
        bold = [max(f, b + p) for f, (b, _n), p in zip(floors, shown, pads, strict=True)]
        least = [max(f, n + p) for f, (_b, n), p in zip(floors, shown, pads, strict=True)]
        if sum(least) <= room:  # the widest drawn narrower alike, as far as they need
            return row_widths(bold, least, room)
        letters = [w.cut[CUT_KEEPS - 1] if len(w.cut) >= CUT_KEEPS else w.narrowest
                   for w in words]  # fmt: skip
        keep = [max(f, min(n, k + p))
                for f, n, k, p in zip(floors, least, letters, pads, strict=True)]  # fmt: skip
        if sum(keep) > room:  # only the counts' digits and the yard's word
            keep = floors
        return most_whole(least, keep, room, first)

    def lost(self, seats: Sequence[int], widths: Sequence[int], current: int | None) -> int:
        """What a row's widths lose of its names (the yard's word is never cut)."""
        lost = 0
        for seat, width, pad in zip(seats, widths, self.pads(seats, current), strict=True):
            if seat >= self.players:
                continue
            word = self.words[seat]
            if word.narrowest + pad <= width:
                continue
            if word.first is not None and word.first + pad <= width:
                lost += 1
                continue
            kept = word.kept(width - pad)
            lost += CUT_WEIGHT + LETTER_WEIGHT * (len(word.cut) + 1 - kept)
            lost += SHORT_WEIGHT if kept < CUT_KEEPS else 0
        return lost


def hand_cells(b: Builder, state: GameState, area: Rect) -> HandCells:
    """Landscape's cells of hands in ``area``: the yard on a line of its own under them where
    the height leaves it room, else a cell after the last player's; of every way of cutting
    the seats, in order, into rows that stand in the height, the one that loses the least of
    the names (none cut to fewer than ``CUT_KEEPS`` letters where it can, then the fewest
    cut, then the fewest letters lost), the fewest rows where that is alike. Each cell as
    wide as its name wants where its row holds them, the room left shared out."""
    table = _Table(b, state, area)
    rows, yard_line, split = _chosen(table)
    # Half the height the rows leave over them (the names clear of the panel's top).
    spare = table.room_for_rows(yard_line) - table.rows_height(rows, yard_line)
    return _placed(table, split, yard_line, max(0, spare) // 2)


def _chosen(table: _Table) -> tuple[int, bool, tuple[int, ...]]:
    """The rows ``hand_cells`` lays out: how many, whether the yard has a line of its own,
    and how many cells each row holds."""
    players = table.players
    best: tuple[int, bool, tuple[int, ...]] | None = None
    best_lost = (0, 0)
    for yard_line in (True, False):
        height = table.room_for_rows(yard_line)
        cells = players if yard_line else players + 1
        for rows in range(1, cells + 1):
            if table.rows_height(rows, yard_line) > height and (best is not None or yard_line):
                break
            for split in splits(cells, rows, cells):
                # Alike, the rows the most even (three over two names, not four over one).
                lost = (_split_lost(table, split), max(split))
                if best is None or lost < best_lost:
                    best, best_lost = (rows, yard_line, split), lost
    assert best is not None
    return best


def cells_width(b: Builder, state: GameState, height: int, usual: int, most: int) -> int:
    """How wide landscape's panel of hand cells (``EDGES`` inside it) wants to be in
    ``height``, as ``hand_cells`` lays its cells out: where every name stands as it is drawn
    (bold) in a panel ``usual`` wide or narrower, the narrowest that holds them so (the map
    takes the rest); else, up to ``most`` (as far as the map can spare), the narrowest that
    cuts no more of the names than ``most`` does, none more on its own turn (eight players:
    "Maria-Helena" whole on her turn, not "Maria…")."""
    key = (b.measure, b.tr("Yard"), b.w, b.h, state.players, height, usual, most)
    found = _WIDTHS.get(key)
    if found is None:
        found = _WIDTHS[key] = _width(b, state, height, usual, most)
        while len(_WIDTHS) > KEPT_WIDTHS:
            del _WIDTHS[next(iter(_WIDTHS))]
    return found


def _width(b: Builder, state: GameState, height: int, usual: int, most: int) -> int:
    """``cells_width``, found."""
    edges = b.px(EDGES)
    natural = _natural(_Table(b, state, Rect(0, 0, usual - edges, height))) + edges
    if natural <= usual:
        return natural
    best = _score(b, state, height, most)
    low, high = usual, most  # the narrowest whose score is the best lies in (low, high]
    if _score(b, state, height, low) <= best:
        return low
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if _score(b, state, height, middle) <= best else (middle, high)
    return high


def _natural(table: _Table) -> int:
    """The narrowest cells' width (the panel's, ``EDGES`` aside) in which some rows standing
    in the height hold every name as it is drawn (bold), or a large number."""
    widest = 10**6
    for yard_line in (True, False):
        cells = table.players if yard_line else table.players + 1
        for rows in range(1, cells + 1):
            if table.rows_height(rows, yard_line) > table.room_for_rows(yard_line):
                break
            for split in splits(cells, rows, cells):
                need = 0
                for start, count in zip(_starts(split), split, strict=True):
                    seats = range(start, start + count)
                    pads = table.pads(seats, None)
                    wants = [max(table.word(seat).floor, table.word(seat).bold + pad)
                             for seat, pad in zip(seats, pads, strict=True)]  # fmt: skip
                    need = max(need, sum(wants) + table.gap * (count - 1))
                widest = min(widest, need)
    return widest


def _score(b: Builder, state: GameState, height: int, width: int) -> tuple[int, int]:
    """What a panel ``width`` wide loses of the names (``_Table.lost``'s weights, a name
    called by its first word aside): on their own turns (the current player served first),
    and on no one's turn."""
    table = _Table(b, state, Rect(0, 0, width - b.px(EDGES), height))
    _rows, _yard_line, split = _chosen(table)
    own = 0
    for start, count in zip(_starts(split), split, strict=True):
        seats = range(start, start + count)
        room = table.area.w - table.gap * (count - 1)
        for place, seat in enumerate(s for s in seats if s < table.players):
            widths = table.row(seats, room, seat)
            own += table.lost([seat], [widths[place]], seat) // LETTER_WEIGHT
    return own, _split_lost(table, split) // LETTER_WEIGHT


def _starts(split: tuple[int, ...]) -> list[int]:
    return [sum(split[:row]) for row in range(len(split))]


def _split_lost(table: _Table, split: tuple[int, ...]) -> int:
    """What ``split``'s rows lose of the names, no one's turn (the rows never change with it)."""
    lost = 0
    for start, count in zip(_starts(split), split, strict=True):
        seats = range(start, start + count)
        room = table.area.w - table.gap * (count - 1)
        lost += table.lost(seats, table.row(seats, room, None), None)
    return lost


def _placed(table: _Table, split: tuple[int, ...], yard_line: bool, down: int) -> HandCells:
    """The cells of ``split``'s rows, ``down`` from the area's top, widths served the current
    player first."""
    area, gap = table.area, table.gap
    cells: list[Rect] = []
    names: list[Rect] = []
    name_h = table.b.measure.line_height(fonts(table.b)[1])
    for row, (start, count) in enumerate(zip(_starts(split), split, strict=True)):
        seats = range(start, start + count)
        widths = table.row(seats, area.w - gap * (count - 1), table.current)
        x, y = area.x, area.y + down + row * (table.cell_h + gap)
        sides = table.sides(seats, table.current)
        for cell_w, (left, right) in zip(widths, sides, strict=True):
            cells.append(Rect(x, y, cell_w, table.cell_h))
            names.append(Rect(x + left, y + table.name_top, cell_w - left - right, name_h))
            x += cell_w + gap
    yard = table.yard_line() if yard_line else cells[-1]
    players = table.players
    return HandCells(cells[:players], names[:players], yard, yard_line, table.name_top,
                     table.count_top)  # fmt: skip
