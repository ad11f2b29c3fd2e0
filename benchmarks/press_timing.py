"""The hub's button pressed in this process: press-to-play latency and the loop's step time.

The real main loop runs here with gpiozero's MockFactory and SDL's dummy drivers, with the
button's default timing (its 2 ms glitch filter included): another thread drives the mock
button pin (as gpiozero's own thread would on a Pi) and the speaker records when ``play()`` is
called. Used by benchmarks/daemon_bench.py and benchmarks/web_bench.py (the same presses with
the phones' pages attached).
"""

from __future__ import annotations

import io
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hubd.config.loading import HubConfig
from hubd.devices.mixer import MIXER_FREQUENCY
from hubd.devices.speaker import FakeSpeaker
from hubd.speech.render import EspeakRenderer

BUTTON, SOUND = HubConfig().button, HubConfig().sound  # the daemon's defaults


class TimedSpeaker(FakeSpeaker):
    """Records the moment each sound is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.play_times: list[float] = []

    def play(self, name: str) -> None:
        self.play_times.append(time.perf_counter())
        super().play(name)


class TimedPlayer:
    """The speech's mixer player, recording when each phrase starts and its first sound."""

    def __init__(self) -> None:
        from hubd.speech.output import MixerPlayer

        self.player = MixerPlayer()
        self.first_words: list[float] = []

    def play(self, clip: Any, volume: float) -> None:
        from hubd.speech.level import first_sound

        self.first_words.append(time.perf_counter() + first_sound(clip.wav))
        self.player.play(clip, volume)

    def set_volume(self, volume: float) -> None:
        self.player.set_volume(volume)

    def stop(self) -> None:
        self.player.stop()


class TimedStep:
    """The loop's step time: each step's duration less its wait on the inbox for input."""

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        self._waited = 0.0
        self._step, self._wait = app.step, app.inbox.wait_for
        app.step, app.inbox.wait_for = self.step, self.wait

    def wait(self, fds: Any, timeout: float | None) -> list[Any]:
        start = time.perf_counter()
        try:
            return list(self._wait(fds, timeout))
        finally:
            self._waited += time.perf_counter() - start

    def step(self, wait: float) -> None:
        self._waited, start = 0.0, time.perf_counter()
        self._step(wait)
        self.times.append((time.perf_counter() - start - self._waited) * 1000)


def open_a_foot(app: Any) -> None:
    """Ana and Ben, the foot on 4-4 open: each press then says the toes owed."""
    from engine import NewGame, Play, StartRound, Tile

    for event in (NewGame(("Ana", "Ben"), {"preset": "classic"}), StartRound("Ana"),
                  Play("Ana", Tile(4, 9), Tile(9, 9)), Play("Ben", Tile(5, 9), Tile(9, 9)),
                  Play("Ana", Tile(4, 4), Tile(4, 9))):  # fmt: skip
        assert app.core.submit(event)


def press_latency(
    presses: int,
    *,
    foot: bool = False,
    speech: bool = False,
    cache: bool = True,
    spacing: float = 0.03,
    words: list[float] | None = None,
    setup: Callable[[Any], Callable[[], None]] | None = None,
) -> tuple[list[float], list[float], int]:
    """(press-to-play ms, step ms, phrases espeak-ng rendered); ``words`` gets each press's
    time to its first spoken word (ms), the presses ``spacing`` s apart. ``setup(app)`` adds
    to the hub before the presses (benchmarks/web_bench.py: the phones' pages) and returns
    what undoes it."""
    import pygame
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic, GpioButton
    from hubd.devices.clock import MonotonicClock
    from hubd.devices.display import Display
    from hubd.devices.light import FakeLight
    from hubd.devices.notify import FakeNotifier
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices, HubCore
    from hubd.loop.hub_button import ButtonHandler
    from hubd.loop.inbox import Inbox, Shutdown
    from hubd.screens import Ui
    from hubd.speech import NO_AUDIO, HubSpeech, NoSpeech
    from hubd.store import open_store

    pygame.init()
    clock = MonotonicClock()
    inbox = Inbox()
    factory = MockFactory(pin_class=MockPWMPin)
    button = GpioButton(17, inbox.post, clock, pin_factory=factory)
    pin = factory.pin(17)
    speaker = TimedSpeaker()
    folder = Path(tempfile.mkdtemp(prefix="hubd-bench-"))
    store = open_store(folder)
    display = Display((800, 480))
    renderer = EspeakRenderer(folder / "cache", cache=cache)
    player = TimedPlayer()
    voice = HubSpeech(renderer, player) if speech else NoSpeech(NO_AUDIO)
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store,
        devices=Devices(speaker=speaker, light=FakeLight(clock), notifier=FakeNotifier(),
                        speech=voice),
        clock=clock, settings=Settings("en", 80, False, 0, "classic"),
        data_folder=folder, out=io.StringIO(),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic.from_config(BUTTON)), inbox)
    if foot:
        open_a_foot(app)
    undo = setup(app) if setup is not None else None
    speaker.play_times.clear()
    steps = TimedStep(app)
    edges: list[float] = []

    def presser() -> None:
        time.sleep(max(0.3, spacing))  # the phrase the foot's opening said has ended
        player.first_words.clear()
        for _ in range(presses):
            edges.append(time.perf_counter())
            pin.drive_low()
            time.sleep(0.01)
            pin.drive_high()
            time.sleep(spacing)  # longer than the 20 ms debounce
        time.sleep(0.1)
        inbox.post(Shutdown("benchmark done"))

    thread = threading.Thread(target=presser)
    thread.start()
    app.run()
    thread.join()
    if undo is not None:
        undo()
    voice.close()
    button.close()
    store.close()
    display.close()
    cackles = speaker.play_times
    latencies = [(played - edge) * 1000 for edge, played in zip(edges, cackles, strict=False)]
    if words is not None:
        buffer_s = SOUND.buffer / MIXER_FREQUENCY
        words += [(said + buffer_s - edge) * 1000
                  for edge, said in zip(edges, player.first_words, strict=False)]  # fmt: skip
    return latencies, steps.times, renderer.renders


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` (0.99: the p99)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]
