"""What map_bench counts in one frame of the table's picture (its columns: map_bench's
docstring), measured from the picture's boxes and strokes and the engine's table alone; the
tests that hold the picture to map_bench's goals ask these checks too (map_bench.check).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

from engine import PlaceKind, Table, Tile
from hubd.picture import Box, Picture, arm_labels
from hubd.picture.arm_labels import astray_letters
from hubd.picture.pips import least_text, tiles_digits
from hubd.text.labels import line_labels

#: The arms' letters counted one by one (not frames): placed, nearer another line, missing.
LETTERS = ("letters", "letters nearer another line", "arms without their letter")


Point = tuple[int, int]
Segment = tuple[Point, Point]


def _gap(a: Box, b: Box) -> int:
    """The distance between two boxes (0 if they touch or overlap)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return max(dx, dy)


def _meet(a: Box, b: Box) -> bool:
    """Whether two boxes touch or overlap (a shared edge counts)."""
    return a.x <= b.right and b.x <= a.right and a.y <= b.bottom and b.y <= a.bottom


def _side(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def _cross(p: Segment, q: Segment) -> bool:
    """Whether two strokes meet anywhere (sharing an end counts)."""
    (a, b), (c, d) = p, q
    s1, s2, s3, s4 = _side(a, b, c), _side(a, b, d), _side(c, d, a), _side(c, d, b)
    if s1 != s2 and s3 != s4:
        return True
    ends = ((s1, a, b, c), (s2, a, b, d), (s3, c, d, a), (s4, c, d, b))
    return any(s == 0 and _on(x, y, z) for s, x, y, z in ends)


def _through(seg: Segment, box: Box) -> bool:
    """Whether a stroke has a point inside or on the edge of a box."""
    if any(box.x <= x <= box.right and box.y <= y <= box.bottom for x, y in seg):
        return True
    corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    return any(_cross(seg, (corners[i], corners[(i + 1) % 4])) for i in range(4))


def _centre(box: Box) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


def _far(a: Box, b: Box) -> float:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(ax - bx, ay - by)


def _line_double(table: Table, start: Tile) -> Tile | None:
    """The double that ends the line starting with ``start``, if one does."""
    place = table.placed[start]
    while place.kind is PlaceKind.CHAIN and place.children:
        place = table.placed[place.children[0]]
    return place.tile if place.kind is PlaceKind.FOOT and place.tile != start else None


def _broken(drawn: Picture, table: Table, tiles: dict[Tile, Box], target: int) -> bool:
    """Whether some piece stands more than ``target`` from the piece before it on its line
    (a tile folded into a run stands where the run's count does)."""
    shown = dict(tiles)
    for run in drawn.folds:
        tile: Tile | None = run.first
        for _ in range(run.count):
            if tile is None:
                break
            shown.setdefault(tile, run.box)
            children = table.placed[tile].children
            tile = children[0] if children else None
    pairs = [(box, table.placed[t].parent) for t, box in tiles.items() if t != table.hub]
    pairs += [(run.box, table.placed[run.first].parent) for run in drawn.folds]
    pairs += [(end.box, end.on) for end in drawn.ends]
    return any(before is not None and (before not in shown or _gap(shown[before], box) > target)
               for box, before in pairs)  # fmt: skip


def check(
    drawn: Picture,
    table: Table,
    area: Box,
    floor: int,
    full: int,
    letters: Counter[str] | None = None,
) -> set[str]:
    """The columns one frame counts in; ``letters``, if given, counts the arms' letters
    placed, nearer another line's piece, and missing (``LETTERS``)."""
    found: set[str] = set()
    lines = line_labels(table)  # the table's line labels, found once a frame
    placed = arm_labels(drawn, table, drawn.drawn_floor(floor), lines)  # as the screens do
    nearer, missing = astray_letters(drawn, table, placed, lines)
    found.update(name for name, n in (("l-near", nearer), ("l-miss", missing)) if n)
    if letters is not None:
        letters.update(dict(zip(LETTERS, (len(placed), nearer, missing), strict=True)))
    tiles = {t.tile: t.box for t in drawn.tiles}
    target = max((end.box.w for end in drawn.ends), default=drawn.cell[0])
    hub = table.hub_place
    doubles = [t for t, p in table.placed.items() if p.kind is PlaceKind.FOOT and t in tiles]
    starts = list(hub.children)
    for tile, place in table.placed.items():
        if place.kind is not PlaceKind.FOOT:
            continue
        starts += place.children
        laid_on = tiles.get(place.parent) if place.parent is not None else None
        double = tiles.get(tile)
        if place.parent != hub.tile:
            found.update(["undrawn"] if laid_on is None else [])
        if double is None or laid_on is None or _gap(double, laid_on) > target:
            found.add("doubles")
        for toe in place.children:
            box = tiles.get(toe)
            if box is None or double is None:
                continue
            own = _far(box, double)
            ahead = _line_double(table, toe)  # the toe's own line leads to it: not another foot
            others = [tiles[d] for d in doubles if d not in (tile, toe, ahead)]
            others.append(tiles[hub.tile])
            if _gap(box, double) > target or any(_far(box, o) < own for o in others):
                found.add("toes")
    if any(start not in tiles for start in starts):
        found.add("undrawn")
    if _broken(drawn, table, tiles, target):
        found.add("broken")
    hx, hy = _centre(tiles[hub.tile])
    angles = [math.atan2(_centre(tiles[s])[1] - hy, _centre(tiles[s])[0] - hx)
              for s in hub.children if s in tiles]  # fmt: skip
    turns = [(a - angles[0]) % (2 * math.pi) for a in angles]
    if any(b <= a for a, b in itertools.pairwise(turns)):
        found.add("order")
    ends = [end.box for end in drawn.ends]
    if any(_meet(a, b) for a, b in itertools.combinations(ends, 2)):
        found.add("touching")
    links = [(link.start, link.end) for link in drawn.links]
    if any(_cross(p, q) for p, q in itertools.combinations(links, 2)) or any(
        _through(seg, box) for seg in links for box in ends
    ):
        found.add("crossing")
    boxes = ends + list(tiles.values()) + [fold.box for fold in drawn.folds]
    points = [point for link in links for point in link]
    if any(b.x < area.x or b.y < area.y or b.right > area.right or b.bottom > area.bottom
           for b in boxes) or any(not (area.x <= x <= area.right and area.y <= y <= area.bottom)
                                  for x, y in points):  # fmt: skip
        found.add("outside")
    if drawn.number_px < floor:
        found.add("text")
    least = least_text(floor)
    if any(0 < digits < least for digits in tiles_digits(drawn.tiles, floor)):
        found.add("tiles")
    if drawn.number_px < full:
        found.add("small")
    if drawn.folds:
        found.add("folded")
    return found
