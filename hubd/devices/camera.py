"""The hub's own camera, above the table edge where a player lays the tiles face up.

``PiCamera`` drives a Raspberry Pi camera module through picamera2 (Debian's
``python3-picamera2``, imported only when the camera is wanted); ``FakeCamera`` serves a photo
from a file (``hubd --fake-camera PHOTO``, and the tests). Either gives two things: a small
grey preview (``PREVIEW`` pixels, one byte each) to see whether the tiles lie still, and a
still as JPEG for the photo reader. :func:`take_when_still` waits for two previews in a row
that barely differ, then takes the still. Every call may take a while: the loop makes them on
a worker thread (hubd/loop/camera.py), never on its own. Errors are one line
(``CameraError``), never a trace.
"""

from __future__ import annotations

import io
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger("hubd.camera")

#: The preview's size: enough to see a hand move, small enough to compare in pure Python.
PREVIEW = (64, 48)
#: The still's size: what the phones' page sends too (the reader needs no more).
STILL = (1600, 1200)
#: Two previews whose mean difference per pixel (0-255) is under this are "still".
STILL_BELOW = 3.0
LOOK_EVERY_S = 0.25
LOOK_AT_MOST_S = 15.0


class CameraError(Exception):
    """The camera could not give a picture, said in one line."""


class NotStill(CameraError):
    """The table edge never stopped moving (a hand over the tiles)."""

    message = "The tiles did not lie still: take your hands away and try again"

    def __init__(self) -> None:
        super().__init__(self.message)


class Camera(ABC):
    """One camera looking down at the table edge."""

    @abstractmethod
    def preview(self) -> bytes:
        """A grey preview of ``PREVIEW`` pixels, one byte each, row by row."""

    @abstractmethod
    def still(self) -> bytes:
        """A still of the table edge as JPEG."""

    def close(self) -> None:  # noqa: B027 (most cameras hold nothing to let go)
        """Let the camera go (the daemon stopping)."""


def difference(a: bytes, b: bytes) -> float:
    """The mean difference per pixel between two previews of the same size (0-255)."""
    if len(a) != len(b) or not a:
        return 255.0
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


def take_when_still(
    camera: Camera,
    now: Callable[[], float],
    wait: Callable[[float], object],
    *,
    every: float = LOOK_EVERY_S,
    at_most: float = LOOK_AT_MOST_S,
) -> bytes:
    """The still taken once two previews in a row are still (hands away, tiles settled);
    CameraError when the table edge never stops moving within ``at_most`` seconds."""
    start = now()
    before = camera.preview()
    while now() - start < at_most:
        wait(every)
        seen = camera.preview()
        if difference(before, seen) < STILL_BELOW:
            return camera.still()
        before = seen
    raise NotStill


class FakeCamera(Camera):
    """A camera that sees ``photo`` (JPEG or PNG bytes); ``previews`` are what it shows
    before it settles (each once, then the last one for ever): a hand moving, say."""

    def __init__(self, photo: bytes, previews: Sequence[bytes] = ()) -> None:
        self.photo = photo
        self._previews = list(previews) or [bytes(PREVIEW[0] * PREVIEW[1])]
        self.looks = 0
        self.stills = 0

    @classmethod
    def from_file(cls, path: Path) -> FakeCamera:
        try:
            return cls(path.read_bytes())
        except OSError as err:
            raise CameraError(f"{path}: {err.strerror or err}") from None

    def preview(self) -> bytes:
        self.looks += 1
        return self._previews.pop(0) if len(self._previews) > 1 else self._previews[0]

    def still(self) -> bytes:
        self.stills += 1
        return self.photo


class PiCamera(Camera):
    """A Raspberry Pi camera module (CSI ribbon) through picamera2: a small grey stream to
    watch, the full frame for the still."""

    def __init__(self, picamera2: Any) -> None:
        self._camera = picamera2
        config = picamera2.create_still_configuration(
            main={"size": STILL}, lores={"size": PREVIEW, "format": "YUV420"}
        )
        picamera2.configure(config)
        picamera2.start()

    def preview(self) -> bytes:
        try:
            frame = self._camera.capture_array("lores")
        except Exception as err:  # picamera2's own errors are many: one line each
            raise CameraError(f"the camera gave no picture: {err}") from None
        width, height = PREVIEW
        return bytes(frame[:height, :width].tobytes())  # YUV420: the grey (Y) rows first

    def still(self) -> bytes:
        out = io.BytesIO()
        try:
            self._camera.capture_file(out, format="jpeg")
        except Exception as err:
            raise CameraError(f"the camera gave no picture: {err}") from None
        return out.getvalue()

    def close(self) -> None:
        try:
            self._camera.close()
        except Exception as err:
            log.warning("camera: closing it failed: %s", err)


def open_camera(fake: Path | None = None) -> Camera | None:
    """The hub's camera: the fake when asked for, else the Pi camera when picamera2 and a
    camera are there; None (said once in the journal) when not: the feature is not offered."""
    if fake is not None:
        try:
            return FakeCamera.from_file(fake)
        except CameraError as err:
            log.warning("camera: %s: no camera", err)
            return None
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        log.info("camera: no picamera2 (apt install python3-picamera2): no camera offered")
        return None
    try:
        if not Picamera2.global_camera_info():
            log.info("camera: no camera module connected: no camera offered")
            return None
        return PiCamera(Picamera2())
    except Exception as err:  # a camera busy or failing: the hub plays on without it
        log.warning("camera: cannot open it (%s): no camera offered", err)
        return None
