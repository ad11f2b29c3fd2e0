"""Two touching tiles side by side make a square: cut the wrong way, across their groove.

Two tiles lying side by side, their long sides touching, make a square of face that can be
cut in two ways: along the groove between them (two tiles, each with its bar across its
middle) or across it, along their two bars in line (two "tiles" of the halves either side of
the bars, each with the groove for a bar: a 3-0 and a 4-0 read as a 3-4 and a 0-0, tiles the
table may well allow). Touching tightly, their groove is the faint shadow of two rounded
edges; a bar is a thin line painted or cut into the face, more inked (a groove with the
tiles' sides or the table seen in it is as inked, but a broad band: no bar). So each two
pieces read side by side in one patch are weighed against the other cut of their square:
where its bars are thin lines far more inked than theirs, the other cut is read; where they
are more inked, but not so far, both cuts are possible and the four halves are doubted
(asked, never settled); else the pieces stand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from engine.photo_hand import SeenTile
from hubd.vision.cutout import TILE_W, bar_row
from hubd.vision.pips import doubted, read_halves
from hubd.vision.seen import TileSeen
from hubd.vision.shapes import Floats, corners_of, least_rect, sides

_RECUT = 2.0  # the other cut's bars this many times as inked as the pieces' "bars": read it
_BOTH = 1.4  # this many times: both cuts are possible, the halves doubted
_LINE_ROWS = 5  # a bar's ink runs over this many rows at the most (half its own or more)
_FACE_AT_ENDS = 0.25  # a bar's row is face past its ends: inked less than this share of it
_PARALLEL = 0.97  # two pieces side by side: their long axes' cosine at least this
_APART = (0.75, 1.35)  # and their centres this many widths apart, across their length
_ALONG = 0.25  # shifted along their length by at most this share of it

Piece = tuple[Floats, Floats, Floats]  # its face's corners (photo), cut-out upright, its ink
PieceAt = Callable[[Floats], Piece]


def weighed(
    pieces: list[Floats],
    patches: list[int],
    seen: list[TileSeen],
    at: PieceAt,
    highest: int,
) -> list[TileSeen]:
    """``seen`` (one tile read from each of ``pieces``, at the work size, cut from the patch
    numbered in ``patches``: tiles apart are no square; ``at`` gives a piece's face, cut-out
    and ink), each two pieces side by side weighed against the other cut of their square."""
    result = list(seen)
    done: set[int] = set()
    for i, j in itertools.combinations(range(len(pieces)), 2):
        if {i, j} & done or patches[i] != patches[j]:
            continue
        if not _side_by_side(pieces[i], pieces[j]):
            continue
        ours = [_bar_ink(at(pieces[k])[2], in_row=True) for k in (i, j)]
        others = [at(corners) for corners in _other_cut(pieces[i], pieces[j])]
        theirs = [_thin_bar(ink) for _, _, ink in others]
        if min(theirs) <= 0.0:
            continue  # the other cut has no bar: the pieces stand
        if min(theirs) >= _RECUT * max(ours):
            read = [
                read_halves(upright, highest, in_row=True, ink=ink) for _, upright, ink in others
            ]
            if read[0] is not None and read[1] is not None:
                for k, (face, _, _), halves in zip((i, j), others, (read[0], read[1]), strict=True):
                    cx, cy = face.mean(axis=0)
                    result[k] = TileSeen(SeenTile(*halves), (float(cx), float(cy)))
                done |= {i, j}
                continue  # (else: the other cut is no tiles either, both are doubted)
        if min(theirs) >= _BOTH * max(ours):
            for k in (i, j):
                tile = result[k].tile
                result[k] = TileSeen(
                    SeenTile(doubted(tile.first, highest), doubted(tile.second, highest)),
                    result[k].centre,
                )
            done |= {i, j}
    return result


def _bar_ink(ink: Floats, in_row: bool = False) -> float:
    """The ink of the piece's bar (0: none)."""
    found = bar_row(ink, in_row)
    return 0.0 if found is None else found[1]


def _thin_bar(ink: Floats) -> float:
    """The ink of the piece's bar where it is a thin line ending inside the face at both
    ends, as a bar does (a groove with the tiles' sides or the table seen in it is a broad
    band, or runs on to the face's edges: 0, as is no bar)."""
    found = bar_row(ink)
    if found is None:
        return 0.0
    row, bar_ink = found
    rows = np.percentile(ink[:, TILE_W // 10 : -(TILE_W // 10)], 20, axis=1)
    start = end = row
    while start > 0 and rows[start - 1] >= bar_ink / 2:
        start -= 1
    while end < len(rows) - 1 and rows[end + 1] >= bar_ink / 2:
        end += 1
    line = ink[max(row - 1, 0) : row + 2].max(axis=0)
    ends = (line[: TILE_W // 4].min(), line[-(TILE_W // 4) :].min())
    if end - start + 1 > _LINE_ROWS or max(ends) >= bar_ink * _FACE_AT_ENDS:
        return 0.0
    return bar_ink


def _axis(corners: Floats) -> tuple[Floats, float, float]:
    """The piece's long axis (a unit vector), its length and width."""
    short, long = sides(corners)
    first, second = corners[1] - corners[0], corners[2] - corners[1]
    along = second if np.linalg.norm(second) >= np.linalg.norm(first) else first
    return along / max(float(np.linalg.norm(along)), 1e-6), long, short


def _side_by_side(first: Floats, second: Floats) -> bool:
    """Two pieces of one size lying side by side, their long sides touching."""
    axis, long, short = _axis(first)
    other, long2, short2 = _axis(second)
    if abs(float(axis @ other)) < _PARALLEL or not 0.8 <= long2 / long <= 1.25:
        return False
    offset = second.mean(axis=0) - first.mean(axis=0)
    width = (short + short2) / 2
    along = abs(float(offset @ axis))
    across = float(np.sqrt(max(float(offset @ offset) - along * along, 0.0)))
    return along <= _ALONG * long and _APART[0] * width <= across <= _APART[1] * width


def _other_cut(first: Floats, second: Floats) -> list[Floats]:
    """The square of the two pieces cut the other way: each piece's end halves together."""
    axis, _, _ = _axis(first)
    middle = (first.mean(axis=0) + second.mean(axis=0)) / 2
    points = np.concatenate([first, second]).astype(np.float32)
    ends = (points - middle) @ axis
    centres = np.array([first.mean(axis=0), second.mean(axis=0)], np.float32)
    halves = []
    for side in (ends < 0, ends >= 0):  # (each end's four corners, and the cut between them)
        halves.append(corners_of(least_rect(np.concatenate([points[side], centres]))))
    return halves
