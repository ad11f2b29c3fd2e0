"""Memory through a long evening: the demo plays 30 minutes of games, the memory's slope.

    .venv/bin/python benchmarks/demo_soak.py [--minutes 30] [--pace 1.2]

The real main loop runs in this process, as ``hubd --demo`` runs it: the demo player taps the
screens (SDL's dummy driver) and presses the button, the daemon's own mock pins drive the
button and the pulsing light (gpiozero's threads), the store commits every event to SQLite.
Only the clock is the loop's own, moved on by the demo's pace (1.2 s a step) at each step: so
30 minutes of play run in a minute or two, and the loop sees every deadline it would see.
Time that passes for other threads (the light's pulse) is the real time the run takes.

It samples this process's resident memory (VmRSS) each simulated minute and fits a line
through the samples after the first game has ended (the caches fill during the first game).
Goal: < 1 MB an hour after the first game, so a hub stays flat through a six-hour club night.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hubd.cli.run import DEMO_PACE_S  # the demo's own pace
from hubd.devices.notify import FakeNotifier

GOAL_MB_PER_HOUR = 1.0


def quiet_notifier() -> FakeNotifier:
    """A notifier that keeps nothing: the soak measures the hub, not a record of what it said
    (a FakeNotifier keeps every STATUS line: 50 kB a game, a third of a MB an hour)."""

    class QuietNotifier(FakeNotifier):
        def _send(self, message: str) -> None:
            pass

    return QuietNotifier()


def rss_mb() -> float:
    status = Path("/proc/self/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("VmRSS:"))) / 1024  # fmt: skip


def slope(points: list[tuple[float, float]]) -> float:
    """Least squares: MB per unit of x."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


def soak(minutes: float, pace: float) -> None:
    import pygame

    from hubd.config.loading import HubConfig
    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic
    from hubd.devices.clock import FakeClock
    from hubd.devices.display import Display
    from hubd.devices.pins import build_pins
    from hubd.devices.speaker import FakeSpeaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices, HubCore
    from hubd.loop.demo import DemoPlayer
    from hubd.loop.hub_button import ButtonHandler
    from hubd.loop.inbox import Inbox
    from hubd.loop.pictures import PictureKeeper
    from hubd.screens import Ui
    from hubd.store import open_store

    pygame.init()
    config = HubConfig()
    clock = FakeClock()
    inbox = Inbox()
    folder = Path(tempfile.mkdtemp(prefix="hubd-soak-"))
    store = open_store(folder)
    display = Display((800, 480), clock=clock)
    button, light, _ = build_pins(config, folder, True, inbox.post, clock)
    # The daemon's lines go where a hub's go, out of its memory (not into a StringIO).
    out = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (closed at the end)
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store, clock=clock,
        devices=Devices(speaker=FakeSpeaker(), light=light, notifier=quiet_notifier()),
        settings=Settings.from_config(config), data_folder=folder, out=out,
        pictures=PictureKeeper(inbox.post),  # the table's pictures off the loop, as the daemon's
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic.from_config(config.button)), inbox,
                 demo=DemoPlayer("classic", seed=7), demo_interval=pace)  # fmt: skip
    app.core.resume()
    steps = round(minutes * 60 / pace)
    per_minute = max(1, round(60 / pace))
    samples: list[tuple[float, float]] = []  # (simulated hours, MB) after the first game
    first_game_over_at: float | None = None
    start_mb, started = rss_mb(), time.perf_counter()
    for step in range(1, steps + 1):
        clock.advance(pace)
        app.step(0)
        if first_game_over_at is None and app.core.game_id is not None and app.core.game_id > 1:
            first_game_over_at = step * pace / 60
        if step % per_minute == 0 and first_game_over_at is not None:
            samples.append((step * pace / 3600, rss_mb()))
    took = time.perf_counter() - started
    end_mb = rss_mb()
    assert core.pictures is not None
    core.pictures.close()
    button.close()
    light.close()
    store.close()
    display.close()
    out.close()
    print(
        f"demo soak: {minutes:g} minutes of demo ({steps} steps {pace:g} s apart) in "
        f"{took:.0f} s; {core.game_id or 0} games, {core.committed} events committed"
    )
    painter = app.ui.painter
    print(f"resident memory: {start_mb:.1f} MB at the start, {end_mb:.1f} MB at the end (the "
          f"screens' caches: text {painter._text.size / 2**20:.1f} MB, dominoes "
          f"{painter._tiles.size / 2**20:.1f} MB, both bounded)")  # fmt: skip
    if len(samples) < 2:
        print("memory slope: the first game did not end in time; run more --minutes")
        return
    per_hour = slope(samples)
    print(f"memory slope after the first game (ended at minute {first_game_over_at:.0f}, "
          f"{len(samples)} samples): {per_hour:+.2f} MB an hour "
          f"(goal < {GOAL_MB_PER_HOUR:g} MB an hour)")  # fmt: skip
    if len(samples) >= 8:  # still filling, or growing for good? the later half alone
        later = samples[len(samples) // 2 :]
        print(f"memory slope over the later half (from minute {later[0][0] * 60:.0f}): "
              f"{slope(later):+.2f} MB an hour")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="of demo (default 30)")
    parser.add_argument("--pace", type=float, default=DEMO_PACE_S,
                        help=f"seconds a step (hubd's demo: {DEMO_PACE_S:g})")  # fmt: skip
    args = parser.parse_args()
    soak(args.minutes, args.pace)


if __name__ == "__main__":
    main()
