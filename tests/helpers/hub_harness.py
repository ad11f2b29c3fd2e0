"""The main loop with mock pins and fakes, for the tests that drive it: the ``hub`` fixture and its
Hub.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import NewGame, Play, StartRound, Tile
from hubd.config.settings import Settings
from hubd.devices.button import ButtonLogic, GpioButton
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.light import FakeLight
from hubd.devices.notify import FakeNotifier
from hubd.devices.speaker import FakeSpeaker
from hubd.loop.app import HubApp
from hubd.loop.core import Devices, HubCore
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import Inbox
from hubd.screens import Ui
from hubd.store import GameStore

BUTTON_PIN = 17
T = Tile.parse


@dataclass
class Hub:
    app: HubApp
    clock: FakeClock
    speaker: FakeSpeaker
    light: FakeLight
    notifier: FakeNotifier
    pin: Any
    store: GameStore

    def edge(self, pressed: bool, after: float = 0.0) -> None:
        self.clock.advance(after)
        if pressed:
            self.pin.drive_low()
        else:
            self.pin.drive_high()

    def run(self) -> None:
        """Let the loop handle everything posted so far (no waiting)."""
        self.app.step(0)

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass on the clock, then let the loop handle what they brought."""
        self.clock.advance(seconds)
        self.run()

    def play(self, player: str, tile: str, on: str) -> bool:
        return self.app.core.submit(Play(player, T(tile), T(on)))


@pytest.fixture
def hub(mock_factory: Any, tmp_path: Path) -> Iterator[Hub]:
    pygame.init()
    clock = FakeClock(100.0)
    inbox = Inbox()
    button = GpioButton(BUTTON_PIN, inbox.post, clock, pin_factory=mock_factory)
    speaker, light, notifier = FakeSpeaker(), FakeLight(clock), FakeNotifier()
    store = GameStore.open(tmp_path / "data")
    display = Display((800, 480))
    pin = mock_factory.pin(BUTTON_PIN)

    def press_mock(pressed: bool) -> None:
        pin.drive_low() if pressed else pin.drive_high()

    devices = Devices(speaker=speaker, light=light, notifier=notifier, press_mock_button=press_mock)
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store, devices=devices, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=tmp_path / "data",
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic(0.02, 3.0)), inbox)
    yield Hub(app, clock, speaker, light, notifier, pin, store)
    button.close()
    store.close()
    display.close()


def start_two_player_game(hub: Hub) -> None:
    """Ana and Ben, classic rules with two hub arms: Ana opens on the 9-9."""
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"preset": "classic"}))
    assert hub.app.core.submit(StartRound("Ana"))
    assert hub.play("Ana", "9-4", "9-9")
    assert hub.play("Ben", "9-5", "9-9")  # the hub has both arms: play spreads out


PRESS_GAP = 2.0  # seconds between presses meant as separate presses


def press(hub: Hub, after: float = PRESS_GAP) -> None:
    """One press and release of the hub button through the mock pin."""
    hub.edge(True, after=after)
    hub.run()
    hub.edge(False, after=0.05)
    hub.run()
    hub.wait(0.05)


def start_scores_game(hub: Hub, rounds: int = 2) -> None:
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": rounds}))
    assert hub.app.core.submit(StartRound("Ana"))
