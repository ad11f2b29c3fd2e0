"""The club night in the main loop, for its tests: a hub with a club night (its Syncthing link a
fake that records the organiser's pairings), the ``hub`` fixture, and a game played on it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pygame
import pytest
from club_helpers import EVENING

from engine import EndRound, HandPips, NewGame, StartRound
from hubd.club.importer import ClubImporter
from hubd.club.night import ClubNight
from hubd.config.settings import Settings
from hubd.devices.button import ButtonLogic
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.light import FakeLight
from hubd.devices.notify import FakeNotifier
from hubd.devices.speaker import FakeSpeaker
from hubd.loop.app import HubApp
from hubd.loop.core import Devices, Extras, HubCore
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import Inbox
from hubd.screens import Ui
from hubd.screens.kit.widgets import Widget
from hubd.store import GameStore

OTHER = "bbbb0002"
NIGHT = date(2026, 12, 1)


class FakeSync:
    def __init__(self) -> None:
        self.accepted: list[tuple[str, str]] = []
        self.paired: list[tuple[str, tuple[str, ...]]] = []

    def accept(self, device: str, name: str) -> None:
        self.accepted.append((device, name))

    def pair(self, device: str, addresses: tuple[str, ...]) -> None:
        self.paired.append((device, addresses))


@dataclass
class ClubHub:
    app: HubApp
    club: ClubNight
    inbox: Inbox
    clock: FakeClock
    data: Path

    def arrive(self) -> None:
        """What the importer thread would post, then a turn of the loop."""
        news = ClubImporter(self.club.club, self.inbox.post).scan()
        if news is not None:
            self.inbox.post(news)
        self.app.step(0)

    def widgets(self) -> list[Widget]:
        return self.app.ui.layout(self.app.core.context(), self.clock.now())

    def tap(self, key: str) -> None:
        widget = next(w for w in self.widgets() if w.key == key)
        self.app._intents(self.app.ui.tap(widget.rect.center, self.app.core.context(), 0.0))


def make_hub(tmp_path: Path, size: tuple[int, int]) -> tuple[ClubHub, GameStore, Display]:
    pygame.init()
    clock = FakeClock(100.0)
    inbox = Inbox()
    data = tmp_path / "data"
    store = GameStore.open(data, clock=lambda: EVENING.astimezone())
    club = ClubNight(data, store, "Table 1", wall=lambda: EVENING.replace(hour=20).astimezone())
    club.open()
    club.sync = FakeSync()  # type: ignore[assignment]
    display = Display(size)
    devices = Devices(speaker=FakeSpeaker(), light=FakeLight(clock), notifier=FakeNotifier())
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store, devices=devices, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=data,
        extras=Extras(club=club),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic(0.02, 3.0)), inbox)
    return ClubHub(app, club, inbox, clock, data), store, display


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[ClubHub]:
    made, store, display = make_hub(tmp_path, (800, 480))
    yield made
    store.close()
    display.close()


def play_a_game(hub: ClubHub) -> None:
    pips = {"Ana": 9, "Ben": 4}
    assert hub.app.core.submit(NewGame(tuple(pips), {"mode": "scores", "rounds": 1}))
    assert hub.app.core.submit(StartRound("Ana"))
    assert hub.app.core.submit(EndRound({name: HandPips(p) for name, p in pips.items()}))
