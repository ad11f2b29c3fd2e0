"""Daemon figures: press-to-play latency, idle CPU, peak memory, time to READY=1.

    .venv/bin/python benchmarks/daemon_bench.py [--presses 1000] [--idle 30]
                                                [--crowded-presses 40]
                                                [--speech-presses 500] [--spoken-presses 8]
                                                [--no-speech] [--process-only]

The latency runs the real main loop in this process (benchmarks/press_timing.py) with
gpiozero's MockFactory and SDL's dummy drivers, with the button's default timing (its 2 ms
glitch filter included): another thread drives the mock button pin (as gpiozero's own thread
would on a Pi) and the speaker records when ``play()`` is called. The press-to-first-sample
budget adds one mixer buffer (a sound starts at the next one: 256 samples at 22,050 Hz). The
rest runs ``hubd`` as a child process and reads /proc (benchmarks/proc_stats.py). Targets, an
appliance's: p99 press-to-play < 5 ms; idle CPU < 0.5 % of a core with the screen (the loop
sleeps until the next event or deadline), < 0.3 % with none (``[display] enabled = false``);
READY < 0.5 s after start; peak RSS < 40 MB. The memory through a long evening:
benchmarks/demo_soak.py.

A crowded table: the press that comes 2 ms after a play was committed, while the loop draws
the table it made (map_bench's game 50 from its first frame with five feet, each of the next
plays posted to the loop from another thread, as a tap's would come, then the press). The
table's picture takes up to ~240 ms to lay out here (about a second on a Pi): measured with
the pictures laid out off the loop as shipped (hubd/loop/pictures.py), and on it as before;
with the loop thread's own CPU time in a step, which a busy machine does not change.

Idle is measured once the hub has closed its audio device: the mixer closes it after
``MIXER_QUIET_S`` (30 s) with nothing played, since SDL's audio thread wakes at every buffer
while it is open (86 times a second, paused or not). So each idle run first waits for SDL's
audio thread to end (it prints how long that took after start-up or the last press), then
measures, and prints the ticks of each of the daemon's threads (/proc/PID/task: the figure to
trust on a busy machine). The price of closing: the first sound after a quiet spell opens the
device again, measured in this process (play() of a sleeping MixerSpeaker, reopening
included) under SDL's dummy driver and, where alsa-lib has it, ALSA's null device (alsa-lib
and SDL's ALSA code without a card: a real card adds its driver's open).

Speech: the latency and the loop's step time (the work of one turn of the loop, its wait for
input left out) again with a chicken foot open, so that every press is followed by a phrase:
speech off; speech on as shipped (the phrase is rendered once, then comes from the cache); and
speech on with every phrase rendered by espeak-ng (a cold cache: a child process at each
press, the worst case). The speech thread renders, the mixer (SDL's dummy driver) plays; the
press-to-play p99 must stay under 2 ms beyond the button's glitch filter with speech on. Then
presses 3.5 s apart, each heard to its end: press to the first spoken word (the phrase's play()
plus its first sound in the clip plus one mixer buffer), cached and cold; the goal is under
1.2 s, the 0.8 s cackle included.
"""

from __future__ import annotations

import argparse
import compileall
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from daemon_harness import DaemonProcess
from press_timing import BUTTON, CROWDED_LEAD_MS, SOUND, crowded_plays, percentile, press_latency
from proc_stats import audio_closed, cpu_seconds, load, memory_kb, thread_ticks, threads

from hubd.devices.mixer import MIXER_FREQUENCY
from hubd.speech.render import espeak_available

REPO = Path(__file__).resolve().parents[1]


def process_figures(
    idle_seconds: float, *, no_screen: bool = False
) -> tuple[float, float, float, float | None, str]:
    """(seconds to READY=1, idle CPU share of one core, peak RSS in MB, seconds until the
    audio device closed, each thread's ticks over the idle time).

    ``no_screen``: ``[display] enabled = false``, and a foot and its three toes pressed on
    the mock pin before the idle time (the screenless hub starts its own scores-only game).
    """
    from hubd.devices.mixer import MIXER_QUIET_S

    folder = Path(tempfile.mkdtemp(prefix="hubd-bench-"))
    args: list[str] = []
    if no_screen:
        (folder / "hub.toml").write_text("[display]\nenabled = false\n")
        args = ["--config", str(folder / "hub.toml")]
    daemon = DaemonProcess(folder / "data", *args, headless=not no_screen)
    try:
        ready = daemon.wait_message("READY=1")
        for press in range(4 if no_screen else 0):
            daemon.press()
            daemon.wait_committed(3 + press)  # the first press: new game, round, foot
            time.sleep(0.7)  # longer than a double press
        pid = daemon.proc.pid
        closed = audio_closed(pid, MIXER_QUIET_S + 15)  # the quiet spell
        time.sleep(1.0)  # let start-up settle
        threads_before = threads(pid)
        cpu_start, wall_start = cpu_seconds(pid), time.perf_counter()
        time.sleep(idle_seconds)
        idle = (cpu_seconds(pid) - cpu_start) / (time.perf_counter() - wall_start)
        ticks = thread_ticks(pid, threads_before)
        peak_kb = memory_kb(pid, "VmHWM")
        daemon.terminate()
    finally:
        daemon.close()
    return ready, idle, peak_kb / 1024, closed, ticks


