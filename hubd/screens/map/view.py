"""Drawing the table's picture (hubd/picture) as widgets, and what its ends do.

The picture is laid out by pure code; this only draws it: strokes, tiles (a double crosswise
and as large as its cell; a tile too small for pips a family can see shows its numbers as
digits, hubd/picture/pips.py), runs folded into counts, and each open end's target with the
number it needs. A play is entered on the play screen's pad (hubd/screens/entry_view.py),
never here: an end is no target, open (amber; a foot's red) or closed (padlocked while a foot
waits for its toes). The ends in ``marked`` (keys "end:<tile>", the ends an entry offers)
are ringed. The map is the same picture in every language: it
is never mirrored for right-to-left text.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

from engine import GameState, PlaceKind, Tile
from hubd.picture import Box, MapEnd, Sizes
from hubd.picture.pips import tiles_digits
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import TEXT_DARK, Action, Kind, Style, Widget
from hubd.screens.map.numerals import PIECES, Ringed, draw_numerals
from hubd.screens.map.ready import PictureAsk, Pictures, ReadyPicture, lay_out
from hubd.screens.map.whole import draw_sign, whole_room
from hubd.text.labels import line_labels, named_on_the_map

__all__ = ["MapEnd", "draw_map", "map_picture", "map_sizes"]


def map_sizes(b: Builder) -> Sizes:
    """The map's numbers: 6 mm while the table fits, never under 4.5 mm (800x480: 43 and
    32 px; 720x1280: 67 and 50)."""
    if b.landscape:
        return Sizes(b.px(43), b.floor_text, max(4, b.px(4)))
    return Sizes(b.px(67), b.floor_text, max(4, b.px(6)))


def map_area(b: Builder, area: Rect) -> Rect:
    """Where the picture lies on the screen: the map's area, unmirrored."""
    if b.rtl:  # the screen around it is mirrored, the map itself is not
        return Rect(b.w - area.right, area.y, area.w, area.h)
    return Rect(area)


def map_picture(
    b: Builder,
    state: GameState,
    area: Rect,
    whole_view: bool = False,
    pictures: Pictures | None = None,
) -> ReadyPicture | None:
    """The picture of ``state``'s table as the play screen draws it in ``area`` (faithful
    first: laid out larger in its shape and drawn smaller, where ``area`` cannot hold it), or
    (``whole_view``) as the whole view draws it there: laid out now, or taken from
    ``pictures`` (the hub's loop lays it out off the loop: until it is ready, the last one
    drawn there, or None)."""
    assert state.table is not None
    box, sizes = Box(*map_area(b, area)), map_sizes(b)
    whole = box if whole_view else Box(*map_area(b, whole_room(b).area))
    open_ends = frozenset(place.tile for place in state.open_places())
    ask = PictureAsk(state.table, box, whole, sizes, open_ends)
    return lay_out(ask) if pictures is None else pictures.take(ask)


def map_letters(
    b: Builder, state: GameState, area: Rect, pictures: Pictures | None = None
) -> frozenset[str]:
    """The arms' letters the play map in ``area`` shows (as ``draw_map`` draws it)."""
    return _letters(map_picture(b, state, area, False, pictures))


def _letters(ready: ReadyPicture | None) -> frozenset[str]:
    return frozenset(letter.text for letter in ready.letters) if ready else frozenset()


def draw_map(
    b: Builder,
    ui: Host,
    state: GameState,
    area: Rect,
    marked: Collection[str] = (),
    numbers: Mapping[str, str] = MappingProxyType({}),
    tapped: Action | None = None,
    whole_view: bool = False,
    pictures: Pictures | None = None,
    beyond: Rect | None = None,
) -> dict[Tile, str]:
    """Add the map's widgets for ``state`` in ``area``, ringing the ends whose keys are in
    ``marked`` and numbering those in ``numbers`` (as the entry's choices are numbered); a
    tap anywhere on it does ``tapped`` (the play map: a sign says it opens the whole view);
    ``whole_view``: the picture as the whole view lays it out; ``pictures``: the hub loop's
    (map_picture); ``beyond``: room beside the map free of anything else (an entry's choices
    leave the pad's room free), where the ends' numerals may stand too. Returns each tile's
    line label (for the words round the map)."""
    table = state.table
    assert table is not None
    ready = map_picture(b, state, area, whole_view, pictures)
    area = map_area(b, area)
    panel = b.panel(area, Style.QUIET)
    panel.mirror, panel.key, panel.role = False, "map", "map"
    if ready is not None:
        signed = tapped is not None and not whole_view
        room = area if beyond is None else area.union(map_area(b, beyond))
        _draw_picture(b, ui, ready, area, marked, numbers, signed, room)
    elif len(table.placed) > 1:  # a restarted hub lays the round out before its first picture
        b.label(area.inflate(-2 * b.gap, -2 * b.gap), b.tr("Drawing the table…"), b.min_text,
                wrap=True, key="map:drawing")  # fmt: skip
    if tapped is not None:  # the whole map is one target, over all of it, drawn as nothing
        b.add(Widget(Rect(area), Kind.LABEL, action=tapped, mirror=False, key="map:tap",
                     role="map_tap"))  # fmt: skip
    return named_on_the_map(line_labels(table), _letters(ready))  # none while none is drawn


