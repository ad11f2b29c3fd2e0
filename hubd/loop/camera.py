"""The hub's camera, asked by the loop and read off it.

The round-end screen's "Show your tiles to the hub" reaches the loop as a LookAtHand intent;
the keeper works out what the table allows that hand (engine/photo_table.py) on the loop,
then on a worker thread waits for the tiles to lie still under the camera, takes the still,
reads it in the photo reader's bounded child process and settles it against the table. The
result comes back to the loop's inbox as a ``CameraReport``; the loop never waits on the
camera or the reader. One look at a time.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from engine import GameState, Tile
from engine.photo_hand import settle
from engine.photo_table import HandBounds, hand_bounds
from hubd.devices.camera import Camera, CameraError, take_when_still
from hubd.values.camera import CameraReading, CameraView

log = logging.getLogger("hubd.camera")


def _(text: str) -> str:
    """Marks a message for the catalogs; the loop translates it when it shows it."""
    return text


#: What the screen says when the tiles never lay still (hubd/devices/camera.NotStill).
NOT_STILL = _("The tiles did not lie still: take your hands away and try again")

Read = Callable[[bytes, int], list]  # type: ignore[type-arg]  # hubd.vision's read_in_worker


@dataclass(frozen=True)
class CameraReport:
    """A look done (a HubEvent for the inbox): the reading, or why there is none."""

    reading: CameraReading


class CameraKeeper:
    """The loop's side: ``look`` on the intent, ``handle`` each report, ``view`` for the
    screens."""

    def __init__(
        self,
        camera: Camera,
        post: Callable[[CameraReport], None],
        read: Read | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.camera = camera
        self.post = post
        self._read = read
        self._now = now
        self._stop = threading.Event()
        self._serial = 0
        self._view = CameraView()
        self._worker: threading.Thread | None = None

    def view(self) -> CameraView:
        return self._view

    def look(
        self, state: GameState | None, player: str, counted: Mapping[str, Collection[Tile]]
    ) -> bool:
        """Start reading ``player``'s hand (``counted``: other hands' tiles known this
        round); False when a look is under way already or there is no such hand."""
        if self._view.looking is not None or state is None or player not in state.players:
            return False
        bounds = hand_bounds(state, state.players.index(player), counted)
        self._serial += 1
        self._view = CameraView(looking=player, reading=self._view.reading)
        args = (self._serial, player, state.round, bounds)
        self._worker = threading.Thread(target=self._look, args=args, name="hubd-camera",
                                        daemon=True)  # fmt: skip
        self._worker.start()
        return True

    def handle(self, report: CameraReport) -> None:
        self._view = CameraView(looking=None, reading=report.reading)

    def close(self) -> None:
        self._stop.set()
        if self._worker is not None:
            self._worker.join(2)
        self.camera.close()

    def _look(self, serial: int, player: str, round_: int, bounds: HandBounds) -> None:
        """On the worker: the still, its reading, the table's settling; one report."""
        from hubd.vision.worker import PhotoRefused, read_in_worker

        read = self._read or read_in_worker
        try:
            photo = take_when_still(self.camera, self._now, self._stop.wait)
            seen = read(photo, bounds.highest)
        except (CameraError, PhotoRefused) as err:
            log.info("camera: %s", err)
            self.post(CameraReport(CameraReading(serial, player, round_, problem=str(err))))
            return
        ordered = sorted(seen, key=lambda tile: (tile.centre[1], tile.centre[0]))
        reading = settle([tile.tile for tile in ordered], bounds.allowed, bounds.count)
        self.post(CameraReport(CameraReading(serial, player, round_, reading.tiles,
                                             reading.questions)))  # fmt: skip
