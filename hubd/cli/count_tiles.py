"""``hubd count-tiles PHOTO``: the tiles in a photo of a hand, as one JSON object.

    hubd count-tiles hand.jpg --set 12 --among 0-0,0-1,3-12 --count 3
    {"tiles": [[0, 1], [3, 12]], "pips": 16, "unsure": [{"place": 2, "choices": [[5, 8], [6, 8]],
     "question": "Is this 5-8 or 6-8?"}]}

``tiles`` are the settled tiles (smaller number first), ``pips`` their sum, ``unsure`` the
tiles the photo and the table could not settle, each with its likely tiles: a tile is never
guessed. A photo that cannot be read prints ``{"error": ...}`` (exit status 1).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from engine.errors import RuleError
from engine.photo_hand import HandReading, settle
from engine.tiles import Tile, all_tiles

HIGHEST = (6, 9, 12, 15)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    count = commands.add_parser(
        "count-tiles", help="read the tiles of a hand from a photo and print them as JSON"
    )
    count.add_argument("photo", type=Path, help="a photo (JPEG or PNG) of tiles lying face up")
    count.add_argument("--set", type=int, choices=HIGHEST, default=None, dest="highest",
                       metavar="N", help="the set: double-6, 9, 12 or 15 (default: 15, or the "
                       "highest number in --among)")  # fmt: skip
    count.add_argument("--among", type=tile_list, metavar="TILES",
                       help="the tiles the hand can hold, e.g. 0-0,0-1,5-12 "
                       "(default: the whole set)")  # fmt: skip
    count.add_argument("--count", type=int, metavar="K",
                       help="how many tiles the hand holds (said when the photo shows "
                       "another number)")  # fmt: skip


def tile_list(text: str) -> frozenset[Tile]:
    """``--among``: tiles separated by commas or spaces."""
    tiles = set()
    for word in text.replace(",", " ").split():
        try:
            tiles.add(Tile.parse(word))
        except RuleError as err:
            raise argparse.ArgumentTypeError(err.message) from None
    if not tiles:
        raise argparse.ArgumentTypeError("no tiles given; write them like 0-0,0-1,5-12")
    return frozenset(tiles)


def answer(reading: HandReading) -> dict[str, object]:
    """The JSON object the command prints for a settled reading."""
    return {
        "tiles": [[tile.lo, tile.hi] for tile in reading.settled],
        "pips": reading.pips,
        "unsure": [
            {"place": q.place, "choices": [[t.lo, t.hi] for t in q.choices], "question": q.asked()}
            for q in reading.questions
        ],
        **(
            {"found": len(reading.tiles), "expected": reading.expected}
            if reading.count_differs
            else {}
        ),
    }


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hubd.vision.worker import MAX_BYTES, PhotoRefused, read_in_worker

    among: frozenset[Tile] | None = args.among
    highest = args.highest or (max(t.hi for t in among) if among else 15)
    highest = min((h for h in HIGHEST if h >= highest), default=highest)
    allowed = [t for t in (among or all_tiles(highest)) if t.hi <= highest]
    try:
        with args.photo.open("rb") as photo:
            data = photo.read(MAX_BYTES + 1)
        seen = read_in_worker(data, highest)
    except OSError as error:
        return _refuse(out, err, f"{args.photo}: {error.strerror or error}")
    except PhotoRefused as refused:
        return _refuse(out, err, str(refused))
    ordered = sorted(seen, key=lambda tile: (tile.centre[1], tile.centre[0]))
    reading = settle([tile.tile for tile in ordered], allowed, args.count)
    print(json.dumps(answer(reading)), file=out)
    return 0


def _refuse(out: TextIO, err: TextIO, message: str) -> int:
    print(json.dumps({"tiles": [], "pips": 0, "unsure": [], "error": message}), file=out)
    print(f"hubd count-tiles: {message}", file=err)
    return 1
