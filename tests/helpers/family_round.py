"""A recorded family round, entered into the whole hub through touches and the hub button.

Issue 9, point 10. ``FAMILY_ROUND`` (read from family_round.jsonl) is the log of one classic
double-9 round at a table of four (Mum, Dad, Ben, Ana): Ben found the 9-9 first and opens; Dad
draws and passes while the arms are being started; three chicken feet (3-3, 1-1, 0-0) are each
called with the hub button and get their three toes; there are six draws and four passes; Mum
goes out, and the other three hands are scored by their pips. It was written with the engine
checking every line (``Game.from_events`` replays it).

``FamilyTable`` is the hub as ``hubd run --mock-pins`` builds it (the main loop, the real Ui,
the store in a temporary folder, the button and light on gpiozero's MockFactory pins, the
button's timings from the default config) with a fake clock and SDL's dummy drivers. Its only
inputs are SDL mouse clicks at the centre of a widget found by its key, and the mock button
pin driven low and high. ``enter_round`` turns each event of the log into those inputs, the
way a person at the table would make them, and counts them per kind of entry.

Used by tests/hubd/test_family_round.py (which checks the targets) and benchmarks/taps_bench.py
(which prints the figures).
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from engine import (
    Draw,
    EndRound,
    Event,
    HandPips,
    NewGame,
    Pass,
    Play,
    StartRound,
    parse_line,
)
from hubd.config.loading import load_config
from hubd.config.settings import Settings
from hubd.devices.button import ButtonLogic
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.notify import FakeNotifier
from hubd.devices.pins import build_pins
from hubd.devices.speaker import FakeSpeaker
from hubd.loop.app import HubApp
from hubd.loop.core import Devices, HubCore
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import Inbox
from hubd.screens import Ui
from hubd.screens.entry import MORE, entry_keys
from hubd.screens.kit.widgets import Style, Widget
from hubd.store import GameStore

#: The recorded round, one event a line (the log is data, so it lives beside this file).
FAMILY_ROUND = Path(__file__).with_name("family_round.jsonl").read_text(encoding="utf-8")

#: Seconds between two touches (a family's pace; it lets notices and highlights expire).
TAP_PACE_S = 0.8
#: How long a finger keeps the hub button down.
PRESS_S = 0.15

#: The kinds of entry counted, in the order they are reported.
PLAY = "play"
PLAY_CHOICE = "play, two or more ends take it"
HUB_DOUBLE = "double from the hub button"
HUB_DOUBLE_PLACES = "double from the hub button, two places fit"
DRAW = "draw"
PASS = "pass"
ROUND_START = "round start"
ROUND_END = "round end"
KINDS = (PLAY, PLAY_CHOICE, HUB_DOUBLE, HUB_DOUBLE_PLACES, DRAW, PASS, ROUND_START, ROUND_END)


def recorded_log() -> list[Event]:
    return [parse_line(line) for line in FAMILY_ROUND.splitlines() if line.strip()]


class EntryError(AssertionError):
    """The screen did not offer what the next entry needs, or committed something else."""


@dataclass(frozen=True)
class Entry:
    """How one event of the log was entered."""

    kind: str
    event: Event
    taps: int
    presses: int = 0
    hands: int = 0  # a round end: the hands typed in
    digits: int = 0  # a round end: the digits typed
    greyed: tuple[str, ...] = ()  # widgets it needed that the screen showed greyed

    @property
    def target(self) -> tuple[int, int]:
        """The most (taps, presses) the entry may take (issue 9, point 10)."""
        return {
            PLAY: (2, 0),
            PLAY_CHOICE: (4, 0),  # 3, and More when the end is on the next page of choices
            HUB_DOUBLE: (1, 1),
            DRAW: (1, 0),
            PASS: (1, 0),
            ROUND_START: (1, 0),
            ROUND_END: (self.digits + self.hands + 1, 0),
        }.get(self.kind, (self.taps, self.presses))  # two places fit: no target


class FamilyTable:
    """The whole hub in this process, touched only through SDL clicks and the button pin."""

    def __init__(self, folder: Path, pin_factory: Any, size: tuple[int, int] = (800, 480)):
        pygame.init()
        config = load_config(None)
        self.clock = FakeClock(1000.0)
        inbox = Inbox()
        self.store = GameStore.open(folder)
        self.display = Display(size, clock=self.clock)
        self.button, light, self.pin = build_pins(
            config, folder, True, inbox.post, self.clock, pin_factory
        )
        self.speaker = FakeSpeaker()
        devices = Devices(speaker=self.speaker, light=light, notifier=FakeNotifier(),
                          closers=[self.button.close, light.close])  # fmt: skip
        core = HubCore(
            display=self.display, ui=Ui(self.display.logical_size), store=self.store,
            devices=devices, clock=self.clock,
            settings=Settings("en", 80, False, 0, "classic"), data_folder=folder,
            out=io.StringIO(),  # the "event N committed" lines
        )  # fmt: skip
        logic = ButtonLogic(config.button.debounce_ms / 1000, config.button.hold_seconds,
                            glitch_s=config.button.glitch_ms / 1000,
                            long_hold_s=config.button.shutdown_seconds or None)  # fmt: skip
        self.app = HubApp(core, ButtonHandler(core, logic), inbox)
        self.app.core.resume()
        self.taps = 0
        self.presses = 0
        self.greyed: list[str] = []  # widgets touched although shown greyed

    def close(self) -> None:
        for close in self.app.devices.closers:
            close()
        self.store.close()
        self.display.close()

    # -- the inputs -----------------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        return self.app.ui.layout(self.app.core.context(), self.clock.now())

    def find(self, key: str) -> Widget | None:
        """The widget ``key`` on screen now that does something when touched (it may be
        shown greyed: the Ui acts on a touch whatever the widget looks like)."""
        found = [w for w in self.widgets() if w.key == key and w.action is not None]
        found.sort(key=lambda w: w.enabled)
        return found[-1] if found else None

    def tap(self, key: str) -> None:
        """Touch the centre of the widget ``key``, as SDL reports a click."""
        widget = self.find(key)
        if widget is None:
            shown = sorted(w.key for w in self.widgets() if w.action is not None and w.enabled)
            raise EntryError(
                f"no {key!r} to tap on the {self.app.ui.current} screen; tappable: {shown}"
            )
        if not widget.enabled:
            self.greyed.append(key)
        pos = self.display.to_physical(widget.rect.center)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        self.taps += 1
        self.app.step(0)
        self.clock.advance(TAP_PACE_S)
        self.app.step(0)

    def press_hub_button(self) -> None:
        """Press and release the hub button: the mock pin low, then high, past the debounce."""
        self.pin.drive_low()
        self.presses += 1
        self.clock.advance(PRESS_S)
        self.app.step(0)
        self.pin.drive_high()
        self.clock.advance(TAP_PACE_S)
        self.app.step(0)

    def selected_hand(self) -> str | None:
        """The player whose hand the round-end screen is entering (its row is selected)."""
        for widget in self.widgets():
            if widget.key.startswith("hand:") and widget.style is Style.SELECTED:
                return widget.key.removeprefix("hand:")
        return None

    @property
    def committed(self) -> list[Event]:
        game_id = self.app.core.game_id
        return [] if game_id is None else self.store.events(game_id)


@contextmanager
def family_table(
    folder: Path, pin_factory: Any, size: tuple[int, int] = (800, 480)
) -> Iterator[FamilyTable]:
    table = FamilyTable(folder, pin_factory, size)
    try:
        yield table
    finally:
        table.close()


# -- entering the log -----------------------------------------------------------------------


def enter_round(table: FamilyTable, log: list[Event]) -> list[Entry]:
    """Enter ``log`` (a new game, then one round) and return how each event was entered.

    The new game is submitted directly: the script starts at the round start screen. Every
    other event is made of touches alone; each must commit exactly that event, no more.
    """
    first, *rest = log
    if not isinstance(first, NewGame) or not table.app.core.submit(first):
        raise EntryError("the log must begin with a new game the hub accepts")
    if table.app.ui.current != "round_start":
        raise EntryError(f"a new game shows {table.app.ui.current}, not the round start")
    return [_enter(table, event) for event in rest]


def _enter(table: FamilyTable, event: Event) -> Entry:
    before = len(table.committed)
    taps, presses, greyed = table.taps, table.presses, len(table.greyed)
    kind, hands, digits = _touch(table, event)
    committed = table.committed
    if committed[before:] != [event]:
        raise EntryError(f"entering {event} committed {committed[before:]}")
    return Entry(kind, event, table.taps - taps, table.presses - presses, hands, digits,
                 tuple(table.greyed[greyed:]))  # fmt: skip


def _touch(table: FamilyTable, event: Event) -> tuple[str, int, int]:
    """Make the touches for ``event``; returns its kind and, for a round end, hands and digits."""
    state = table.app.core.game.state if table.app.core.game is not None else None
    if state is None:
        raise EntryError("no game")
    if isinstance(event, StartRound):
        table.tap(f"player:{event.opener}")
        return ROUND_START, 0, 0
    if isinstance(event, Draw):
        table.tap("draw")
        return DRAW, 0, 0
    if isinstance(event, Pass):
        table.tap("pass")
        return PASS, 0, 0
    if isinstance(event, Play) and event.tile.is_double:
        table.press_hub_button()  # "chicken foot!": the doubles picker opens
        table.tap(f"pick:{event.tile.lo}")
        if table.find(f"doubleplace:{event.on}") is not None:  # several places fit: where?
            table.tap(f"doubleplace:{event.on}")
            return HUB_DOUBLE_PLACES, 0, 0
        return HUB_DOUBLE, 0, 0
    if isinstance(event, Play):
        keys = entry_keys(state, event.tile, event.on)
        taps = table.taps
        for key in keys:
            while key.startswith("choice:") and table.find(key) is None and table.find(MORE):
                table.tap(MORE)  # the end is on another page of choices
            table.tap(key)
        return (PLAY if table.taps - taps == 2 else PLAY_CHOICE), 0, 0
    if isinstance(event, EndRound):
        return _round_end(table, event)
    raise EntryError(f"the script does not enter {event.type} events")


def _round_end(table: FamilyTable, event: EndRound) -> tuple[str, int, int]:
    """Each hand's pips on the keypad and OK (the screen moves on by itself), then save."""
    if table.app.ui.current != "round_end":
        raise EntryError(f"the round is over but the screen is {table.app.ui.current}")
    state = table.app.core.game.state if table.app.core.game is not None else None
    assert state is not None
    waiting = [n for seat, n in enumerate(state.players) if state.hands[seat] > 0]
    hands, digits = len(waiting), 0
    for _ in range(hands):
        name = table.selected_hand()
        if name not in waiting:  # the screen chose none, or one already entered: choose
            name = waiting[0]
            table.tap(f"hand:{name}")
        waiting.remove(name)
        hand = event.hands[name]
        if not isinstance(hand, HandPips) or hand.double_blank:
            raise EntryError("the script enters hands by their pips only")
        for digit in str(hand.pips):
            table.tap(f"pad:{digit}")
            digits += 1
        table.tap("pad:ok")
    table.tap("round_end:save")
    return ROUND_END, hands, digits
