"""Cutting an area of the screen into rects: grids of equal cells and proportional splits, and
the room a line of labels takes over columns."""

from __future__ import annotations

from itertools import pairwise

from hubd.screens.kit.rect import Rect

__all__ = ["Rect", "fit_grid", "grid", "spans_over", "split_h", "split_v"]


def grid(
    area: Rect, count: int, columns: int, gap: int, row_height: int | None = None
) -> list[Rect]:
    """``count`` cells in rows of ``columns`` filling ``area`` (or rows of ``row_height``)."""
    if count == 0:
        return []
    rows = -(-count // columns)
    width = (area.w - gap * (columns - 1)) // columns
    height = row_height if row_height is not None else (area.h - gap * (rows - 1)) // rows
    return [
        Rect(
            area.x + (i % columns) * (width + gap),
            area.y + (i // columns) * (height + gap),
            width,
            height,
        )
        for i in range(count)
    ]


def _split(area: Rect, weights: tuple[float, ...], gap: int, across: bool) -> list[Rect]:
    """``area`` cut in proportion to ``weights``: into columns (``across``) or rows.

    The last piece takes whatever rounding left, so the pieces fill ``area`` exactly.
    """
    start, length = (area.x, area.w) if across else (area.y, area.h)
    free = length - gap * (len(weights) - 1)
    total = sum(weights)
    rects, at = [], start
    for i, weight in enumerate(weights):
        last = i == len(weights) - 1
        size = free - (at - start - gap * i) if last else round(free * weight / total)
        rects.append(Rect(at, area.y, size, area.h) if across else Rect(area.x, at, area.w, size))
        at += size + gap
    return rects


def split_h(area: Rect, *weights: float, gap: int = 0) -> list[Rect]:
    """``area`` cut into columns in proportion to ``weights``."""
    return _split(area, weights, gap, across=True)


def split_v(area: Rect, *weights: float, gap: int = 0) -> list[Rect]:
    """``area`` cut into rows in proportion to ``weights``."""
    return _split(area, weights, gap, across=False)


def fit_grid(area: Rect, count: int, min_h: int, max_h: int, gap: int, most: int = 4) -> list[Rect]:
    """``count`` cells in the fewest columns (up to ``most``) whose rows are ``min_h`` or more,
    each row as tall as fits up to ``max_h``."""
    if count == 0:
        return []
    for columns in range(1, most + 1):
        rows = -(-count // columns)
        height = (area.h - gap * (rows - 1)) // rows
        if height >= min_h:
            return grid(area, count, columns, gap, min(height, max_h))
    rows = -(-count // most)
    return grid(area, count, most, gap, max(1, (area.h - gap * (rows - 1)) // rows))


def spans_over(
    columns: list[Rect], needs: list[int], left: int, right: int, gap: int = 0
) -> list[tuple[int, int]]:
    """Where a line of labels stands over ``columns`` (one label a column, in order): each
    label ``needs`` so much width, centred on its column where it can be, borrowing the room a
    neighbour's label leaves and, at the ends, the room out to ``left`` and ``right``. Each
    label's (x, width): the labels never overlap; one wider than all the room it can borrow
    gets all of it, ``gap`` short of its neighbours' ("Tom" and "Vovó Maria" read as one name
    where they touched)."""
    count = len(columns)
    bounds = [left]
    bounds += [(a.right + b.x) // 2 for a, b in pairwise(columns)]
    bounds.append(right)
    for _ in range(2):  # a boundary moves toward the label with room to spare
        for j in range(1, count):
            short_left = needs[j - 1] - (bounds[j] - bounds[j - 1])
            spare_right = (bounds[j + 1] - bounds[j]) - needs[j]
            if short_left > 0 and spare_right > 0:
                bounds[j] += min(short_left, spare_right)
            short_right = needs[j] - (bounds[j + 1] - bounds[j])
            spare_left = (bounds[j] - bounds[j - 1]) - needs[j - 1]
            if short_right > 0 and spare_left > 0:
                bounds[j] -= min(short_right, spare_left)
    spans = []
    for i, (column, need) in enumerate(zip(columns, needs, strict=True)):
        start = bounds[i] + (gap // 2 if i > 0 else 0)
        end = bounds[i + 1] - (gap - gap // 2 if i < count - 1 else 0)
        width = min(max(need, column.w), end - start)
        x = min(max(column.centerx - width // 2, start), end - width)
        spans.append((x, width))
    short = any(width < need for (_x, width), need in zip(spans, needs, strict=True))
    if short and sum(needs) + gap * (count - 1) <= right - left:
        return _pushed_apart(columns, needs, left, right, gap)
    return spans


def _pushed_apart(
    columns: list[Rect], needs: list[int], left: int, right: int, gap: int
) -> list[tuple[int, int]]:
    """Each label as wide as it needs, centred on its column and then pushed aside as little
    as keeps them ``gap`` apart within ``left`` and ``right`` (the room holds them all: the
    boundaries moved between neighbours alone left one short, three long names in a row)."""
    starts = [column.centerx - need // 2 for column, need in zip(columns, needs, strict=True)]
    for i in range(len(needs)):  # rightward: after the label before, inside the left end
        starts[i] = max(starts[i], left if i == 0 else starts[i - 1] + needs[i - 1] + gap)
    for i in reversed(range(len(needs))):  # then back leftward, inside the right end
        limit = right if i == len(needs) - 1 else starts[i + 1] - gap
        starts[i] = min(starts[i], limit - needs[i])
    return list(zip(starts, needs, strict=True))
