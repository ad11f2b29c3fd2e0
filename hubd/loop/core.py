"""The loop's core: the game it owns, its start-up, and applying an event: commit, show, effects."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from engine import Event, Game, GameState, NewGame, Phase, RuleError
from hubd.config.settings import SETTING_KEYS, Settings
from hubd.config.version import this_release
from hubd.devices.button import ButtonLogic
from hubd.devices.clock import Clock
from hubd.devices.display import AnyDisplay
from hubd.devices.light import HubLight
from hubd.devices.notify import SystemNotifier
from hubd.devices.speaker import Speaker
from hubd.loop.effects import EffectState, effects, light_pulses
from hubd.loop.inbox import Inbox
from hubd.loop.presses import ScoresPresses
from hubd.screens import Ui, UiContext
from hubd.speech import NO_AUDIO, NoSpeech, Speech
from hubd.speech.narrator import Narrator
from hubd.speech.phrases import Outline
from hubd.store import HubStore, StoreError, StoreWriteError
from hubd.values.records import GameRecord, PlayerStats
from hubd.values.snapshot import Snapshot

if TYPE_CHECKING:  # the demo (and the simulator it plays with) only with --demo
    from hubd.club.night import ClubNight
    from hubd.loop.camera import CameraKeeper
    from hubd.loop.demo import DemoPlayer
    from hubd.loop.wifi import WifiKeeper
    from hubd.web.desk import PhoneDesk

log = logging.getLogger("hubd")


@dataclass
class Devices:
    """The outputs the loop drives, each behind its small interface."""

    speaker: Speaker
    light: HubLight
    notifier: SystemNotifier
    press_mock_button: Callable[[bool], None] | None = None  # drive the mock pin (desktop)
    closers: list[Callable[[], None]] = field(default_factory=list)
    speech: Speech = field(default_factory=lambda: NoSpeech(NO_AUDIO))


class HubCore:
    """What the loop holds (the game, its records, the outputs) and how an event is applied."""

    def __init__(
        self,
        *,
        display: AnyDisplay,
        ui: Ui,
        store: HubStore,
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
        wifi: WifiKeeper | None = None,
        camera: CameraKeeper | None = None,
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
        self.wifi = wifi  # the hub's own Wi-Fi (hubd/loop/wifi.py): None unless [wifi] manage
        self.camera = camera  # the hub's camera (hubd/loop/camera.py): None without one
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

    @property
    def phones(self) -> PhoneDesk | None:
        return self._phones

    @phones.setter
    def phones(self, desk: PhoneDesk | None) -> None:
        """The phones' page; its seats and hands are kept in the store as they arrive."""
        self._phones = desk
        if desk is not None:
            desk.keep, desk.recall = self._keep_phone_desk, self.store.phone_desk

    def _keep_phone_desk(self, game_id: int, desk: str) -> None:
        try:
            self.store.keep_phone_desk(game_id, desk)
        except StoreError as err:  # the hands wait in memory; the screen says the store's
            log.warning("cannot keep the phones' seats and hands: %s", err)  # trouble

    def publish(self) -> None:
        """The phones' page shows what was just committed (a copy of the state, no more)."""
        if self.phones is not None:
            state = self.game.state if self.game is not None else None
            self.phones.publish(
                Snapshot(
                    game_id=self.game_id,
                    state=state,
                    last_entry=self._last_entry(),
                    history=tuple(self._history),
                    language=self.settings.language,
                )
            )

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
            wifi=self.wifi.view() if self.wifi is not None else None,
            camera=self.camera.view() if self.camera is not None else None,
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
            self.ui.show_refusal(err, where, now)
            self.narrator.refused(err, now)
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
