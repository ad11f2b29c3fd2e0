"""The table's pictures as the screens get them: laid out here and now, or off the hub's loop.

A crowded table's layout takes up to ~240 ms here, about a second on a Pi (hubd/picture), and
the first frame after a play asks for it: on the loop, the hub button's press would wait for
it. So the hub's loop gives the screens a ``PictureShelf`` (``UiContext.pictures``): a screen
takes from it the picture of the table it shows when it is ready, else the last picture made
for the same place on the screen (the table a play ago: never a half one), else nothing yet,
and the shelf keeps what it lacked for the loop to ask its worker (hubd/loop/pictures.py),
which puts the picture on the shelf when it is done, and the loop draws again. Without a
loop (``hubd layout``, the tests) the screens take the pictures from ``PicturesAtOnce``, laid
out at once by the same function, ``lay_out``, one after another from the same layouts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine import Table, Tile
from hubd.picture import Box, Layouts, MapLabel, Picture, Sizes, arm_labels
from hubd.picture.chain import TableKey

#: A picture's place: where it lies, the whole view's area (the play map may show that
#: picture shrunk) and the sizes of its numbers.
Place = tuple[Box, Box, Sizes]

#: A picture asked for: its table and its place.
AskKey = tuple[TableKey, Box, Box, Sizes]


@dataclass(frozen=True)
class PictureAsk:
    """One picture a screen draws: ``table`` in ``area`` (``area == whole``: the whole view's),
    with ``open_ends``, the ends open on that table (the picture's own, drawn with it)."""

    table: Table
    area: Box
    whole: Box
    sizes: Sizes
    open_ends: frozenset[Tile]
    key: AskKey = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", (TableKey(self.table), self.area, self.whole, self.sizes))

    @property
    def place(self) -> Place:
        return (self.area, self.whole, self.sizes)

    def whole_view(self) -> PictureAsk:
        """The same table's picture in the whole view (a tap on the play map opens it)."""
        return PictureAsk(self.table, self.whole, self.whole, self.sizes, self.open_ends)


@dataclass(frozen=True)
class ReadyPicture:
    """A picture laid out, ready to draw: the ends open on the table it was laid out from,
    its number floor (the map's, scaled with a shrunk picture) and its arms' letters (placed
    round every piece: as long as a few frames' building, so off the loop too)."""

    picture: Picture
    open_ends: frozenset[Tile]
    floor: int
    letters: tuple[MapLabel, ...]


def lay_out(ask: PictureAsk, layouts: Layouts | None = None) -> ReadyPicture:
    """The picture ``ask`` wants, laid out now with ``layouts`` (the sequence's it is in,
    hubd/picture/chain.py; without, a fresh one's: the same picture, slower)."""
    layouts = layouts or Layouts()
    if ask.area == ask.whole:
        drawn = layouts.laid_out(ask.table, ask.area, ask.sizes)
    else:
        drawn = layouts.play_picture(ask.table, ask.area, ask.sizes)
    floor = drawn.drawn_floor(ask.sizes.floor)
    return ReadyPicture(drawn, ask.open_ends, floor, tuple(arm_labels(drawn, ask.table, floor)))


#: Pictures the shelf keeps: a few tables (the one before an undo, the one after) in the few
#: places a screen draws one (the play map's at each room it takes, the whole view's).
KEPT = 12


class PictureShelf:
    """The pictures laid out off the loop, as the screens take them (see the module's
    docstring). Only the loop uses it: the screens while they lay out a frame, the loop after
    the frame (``wanted``) and when a picture arrives (``put``)."""

    def __init__(self) -> None:
        self._ready: dict[AskKey, ReadyPicture] = {}
        self._last: dict[Place, ReadyPicture] = {}  # each place's picture that came last
        self._missed: dict[AskKey, PictureAsk] = {}
        self._asked: set[AskKey] = set()
        #: Counts the pictures put: a frame laid out before one came is drawn again.
        self.version = 0

    def take(self, ask: PictureAsk) -> ReadyPicture | None:
        """The picture ``ask`` wants if it is ready, else its place's last of the same round
        (the same starting double: never the table of a round gone by), else None; what was
        not ready is kept for ``wanted``."""
        found = self._ready.get(ask.key)
        if found is not None:
            return found
        if ask.key not in self._asked and ask.key not in self._missed:
            self._missed[ask.key] = replace(ask, table=ask.table.copy())  # the loop's changes
        last = self._last.get(ask.place)
        if last is None or not last.picture.tiles or last.picture.tiles[0].tile != ask.table.hub:
            return None
        return last

    def wanted(self) -> list[PictureAsk]:
        """The pictures the screens took and lacked since the last call, not asked already:
        the loop asks its worker for them (newest table first; what was asked before and not
        wanted again is dropped by the worker)."""
        asks = list(self._missed.values())
        self._missed.clear()
        if asks:
            self._asked = {ask.key for ask in asks}
        return asks

    def put(self, ask: PictureAsk, ready: ReadyPicture) -> None:
        """``ready`` laid out for ``ask``: the screens draw it from the next frame on."""
        self._ready.pop(ask.key, None)
        self._ready[ask.key] = ready
        while len(self._ready) > KEPT:
            del self._ready[next(iter(self._ready))]
        self._last[ask.place] = ready
        self._asked.discard(ask.key)
        self.version += 1


class PicturesAtOnce:
    """Pictures laid out as the screens ask for them (no loop to keep going: ``hubd layout``,
    the tests), one table after another from the same ``Layouts``."""

    version = 0  # every picture is there when asked for: none comes later

    def __init__(self) -> None:
        self.layouts = Layouts()

    def take(self, ask: PictureAsk) -> ReadyPicture:
        return lay_out(ask, self.layouts)


#: Where the screens take the table's pictures from (``UiContext.pictures``).
Pictures = PictureShelf | PicturesAtOnce