def reopen_latency(runs: int = 100) -> dict[str, list[float]]:
    """ms from play() to its return for a MixerSpeaker whose device was closed after a quiet
    spell (the reopening included), per SDL audio driver that opens here."""
    import pygame

    from hubd.devices.clock import FakeClock
    from hubd.devices.mixer import MixerSpeaker
    from hubd.devices.sounds import DEFAULT_SOUND_DIR

    drivers = {"dummy": ("dummy", None), "ALSA null device": ("alsa", "null")}
    quiet = logging.getLogger("daemon_bench.reopen")
    quiet.disabled = True  # a driver that does not open here is only left out
    figures: dict[str, list[float]] = {}
    saved = {key: os.environ.get(key) for key in ("SDL_AUDIODRIVER", "AUDIODEV")}
    try:
        for name, (driver, device) in drivers.items():
            os.environ["SDL_AUDIODRIVER"] = driver  # read again each time SDL's audio starts
            if device is not None:
                os.environ["AUDIODEV"] = device
            pygame.mixer.quit()
            clock = FakeClock()
            speaker = MixerSpeaker(DEFAULT_SOUND_DIR, clock=clock, log=quiet)
            if not speaker.available:
                continue
            times = []
            for _ in range(runs):
                deadline = speaker.next_deadline()
                assert deadline is not None
                clock.set(deadline)
                pygame.mixer.stop()
                speaker.tick(deadline)
                assert speaker.asleep
                start = time.perf_counter()
                speaker.play("cackle")
                times.append((time.perf_counter() - start) * 1000)
            speaker.close()
            figures[name] = times
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        pygame.mixer.quit()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument("--speech-presses", type=int, default=500)
    parser.add_argument("--spoken-presses", type=int, default=8)
    parser.add_argument("--crowded-presses", type=int, default=40)
    parser.add_argument("--no-speech", action="store_true", help="skip the speech figures")
    parser.add_argument("--process-only", action="store_true",
                        help="only hubd's own figures: READY, idle CPU, memory")  # fmt: skip
    args = parser.parse_args()
    if not args.process_only:
        in_process(args)
    process(args.idle)


def in_process(args: argparse.Namespace) -> None:
    """The figures of the loop run in this process: latency, steps, speech."""
    latencies = sorted(press_latency(args.presses)[0])
    p99 = percentile(latencies, 0.99)
    print(f"press to play(): {len(latencies)} presses, median "
          f"{statistics.median(latencies):.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms "
          f"(the {BUTTON.glitch_ms} ms glitch filter included; target p99 < 5 ms)")  # fmt: skip
    if args.crowded_presses > 0:
        crowded(args.crowded_presses)
    buffer_ms = SOUND.buffer / MIXER_FREQUENCY * 1000
    print(f"press to first sample: {p99:.1f} ms (p99 to play()) + {buffer_ms:.1f} ms (one "
          f"mixer buffer, {SOUND.buffer} samples at {MIXER_FREQUENCY} Hz) = at most "
          f"{p99 + buffer_ms:.1f} ms, before the card's own latency")  # fmt: skip
    runs = {
        "speech off": (False, True),
        "speech on": (True, True),
        "speech on, cold": (True, False),
    }
    for name, (speech, cache) in {} if args.no_speech else runs.items():
        if speech and not espeak_available():
            print(f"{name}: espeak-ng is not installed (make system-deps); not measured")
            continue
        presses, steps, renders = press_latency(args.speech_presses, foot=True, speech=speech,
                                                cache=cache)  # fmt: skip
        p99 = percentile(presses, 0.99)
        print(f"foot open, {name:15}: press to play() median "
              f"{statistics.median(presses):.2f} ms, p99 {p99:.2f} ms "
              f"({p99 - BUTTON.glitch_ms:.2f} ms beyond the {BUTTON.glitch_ms} ms glitch filter: "
              f"target < 2 ms); "
              f"step median {statistics.median(steps):.3f} ms, p99 "
              f"{percentile(steps, 0.99):.3f} ms ({len(steps)} steps"
              + (f", espeak-ng ran {renders} times)" if speech else ")"))  # fmt: skip
    caches = {} if args.no_speech or not espeak_available() else {"cached": True, "cold": False}
    for name, cache in caches.items():
        said: list[float] = []
        press_latency(args.spoken_presses, foot=True, speech=True, cache=cache, spacing=3.5,
                      words=said)  # fmt: skip
        print(f"foot open, {name:6}: press to the first spoken word ({len(said)} presses 3.5 s "
              f"apart, each heard to its end) median {statistics.median(said):.0f} ms, max "
              f"{max(said):.0f} ms (the 0.8 s cackle, then the words; goal < 1200 ms)")  # fmt: skip


