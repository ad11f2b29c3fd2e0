"""The hub's main loop: the one thread that owns the game, the screen and every output.

Inputs arrive as pygame events (touch, mouse, keys) and as HubEvents posted to the inbox by
other threads (the hub button's edges). The loop turns them into engine events, commits each
accepted event to the store before the screen shows it, and turns the change of state into
effects: a foot opened cackles and pulses the hub light, the third toe plays the release
sound and puts the light out, going out, a blocked round and the end of the game have their
own sounds. It sleeps until something happens: an idle hub does not redraw.

It is made of parts, each given the few things it needs, none inheriting from another: the
core (hubd/loop/core.py: the game, the store, the context the screens read, the outputs),
the hub button's part (hubd/loop/hub_button.py), the inputs of the parts a hub may have (the
phones' page, the club night, the Wi-Fi, the camera: hubd/loop/extras.py) and the narrator
(hubd/speech). The loop itself owns the inbox, the demo, the screen's inputs and the order in
which a turn handles them.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from hubd.config.settings import Settings
from hubd.devices.button import ButtonEdge
from hubd.devices.clock import Clock
from hubd.devices.display import AnyDisplay, Display
from hubd.loop.core import Devices, HubCore
from hubd.loop.extras import ExtrasHandler
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import HubEvent, Inbox, MockButton, Shutdown
from hubd.loop.mock_press import MockPress
from hubd.loop.pictures import PictureReady
from hubd.screens import Ui
from hubd.values.intents import (
    ChangeSetting,
    Go,
    HubButton,
    Intent,
    SayStatus,
    SoundsLike,
    Submit,
)

if TYPE_CHECKING:  # the demo (and the simulator it plays with) only with --demo
    from hubd.loop.demo import DemoPlayer

log = logging.getLogger("hubd")

#: The longest the loop sleeps with nothing due: the store's files are checked this often
#: (a -wal removed under an idle hub is put back within it), the watchdog fed at this pace or
#: its own. Everything else wakes it: the inbox (the button, a signal, the web), the screen's
#: input devices, the next deadline. A wake with nothing to do costs about 0.1 ms.
MAX_WAIT_S = 5.0
MAX_FAILURES_IN_A_ROW = 10


class HubApp:
    """The loop itself: it sleeps until something happens, takes the inputs, draws.

    ``demo`` taps the screens every ``demo_interval`` seconds (``--demo``).
    """

    def __init__(
        self,
        core: HubCore,
        button: ButtonHandler,
        inbox: Inbox,
        *,
        demo: DemoPlayer | None = None,
        demo_interval: float = 1.0,
    ) -> None:
        self.core = core
        self.button = button
        self.extras = ExtrasHandler(core)  # the phones', Wi-Fi's, camera's and club's inputs
        self.inbox = inbox
        self.demo = demo
        self.demo_interval = demo_interval
        self._next_demo = core.clock.now()
        self._input_posted = False  # SDL events posted by the loop itself (the demo's taps)
        drive = core.devices.press_mock_button
        self._mock = MockPress(drive) if drive is not None else None  # --mock-pins' button

    # What every turn uses: the core's (one of each, so a screen replaced is replaced for all).

    @property
    def display(self) -> AnyDisplay:
        return self.core.display

    @property
    def ui(self) -> Ui:
        return self.core.ui

    @property
    def clock(self) -> Clock:
        return self.core.clock

    @property
    def devices(self) -> Devices:
        return self.core.devices

    @property
    def settings(self) -> Settings:
        return self.core.settings

    # -- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        core = self.core
        core.running = True
        self.devices.notifier.ready()
        core.report_status()
        core.publish()  # the phones' page starts with the game resumed (or none)
        failures = 0
        try:
            while core.running:
                try:
                    self.step(self._wait_time())
                    core.store.check_files()  # a -wal removed under the store is put back
                    failures = 0
                except Exception:
                    # A bug must not end the game at the table: what was committed is safe,
                    # so report it and carry on. Failing over and over, let systemd restart us.
                    failures += 1
                    log.exception("unexpected error (%d in a row); the hub carries on", failures)
                    if failures >= MAX_FAILURES_IN_A_ROW:
                        raise
                    core.dirty = True
        finally:
            self.devices.notifier.stopping()

    def _wait_time(self) -> float:
        now = self.clock.now()
        wifi = self.core.wifi
        deadlines = [
            d
            for d in (
                self.button.next_deadline(),  # a hold, the shutdown hold's grace
                self._mock.next_deadline() if self._mock is not None else None,
                self.devices.light.next_deadline(),
                self.ui.next_deadline(),
                self._next_demo if self.demo is not None else None,
                self.devices.speech.next_deadline(),
                self.display.next_retry(),
                self.devices.speaker.next_retry(),
                self.devices.speaker.next_deadline(),
                self._next_watchdog(now),
                wifi.next_deadline() if wifi is not None else None,
            )
            if d is not None
        ]
        if self.core.dirty or self._input_posted:
            return 0.0
        return max(0.0, min([now + MAX_WAIT_S, *deadlines]) - now)

    def _next_watchdog(self, now: float) -> float | None:
        interval = self.devices.notifier.watchdog_interval()
        return None if interval is None else now + interval  # SdNotifier.watchdog's pace

    def step(self, wait: float) -> None:
        """One turn of the loop: sleep up to ``wait`` s until something happens, handle it,
        draw. SDL is asked for input only where it cannot wake the loop (a desktop window)."""
        screen = isinstance(self.display, Display)  # no screen: no SDL input at all
        poll = self.display.input_poll_s()
        if wait > 0:
            limit = wait if poll is None else min(wait, poll)
            self.display.input_ready(self.inbox.wait_for(self.display.input_fds(), limit))
        self._input_posted = False
        hub_events = self.inbox.drain()
        for hub_event in hub_events:  # first: a press cackles before anything else is done
            self.handle_hub_event(hub_event)
        for event in pygame.event.get() if screen else ():
            self.handle_pygame(event)
        for hub_event in self.inbox.drain():  # edges the keyboard's mock button just made
            self.handle_hub_event(hub_event)
        now = self.clock.now()
        if self._mock is not None:
            self._mock.tick(now)  # a quick press's up, held back past the glitch filter
        self.button.tick(now)
        light = self.devices.light.mode
        self.devices.light.tick(now)
        if self.devices.light.mode != light:  # a flash is over: the status line says so
            self.core.report_status()
        self.devices.speech.tick(now)
        self.devices.speaker.tick(now)  # the mixer's device closed after a quiet spell
        self._retry_devices(now)
        if self.core.wifi is not None:
            self.core.wifi.tick(now)  # its calls run on its worker: this never waits
        self.button.stop_if_due(now)
        if self.demo is not None and now >= self._next_demo:
            self._next_demo = now + self.demo_interval
            self._demo_step(self.demo)
        self.draw()
        self.devices.notifier.watchdog()

    def _retry_devices(self, now: float) -> None:
        """A screen or speaker missing at start, or lost since, is tried again when due."""
        if self.display.retry(now):
            # A new screen shows nothing yet: lay out for it and draw everything again.
            self.ui.resize(self.display.logical_size)
            self.ui.redraw_all()
            self.core.dirty = True
        if self.devices.speaker.retry(now):
            self.devices.speaker.set_volume(self.settings.volume / 100)
            self.devices.speaker.set_muted(self.settings.muted)
            self.ui.state_changed(self.core.context())  # the visual cue for no sound goes
            self.core.dirty = True

    def _demo_step(self, demo: DemoPlayer) -> None:
        action = demo.step(self.core.game, self._find_widget)
        if action is None:  # the demo waits for the game to change
            return
        from hubd.loop.demo import Tap

        if not isinstance(action, Tap):
            self.handle_intent(action)
            return
        # A tap as SDL reports a mouse click, so it takes the very path a finger's does.
        pos = self.display.to_physical(action.pos)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        self._input_posted = True  # no device wakes the loop for these: read them at once

    def _find_widget(self, key: str) -> tuple[int, int] | None:
        """Where the tappable widget ``key`` is on screen now (for the demo's taps)."""
        for widget in self.ui.layout(self.core.context(), self.clock.now()):
            if widget.key == key and widget.action is not None:
                return (widget.rect.centerx, widget.rect.centery)
        return None

    def draw(self) -> None:
        if not isinstance(self.display, Display):  # [display] enabled = false
            self.core.dirty = False
            return
        rects = self.ui.render(self.display.surface, self.core.context(), self.clock.now())
        self.core.dirty = False
        self.display.present(rects)
        if self.core.pictures is not None:  # what the frame lacked is laid out off the loop
            self.core.pictures.after_frame()

    # -- inputs ---------------------------------------------------------------------------

    def handle_pygame(self, event: pygame.event.Event) -> None:
        now = self.clock.now()
        if event.type == pygame.QUIT:
            self.core.stop("window closed")
        elif event.type == pygame.FINGERDOWN:
            pos = self.display.finger_to_logical(event.x, event.y)
            self._intents(self.ui.tap(pos, self.core.context(), now))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if getattr(event, "touch", False):
                return  # SDL's copy of a touch that FINGERDOWN already handled
            pos = self.display.to_logical(event.pos)
            self._intents(self.ui.tap(pos, self.core.context(), now))
        elif (
            event.type in (pygame.KEYDOWN, pygame.KEYUP)
            and event.key == pygame.K_SPACE
            and not (event.type == pygame.KEYDOWN and self.ui.typing)  # a space in a name
        ):
            if self._mock is not None and not getattr(event, "repeat", 0):
                self._mock.set(event.type == pygame.KEYDOWN, now)
        elif event.type == pygame.TEXTINPUT:
            self._intents(self.ui.text(event.text, self.core.context(), now))
        elif event.type == pygame.KEYDOWN:
            self._intents(self.ui.key(pygame.key.name(event.key), self.core.context(), now))
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self.display.resized()
            self.ui.resize(self.display.logical_size)
            self.core.dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.ui.resize(self.display.logical_size)
            self.core.dirty = True

    def handle_hub_event(self, event: HubEvent) -> None:
        if isinstance(event, ButtonEdge):
            self.button.edge(event.pressed, event.t)
        elif isinstance(event, Shutdown):
            self.core.stop(event.reason)
        elif isinstance(event, MockButton) and self._mock is not None:
            self._mock.set(event.pressed, self.clock.now())  # gpiozero posts the edge back
        elif isinstance(event, PictureReady) and self.core.pictures is not None:
            self.core.pictures.handle(event)  # the next frame draws it
            self.core.dirty = True
        else:  # the parts a hub may have: the phones, the Wi-Fi, the camera, the club
            self.extras.hub_event(event)

    def _intents(self, intents: list[Intent]) -> None:
        for intent in intents:
            self.handle_intent(intent)
        self.core.dirty = True

    def handle_intent(self, intent: Intent) -> None:
        if isinstance(intent, Submit):
            self.core.submit(intent.event, intent.where)
        elif isinstance(intent, Go):
            if intent.screen == "history":
                self.core.refresh_records()
            self.ui.show_screen(intent.screen)
        elif isinstance(intent, ChangeSetting):
            self.core.change_setting(intent.key, intent.value)
        elif isinstance(intent, HubButton):
            if self._mock is not None:  # through gpiozero, like the real button
                now = self.clock.now()
                self._mock.set(True, now)
                self._mock.set(False, now)
            else:
                self.button.hub_pressed()
        elif isinstance(intent, SayStatus):
            self.say_status()
        elif isinstance(intent, SoundsLike):
            self.core.set_sounds_like(intent.player, intent.said)
        else:
            self.extras.intent(intent)
        self.core.dirty = True

    def say_status(self) -> None:
        """A tap on the status line: speech says the status again."""
        game = self.core.game
        self.core.narrator.status(game.state if game is not None else None, self.clock.now())
