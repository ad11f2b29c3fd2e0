"""How the photo reader reads real photos: each photo of a folder read as ``hubd count-tiles``
reads it, and judged against the tiles it shows.

    python benchmarks/real_photos_bench.py [--turned] [FOLDER ...]

FOLDER (default: tests/hubd/vision/real_photos) holds the photos and ``tiles.json``, naming
each photo's set and tiles, read by eye (the photos themselves come from other repositories
and are not kept in this one: the folder's README says where each is from; one not there is
said and left out)::

    {"hand-23.jpg": {"set": 12, "tiles": [[8, 8], [0, 7]]},
     "tile-1-1.jpg": {"set": 6, "tiles": [[1, 1]], "upright": [640, 853]}}

("upright": the size the photo is stretched back to before it is read, where a dataset's export
squashed it.) Prints a line a photo and the totals, each way as camera_bench judges a hand:

- the set only (``--set N``, score-keeper mode) and the table's constraint (``--among`` the hand
  and half the rest of the set, drawn from the photo's name, ``--count`` the hand's tiles);
- "right": every tile settled and right; "asked": a question or a count said, no tile wrong;
  "wrong": a tile settled wrong (the silent error that must not be); "given up": the photo
  refused with a message (the message is printed);
- the tiles found against the hand's, and the CPU time of the reading (one thread, as in the
  worker);
- with ``--turned``, each photo also read turned a quarter, a half and three quarters, and
  shrunk to 0.7: a letter a reading (r right, a asked, w wrong, g given up), the totals over all.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import cv2
from camera_bench import judge

from hubd.vision.reader import PhotoUnreadable, read_photo
from hubd.vision.shapes import Image

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "hubd" / "vision" / "real_photos"
WAYS = ("the set only", "the table's constraint")


#: The ways a photo is read with --turned: as taken, turned, and shrunk.
VARIANTS: dict[str, Callable[[Image], Image]] = {
    "as taken": lambda photo: photo,
    "turned 90": lambda photo: cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE),
    "turned 180": lambda photo: cv2.rotate(photo, cv2.ROTATE_180),
    "turned 270": lambda photo: cv2.rotate(photo, cv2.ROTATE_90_COUNTERCLOCKWISE),
    "0.7 times": lambda photo: cv2.resize(
        photo, None, fx=0.7, fy=0.7, interpolation=cv2.INTER_AREA
    ),
}


def judged(photo: Image, label: dict[str, Any], name: str) -> tuple[list[str], int, float, str]:
    """Each way's verdict on ``photo``, the tiles found, the CPU seconds and what was said."""
    started = time.process_time()
    try:
        seen, said = read_photo(photo, label["set"]), ""
    except PhotoUnreadable as refused:
        seen, said = [], str(refused)
    cpu = time.process_time() - started
    if not seen:
        return ["given up"] * 2, 0, cpu, said
    # The order count-tiles gives the tiles (its questions' places), top to bottom.
    seen.sort(key=lambda tile: (tile.centre[1], tile.centre[0]))
    _, *verdicts = judge([(a, b) for a, b in label["tiles"]], label["set"], seen, Random(name))
    return verdicts, len(seen), cpu, said


def read_folder(folder: Path, tallies: list[Counter[str]], turned: bool) -> None:
    """Read and judge every photo named in ``folder``'s tiles.json, one line each."""
    labels = json.loads((folder / "tiles.json").read_text())
    for name in sorted(labels):
        label = labels[name]
        if not (folder / name).is_file():  # fetched photos are not kept in the repository
            print(f"  {name:34} absent: put it in {folder} (its README says where from)")
            continue
        photo = cv2.imread(str(folder / name))
        if photo is None:
            raise SystemExit(f"{folder / name}: not a photo OpenCV can open")
        if "upright" in label:
            photo = cv2.resize(photo, tuple(label["upright"]), interpolation=cv2.INTER_CUBIC)
        tiles = label["tiles"]
        head = (f"  {name:34} double-{label['set']:<2} {len(tiles):2} tiles"
                f" {sum(map(sum, tiles)):3} pips")  # fmt: skip
        if not turned:
            verdicts, found, cpu, said = judged(photo, label, name)
            for tally, verdict in zip(tallies, verdicts, strict=True):
                tally[verdict] += 1
            print(f"{head}  found {found:2}  set only: {verdicts[0]:8}  table: {verdicts[1]:8}"
                  f"  {cpu * 1000:5.0f} ms" + (f"  ({said})" if said else ""))  # fmt: skip
            continue
        letters: list[str] = ["", ""]
        for variant in VARIANTS.values():
            verdicts, *_ = judged(variant(photo), label, name)
            for way, verdict in enumerate(verdicts):
                tallies[way][verdict] += 1
                letters[way] += verdict[0]
        print(f"{head}  set only: {letters[0]}  table: {letters[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[FOLDER], metavar="FOLDER")
    parser.add_argument("--turned", action="store_true",
                        help="also read each photo turned three ways, and shrunk")  # fmt: skip
    args = parser.parse_args()
    cv2.setNumThreads(1)  # as in the worker: the CPU time is the photo's own
    tallies: list[Counter[str]] = [Counter(), Counter()]
    for folder in args.folders:
        print(f"real_photos_bench: {folder}" + (f" (a letter for each: {', '.join(VARIANTS)})"
                                                  if args.turned else ""))  # fmt: skip
        read_folder(folder, tallies, args.turned)
    readings = sum(tallies[0].values())
    for way, tally in zip(WAYS, tallies, strict=True):
        print(
            f"  {readings} readings, {way + ':':23} right {tally['right']:2}   asked"
            f" {tally['asked']:2}   wrong {tally['wrong']:2}   given up {tally['given up']:2}"
        )


if __name__ == "__main__":
    main()
