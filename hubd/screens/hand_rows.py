"""Which players share a row of the play screen's hand cells, and how wide each cell is: the
seats stay in order, but where a row ends is chosen so that as few names as possible are cut
(a long name among short ones rather than beside another long one), and each row shares its
own width out by its own names. Pure geometry from the names' widths."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def splits(count: int, rows: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every way of cutting ``count`` cells in order into ``rows`` rows of one to ``most``
    cells, the fullest first rows first (the usual grid before any other)."""
    if rows == 1:
        if 1 <= count <= most:
            yield (count,)
        return
    for first in range(min(most, count - rows + 1), 0, -1):
        for rest in splits(count - first, rows - 1, most):
            yield (first, *rest)


def fewest_cut(
    count: int, rows: int, most: int, cut: Callable[[tuple[int, ...]], int]
) -> tuple[int, ...]:
    """The split of ``count`` cells into ``rows`` rows that ``cut`` says cuts the fewest names
    (the usual grid where none does better)."""
    best: tuple[int, ...] | None = None
    best_cut = 0
    for split in splits(count, rows, most):
        lost = cut(split)
        if best is None or lost < best_cut:
            best, best_cut = split, lost
        if lost == 0:
            break
    assert best is not None, (count, rows, most)
    return best


def capped(wants: Sequence[int], floors: Sequence[int], room: int) -> list[int]:
    """``wants`` cut down to fit ``room`` where their ``floors`` do: the widest narrowed
    alike, never under their floors (the short ones keep what they want)."""
    cap, least = max(wants), min(floors)

    def at(cap: int) -> list[int]:
        return [max(f, min(w, cap)) for f, w in zip(floors, wants, strict=True)]

    while cap > least and sum(at(cap)) > room:
        cap -= 1
    return at(cap)


def row_widths(wants: Sequence[int], floors: Sequence[int], room: int) -> list[int]:
    """One row's cells' widths in ``room``: each as wide as it ``wants`` where they all fit,
    the room left shared out; else the widest narrowed alike down to their ``floors``, so
    that a long name is cut only once the short ones have nothing to spare."""
    widths = capped(wants, floors, room)
    spare = room - sum(widths)
    count = len(widths)
    return [w + spare // count + (i < spare % count) for i, w in enumerate(widths)]


def cut_in(widths: Sequence[int], least: Sequence[int]) -> int:
    """How many of a row's names do not fit their widths even drawn narrowest (``least``)."""
    return sum(1 for width, need in zip(widths, least, strict=True) if need > width)