def _draw_picture(
    b: Builder,
    ui: Host,
    ready: ReadyPicture,
    area: Rect,
    marked: Collection[str],
    numbers: Mapping[str, str],
    signed: bool,
    room: Rect,
) -> None:
    """The picture's pieces in the map's ``area`` (see draw_map), ``signed``: with the sign
    that a tap opens the whole view; ``room``: where the ends' numerals may stand (the
    map's area and the free room beside it)."""
    drawn = ready.picture
    start = len(b.widgets)
    width = max(3, drawn.number_px // 9)
    for link in drawn.links:
        x1, y1 = link.start
        x2, y2 = link.end
        box = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
        b.add(Widget(box, Kind.LINK, points=(x1, y1, x2, y2), mirror=False, key="link",
                     pad=width))  # fmt: skip
    floor = ready.floor  # a shrunk picture's, smaller
    # A shrunk picture's numbers and letters in scale with its pieces (the screen's least
    # text drawn there stood over the neighbouring tiles, or a two-digit need was dropped).
    least = drawn.number_px if drawn.scale < 1 else None
    for tile, digits in zip(drawn.tiles, tiles_digits(drawn.tiles, floor), strict=True):
        widget = b.tile(Rect(tile.box), *tile.halves, vertical=tile.vertical, key=tile.key)
        widget.mirror = False
        widget.role = "tile"
        widget.size = digits
    reach = drawn.count_reach(map_sizes(b).gap)
    for run in drawn.folds:  # "+12" may reach into the gaps beside its cell
        box = _kept_in(_line_box(b, Rect(run.box), drawn.number_px).inflate(reach, 0), area)
        b.label(box, run.text, drawn.number_px, bold=True, floor=drawn.number_px,
                mirror=False, role="label", key=run.key, squeeze=True, least=least)  # fmt: skip
    for letter in ready.letters:  # "arm C" in the choices: here
        box = Rect(letter.box)
        b.panel(box, Style.NORMAL).mirror = False
        b.label(box, letter.text, letter.size, bold=True, floor=letter.size, mirror=False,
                role="label", key=letter.key, least=least and letter.size)  # fmt: skip
    for end in drawn.ends:  # open as on the table the picture is of (a play ago, until ready)
        _end(b, end, end.on in ready.open_ends, drawn.number_px, least, area)
    # The ends asked for, and a tile laid where another end needed the same number: ringed.
    rings = {key: f"mark:{key}" for key in marked}
    if ui.marked is not None:  # the end that lies on the tile laid now, else the tile: one ring
        shared = [f"end:{ui.marked}", f"tile:{ui.marked}"]  # the end on it first
        drawn_keys = {w.key for w in b.widgets}
        first = [key for key in shared if key in drawn_keys][:1]
        rings.update({key: f"mark:{ui.marked}" for key in first})
    numbered: dict[tuple[int, int, int, int], list[Widget]] = {}  # ring -> its ends
    for widget in [w for w in b.widgets if w.key in rings and w.role in ("end", "tile")]:
        ring = widget.rect.inflate(b.gap, b.gap).clip(area)
        b.add(Widget(ring, Kind.MARK, mirror=False, key=rings[widget.key], role="mark"))
        if widget.key in numbers:
            numbered.setdefault((ring.x, ring.y, ring.w, ring.h), []).append(widget)
    needs = {f"end:{w.key.removeprefix('needs:')}": w for w in b.widgets if w.role == "needs"}
    ringed = []  # ends drawn in one place share one numeral
    for ring_box, ends in numbered.items():
        own = tuple(ends) + tuple(needs[end.key] for end in ends if end.key in needs)
        numerals = " ".join(sorted((numbers[end.key] for end in ends), key=int))
        ringed.append(Ringed(Rect(ring_box), own, numerals))
    shrunk = drawn.scale < 1
    if signed and shrunk:  # its own strip along the map's top: the numerals keep off it
        draw_sign(b, drawn, area, [])
    draw_numerals(b, room, ringed, drawn.number_px, floor)
    if signed and not shrunk:  # where the pieces, the rings and the numerals leave room
        draw_sign(b, drawn, area, [w.rect for w in b.widgets[start:] if w.role in PIECES])


def _end(b: Builder, end: MapEnd, is_open: bool, size: int, least: int | None, area: Rect) -> None:
    """An end's target and the number it needs, its line box kept inside the map's ``area``
    (an end at the map's edge had its number's box a pixel or two outside it)."""
    rect = Rect(end.box)
    style = (
        (Style.WARN if end.kind is PlaceKind.FOOT else Style.PRIMARY) if is_open else (Style.CLOSED)
    )
    b.button(rect, "", None, style=style, kind=Kind.TARGET, key=end.key, mirror=False,
             locked=not is_open, role="end", enabled=is_open)  # fmt: skip
    ink = TEXT_DARK if style is Style.PRIMARY else None
    b.label(_kept_in(_line_box(b, rect, size), area), str(end.needs), size, bold=True, reading=True,
            floor=size, mirror=False, color=ink, key=f"needs:{end.on}", role="needs",
            squeeze=True, least=least)  # fmt: skip


def _kept_in(box: Rect, area: Rect) -> Rect:
    """A number's line ``box`` moved up or down into ``area`` (a line's height kept: its
    digits move a pixel or two at most) and cut at its sides."""
    y = max(area.y, min(box.y, area.bottom - box.h))
    left, right = max(box.x, area.x), min(box.right, area.right)
    return Rect(left, y, right - left, box.h)


def _line_box(b: Builder, rect: Rect, size: int) -> Rect:
    """A number's line box centred on ``rect``: a line is a little taller than the digits,
    which are what stay inside the target."""
    height = max(rect.h, b.measure.line_height(size, True))
    return Rect(rect.x, rect.centery - height // 2, rect.w, height)
