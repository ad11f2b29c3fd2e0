"""The hub's own camera: the still taken once the tiles lie still (a fake camera and a test
clock), and the round end's "Show your tiles to the hub" through the whole loop: the fake
camera sees a synthetic photo, the worker reads it off the loop, the table settles it, and
the round-end screen shows the tiles picked for the player to confirm."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import Game, NewGame, StartRound, Tile
from hubd.config.settings import Settings
from hubd.devices.button import ButtonLogic
from hubd.devices.camera import PREVIEW, FakeCamera, NotStill, difference, take_when_still
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.light import FakeLight
from hubd.devices.notify import FakeNotifier
from hubd.devices.speaker import FakeSpeaker
from hubd.loop.app import HubApp
from hubd.loop.camera import CameraKeeper
from hubd.loop.core import Devices, Extras, HubCore
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import Inbox
from hubd.screens import Ui
from hubd.screens.kit.widgets import Style
from hubd.store import GameStore
from hubd.values.camera import CameraReading, CameraView
from hubd.values.intents import LookAtHand

cv2 = pytest.importorskip("cv2")

QUIET = bytes(PREVIEW[0] * PREVIEW[1])
HAND = bytes([200] * (PREVIEW[0] * PREVIEW[1] // 2)) + bytes(PREVIEW[0] * PREVIEW[1] // 2)


class StepClock:
    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def wait(self, seconds: float) -> None:
        self.t += seconds


def test_previews_differ_by_their_mean_pixel() -> None:
    assert difference(QUIET, QUIET) == 0.0
    assert difference(QUIET, HAND) == 100.0
    assert difference(QUIET, QUIET[:-1]) == 255.0  # another size: never still


def test_the_still_is_taken_once_two_previews_in_a_row_are_still() -> None:
    # A hand over the tiles for three looks, then gone: still at the fifth look.
    camera = FakeCamera(b"photo", [HAND, QUIET, HAND, QUIET, QUIET])
    clock = StepClock()
    assert take_when_still(camera, clock.now, clock.wait, every=0.25) == b"photo"
    assert (camera.looks, camera.stills) == (5, 1)


def test_tiles_that_never_lie_still_are_said_and_nothing_is_taken() -> None:
    camera = FakeCamera(b"photo", [HAND, QUIET] * 100)
    clock = StepClock()
    with pytest.raises(NotStill, match="did not lie still"):
        take_when_still(camera, clock.now, clock.wait, every=0.25, at_most=10.0)
    assert camera.stills == 0 and clock.t == pytest.approx(10.0)


def synthetic_jpeg(seed: int, highest: int, count: int) -> tuple[bytes, list[tuple[int, int]]]:
    from photo_synth import make_photo

    made = make_photo(seed, highest, count)
    ok, jpeg = cv2.imencode(".jpg", made.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return jpeg.tobytes(), made.tiles


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[HubApp, list[tuple[int, int]]]]:
    pygame.init()
    photo, tiles = synthetic_jpeg(1, 9, 3)
    inbox = Inbox()
    store = GameStore.open(tmp_path / "data")
    display = Display((800, 480))
    clock = FakeClock(100.0)
    devices = Devices(speaker=FakeSpeaker(), light=FakeLight(clock), notifier=FakeNotifier())
    keeper = CameraKeeper(FakeCamera(photo), inbox.post)
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store, devices=devices, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=tmp_path / "data",
        extras=Extras(camera=keeper),
    )  # fmt: skip
    hub = HubApp(core, ButtonHandler(core, ButtonLogic(0.02, 3.0)), inbox)
    yield hub, tiles
    keeper.close()
    store.close()
    display.close()


def widgets(hub: HubApp) -> dict[str, Any]:
    return {w.key: w for w in hub.ui.layout(hub.core.context(), hub.clock.now()) if w.key}


def test_show_your_tiles_to_the_hub_reads_them_and_the_screen_picks_them(app: Any) -> None:
    hub, tiles = app
    assert hub.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 3}))
    assert hub.core.submit(StartRound("Ana"))
    hub.ui.show_screen("round_end")
    button = widgets(hub)["round_end:camera"]
    assert button.text == "Show your tiles to the hub"
    intents = hub.ui.tap(button.rect.center, hub.core.context(), hub.clock.now())
    assert intents == [LookAtHand("Ana")]
    hub.handle_intent(intents[0])
    assert widgets(hub)["round_end:camera"].text == "Hold still: the hub is looking…"
    assert not hub.core.camera.look(hub.core.game.state, "Ben", {})  # type: ignore[union-attr]  # one
    for _ in range(400):  # the worker reads in its child process; the loop goes on
        hub.step(0.05)
        view = hub.core.camera.view()  # type: ignore[union-attr]
        if view.looking is None:
            break
    reading = view.reading
    assert reading is not None and reading.problem is None and reading.questions == ()
    assert sorted(reading.settled) == sorted(Tile.of(a, b) for a, b in tiles)
    shown = widgets(hub)
    picked = [t for t in reading.settled if shown[f"left:{t}"].style is Style.SELECTED]
    assert picked == list(reading.settled)  # the tile page, the read tiles picked
    hub.ui.tap(shown["left:ok"].rect.center, hub.core.context(), hub.clock.now())
    assert hub.ui.screens["round_end"].entries["Ana"].hand() is not None  # type: ignore[attr-defined]


def test_a_reading_for_another_round_or_a_failed_one_picks_nothing() -> None:
    pygame.display.init()
    ui = Ui((800, 480))
    game = Game.from_events([NewGame(("Ana", "Ben"), {"mode": "scores"}), StartRound("Ana")])
    from hubd.screens import UiContext

    ctx = UiContext(state=game.state, camera=CameraView())
    ui.state_changed(ctx)
    ui.show_screen("round_end")
    ui.layout(ctx, 1.0)
    for reading in (CameraReading(1, "Ana", 7, (Tile(1, 2),)),
                    CameraReading(2, "Ana", 1, problem="The photo is empty.")):  # fmt: skip
        ctx.camera = CameraView(reading=reading)
        keys = {w.key for w in ui.layout(ctx, 2.0)}
        assert "round_end:camera" in keys and "left:ok" not in keys


def test_the_daemon_makes_a_fake_camera_from_a_photo_and_none_without_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from hubd.cli.run import _camera

    path = tmp_path / "hand.jpg"
    path.write_bytes(synthetic_jpeg(2, 6, 2)[0])
    keeper = _camera(path, lambda _report: None)
    assert keeper is not None and isinstance(keeper.camera, FakeCamera)
    assert keeper.view() == CameraView()
    with caplog.at_level("INFO", logger="hubd.camera"):
        assert _camera(tmp_path / "missing.jpg", lambda _report: None) is None
    assert "missing.jpg: No such file or directory: no camera" in caplog.text
