"""Daemon figures: press-to-play latency, idle CPU, peak memory, time to READY=1.

    .venv/bin/python benchmarks/daemon_bench.py [--presses 1000] [--idle 30]

The latency runs the real main loop in this process with gpiozero's MockFactory and SDL's
dummy drivers: another thread drives the mock button pin (as gpiozero's own thread would on
a Pi) and the speaker records when ``play()`` is called. The rest runs ``hubd`` as a child
process and reads /proc. Targets: p99 press-to-play < 5 ms, idle CPU < 2 % of a core,
peak RSS < 120 MB, READY < 2 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from daemon_harness import DaemonProcess

from hubd.hardware.speaker import FakeSpeaker


class TimedSpeaker(FakeSpeaker):
    """Records the moment each sound is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.play_times: list[float] = []

    def play(self, name: str) -> None:
        self.play_times.append(time.perf_counter())
        super().play(name)


def press_latency(presses: int) -> list[float]:
    import pygame
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hubd.app import Devices, HubApp, Settings
    from hubd.clock import MonotonicClock
    from hubd.display import Display
    from hubd.events import Inbox, Shutdown
    from hubd.hardware.button import ButtonLogic, GpioButton
    from hubd.hardware.light import FakeLight
    from hubd.hardware.notify import FakeNotifier
    from hubd.screens import Ui
    from hubd.store import GameStore

    pygame.init()
    clock = MonotonicClock()
    inbox = Inbox()
    factory = MockFactory(pin_class=MockPWMPin)
    button = GpioButton(17, inbox.post, clock, pin_factory=factory)
    pin = factory.pin(17)
    speaker = TimedSpeaker()
    folder = Path(tempfile.mkdtemp(prefix="hubd-bench-"))
    store = GameStore.open(folder)
    display = Display((800, 480))
    app = HubApp(
        display=display, ui=Ui(display.logical_size), store=store,
        devices=Devices(speaker=speaker, light=FakeLight(clock), notifier=FakeNotifier()),
        clock=clock, inbox=inbox, settings=Settings("en", 80, False, 0, "classic"),
        data_folder=folder, button_logic=ButtonLogic(0.02, 3.0),
    )  # fmt: skip
    edges: list[float] = []

    def presser() -> None:
        time.sleep(0.3)
        for _ in range(presses):
            edges.append(time.perf_counter())
            pin.drive_low()
            time.sleep(0.01)
            pin.drive_high()
            time.sleep(0.03)  # longer than the 20 ms debounce
        time.sleep(0.1)
        inbox.post(Shutdown("benchmark done"))

    thread = threading.Thread(target=presser)
    thread.start()
    app.run()
    thread.join()
    button.close()
    store.close()
    display.close()
    cackles = speaker.play_times
    return [(played - edge) * 1000 for edge, played in zip(edges, cackles, strict=False)]


def process_figures(idle_seconds: float) -> tuple[float, float, float]:
    """(seconds to READY=1, idle CPU share of one core, peak RSS in MB)."""
    folder = Path(tempfile.mkdtemp(prefix="hubd-bench-"))
    daemon = DaemonProcess(folder / "data")
    try:
        ready = daemon.wait_message("READY=1")
        time.sleep(1.0)  # let start-up settle
        ticks = os.sysconf("SC_CLK_TCK")
        stat = Path(f"/proc/{daemon.proc.pid}/stat")

        def cpu() -> float:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks

        cpu_start, wall_start = cpu(), time.perf_counter()
        time.sleep(idle_seconds)
        idle = (cpu() - cpu_start) / (time.perf_counter() - wall_start)
        status = Path(f"/proc/{daemon.proc.pid}/status").read_text()
        peak_kb = int(next(line.split()[1] for line in status.splitlines()
                           if line.startswith("VmHWM:")))  # fmt: skip
        daemon.terminate()
    finally:
        daemon.close()
    return ready, idle, peak_kb / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=30.0)
    args = parser.parse_args()
    latencies = sorted(press_latency(args.presses))
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"press to play(): {len(latencies)} presses, median "
          f"{statistics.median(latencies):.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms "
          "(target p99 < 5 ms)")  # fmt: skip
    ready, idle, peak = process_figures(args.idle)
    print(f"start to READY=1: {ready:.2f} s (target < 2 s)")
    print(f"idle CPU over {args.idle:g} s: {idle:.2%} of one core (target < 2 %)")
    print(f"peak resident memory: {peak:.1f} MB (target < 120 MB)")


if __name__ == "__main__":
    main()
