"""What the hub's camera has seen, as the screens read it (plain values, no pixels)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Tile
from engine.photo_hand import Question


@dataclass(frozen=True)
class CameraReading:
    """A hand read by the hub's camera: its tiles (None where a question stands), the
    questions, or why it could not be read. ``serial`` tells one reading from the next."""

    serial: int
    player: str
    round: int
    tiles: tuple[Tile | None, ...] = ()
    questions: tuple[Question, ...] = ()
    problem: str | None = None

    @property
    def settled(self) -> tuple[Tile, ...]:
        return tuple(tile for tile in self.tiles if tile is not None)


@dataclass(frozen=True)
class CameraView:
    """The camera as the round-end screen sees it: offered (it exists), whose hand it is
    looking at now, and its last reading."""

    looking: str | None = None
    reading: CameraReading | None = None
