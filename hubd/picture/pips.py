"""Where the pips of a domino's half lie: one table for the hub's painter and the phones' map.

Offsets are in cells from the half's centre, -1 to 1 both ways; x grows rightwards, y
downwards. Above 9 the classic patterns end: ``grid_spots`` lays any count out in rows of
three (the phones' map; the hub shows the number itself).
"""

from __future__ import annotations

_CORNERS = ((-1, -1), (1, 1))
SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0, 0),),
    2: _CORNERS,
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    9: tuple((x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)),
}


def grid_spots(value: int) -> tuple[tuple[float, float], ...]:
    """The classic pattern up to 9; beyond, rows of three spread over the half's height."""
    if value in SPOTS:
        return SPOTS[value]
    rows = -(-value // 3)
    spots = []
    for i in range(value):
        row, col = divmod(i, 3)
        y = -1 + 2 * row / (rows - 1)
        spots.append((float(col - 1), y))
    return tuple(spots)
