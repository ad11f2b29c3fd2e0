"""The hub's main loop: the one owner of the game, the screen and every output.

Inputs arrive as pygame events (touch, mouse, keys) and as HubEvents posted to the inbox by
other threads (the hub button's edges). The loop turns them into engine events, commits each
accepted event to the store before the screen shows it, and turns the change of state into
effects: a foot opened cackles and pulses the hub light, the third toe plays the release
sound and puts the light out, going out, a blocked round and the end of the game have their
own sounds. It sleeps until something happens: an idle hub does not redraw.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import pygame

from engine import MAX_EVENTS, Event, Game, GameState, NewGame, Phase, RuleError, Undo
from hubd.config.settings import SETTING_KEYS, Settings
from hubd.config.version import this_release
from hubd.hardware.button import ButtonEdge, ButtonLogic, ButtonSignal
from hubd.hardware.clock import Clock
from hubd.hardware.display import AnyDisplay, Display
from hubd.hardware.light import HubLight
from hubd.hardware.notify import SystemNotifier
from hubd.hardware.speaker import Speaker
from hubd.loop.demo import DemoPlayer, Tap
from hubd.loop.effects import EffectState, effects, light_pulses
from hubd.loop.events import HubEvent, Inbox, MockButton, PhoneRequest, Shutdown
from hubd.loop.presses import ScoresPresses
from hubd.loop.screenless import PRESS_ROOM, entries_to_count
from hubd.screens import Ui, UiContext
from hubd.speech import NO_AUDIO, NoSpeech, Speech
from hubd.speech.narrator import Narrator
from hubd.speech.phrases import Outline
from hubd.store import GameStore, StoreError, StoreWriteError
from hubd.values.intents import (
    ChangeSetting,
    ClubChoice,
    Go,
    HubButton,
    Intent,
    ReleaseSeat,
    SayStatus,
    SoundsLike,
    Submit,
)
from hubd.values.records import GameRecord, PlayerStats

if TYPE_CHECKING:
    from hubd.club.night import ClubNight
    from hubd.web.desk import PhoneDesk

log = logging.getLogger("hubd")

#: The longest the loop sleeps with nothing due: the store's files are checked this often
#: (a -wal removed under an idle hub is put back within it), the watchdog fed at this pace or
#: its own. Everything else wakes it: the inbox (the button, a signal, the web), the screen's
#: input devices, the next deadline. A wake with nothing to do costs about 0.1 ms.
MAX_WAIT_S = 5.0
MAX_FAILURES_IN_A_ROW = 10
#: After the shutdown hold: long enough for its sound and the screen's notice, then stop.
SHUTDOWN_GRACE_S = 1.5


@dataclass
class Devices:
    """The outputs the loop drives, each behind its small interface."""

    speaker: Speaker
    light: HubLight
    notifier: SystemNotifier
    press_mock_button: Callable[[bool], None] | None = None  # drive the mock pin (desktop)
    closers: list[Callable[[], None]] = field(default_factory=list)
    speech: Speech = field(default_factory=lambda: NoSpeech(NO_AUDIO))


class HubApp:
    def __init__(
        self,
        *,
        display: AnyDisplay,
        ui: Ui,
        store: GameStore,
        devices: Devices,
        clock: Clock,
        inbox: Inbox,
        settings: Settings,
        data_folder: Path,
        button_logic: ButtonLogic,
        demo: DemoPlayer | None = None,
        demo_interval: float = 1.0,
        out: TextIO | None = None,
        stop_after_events: int | None = None,
        powers_off: bool = True,
        phones: PhoneDesk | None = None,
        club: ClubNight | None = None,
    ) -> None:
        self.display = display
        self.ui = ui
        self.store = store
        self.devices = devices
        self.clock = clock
        self.inbox = inbox
        self.settings = settings
        self.data_folder = data_folder
        self.button = button_logic
        self.demo = demo
        self.demo_interval = demo_interval
        self.out = out or sys.stdout
        self.game: Game | None = None
        self.game_id: int | None = None
        self.store_error: str | None = store.cannot_save or store.recovered_from
        self.running = False
        self.poweroff = False  # set by the shutdown hold: the unit powers the Pi off on exit
        self.powers_off = powers_off  # False: that exit leaves the computer on (say so)
        self.stop_after_events = stop_after_events  # --demo-events: stop after this many
        self.phones = phones  # the phones' page (hubd/web): None without it
        self.club = club  # the club night (hubd/club): None unless [club] enabled
        self._committed = 0
        self._stop_at: float | None = None
        self._hold_toggled_mute = False
        self._press_waiting = False  # a press that enters, made when the button comes up
        self._pressed_at = 0.0  # when the button went down for that press
        self.presses = ScoresPresses()  # score-keeper mode: feet, toes, the double press
        self._next_demo = clock.now()
        self._input_posted = False  # SDL events posted by the loop itself (the demo's taps)
        self._dirty = True
        self._last_status = ""
        self._known_players: list[str] = []
        self._history: list[GameRecord] = []
        self._stats: list[PlayerStats] = []
        self.sounds_like: dict[str, str] = {}  # how names sound, for the voice (players' page)
        self._refresh_records()
        self.narrator = Narrator(
            devices.speech,
            settings,
            lambda: self.ui.translator,
            lambda text: self.ui.show_notice(text, self.clock.now()),
            lambda: self.sounds_like,
        )

    # -- start-up -------------------------------------------------------------------------

    def resume(self) -> None:
        """Take up the unfinished game, exactly where it was left."""
        game_id = self.store.unfinished_game()
        if game_id is None:
            self.ui.show_screen("new_game")
            return
        try:
            self.game = self.store.load(game_id)
        except StoreError as err:
            log.error("cannot resume game %s: %s", game_id, err)
            self.store_error = str(err)
            self.ui.show_screen("new_game")
            return
        self.game_id = game_id
        log.info("resumed game %s at event %s", game_id, len(self.game.log))
        self._show_light(self.game.state)
        self.ui.state_changed(self.context())

    def publish(self) -> None:
        """The phones' page shows what was just committed (a copy of the state, no more)."""
        if self.phones is not None:
            state = self.game.state if self.game is not None else None
            self.phones.publish(self.game_id, state, self._last_entry(), tuple(self._history),
                                self.settings.language)  # fmt: skip

    def context(self) -> UiContext:
        return UiContext(
            state=self.game.state if self.game is not None else None,
            known_players=(
                self._known_players
                if self.club is None
                else self.club.known_players(self._known_players)  # who sits here next first
            ),
            history=self._history,
            stats=self._stats,
            language=self.settings.language,
            volume=self.settings.volume,
            muted=self.settings.muted,
            preset=self.settings.preset,
            rotation=self.settings.rotation,
            audio_available=self.devices.speaker.available,
            store_error=self.store_error,
            last_entry=self._last_entry(),
            speech=self.settings.speech,
            speech_turns=self.settings.speech_turns,
            speech_rate=self.settings.speech_rate,
            speech_volume=self.settings.speech_volume,
            speech_problem=self.devices.speech.problem,
            sounds_like=self.sounds_like,
            **(self.phones.context(self.game_id) if self.phones is not None else {}),
            club=self.club.state() if self.club is not None else None,
            version=this_release().describe(),
        )

    def _last_entry(self) -> Event | None:
        return self.game.last_effective if self.game is not None else None

    def _refresh_records(self) -> None:
        try:
            self._known_players = self.store.known_players()
            self._history = self.store.history(50)
            self._stats = self.store.player_stats()
            self.sounds_like = self.store.sounds_like()
        except StoreError as err:
            self.store_error = str(err)

    # -- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        self.running = True
        self.devices.notifier.ready()
        self._report_status()
        self.publish()  # the phones' page starts with the game resumed (or none)
        failures = 0
        try:
            while self.running:
                try:
                    self.step(self._wait_time())
                    self.store.check_files()  # a -wal removed under the store is put back
                    failures = 0
                except Exception:
                    # A bug must not end the game at the table: what was committed is safe,
                    # so report it and carry on. Failing over and over, let systemd restart us.
                    failures += 1
                    log.exception("unexpected error (%d in a row); the hub carries on", failures)
                    if failures >= MAX_FAILURES_IN_A_ROW:
                        raise
                    self._dirty = True
        finally:
            self.devices.notifier.stopping()

    def _wait_time(self) -> float:
        now = self.clock.now()
        deadlines = [
            d
            for d in (
                self.button.next_deadline(),
                self.devices.light.next_deadline(),
                self.ui.next_deadline(),
                self._next_demo if self.demo is not None else None,
                self.devices.speech.next_deadline(),
                self.display.next_retry(),
                self.devices.speaker.next_retry(),
                self._stop_at,
                self._next_watchdog(now),
            )
            if d is not None
        ]
        if self._dirty or self._input_posted:
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
        for signal in self.button.poll(now):
            self._button_signal(signal)
        light = self.devices.light.mode
        self.devices.light.tick(now)
        if self.devices.light.mode != light:  # a flash is over: the status line says so
            self._report_status()
        self.devices.speech.tick(now)
        self._retry_devices(now)
        if self._stop_at is not None and now >= self._stop_at:
            self.stop("the hub button was held to shut down: powering off")
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
            self._dirty = True
        if self.devices.speaker.retry(now):
            self.devices.speaker.set_volume(self.settings.volume / 100)
            self.devices.speaker.set_muted(self.settings.muted)
            self.ui.state_changed(self.context())  # the visual cue for no sound goes
            self._dirty = True

    def _demo_step(self, demo: DemoPlayer) -> None:
        action = demo.step(self.game, self._find_widget)
        if action is None:  # the demo waits for the game to change
            return
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
        for widget in self.ui.layout(self.context(), self.clock.now()):
            if widget.key == key and widget.action is not None:
                return (widget.rect.centerx, widget.rect.centery)
        return None

    def draw(self) -> None:
        if not isinstance(self.display, Display):  # [display] enabled = false
            self._dirty = False
            return
        rects = self.ui.render(self.display.surface, self.context(), self.clock.now())
        self._dirty = False
        self.display.present(rects)

    # -- inputs ---------------------------------------------------------------------------

    def handle_pygame(self, event: pygame.event.Event) -> None:
        now = self.clock.now()
        if event.type == pygame.QUIT:
            self.stop("window closed")
        elif event.type == pygame.FINGERDOWN:
            pos = self.display.finger_to_logical(event.x, event.y)
            self._intents(self.ui.tap(pos, self.context(), now))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if getattr(event, "touch", False):
                return  # SDL's copy of a touch that FINGERDOWN already handled
            pos = self.display.to_logical(event.pos)
            self._intents(self.ui.tap(pos, self.context(), now))
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_SPACE:
            if self.devices.press_mock_button is not None and not getattr(event, "repeat", 0):
                self.devices.press_mock_button(event.type == pygame.KEYDOWN)
        elif event.type == pygame.KEYDOWN:
            self._intents(self.ui.key(pygame.key.name(event.key), self.context(), now))
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self.display.resized()
            self.ui.resize(self.display.logical_size)
            self._dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.ui.resize(self.display.logical_size)
            self._dirty = True

    def handle_hub_event(self, event: HubEvent) -> None:
        if isinstance(event, ButtonEdge):
            for signal in self.button.edge(event.pressed, event.t):
                self._button_signal(signal)
        elif isinstance(event, Shutdown):
            self.stop(event.reason)
        elif isinstance(event, MockButton) and self.devices.press_mock_button is not None:
            self.devices.press_mock_button(event.pressed)  # gpiozero posts the edge back
        elif isinstance(event, PhoneRequest) and self.phones is not None:
            state = self.game.state if self.game is not None else None
            self.phones.handle(event, state, self.game_id, self.submit)
            self.ui.state_changed(self.context())
            self.publish()
            self._dirty = True
        elif self.club is not None and self.club.handle(event):  # another table's game, or
            self.ui.state_changed(self.context())  # Syncthing's news
            self._dirty = True

    def _button_signal(self, signal: ButtonSignal) -> None:
        if signal is ButtonSignal.PRESS:
            self._hold_toggled_mute = False
            # A press that makes an entry waits for the release: a hold is never a press.
            self._press_waiting = self._press_enters()
            self._pressed_at = self.clock.now()  # a double press is timed from the presses
            if not self._press_waiting:
                self.hub_pressed()
        elif signal is ButtonSignal.RELEASE:
            if self._press_waiting:
                self._press_waiting = False
                self.hub_pressed(self._pressed_at)
        elif signal is ButtonSignal.HOLD:
            self._press_waiting = False
            self._hold_toggled_mute = True
            self.change_setting("muted", not self.settings.muted)
            self.ui.show_notice(
                self.ui.tr("Sound off") if self.settings.muted else self.ui.tr("Sound on"),
                self.clock.now(),
            )
        elif signal is ButtonSignal.LONG_HOLD:
            self._press_waiting = False
            self.shut_down()

    def _press_enters(self) -> bool:
        """Whether a press is an entry (score-keeper mode, or no screen), not only a call."""
        state = self.game.state if self.game is not None else None
        scores_round = state is not None and state.scores_only and state.in_round
        return scores_round or not self.display.available

    def shut_down(self) -> None:
        """The long hold: a sound, the light on, a notice, then stop; the unit powers off."""
        if self._hold_toggled_mute:  # passing the mute hold on the way here was not meant
            self._hold_toggled_mute = False
            self.change_setting("muted", not self.settings.muted)
        now = self.clock.now()
        log.info("the hub button was held to shut down")
        self.devices.speaker.play("game_over")
        self.devices.light.on()
        if self.powers_off:
            self.ui.show_notice(self.ui.tr("Shutting down: wait 20 seconds, then unplug"), now)
        else:  # a desktop's mock pins: the hub closes, the computer it runs on stays on
            self.ui.show_notice(self.ui.tr("Closing the hub: the computer stays on"), now)
        self.devices.notifier.status("shutting down (the hub button was held)")
        self.poweroff = True
        self._stop_at = now + SHUTDOWN_GRACE_S
        self._dirty = True

    def hub_pressed(self, pressed_at: float | None = None) -> None:
        """The table's "chicken foot!" call: cackle at once, then help with the double.

        ``pressed_at``: when the button went down, for a press entered as it came up.
        """
        if not self.display.available and not self._screenless_round():
            return
        state = self.game.state if self.game is not None else None
        if state is not None and state.scores_only and state.in_round:
            self._scores_press(state, pressed_at)
            return
        self.devices.speaker.play("cackle")
        now = self.clock.now()
        self.narrator.pressed(state, now)  # after the cackle: the foot and its toes
        if state is None or not state.in_round:
            return
        lock = state.lock
        if lock is not None:
            self.devices.light.flash(lock.room)
            self.ui.flash_toes(lock.room, now)
            return
        self.ui.open_double_picker(state.placeable_doubles(), now)
        self._dirty = True

    def _screenless_round(self) -> bool:
        """No screen: enter the scores-only round a press counts in (see hubd.loop.screenless);
        False if the store or the engine refused it."""
        state = self.game.state if self.game is not None else None
        last = self._history[0].players if self._history else None
        room = MAX_EVENTS - len(self.game.log) if self.game is not None else MAX_EVENTS
        entries = entries_to_count(state, last, self.settings.preset,
                                   keep_every_play=isinstance(self.display, Display),
                                   room=room)  # fmt: skip
        if room < PRESS_ROOM and entries:
            log.warning("game %s holds the most entries a game may (%d): the press begins a "
                        "new game with its players; nothing of it is lost", self.game_id,
                        MAX_EVENTS)  # fmt: skip
        return all(self.submit(entry) for entry in entries)

    def _scores_press(self, state: GameState, pressed_at: float | None = None) -> None:
        """Score-keeper mode: the press is the entry (the sound follows from the state)."""
        assert self.game is not None
        now = self.clock.now() if pressed_at is None else pressed_at
        events = self.presses.events(state, self.game.effective, now)
        for event in events:
            if not self.submit(event):
                return
        if len(events) == 1 and not isinstance(events[0], Undo):
            self.presses.counted(self.game.effective[-1], now)

    def _intents(self, intents: list[Intent]) -> None:
        for intent in intents:
            self.handle_intent(intent)
        self._dirty = True

    def handle_intent(self, intent: Intent) -> None:
        if isinstance(intent, Submit):
            self.submit(intent.event, intent.where)
        elif isinstance(intent, Go):
            if intent.screen == "history":
                self._refresh_records()
            self.ui.show_screen(intent.screen)
        elif isinstance(intent, ChangeSetting):
            self.change_setting(intent.key, intent.value)
        elif isinstance(intent, HubButton):
            if self.devices.press_mock_button is not None:
                self.devices.press_mock_button(True)  # through gpiozero, like the real button
                self.devices.press_mock_button(False)
            else:
                self.hub_pressed()
        elif isinstance(intent, SayStatus):
            self.say_status()
        elif isinstance(intent, SoundsLike):
            self.set_sounds_like(intent.player, intent.said)
        elif isinstance(intent, ClubChoice) and self.club is not None:
            self.club.choose(intent)
            self.ui.state_changed(self.context())
        elif isinstance(intent, ReleaseSeat) and self.phones is not None:
            self.phones.release(intent.player)
            self.ui.state_changed(self.context())
            self.publish()
        self._dirty = True

    def set_sounds_like(self, player: str, said: str) -> None:
        """The players' page: keep how a name sounds, and say it as the hub will."""
        now = self.clock.now()
        try:
            self.store.set_sounds_like(player, said)
        except RuleError as err:
            self.ui.show_refusal(err.message, None, now)
            return
        except StoreError as err:
            self.ui.show_refusal(str(err), None, now)
            return
        self._refresh_records()
        self.narrator.say_name(player, now)
        self.ui.state_changed(self.context())

    def say_status(self) -> None:
        """A tap on the status line: speech says the status again."""
        self.narrator.status(self.game.state if self.game is not None else None, self.clock.now())

    # -- applying an event ----------------------------------------------------------------

    def submit(self, event: Event, where: tuple[int, int] | None = None) -> bool:
        """Apply, commit, then show: the screen never shows what the store does not hold."""
        now = self.clock.now()
        before = EffectState.of(self.game.state if self.game is not None else None)
        outline = Outline.of(self.game.state if self.game is not None else None)
        try:
            if isinstance(event, NewGame):
                game = Game()
                game.apply(event)
                game_id = self.store.new_game(event)
                seq, undone = 1, None
                self.game, self.game_id = game, game_id
            else:
                if self.game is None or self.game_id is None:
                    raise RuleError("start a new game first")
                # The store checks the event with the engine and commits it; only then does
                # the game in memory (and so the screen) take it.
                seq = self.store.append(self.game_id, event)
                undone = self.game.apply(event)
        except RuleError as err:
            log.info("refused %s: %s", event.type, err.message)
            self.ui.show_refusal(err.message, where, now)
            self.narrator.refused(err.message, now)
            self._dirty = True
            return False
        except StoreError as err:
            self.store_error = str(err)
            if not isinstance(err, StoreWriteError):  # the store says a full disk once
                log.error("%s", err)
            self.ui.show_refusal(str(err), where, now)
            self._dirty = True
            return False
        self.store_error = None
        print(f"game {self.game_id} event {seq} {event.type} committed", file=self.out,
              flush=True)  # fmt: skip
        self._committed += 1
        if self.club is not None:  # the club folder follows the store, event by event
            self.club.committed(self.game_id, self.game)
        if self.stop_after_events is not None and self._committed >= self.stop_after_events:
            self.stop(f"{self._committed} events committed")
        sounds = self._effects(before, event)
        self.narrator.after_event(outline, self.game.state, event, now, sounds)
        if isinstance(event, NewGame) or self.game.state.phase is Phase.GAME_OVER:
            self._refresh_records()
        self.ui.state_changed(self.context())
        if undone is not None:
            self.ui.show_undone(undone, now)
        else:
            self.ui.mark_entry(event, now)
        self.publish()
        self._report_status()
        self._dirty = True
        return True

    def _effects(self, before: EffectState, event: Event) -> list[str]:
        """The light and the sounds of a change of state; returns the sounds played."""
        assert self.game is not None
        state = self.game.state
        self._show_light(state)
        chosen = effects(before, EffectState.of(state), event, state.scores_only)
        if chosen.flash is not None:
            self.devices.light.flash(chosen.flash)
        for name in chosen.sounds:
            self.devices.speaker.play(name)
        return list(chosen.sounds)

    def _show_light(self, state: GameState) -> None:
        light = self.devices.light
        if light_pulses(state):
            if light.mode != "pulse":
                light.pulse()
        elif light.mode != "off":
            light.off()

    def change_setting(self, key: str, value: str | int | bool) -> None:
        if key not in SETTING_KEYS:
            log.warning("unknown setting %s", key)
            return
        setattr(self.settings, key, value)
        if key == "language":
            self.ui.set_language(str(value))
        elif key == "volume":
            self.devices.speaker.set_volume(int(value) / 100)
        elif key == "muted":
            self.devices.speaker.set_muted(bool(value))
        elif key == "rotation":
            self.display.set_rotation(int(value))
            self.ui.resize(self.display.logical_size)
        # Speech follows mute, volume and its own settings; a change of voice, speed or
        # volume is heard in a short sample.
        self.narrator.apply_settings(self.clock.now())
        try:
            self.settings.save(self.data_folder)
        except OSError as err:
            log.warning("could not save settings: %s", err)
        self.ui.state_changed(self.context())
        if key == "language":
            self.publish()
        self._dirty = True

    def _report_status(self) -> None:
        state = self.game.state if self.game is not None else None
        if state is None:
            text = "waiting for a new game"
        elif state.in_round and not state.scores_only:  # scores only: no turns are kept
            text = f"game {self.game_id}, round {state.round}: {state.current_player} to play"
        elif state.in_round:  # what the light shows, for a hub without a screen
            toes = state.toes_to_go
            foot = "no chicken foot open" if toes is None else f"chicken foot open, {toes} to go"
            light = self.devices.light.mode
            text = f"game {self.game_id}, round {state.round}: {foot}; light {light}"
        else:
            text = f"game {self.game_id}, round {state.round}: {state.phase.value}"
        if text != self._last_status:
            self._last_status = text
            self.devices.notifier.status(text)

    def stop(self, reason: str) -> None:
        log.info("stopping: %s", reason)
        self.running = False
