"""A phone following a crowded round update by update: how often its map is the table's own.

    .venv/bin/python benchmarks/phone_follow.py [--game 116] [--pace 0.4] [--width 320]

The whole hub runs in this process (its loop, its screen's pictures laid out by its own worker,
the phones' page served beside it, as ``hubd run`` builds them); map_bench's game ``--game`` is
entered event by event, one every ``--pace`` seconds, the loop stepping meanwhile. Debian's
chromium (through Playwright) holds the page ``--width`` CSS px wide and stamps every message
of its stream as it arrives. For each update it prints whether the page got the table's own
map with it, or only the last one ready (``map_waits``), and the time from the commit to the
table's own map (an update whose own map never came before the next one counts as stale).
Figures, never a pass or fail: benchmarks/README.md, web_bench.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from map_bench import game_specs, play

from engine import Event, Game

#: Stamps each message of the page's stream (its version, whether its map waits) as it arrives,
#: on the system's clock in ms, before the page's own script reads it.
STAMP_MESSAGES = """
(() => {
  const Original = window.EventSource;
  window.__seen = [];
  window.EventSource = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const data = JSON.parse(event.data);
        const game = data.game || {};
        window.__seen.push([data.version, Boolean(game.map_waits), Boolean(game.map),
                            performance.timeOrigin + performance.now()]);
      });
    }
  };
})();
"""


def round_events(game: int, round_no: int) -> tuple[list[Event], list[Event]]:
    """Map_bench's game ``game``: the events up to round ``round_no``'s start, then that
    round's own until its end (the ones a phone follows)."""
    events = play(*game_specs(game + 1, 0)[game])
    replay, before = Game(), []
    for n, event in enumerate(events):
        replay.apply(event)
        before.append(event)
        if replay.state.round == round_no and replay.state.in_round:
            rest = []
            for later in events[n + 1 :]:
                replay.apply(later)
                if not replay.state.in_round:
                    break
                rest.append(later)
            return before, rest
    raise SystemExit(f"game {game} has no round {round_no}")


def follow(game: int, round_no: int, pace: float, width: int) -> dict[str, Any]:
    """The round entered at ``pace`` with a ``width`` px page following; per update: its
    commit (epoch s) and the page's messages."""
    from family_round import family_table
    from gpiozero.pins.mock import MockFactory, MockPWMPin
    from web_harness import attach_web, browser, phone

    from hubd.loop.pictures import PictureKeeper

    before, events = round_events(game, round_no)
    folder = Path(tempfile.mkdtemp(prefix="hubd-phone-follow-"))
    committed: dict[int, float] = {}
    with family_table(folder / "data", MockFactory(pin_class=MockPWMPin)) as table:
        app = table.app
        app.core.pictures = PictureKeeper(app.inbox.post)  # as ``hubd run`` lays them out
        for event in before:
            assert app.core.submit(event), event
        desk, close = attach_web(app, folder / "data")
        token = desk.token(app.core.game_id)
        with browser() as chromium:
            page = phone(chromium, width, 2 * width)
            page.add_init_script(STAMP_MESSAGES)
            page.goto(f"{desk.base_url}/t/{token}?lang=en")
            _pump(app, 5.0)  # the page opened on the round's start, its first map drawn
            for event in events:
                assert app.core.submit(event), event
                committed[desk._version] = time.time()
                _pump(app, pace)
            _pump(app, 5.0)
            seen = page.evaluate("window.__seen")
        close()
        app.core.pictures.close()
    return {"committed": committed, "seen": seen}


def _pump(app: Any, seconds: float) -> None:
    """The hub's loop for ``seconds``, as ``hubd run`` steps it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(0.01)


def report(committed: dict[int, float], seen: list[list[Any]]) -> None:
    versions = sorted(committed)
    stale, late, own = 0, [], []
    waited = 0
    for version, following in zip(versions, [*versions[1:], None], strict=True):
        at = committed[version] * 1000
        messages = [(waits, t) for v, waits, _map, t in seen if v == version]
        if messages and messages[0][0]:
            waited += 1
        mapped = next((t for waits, t in messages if not waits), None)
        if mapped is None:
            stale += 1
            continue
        own.append(mapped - at)
        if following is not None and mapped > committed[following] * 1000:
            late.append(version)
    print(f"{len(versions)} updates: the map waited in {waited}; the table's own map never "
          f"came in {stale}, came after the next update in {len(late)}; commit to the "
          f"table's own map median {statistics.median(own):.0f} ms, "
          f"max {max(own):.0f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=int, default=116, help="map_bench's game")
    parser.add_argument("--round", type=int, default=1, help="its round followed")
    parser.add_argument("--pace", type=float, default=0.4, help="seconds between updates")
    parser.add_argument("--width", type=int, default=320, help="the page's width, CSS px")
    args = parser.parse_args()
    got = follow(args.game, args.round, args.pace, args.width)
    report(got["committed"], got["seen"])


if __name__ == "__main__":
    main()
