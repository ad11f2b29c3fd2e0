"""The photo reader run in a child process whose memory, time and picture size are bounded.

The hub's loop and the phones' server never decode a photo themselves: :func:`read_in_worker`
hands the photo's bytes to ``python -m hubd.vision.worker`` on its stdin and reads one JSON
line back. The child limits its own address space and CPU time before it imports OpenCV, and
OpenCV refuses a picture of more than :data:`MAX_PIXELS` before decoding it (a JPEG past it is
decoded at a half or a quarter of its size, as libjpeg scales while decoding: a 48 or 200
megapixel phone's photo, at no more memory than 25 megapixels); the parent kills a
child that outlives :data:`TIMEOUT_S`. Whatever goes wrong comes back as one
:class:`PhotoRefused` with a sentence for the player; the child's memory goes with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence

from engine.photo_hand import HalfGuess, SeenTile
from hubd.vision.seen import TileSeen

#: A phone's full-size JPEG (48 megapixels: up to ~25 MB); the page sends far less.
MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 25_000_000  # 25 megapixels: any phone's camera, not a decompression bomb
MEMORY_BYTES = 1536 * 1024 * 1024  # the child's address space: Python, numpy, OpenCV, the photo
CPU_S = 20
#: An HEIF file's brands (an iPhone's photos by default): OpenCV opens none of them.
_HEIF_BRANDS = frozenset((b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1",
                          b"msf1", b"avif"))  # fmt: skip
TIMEOUT_S = 20.0


class PhotoRefused(ValueError):
    """The photo was not read: the message says why, for the player."""


def read_in_worker(data: bytes, highest: int = 15, *, timeout: float = TIMEOUT_S) -> list[TileSeen]:
    """The tiles in the photo ``data`` (JPEG, PNG, ...), read in a bounded child process."""
    if not data:
        raise PhotoRefused("The photo is empty.")
    if len(data) > MAX_BYTES:
        raise PhotoRefused(
            f"The photo is too large ({len(data) // 1_000_000} MB): send a smaller one."
        )
    command = [sys.executable, "-m", "hubd.vision.worker", "--set", str(highest)]
    env = {**os.environ, "OPENCV_IO_MAX_IMAGE_PIXELS": str(MAX_PIXELS), "OMP_NUM_THREADS": "1",
           "OPENBLAS_NUM_THREADS": "1"}  # fmt: skip
    try:
        done = subprocess.run(command, input=data, capture_output=True, timeout=timeout, env=env,
                              check=False)  # fmt: skip
    except subprocess.TimeoutExpired:
        raise PhotoRefused(
            "Reading the photo took too long: try a closer, simpler photo."
        ) from None
    except OSError as err:
        raise PhotoRefused(f"The photo reader could not start ({err.strerror}).") from None
    return parse_answer(done.stdout, done.returncode)


def parse_answer(stdout: bytes, status: int) -> list[TileSeen]:
    """The child's JSON line as tiles, or its refusal (or a crash) as :class:`PhotoRefused`."""
    try:
        answer = json.loads(stdout.decode("utf-8").strip().splitlines()[-1])
    except (UnicodeDecodeError, IndexError, ValueError):
        reason = "it ran out of memory" if status in (-9, 137) or status < 0 else "it failed"
        raise PhotoRefused(f"The photo could not be read ({reason}).") from None
    if not isinstance(answer, dict):
        raise PhotoRefused("The photo could not be read.")
    if "error" in answer:
        raise PhotoRefused(str(answer["error"]))
    tiles = []
    for item in answer.get("tiles", []):
        first, second = (_half(item[key]) for key in ("first", "second"))
        x, y = item["centre"]
        tiles.append(TileSeen(SeenTile(first, second), (float(x), float(y))))
    return tiles


def _half(options: Sequence[Sequence[float]]) -> HalfGuess:
    return HalfGuess(tuple((int(pips), float(weight)) for pips, weight in options))


def _limit_self() -> None:
    import resource

    for limit, value in ((resource.RLIMIT_AS, MEMORY_BYTES), (resource.RLIMIT_CPU, CPU_S)):
        _, hard = resource.getrlimit(limit)
        cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(limit, (cap, hard))


def main(argv: Sequence[str] | None = None) -> int:
    """The child: a photo on stdin, one JSON line on stdout (``{"tiles": [...]}`` or error)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hubd.vision.worker")
    parser.add_argument("--set", type=int, default=15, dest="highest")
    args = parser.parse_args(argv)
    _limit_self()
    data = sys.stdin.buffer.read(MAX_BYTES + 1)
    print(json.dumps(_read(data, args.highest)))
    return 0


def _read(data: bytes, highest: int) -> dict[str, object]:
    if len(data) > MAX_BYTES:
        return {"error": "The photo is too large: send a smaller one."}
    try:
        import cv2
        import numpy as np

        from hubd.vision.reader import PhotoUnreadable, read_photo
    except ImportError:
        return {"error": "This hub cannot read photos: OpenCV is not installed."}
    cv2.setNumThreads(1)
    photo = None
    # Whole first; a JPEG too large whole at a half, then a quarter of its width, each size
    # checked against MAX_PIXELS before it is decoded.
    scales = (cv2.IMREAD_COLOR, cv2.IMREAD_REDUCED_COLOR_2, cv2.IMREAD_REDUCED_COLOR_4)
    for scale in scales if data[:2] == b"\xff\xd8" else scales[:1]:
        try:
            photo = cv2.imdecode(np.frombuffer(data, np.uint8), scale)
        except cv2.error:
            photo = None
        if photo is not None:
            break
    if photo is None:
        if data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS:
            return {"error": "The hub cannot open HEIC photos: save it as JPEG and send it again."}
        return {
            "error": "That is not a photo the hub can open "
            "(JPEG up to 400 megapixels, PNG up to 25)."
        }
    try:
        seen = read_photo(photo, highest)
    except PhotoUnreadable as err:
        return {"error": str(err)}
    except MemoryError:
        return {"error": "The photo is too large to read: send a smaller one."}
    return {"tiles": [{"first": tile.tile.first.options, "second": tile.tile.second.options,
                       "centre": tile.centre} for tile in seen]}  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