#: map_bench's game 50: six players, four arms, double-15, players who lay every double they
#: can; from its first frame with five feet, a play's layout takes up to ~240 ms here.
CROWDED_GAME, CROWDED_FEET = 50, 5


def crowded(presses: int) -> None:
    """The press that comes right after a play entered on a crowded table, while the loop
    draws it: press to play(), and the loop's steps (the longest is the longest a press may
    wait), with the table's pictures laid out off the loop as shipped, and on it as before."""
    from map_bench import game_specs, play

    from hubd.picture import faithful

    log = play(*game_specs(CROWDED_GAME + 1, 0)[CROWDED_GAME])
    for where, on_loop in (("off the loop", False), ("on the loop (before)", True)):
        faithful._recent.clear()  # each run lays every table out anew
        setup, before_press, plays = crowded_plays(log, CROWDED_FEET)
        cpu: list[float] = []
        latencies, steps, _ = press_latency(min(presses, plays), spacing=1.0, setup=setup,
                                            before_press=before_press,
                                            pictures_on_loop=on_loop, cpu=cpu)  # fmt: skip
        print(f"a press {CROWDED_LEAD_MS} ms after a play was committed on a crowded table "
              f"(map_bench's game {CROWDED_GAME} from {CROWDED_FEET} feet, {len(latencies)} "
              f"plays), pictures laid out {where}: press to play() median "
              f"{statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms, "
              f"max {max(latencies):.2f} ms; the loop's steps: median "
              f"{statistics.median(steps):.2f} ms, p99 {percentile(steps, 0.99):.2f} ms, max "
              f"{max(steps):.2f} ms; its CPU in a step: p99 {percentile(cpu, 0.99):.1f} ms, "
              f"max {max(cpu):.1f} ms")  # fmt: skip


def process(idle_s: float) -> None:
    """The figures of ``hubd`` run as a child process."""
    # The installed hub starts from bytecode compiled at install: so does the one measured
    # (PYTHONDONTWRITEBYTECODE, set on some machines, would make every start compile anew).
    for package in ("engine", "hubd"):
        compileall.compile_dir(REPO / package, quiet=1)
    for name, times in reopen_latency().items():
        print(f"first sound after a quiet spell ({name}): play() with the device reopened, "
              f"median {statistics.median(times):.2f} ms, p99 {percentile(times, 0.99):.2f} ms, "
              f"max {max(times):.2f} ms ({len(times)} reopenings)")  # fmt: skip
    ready, idle, peak, closed, threads = process_figures(idle_s)
    print(f"start to READY=1: {ready:.2f} s, from compiled bytecode (target < 0.5 s)")
    print(f"audio device closed {_closed(closed)} after READY=1 (the quiet spell)")
    print(f"idle CPU over {idle_s:g} s: {idle:.2%} of one core (target < 0.5 %); "
          f"ticks per thread: {threads}; {load()}")  # fmt: skip
    print(f"peak resident memory: {peak:.1f} MB (target < 40 MB)")
    _, idle, peak, closed, threads = process_figures(idle_s, no_screen=True)
    print(f"no screen ([display] enabled = false, a foot and its toes pressed): audio device "
          f"closed {_closed(closed)} after the last press; idle CPU over {idle_s:g} s "
          f"{idle:.2%} of one core (target < 0.3 %); ticks per thread: {threads}; {load()}; "
          f"peak resident memory {peak:.1f} MB (target < 40 MB)")  # fmt: skip


def _closed(seconds: float | None) -> str:
    return "NOT (still open)" if seconds is None else f"{seconds:.1f} s"


if __name__ == "__main__":
    main()
