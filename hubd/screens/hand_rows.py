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


def most_whole(
    least: Sequence[int], floors: Sequence[int], room: int, first: int | None = None
) -> list[int]:
    """Widths in ``room`` for names that cannot all stand whole (``least``: each one's least
    width, drawn narrowest): the most of them whole, the shortest first, each still leaving
    the others their ``floors``; the others share what is left alike (four names in a row
    narrowed alike were all cut, "Gra…", "Mar…", "Ale…", where "Grandma" stood whole beside
    "Ben"). The name ``first`` (whose turn it is) is served first: whole where the others'
    floors leave it the room, else all that is left above them ("Maria…" under its
    highlight, not "M…" beside names kept whole)."""
    count = len(least)
    whole: set[int] = set()
    used = 0
    for seat in sorted(range(count), key=lambda n: (n != first, least[n])):
        others = sum(floors[n] for n in range(count) if n != seat and n not in whole)
        if used + least[seat] + others <= room:
            whole.add(seat)
            used += least[seat]
    cut = [n for n in range(count) if n not in whole]
    widths = [least[n] if n in whole else 0 for n in range(count)]
    # Each of the others keeps its floor (a count's two digits, the yard's word) where the
    # row holds them all, and they share the rest alike.
    held = sum(floors[n] for n in cut) <= room - used
    for n in cut:
        widths[n] = floors[n] if held else 0
    left = room - sum(widths)
    if held and first in cut:  # it takes all that the others' floors leave
        widths[first] += left
        return widths
    for place, n in enumerate(cut):
        widths[n] += left // len(cut) + (place < left % len(cut))
    return widths


def cut_in(widths: Sequence[int], least: Sequence[int]) -> int:
    """How many of a row's names do not fit their widths even drawn narrowest (``least``)."""
    return sum(1 for width, need in zip(widths, least, strict=True) if need > width)


def called_by_first_word(players: Sequence[str], seat: int) -> str:
    """The first word of a name of two words or more, where no one else's name at the table
    begins with that word ("Grandma" beside "Grandpa Joe", not beside "Grandma Lu"); else
    ""."""
    words = players[seat].split()
    if len(words) < 2:
        return ""
    first = words[0]
    others = (name for other, name in enumerate(players) if other != seat)
    return "" if any(name.split()[:1] == [first] for name in others) else first
