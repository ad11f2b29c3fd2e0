"""A tile the photo reader saw (no OpenCV here: the hub's side imports this, not the reader)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.photo_hand import SeenTile


@dataclass(frozen=True)
class TileSeen:
    """A tile in the photo: its halves' guesses and its centre in the photo's pixels."""

    tile: SeenTile
    centre: tuple[float, float]
