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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Event
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
    """The loop's step time: each step's duration less its wait on the inbox for input; and
    the loop thread's own CPU time in each step (what it computed, however busy the machine)."""

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []
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
        self._waited, start, cpu = 0.0, time.perf_counter(), time.thread_time()
        self._step(wait)
        self.times.append((time.perf_counter() - start - self._waited) * 1000)
        self.cpu.append((time.thread_time() - cpu) * 1000)


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
    before_press: Callable[[int], None] | None = None,
    pictures_on_loop: bool = False,
    cpu: list[float] | None = None,
) -> tuple[list[float], list[float], int]:
    """(press-to-play ms, step ms, phrases espeak-ng rendered); ``words`` gets each press's
    time to its first spoken word (ms), the presses ``spacing`` s apart. ``setup(app)`` adds
    to the hub before the presses (benchmarks/web_bench.py: the phones' pages) and returns
    what undoes it; ``before_press(n)`` runs on the presser's thread before press ``n`` (an
    entry posted to the loop just before it: crowded_plays); ``pictures_on_loop``: the table's
    pictures laid out on the loop as a frame is built (as before they were laid out off it);
    ``cpu`` gets the loop thread's CPU ms in each step."""
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
    from hubd.loop.pictures import PictureKeeper
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
        pictures=None if pictures_on_loop else PictureKeeper(inbox.post),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic.from_config(BUTTON)), inbox)
    if foot:
        open_a_foot(app)
    undo = setup(app) if setup is not None else None
    speaker.play_times.clear()
    steps = TimedStep(app)
    edges: list[float] = []
    entered: list[float] = []  # when each before_press began

    def presser() -> None:
        time.sleep(max(0.3, spacing))  # the phrase the foot's opening said has ended
        player.first_words.clear()
        for n in range(presses):
            if before_press is not None:
                entered.append(time.perf_counter())
                before_press(n)
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
    if core.pictures is not None:
        core.pictures.close()
    button.close()
    store.close()
    display.close()
    cackles = speaker.play_times
    latencies = [(played - edge) * 1000 for edge, played in zip(edges, cackles, strict=False)]
    if before_press is not None:  # what was entered may sound too: the press's is the last
        latencies = _answers(edges, cackles, [*entered[1:], time.perf_counter()])
    if words is not None:
        buffer_s = SOUND.buffer / MIXER_FREQUENCY
        words += [(said + buffer_s - edge) * 1000
                  for edge, said in zip(edges, player.first_words, strict=False)]  # fmt: skip
    if cpu is not None:
        cpu += steps.cpu
    return latencies, steps.times, renderer.renders


@dataclass(frozen=True)
class Enter:
    """The bench's own inbox event: the loop submits these events, as if a tap entered them."""

    events: tuple[Event, ...]


def _answers(edges: list[float], times: list[float], marks: list[float]) -> list[float]:
    """Each press's play() (ms after its edge): the last of ``times`` after the edge and before
    the next mark (the next entry; a press left unanswered is left out)."""
    found = []
    for edge, mark in zip(edges, marks, strict=False):
        within = [t for t in times if edge <= t < mark]
        if within:
            found.append((within[-1] - edge) * 1000)
    return found


#: How long after a play is committed the press of crowded_plays comes: the loop is drawing.
CROWDED_LEAD_MS = 2


def crowded_plays(
    log: list[Event], feet: int, lead: float = CROWDED_LEAD_MS / 1000
) -> tuple[Callable[[Any], Callable[[], None]], Callable[[int], None], int]:
    """A ``press_latency`` setup and ``before_press`` for the press that comes right after a
    play on a crowded table: the game replayed to its first frame with ``feet`` feet, then
    before each press the events up to the next play posted to the loop, the press ``lead`` s
    after the loop committed them (it is drawing the table the play made); and how many
    presses there are plays for."""
    from engine import Game, PlaceKind, Play

    game, start = Game(), len(log)
    for n, event in enumerate(log):
        game.apply(event)
        table = game.state.table
        if (
            table is not None
            and sum(p.kind is PlaceKind.FOOT for p in table.placed.values()) >= feet
        ):
            start = n + 1
            break
    batches: list[tuple[Event, ...]] = []
    batch: list[Event] = []
    for event in log[start:]:
        batch.append(event)
        if isinstance(event, Play):
            batches.append(tuple(batch))
            batch = []
    posted: list[Callable[[Enter], None]] = []
    committed = threading.Event()

    def setup(app: Any) -> Callable[[], None]:
        for event in log[:start]:
            assert app.core.submit(event)
        handle = app.extras.hub_event

        def hub_event(event: Any) -> None:
            if not isinstance(event, Enter):
                handle(event)
                return
            for entered in event.events:
                assert app.core.submit(entered)
            committed.set()

        app.extras.hub_event = hub_event
        posted.append(app.inbox.post)
        return lambda: None

    def before_press(n: int) -> None:
        committed.clear()
        posted[0](Enter(batches[n]))
        committed.wait(10)
        time.sleep(lead)

    return setup, before_press, len(batches)


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` (0.99: the p99)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]
