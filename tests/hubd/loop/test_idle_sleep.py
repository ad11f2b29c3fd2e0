"""An idle hub sleeps: the loop wakes for the inbox, the screen's input devices or the next
deadline, never on a poll; the mock pins' history stays bounded; and which hub this is
(``hubd --version``, the Settings page)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from checkout import REPO

from hubd.config.version import Release, read_release
from hubd.devices.clock import FakeClock
from hubd.loop.inbox import Inbox, Shutdown

# --- the inbox wakes the loop -----------------------------------------------------------------


def test_a_post_from_another_thread_wakes_the_wait_at_once() -> None:
    inbox = Inbox()
    timer = threading.Timer(0.05, inbox.post, (Shutdown("test"),))
    start = time.monotonic()
    timer.start()
    assert inbox.wait_for((), 10.0) == []
    assert time.monotonic() - start < 2.0
    assert inbox.drain() == [Shutdown("test")]
    # Drained, the inbox lets the loop sleep again: the wait lasts its timeout.
    start = time.monotonic()
    assert inbox.wait(0.1) == []
    assert time.monotonic() - start >= 0.09


def test_an_event_posted_before_the_wait_is_not_slept_on() -> None:
    inbox = Inbox()
    inbox.post(Shutdown("early"))
    start = time.monotonic()
    inbox.wait_for((), 10.0)
    assert time.monotonic() - start < 1.0
    assert inbox.wait(10.0) == [Shutdown("early")]


def test_a_readable_device_wakes_the_wait_and_is_named() -> None:
    inbox = Inbox()
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"x")
        assert inbox.wait_for([read_end], 10.0) == [read_end]
    finally:
        os.close(read_end)
        os.close(write_end)


def test_the_input_watch_reads_away_what_woke_it_and_counts_what_it_cannot_open(
    tmp_path: Path,
) -> None:
    from hubd.devices.display import InputWatch

    fifo = tmp_path / "event0"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # keeps the FIFO open for the watch
    dangling = tmp_path / "event1"
    dangling.symlink_to(tmp_path / "unplugged")  # listed, but it cannot be opened
    watch = InputWatch([str(fifo), str(tmp_path / "gone"), str(dangling)])
    try:
        assert len(watch.fds) == 1 and watch.unreadable == 2
        os.write(writer, b"\0" * 24)  # one input_event
        inbox = Inbox()
        ready = inbox.wait_for(watch.fds, 10.0)
        assert ready == watch.fds
        watch.drain(ready)
        assert inbox.wait_for(watch.fds, 0.05) == [], "drained: it sleeps again"
    finally:
        watch.close()
        os.close(writer)


# --- the loop, idle ----------------------------------------------------------------------------


class IdleInbox(Inbox):
    """An inbox whose sleep is the clock's: each wait with nothing posted lets its timeout pass
    on the injected clock at once and is counted (a turn of the loop), and a Shutdown comes
    once ``idle_s`` have passed. The loop's own wakes are counted, not the machine's: the
    real daemon's voluntary switches over 3 s of wall clock, after 1 s of settling, counted
    whatever else made its main thread wait on that machine (its no-screen case failed once
    at load 5-7 and passed alone)."""

    def __init__(self, clock: FakeClock, idle_s: float) -> None:
        super().__init__()
        self.clock = clock
        self.end = clock.now() + idle_s
        self.waits: list[float] = []

    def wait_for(self, fds: Sequence[int], timeout: float | None) -> list[int]:
        ready = super().wait_for(fds, 0)
        if ready or self.clock.now() >= self.end:
            return ready
        self.waits.append(self.end - self.clock.now() if timeout is None else timeout)
        self.clock.advance(self.waits[-1])
        if self.clock.now() >= self.end:
            self.post(Shutdown("the idle spell is over"))
        return []


@pytest.mark.parametrize("screen", [True, False], ids=["screen", "no-screen"])
def test_the_idle_loop_sleeps_until_its_next_deadline(
    tmp_path: Path, mock_factory: Any, screen: bool
) -> None:
    """A minute idle, as the daemon builds its hub (its own pins, mocked; with a screen or
    with ``[display] enabled = false``): a poll at 25 Hz would turn 1,500 times; the loop
    that sleeps until the next deadline turns once per MAX_WAIT_S (the store's files are
    checked that often), and a turn or two to start."""
    from hubd.config.loading import HubConfig
    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic
    from hubd.devices.display import Display, NoDisplay
    from hubd.devices.notify import FakeNotifier
    from hubd.devices.pins import build_pins
    from hubd.devices.speaker import FakeSpeaker
    from hubd.loop.app import MAX_WAIT_S, HubApp
    from hubd.loop.core import Devices, HubCore
    from hubd.loop.hub_button import ButtonHandler
    from hubd.screens import Ui
    from hubd.store import GameStore

    clock = FakeClock(100.0)
    inbox = IdleInbox(clock, 60.0)
    config = HubConfig()
    button, light, _pin = build_pins(config, tmp_path, True, inbox.post, clock, mock_factory)
    display = Display((800, 480), clock=clock) if screen else NoDisplay((800, 480))
    store = GameStore.open(tmp_path / "data")
    core = HubCore(
        display=display, ui=Ui((800, 480)), store=store, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=tmp_path / "data",
        devices=Devices(speaker=FakeSpeaker(), light=light, notifier=FakeNotifier()),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic(0.02, 3.0)), inbox)
    try:
        app.run()
    finally:
        button.close()
        light.close()
        store.close()
        display.close()
    assert clock.now() >= inbox.end, "the loop ran the whole idle minute"
    assert len(inbox.waits) <= 60.0 / MAX_WAIT_S + 2, inbox.waits
    assert all(wait >= 1.0 for wait in inbox.waits[2:]), inbox.waits


# --- the mock pins -----------------------------------------------------------------------------


def test_the_daemons_mock_pins_keep_a_bounded_history(tmp_path: Path) -> None:
    from gpiozero import PWMLED

    from hubd.devices.pins import MOCK_PIN_HISTORY, make_pin_factory

    factory, mocked = make_pin_factory(True, tmp_path)
    assert mocked
    led = PWMLED(13, pin_factory=factory)
    try:
        for step in range(10 * MOCK_PIN_HISTORY):  # a pulsing light, as for hours
            led.value = (step % 10) / 10
        assert len(factory.pin(13).states) == MOCK_PIN_HISTORY
        assert factory.pin(13).states[-1].state == pytest.approx(led.value)
    finally:
        led.close()


# --- versions ----------------------------------------------------------------------------------


def test_an_installed_release_is_read_from_its_record(tmp_path: Path) -> None:
    (tmp_path / "release.txt").write_text(
        "# Written by hardware/install.sh\nversion=0.1.0\ncommit=abc123def456 + local changes\n"
        "release=20261201T000000Z-1\ninstalled=2026-12-01T00:00:00Z\n"
    )
    release = read_release(tmp_path)
    assert release == Release("0.1.0", "abc123def456 + local changes")
    assert release.describe() == "0.1.0 (commit abc123def456 + local changes)"
    # A record without a commit says "unknown", never a guess from elsewhere.
    (tmp_path / "release.txt").write_text("version=0.2.0\n")
    assert read_release(tmp_path) == Release("0.2.0", "unknown")


def test_hubd_version_names_the_commit_of_a_checkout() -> None:
    def run(*command: str) -> str:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True,
                              cwd=REPO)  # fmt: skip
        return done.stdout.strip()

    shown = run(sys.executable, "-m", "hubd.cli.run", "--version")
    assert shown.startswith("hubd 0.1.0 (commit ")
    if (REPO / ".git").exists() and shutil.which("git"):
        assert run("git", "rev-parse", "--short=12", "HEAD") in shown


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_settings_page_shows_the_version(size: tuple[int, int]) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hubd.screens import Ui, UiContext

    ui = Ui(size)
    ui.show_screen("settings")
    widgets = ui.layout(UiContext(version="0.1.0 (commit abc123def456)"), 0.0)
    [version] = [w for w in widgets if w.key == "version"]
    assert version.text == "Version 0.1.0 (commit abc123def456)"
    others = [w for w in widgets if w is not version and w.action is not None]
    assert not any(version.rect.colliderect(w.rect) for w in others)


# --- memory through a club night ----------------------------------------------------------------


def test_the_text_cache_is_bounded_by_its_pixels_not_by_a_count() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hubd.screens.kit.painter import TEXT_CACHE_BYTES, Painter

    painter = Painter()
    for n in range(400):  # big numbers, as a score sheet shows all evening
        painter.render(str(1000 + n), 120, True, (255, 255, 255))
    cache = painter._text
    assert cache.size <= TEXT_CACHE_BYTES
    assert len(cache) < 400, "the oldest went"
    newest = ("1399", 120, True, (255, 255, 255))
    assert painter.render(*newest) is cache.get(newest), "the newest is kept"


# --- the 8 s hold: the screen tells the truth about what happens next ---------------------------


@pytest.mark.parametrize(
    ("powers_off", "notice"),
    [(True, "Shutting down: wait 20 seconds, then unplug"),
     (False, "Closing the hub: the computer stays on")],
)  # fmt: skip
def test_the_hold_says_whether_the_computer_powers_off(
    tmp_path: Path, powers_off: bool, notice: str
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import io

    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic
    from hubd.devices.clock import FakeClock
    from hubd.devices.display import NoDisplay
    from hubd.devices.light import FakeLight
    from hubd.devices.notify import FakeNotifier
    from hubd.devices.speaker import FakeSpeaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices, HubCore
    from hubd.loop.hub_button import ButtonHandler
    from hubd.screens import Ui
    from hubd.store import GameStore

    clock = FakeClock()
    store = GameStore.open(tmp_path)
    core = HubCore(
        display=NoDisplay((800, 480)), ui=Ui((800, 480)), store=store, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=tmp_path,
        devices=Devices(speaker=FakeSpeaker(), light=FakeLight(clock), notifier=FakeNotifier()),
        out=io.StringIO(),
    )  # fmt: skip
    button = ButtonHandler(core, ButtonLogic(0.02, 3.0), powers_off=powers_off)
    app = HubApp(core, button, Inbox())
    shown: list[str] = []
    app.ui.show_notice = lambda text, now: shown.append(text)  # type: ignore[method-assign]
    app.button.shut_down()
    store.close()
    assert shown == [notice] and app.button.poweroff


def test_powering_off_outside_systemd_reports_a_failure_in_one_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from hubd.cli.run import power_off

    assert power_off(["true"])
    assert not power_off(["false"])
    assert not power_off(["/nonexistent/systemctl", "poweroff"])
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 2 and all("sudo poweroff" in e for e in errors)


def test_the_display_sleeps_on_kmsdrm_devices_and_polls_only_a_window_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hubd.devices import display as display_module
    from hubd.devices.display import INPUT_POLL_S, Display

    screen = Display((320, 240))
    try:
        assert screen.input_fds() == [] and screen.input_poll_s() is None  # dummy: no input
        screen._watch_input("x11")
        assert screen.input_fds() == [] and screen.input_poll_s() == INPUT_POLL_S
        for name in ("event0", "event1"):
            os.mkfifo(tmp_path / name)
        keep = [os.open(tmp_path / n, os.O_RDWR | os.O_NONBLOCK) for n in ("event0", "event1")]
        monkeypatch.setattr(display_module, "INPUT_DEVICES", str(tmp_path / "event*"))
        screen._watch_input("KMSDRM")  # as pygame.display.get_driver() names it
        assert len(screen.input_fds()) == 2 and screen.input_poll_s() is None
        (tmp_path / "event2").symlink_to(tmp_path / "gone")  # one it may not read
        screen._watch_input("kmsdrm")
        assert screen.input_poll_s() == INPUT_POLL_S
        assert "1 input devices cannot be read" in caplog.text
    finally:
        screen.close()
        for fd in keep:
            os.close(fd)
