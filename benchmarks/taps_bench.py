"""Touches per entry: a recorded family round entered through the screen and the hub button.

    .venv/bin/python benchmarks/taps_bench.py [--size 800x480] [--size 720x1280]

Runs the whole hub in this process (main loop, Ui, store in a temporary folder, gpiozero's
MockFactory pins, a fake clock, SDL's dummy drivers) and enters the round of
tests/family_round.py by SDL clicks at the widgets and presses of the mock button pin alone,
then checks that the hub ends in exactly the engine state of the round's log. Targets (issue
9, point 10): a play 2 taps, a draw 1, a pass 1, a double from the hub button 1 press + 1 tap,
a round end of N hands at most the digits plus one tap per hand plus one. Prints figures;
tests/test_family_round.py asserts the counts, nothing here fails on time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from family_round import (
    HUB_DOUBLE_PLACES,
    KINDS,
    ROUND_END,
    Entry,
    enter_round,
    family_table,
    recorded_log,
)
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from engine import Game


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}{'es' if word[-1] == 's' else 's'}"


def touches(taps: int, presses: int) -> str:
    tapped = plural(taps, "tap")
    return f"{plural(presses, 'press')} + {tapped}" if presses else tapped


def who(entry: Entry) -> str:
    return str(getattr(entry.event, "player", "?"))


def report(entries: list[Entry]) -> None:
    """One line per kind of entry: the touches it took, how many, and its target."""
    for kind in KINDS:
        group = [e for e in entries if e.kind == kind]
        if not group:
            continue
        met = all(e.taps <= e.target[0] and e.presses <= e.target[1] for e in group)
        verdict = "met" if met else "MISSED"
        if kind == ROUND_END:
            for e in group:
                print(f"  round end ({e.hands} hands, {e.digits} digits): "
                      f"{plural(e.taps, 'tap')}, target <= {e.target[0]} ({verdict})")  # fmt: skip
            continue
        taken = sorted({(e.taps, e.presses) for e in group})
        shown = " or ".join(touches(taps, presses) for taps, presses in taken)
        target = "no target"
        if kind != HUB_DOUBLE_PLACES:
            target = f"target {touches(*group[0].target)} ({verdict})"
        print(f"  {kind}: {shown} (n={len(group)}), {target}")


def run(size: tuple[int, int]) -> None:
    log = recorded_log()
    factory = MockFactory(pin_class=MockPWMPin)
    previous, Device.pin_factory = Device.pin_factory, factory
    try:
        with (
            tempfile.TemporaryDirectory() as folder,
            family_table(Path(folder) / "data", factory, size) as table,
        ):
            start = time.perf_counter()
            entries = enter_round(table, log)
            elapsed = time.perf_counter() - start
            game = table.app.game
            same = game is not None and game.state == Game.from_events(log).state
            greyed = [
                f"{key!r} (line {line} of the log: {e.event.type} by {who(e)})"
                for line, e in enumerate(entries, start=2)  # line 1 is the new game
                for key in e.greyed
            ]
    finally:
        factory.reset()
        Device.pin_factory = previous
    taps = sum(e.taps for e in entries)
    presses = sum(e.presses for e in entries)
    width, height = size
    print(f"{width}x{height}: a classic double-9 round of 4 players, {len(entries)} entries "
          f"after the new game")  # fmt: skip
    report(entries)
    print(f"  the whole round: {touches(taps, presses)}; the hub's state equals the log's: "
          f"{'yes' if same else 'NO'}")  # fmt: skip
    if greyed:
        print(f"  touched although shown greyed: {', '.join(greyed)}")
    print(f"  {elapsed * 1000 / max(1, taps + presses):.1f} ms of main loop per touch "
          f"(layout, drawing, store commit; {elapsed:.2f} s in all)")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", action="append", help="WxH (default: 800x480 and 720x1280)")
    args = parser.parse_args()
    for text in args.size or ["800x480", "720x1280"]:
        width, height = (int(n) for n in text.split("x"))
        run((width, height))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
