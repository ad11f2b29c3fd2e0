"""What the picture must place: the table as a tree of pieces, each to take one cell beside
the piece it is joined to, and how many cells each piece's subtree needs.

A line's drawn tiles (or a run folded into a count) follow one another from the hub or the
double it leaves; a double ends the line it was laid on and its toes leave it; an open end's
target follows its line's last piece, and a place still waiting for a line (the hub while it
opens, a foot with room) has its target beside it. The pieces are listed in the order they
are placed: a piece's neighbours-to-be right after it (an arm's first tiles round the hub, a
foot's toes round its double), then each of their own lines in turn (the largest first), so
that a search that must undo a choice undoes the nearby ones first.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from engine import Placed, Table
from hubd.picture.lines import Line, fold, table_lines


@dataclass
class Piece:
    """One cell's worth of the table: ``kind`` is "hub", "tile", "fold" (a run's count),
    "double", "end" (an open place's target) or "keep" (a cell kept free for a toe to come)."""

    kind: str
    place: Placed
    parent: int  # the piece it is joined to (-1: the hub itself)
    count: int = 0  # a fold's count of tiles
    foot: int = -1  # a toe's first piece, or a foot's target: the double it stands by
    ahead: int = -1  # a toe's first piece: the double its line ends in (none: -1)
    arm: int = -1  # an arm's first piece, or the hub's target: the arm's number
    kids: list[int] = field(default_factory=list)
    need: int = 1  # cells its subtree takes, its own included
    key: Hashable = ()  # the same piece's in the next frame's plan (``Plan.keys``)


@dataclass
class Plan:
    """The pieces, and the order they are placed in. A piece's ``key`` is its line's first
    tile and its place along the line (a foot's target, its double's; the hub's, the hub):
    one tile more on the table leaves the other pieces' keys as they were, and the tile
    played on an open end takes the key (so the cell) its target had, the line's run of
    tiles folded into a count keeping its place as the run grows."""

    pieces: list[Piece]
    order: list[int]  # the pieces by index, in the order they are placed

    @property
    def need(self) -> int:
        return len(self.pieces)

    @property
    def stacked(self) -> bool:
        """Whether a double lies on a one-tile toe of another double (two cells from it)."""
        pieces = self.pieces
        return any(p.kind == "double" and pieces[p.parent].foot >= 0 for p in pieces)


def plan(table: Table, most: int | None, keep: bool, as_played: bool = False) -> Plan:
    """The pieces of ``table`` with each line folded to at most ``most`` cells (None: every
    tile drawn), and (``keep``) a cell kept by each double for each toe still to come;
    placed (``as_played``) in the order the tiles were played, or else a piece's
    neighbours-to-be first, then their lines, the one with the most pieces first."""
    pieces: list[Piece] = [Piece("hub", table.hub_place, -1, key=table.hub)]
    lines = table_lines(table)

    def add(piece: Piece) -> int:
        pieces.append(piece)
        index = len(pieces) - 1
        if piece.parent >= 0:
            pieces[piece.parent].kids.append(index)
        return index

    def lay(line: Line, source: int, foot: int, arm: int) -> None:
        drawn = fold(line, most)
        before, first, at = source, -1, 0

        def put(kind: str, place: Placed, count: int = 0) -> int:
            nonlocal before, first, at
            is_first = first < 0
            index = add(Piece(kind, place, before, count, foot if is_first else -1,
                              arm=arm if is_first else -1, key=(line.start, at)))  # fmt: skip
            before, at = index, at + 1
            first = index if is_first else first
            return index

        for at, place in enumerate(line.chain):
            if at in drawn.drawn:
                put("tile", place)
            elif at == drawn.first:
                put("fold", place, drawn.count)
        end = line.foot
        if end is None:
            put("end", line.places[-1])
            return
        double = put("double", end)
        if foot >= 0:
            pieces[first].ahead = double
        for toe in end.children:
            lay(lines[toe], double, double, -1)
        if end.room > 0:
            add(Piece("end", end, double, foot=double, key=(end.tile, "end")))
            if keep:
                for at in range(end.room - 1):
                    add(Piece("keep", end, double, foot=double, key=(end.tile, "keep", at)))

    hub = table.hub_place
    for arm, start in enumerate(hub.children):
        lay(lines[start], 0, -1, arm)
    if hub.room > 0:
        add(Piece("end", hub, 0, arm=len(hub.children), key=(hub.tile, "end")))
    for index in range(len(pieces) - 1, 0, -1):  # kids come after their parent
        pieces[pieces[index].parent].need += pieces[index].need
    if as_played:
        return Plan(pieces, _as_played(table, pieces))
    order = [0]

    def visit(index: int) -> None:
        kids = pieces[index].kids
        order.extend(kids)
        # The largest first: it takes the room round its start before the smaller ones do
        # (laid in the table's order, an arm with few pieces took the room a crowded one
        # needed: 1 in 3 of the frames missed at 70-100 % of the cells found room so).
        for kid in sorted(kids, key=lambda kid: -pieces[kid].need):
            visit(kid)

    visit(0)
    return Plan(pieces, order)


def _as_played(table: Table, pieces: list[Piece]) -> list[int]:
    """The pieces in the order the table grew: each piece when the place it takes opened (a
    line's next piece, or its end's target, when the line's last tile was played; a toe, or
    its foot's target, right after its double). A piece's cell then depends only on what
    came before it, and the next frame is this one's with the end played on turned into
    its tile, in the same cell where it fits, and one new piece after all the others."""
    played = {tile: at for at, tile in enumerate(table.placed)}

    def when(index: int) -> tuple[int, ...]:
        piece = pieces[index]
        if piece.kind == "hub":
            return (-1,)
        parent = pieces[piece.parent]
        if piece.foot >= 0 or piece.parent == 0:  # round its double (or the hub), in turn
            return (*when(piece.parent), 1, parent.kids.index(index))
        return (played[parent.place.tile], 2)

    return sorted(range(len(pieces)), key=when)
