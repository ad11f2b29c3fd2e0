"""The loop's core: the game it owns, its records, and applying an event: commit, show, effects.

The main loop (hubd/loop/app.py) is made of parts, each given what it needs: this core (the
game, the store, the screen's context, the outputs), the hub button's part (hub_button.py),
and the optional parts a hub may have (:class:`Extras`). None inherits from another.
"""

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
from hubd.devices.clock import Clock
from hubd.devices.display import AnyDisplay
from hubd.devices.light import HubLight
from hubd.devices.notify import SystemNotifier
from hubd.devices.speaker import Speaker
from hubd.loop.effects import EffectState, effects, light_pulses
from hubd.screens import Ui, UiContext
from hubd.speech import NO_AUDIO, NoSpeech, Speech
from hubd.speech.narrator import Narrator
from hubd.speech.phrases import Outline
from hubd.store import HubStore, StoreError, StoreWriteError
from hubd.values.intents import SettingKey
from hubd.values.records import GameRecord, PlayerStats
from hubd.values.snapshot import Snapshot

if TYPE_CHECKING:  # each only when the hub has it
    from hubd.club.night import ClubNight
    from hubd.loop.camera import CameraKeeper
    from hubd.loop.pictures import PictureKeeper
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


@dataclass(frozen=True)
class Extras:
    """The parts a hub may have, each None without it."""

    phones: PhoneDesk | None = None  # the phones' page (hubd/web)
    club: ClubNight | None = None  # the club night (hubd/club): [club] enabled
    wifi: WifiKeeper | None = None  # the hub's own Wi-Fi (hubd/loop/wifi.py): [wifi] manage
    camera: CameraKeeper | None = None  # the hub's camera (hubd/loop/camera.py)


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
        settings: Settings,
        data_folder: Path,
        extras: Extras = Extras(),
        out: TextIO | None = None,
        stop_after_events: int | None = None,
        pictures: PictureKeeper | None = None,
    ) -> None:
        self.display = display
        self.ui = ui
        self.store = store
        self.devices = devices
        self.clock = clock
        self.settings = settings
        self.data_folder = data_folder
        self.out = out or sys.stdout
        self.game: Game | None = None
        self.game_id: int | None = None
        self.store_error: str | None = store.cannot_save or store.recovered_from
        self.running = False
        self.stop_after_events = stop_after_events  # --demo-events: stop after this many
        self.phones = extras.phones
        self.club = extras.club
        self.wifi = extras.wifi
        self.camera = extras.camera
        #: The table's pictures laid out off the loop (None: laid out as a frame is built).
        self.pictures = pictures
        self.committed = 0  # events committed since the start
        #: Something changed since the last drawing: the loop draws on its next turn.
        self.dirty = True
        self._last_status = ""
        self._known_players: list[str] = []
        #: The latest games, newest first (the history screen, the phones' page, a screenless
        #: press's players).
        self.history: list[GameRecord] = []
        self._stats: list[PlayerStats] = []
        self.sounds_like: dict[str, str] = {}  # how names sound, for the voice (players' page)
        self.refresh_records()
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
                    history=tuple(self.history),
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
            history=self.history,
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
            speech_refusals=self.settings.speech_refusals,
            speech_rate=self.settings.speech_rate,
            speech_volume=self.settings.speech_volume,
            speech_problem=self.devices.speech.problem,
            sounds_like=self.sounds_like,
            **(self.phones.context(self.game_id) if self.phones is not None else {}),
            club=self.club.state() if self.club is not None else None,
            wifi=self.wifi.view() if self.wifi is not None else None,
            camera=self.camera.view() if self.camera is not None else None,
            version=this_release().describe(),
            pictures=self.pictures.shelf if self.pictures is not None else None,
        )

    def _last_entry(self) -> Event | None:
        return self.game.last_effective if self.game is not None else None

    def refresh_records(self) -> None:
        try:
            self._known_players = self.store.known_players()
            self.history = self.store.history(50)
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
            self.dirty = True
            return False
        except StoreError as err:
            self.store_error = str(err)
            if not isinstance(err, StoreWriteError):  # the store says a full disk once
                log.error("%s", err)
            self.ui.show_refusal(str(err), where, now)
            self.dirty = True
            return False
        self.store_error = None
        print(f"game {self.game_id} event {seq} {event.type} committed", file=self.out,
              flush=True)  # fmt: skip
        self.committed += 1
        if self.club is not None:  # the club folder follows the store, event by event
            self.club.committed(self.game_id, self.game)
        if self.stop_after_events is not None and self.committed >= self.stop_after_events:
            self.stop(f"{self.committed} events committed")
        sounds = self._effects(before, event)
        # The arms as the map on the screen names them now (its letters; none: by their tile).
        self.narrator.after_event(outline, self.game.state, event, now, sounds, self.ui.labels)
        if isinstance(event, NewGame) or self.game.state.phase is Phase.GAME_OVER:
            self.refresh_records()
        self.ui.state_changed(self.context())
        if undone is not None:
            self.ui.show_undone(undone, now)
        else:
            self.ui.mark_entry(event, now)
        self.publish()
        self.report_status()
        self.dirty = True
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

    def change_setting(self, key: SettingKey, value: str | int | bool) -> None:
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
        self.dirty = True

    def report_status(self) -> None:
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

    def set_sounds_like(self, player: str, said: str) -> None:
        """The players' page: keep how a name sounds, and say it as the hub will."""
        now = self.clock.now()
        try:
            self.store.set_sounds_like(player, said)
        except RuleError as err:
            self.ui.show_refusal(err, None, now)
            return
        except StoreError as err:
            self.ui.show_refusal(str(err), None, now)
            return
        self.refresh_records()
        self.narrator.say_name(player, now)
        self.ui.state_changed(self.context())

    def stop(self, reason: str) -> None:
        log.info("stopping: %s", reason)
        self.running = False
