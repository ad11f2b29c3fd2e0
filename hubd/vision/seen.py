"""A tile the photo reader saw (no OpenCV here: the hub's side imports this, not the reader)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.photo_hand import HalfGuess, SeenTile


@dataclass(frozen=True)
class TileSeen:
    """A tile in the photo: its halves' guesses and its centre in the photo's pixels."""

    tile: SeenTile
    centre: tuple[float, float]


def unread_tile(centre: tuple[float, float], highest: int) -> TileSeen:
    """A tile the reader found but could not read (its bar or its pips not told): every count
    of each half unlikely, so that the hand asks which tile it is rather than leave it out."""
    nothing = HalfGuess(tuple((pips, 0.0) for pips in range(highest + 1)))
    return TileSeen(SeenTile(nothing, nothing), centre)


def is_unread(seen: TileSeen) -> bool:
    """Whether a tile was found but not read (see :func:`unread_tile`)."""
    return all(likely <= 0.0 for half in (seen.tile.first, seen.tile.second)
               for _, likely in half.options)  # fmt: skip
