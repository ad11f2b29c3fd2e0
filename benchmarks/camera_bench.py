"""How well the photo reader counts hands, on the synthetic corpus (tests/helpers/photo_synth.py).

    python benchmarks/camera_bench.py [--photos 200] [--first-seed 1] [--worker 20] [--first-corpus]
        [--light-tables] [--camera-slant] [--glossy] [--block] [--packed] [--cloth]
        [--white-table]

Prints, over photos made from consecutive seeds:

- halves read right: each drawn tile matched to the tile read nearest its centre, its two
  halves compared with the likeliest reading of each (before any correction); over every
  photo, and over the photos with every tile wholly inside them (a photo with a tile partly
  outside it is rightly refused: its tiles' halves count as not read in the first figure; a
  tile found but not read, asked, is no tile read);
- photos given up, and how many of them rightly (a tile partly outside the photo);
- hands read short without a word: fewer tiles found (read, or found and asked) than lie
  wholly in the photo, and none said: with the set alone, a total short that nobody is asked
  about;
- whole hands right before any correction: without a constraint (the likeliest reading of
  every half), with the set alone (score-keeper mode: ``settle`` over the whole set), and with
  the table's constraint (the hand is among the tiles not on the table: the hand and half the
  rest of the set, drawn at random, and the hub knows how many tiles it holds). A hand is right
  when every tile is settled and right; "asked" counts hands with a question and no wrong
  tile, "wrong" hands where a settled tile is wrong (a silent error: the one that must not be);
- time per photo read in this process (wall and CPU, OpenCV on one thread as in the worker;
  the five slowest photos by CPU, to profile), and through the worker (a child process: its
  start, OpenCV's import, the decode);
- peak memory: the worker's peak resident size, and the resident size of the process that
  asked for the reads, before and after them (the reading's memory goes with the child).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from photo_synth import Photo, make_photo

from engine.photo_hand import settle
from engine.tiles import Tile
from hubd.vision.reader import PhotoUnreadable, read_photo
from hubd.vision.seen import TileSeen, is_unread


def halves_right(photo: Photo, seen: list[TileSeen]) -> int:
    right = 0
    seen = [tile for tile in seen if not is_unread(tile)]  # (found, not read: asked)
    for (a, b), (x, y) in zip(photo.tiles, photo.centres, strict=True):
        if not seen:
            break
        near = min(seen, key=lambda s: (s.centre[0] - x) ** 2 + (s.centre[1] - y) ** 2)
        first, second = near.tile.first.best, near.tile.second.best
        right += max((first == a) + (second == b), (first == b) + (second == a))
    return right


def judge(
    tiles: Sequence[tuple[int, int]], highest: int, seen: list[TileSeen], rng: random.Random
) -> tuple[str, str, str]:
    """Each way's verdict on one hand (``tiles`` of a double-``highest`` set): 'right',
    'asked' or 'wrong'."""
    hand = Counter(Tile.of(a, b) for a, b in tiles)
    plain = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    whole = [Tile.of(a, b) for a in range(highest + 1) for b in range(a, highest + 1)]
    rest = [tile for tile in whole if tile not in hand]
    table = list(hand) + rng.sample(rest, len(rest) // 2)
    verdicts = ["right" if plain == hand else "wrong"]
    for allowed, expected in ((whole, None), (table, len(tiles))):
        reading = settle([s.tile for s in seen], allowed, expected)
        settled = Counter(reading.settled)
        if settled - hand:
            verdicts.append("wrong")
        elif reading.questions or reading.count_differs or settled != hand:
            verdicts.append("asked")
        else:
            verdicts.append("right")
    return verdicts[0], verdicts[1], verdicts[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--worker", type=int, default=20, help="photos also read by the worker")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the hands not right")
    parser.add_argument("--first-corpus", action="store_true",
                        help="draw the photos as the first corpus did (no tiles' sides, drilled "
                        "pips, strong slant or phone-sized photos)")  # fmt: skip
    parser.add_argument("--light-tables", action="store_true",
                        help="half the photos on a light plain table (grey cloth, light wood, "
                        "white-ish laminate), the others as without it")  # fmt: skip
    parser.add_argument("--camera-slant", action="store_true",
                        help="each photo seen by a phone held 20-50 degrees from straight "
                        "down (the table shortened along its height), not a keystone")  # fmt: skip
    parser.add_argument("--glossy", action="store_true",
                        help="each photo on a glossy table, a window's reflection on it running "
                        "from the photo's edge to the tiles")  # fmt: skip
    parser.add_argument("--block", action="store_true",
                        help="the hands in two rows (eight or ten tiles) laid in a block, the rows "
                        "touching each other too")  # fmt: skip
    parser.add_argument("--packed", action="store_true",
                        help="the pips large and packed as many real double-12/15 sets draw "
                        "them, a column's pips nearly touching")  # fmt: skip
    parser.add_argument("--cloth", action="store_true",
                        help="each photo on a patterned cloth (checks, gingham, stripes or dots, "
                        "fine or coarse, turned any way)")  # fmt: skip
    parser.add_argument("--white-table", action="store_true",
                        help="ivory faces on a white table whiter than they are (paper, a white "
                        "laminate), the faces no lighter than it, only yellower")  # fmt: skip
    args = parser.parse_args()
    halves = right_halves = unreadable = cut_off = refused_rightly = short = 0
    halves_inside = right_inside = 0  # over the photos with every tile wholly inside them
    tallies: list[Counter[str]] = [Counter(), Counter(), Counter()]
    times, cpu_times = [], []
    photos = []
    cv2.setNumThreads(1)  # as in the worker: its CPU time is then the photo's own
    for seed in range(args.first_seed, args.first_seed + args.photos):
        photo = make_photo(seed, real=not args.first_corpus, light=args.light_tables,
                           camera_slant=args.camera_slant, glossy=args.glossy,
                           block=args.block, packed=args.packed, cloth=args.cloth,
                           white=args.white_table)  # fmt: skip
        halves += 2 * len(photo.tiles)
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            seen = read_photo(photo.image, photo.highest)
        except PhotoUnreadable:
            seen = []
            unreadable += 1
            refused_rightly += photo.cut_off > 0
        times.append(time.perf_counter() - started)
        cpu_times.append(time.process_time() - cpu_started)
        right = halves_right(photo, seen)
        right_halves += right
        cut_off += photo.cut_off > 0
        if not photo.cut_off:
            halves_inside += 2 * len(photo.tiles)
            right_inside += right
        # Each photo's table drawn from its own seed: a verdict does not hang on other photos'.
        table = random.Random(seed)
        verdicts = (
            judge(photo.tiles, photo.highest, seen, table) if seen else ("asked", "asked", "asked")
        )
        short += bool(seen) and len(seen) < len(photo.tiles) and not photo.cut_off
        for tally, verdict in zip(tallies, verdicts, strict=True):
            tally[verdict] += 1
        if args.verbose and verdicts[2] != "right":
            print(f"  seed {seed}: double-{photo.highest}, {len(photo.tiles)} tiles: {verdicts}")
        if len(photos) < args.worker:
            photos.append(photo)
    n = args.photos
    corpus = " as the first corpus drew them" if args.first_corpus else ""
    corpus += ", half on light tables" if args.light_tables else ""
    corpus += ", a phone held at a slant" if args.camera_slant else ""
    corpus += ", on a glossy table" if args.glossy else ""
    corpus += ", two rows touching in a block" if args.block else ""
    corpus += ", pips large and packed" if args.packed else ""
    corpus += ", on a patterned cloth" if args.cloth else ""
    corpus += ", ivory faces on a white table" if args.white_table else ""
    print(f"camera_bench: {n} synthetic photos (seeds {args.first_seed}.."
          f"{args.first_seed + n - 1}){corpus}")  # fmt: skip
    print(f"  halves read right:           {right_halves}/{halves} = {right_halves / halves:.1%}")
    print(f"    of photos with every tile inside: {right_inside}/{halves_inside}"
          f" = {right_inside / max(halves_inside, 1):.1%}")  # fmt: skip
    print(f"  photos given up (said):      {unreadable}, {refused_rightly} of them with a tile"
          f" partly outside ({cut_off} photos have one)")  # fmt: skip
    print(f"  hands read short, not a word: {short} (fewer tiles found than lie in the photo, none"
          " of them said: a score-keeper's total short)")  # fmt: skip
    for name, tally in zip(("no constraint", "the set only", "the table's constraint"), tallies,
                           strict=True):  # fmt: skip
        print(f"  hands right, {name + ':':24} {tally['right'] / n:6.1%}"
              f"   asked {tally['asked'] / n:5.1%}   wrong {tally['wrong'] / n:5.1%}")  # fmt: skip
    print(f"  time a photo, in process:    median {statistics.median(times) * 1000:.0f} ms,"
          f" max {max(times) * 1000:.0f} ms; CPU median"
          f" {statistics.median(cpu_times) * 1000:.0f} ms, max {max(cpu_times) * 1000:.0f} ms"
          " (one thread: the wall time grows with the machine's load)")  # fmt: skip
    seeds = range(args.first_seed, args.first_seed + n)
    slowest = sorted(zip(cpu_times, seeds, strict=True), reverse=True)
    print("  slowest photos, CPU:         "
          + ", ".join(f"seed {seed} {cpu * 1000:.0f} ms" for cpu, seed in slowest[:5]))  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        for index, photo in enumerate(photos):
            _, jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
            (Path(folder) / f"{index:04d}-{photo.highest}.jpg").write_bytes(jpeg.tobytes())
        # Read from a small process of their own: a worker forked from this one, which holds
        # the corpus's photos, would count this process's pages as its own peak.
        done = subprocess.run([sys.executable, "-c", _READER, folder], capture_output=True,
                              check=True, cwd=Path(__file__).resolve().parents[1])  # fmt: skip
    figures = json.loads(done.stdout)
    worker_times = figures["times"]
    if worker_times:
        print(
            f"  time a photo, by the worker: median {statistics.median(worker_times) * 1000:.0f}"
            f" ms, max {max(worker_times) * 1000:.0f} ms ({len(worker_times)} photos, as JPEG)"
        )
        print(f"  worker's peak memory:        {figures['peak'] / 1024:.0f} MiB resident")
        print(f"  reading process before/after: {figures['before'] / 1024:.1f} /"
              f" {figures['after'] / 1024:.1f} MiB (the hub's side: no OpenCV)")  # fmt: skip


#: The worker's reads, timed in a process as small as the hub's side of it (no OpenCV).
_READER = """
import contextlib, json, resource, sys, time
from pathlib import Path
from hubd.vision.worker import read_in_worker
def rss():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
before, times = rss(), []
for path in sorted(Path(sys.argv[1]).glob("*.jpg")):
    started = time.perf_counter()
    with contextlib.suppress(ValueError):  # a photo given up is timed all the same
        read_in_worker(path.read_bytes(), int(path.stem.split("-")[1]))
    times.append(time.perf_counter() - started)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"times": times, "peak": peak, "before": before, "after": rss()}))
"""


if __name__ == "__main__":
    main()
