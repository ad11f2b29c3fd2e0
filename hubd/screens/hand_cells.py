"""Landscape's hands as cells, a name over its count, where rows of them no longer fit
(hubd/screens/play_hands.py draws them): which seats share a row and how wide each cell is.
Pure geometry from the state and the names' widths (hubd/screens/hand_rows.py)."""

from __future__ import annotations

from math import ceil

from engine import GameState
from hubd.screens.hand_rows import (
    called_by_first_word,
    fewest_cut,
    most_whole,
    names_lost,
    row_widths,
)
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE
from hubd.screens.play_room import fonts

#: The letters a name cut keeps at the least where a name beside it is kept whole: "M…" beside
#: "Grandma" read as no one's name.
CUT_KEEPS = 3


def cell_columns(b: Builder, state: GameState, area: Rect, columns: int, yard: bool) -> list[Rect]:
    """Landscape's cells of hands in ``area``, in rows of up to ``columns`` (the yard the last
    cell, if ``yard``), the seats in order but each row ending where the fewest names are cut
    (hubd/screens/hand_rows.py): each cell as wide as its name wants where its row's names all
    fit, the room left shared out; else the widest names narrowed alike, so that a long name
    is cut only once the short ones have nothing to spare, and never a count of two digits or
    the yard's word (at the least text, drawn narrower)."""
    count_px, name_px = fonts(b)
    gap, width = b.px(4), b.measure.width
    least = width("88", count_px, True) + b.px(8)
    words = [*state.players, *([b.tr("Yard")] if yard else [])]
    floors = [least] * len(words)
    if yard:
        word_least = int(width(words[-1], b.min_text) * MIN_SQUEEZE) + b.px(10)
        floors[-1] = max(least, word_least)
    apart = name_px // 2  # two names beside each other never read as one name
    bold = [width(word, name_px, True) for word in words]
    narrowest = [ceil(width(word, name_px, False) * MIN_SQUEEZE) + apart for word in words]
    if yard:  # its word is drawn at the least text where the names' size leaves no room
        narrowest[-1] = floors[-1]
    firsts = [called_by_first_word(state.players, seat) for seat in range(len(state.players))]
    first_least = [ceil(width(first, name_px, False) * MIN_SQUEEZE) + apart if first else None
                   for first in [*firsts, *([""] if yard else [])]]  # fmt: skip

    first_bold = [width(first, name_px, True) for first in firsts]
    # A name cut keeps its first letters ("Mar…"): one kept whole beside it leaves it those.
    letters = [ceil(width(word[:CUT_KEEPS] + "…", name_px, False) * MIN_SQUEEZE) + apart
               for word in state.players]  # fmt: skip
    kept = [
        max(floor, min(least, first_letters))
        for floor, least, first_letters in zip(floors, narrowest, letters, strict=False)
    ]
    kept += floors[len(kept) :]  # the yard's

    def row_of(first: int, shown: list[tuple[int, int]], room: int) -> list[int]:
        """A row's cells' widths for names ``shown`` (from seat ``first``; each its width
        and its least, drawn narrowest): as they are, else drawn narrower, else the widest
        narrowed alike."""
        floor = floors[first : first + len(shown)]
        wants = [bold + apart for bold, _least in shown]
        if sum(max(f, w) for f, w in zip(floor, wants, strict=True)) > room:
            wants = [max(f, least) for f, (_bold, least) in zip(floor, shown, strict=True)]
            if sum(wants) > room:  # truly out of room: the most names whole
                keep = kept[first : first + len(shown)]  # each cut name's first letters,
                if sum(keep) > room:  # else only the counts' digits and the yard's word
                    keep = floor
                return most_whole(wants, keep, room)
        return row_widths(wants, floor, room)

    def laid(split: tuple[int, ...]) -> list[list[int]]:
        """Each row's cells' widths: the names as they are, else drawn narrower; a name that
        even so cannot stand whole wants only its first word's room where that is what it
        is called ("Grandma" beside "Ben" leaves "Maria-Helena" whole)."""
        rows, start = [], 0
        for count in split:
            room = area.w - gap * (count - 1)
            seats = range(start, start + count)
            shown = [(bold[seat], narrowest[seat]) for seat in seats]
            row = row_of(start, shown, room)
            called = [(first_bold[seat], least) if (least := first_least[seat]) is not None
                      and narrowest[seat] > cell else want
                      for seat, want, cell in zip(seats, shown, row, strict=True)]  # fmt: skip
            rows.append(row_of(start, called, room) if called != shown else row)
            start += count
        return rows

    def lost(split: tuple[int, ...]) -> int:
        starts = [sum(split[:i]) for i in range(len(split))]
        rows = zip(starts, laid(split), strict=True)
        return sum(names_lost(row, narrowest[s : s + len(row)], first_least[s : s + len(row)])
                   for s, row in rows)  # fmt: skip

    split = fewest_cut(len(words), -(-len(words) // columns), columns, lost)
    cell_h = b.measure.line_height(name_px) + b.measure.line_height(count_px, True) - 2
    cells = []
    for row, widths in enumerate(laid(split)):
        x = area.x
        for cell_w in widths:
            cells.append(Rect(x, area.y + row * (cell_h + gap), cell_w, cell_h))
            x += cell_w + gap
    return cells
