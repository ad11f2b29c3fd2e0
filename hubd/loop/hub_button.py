"""The hub button's handling: a press, the hold that mutes, the long hold that shuts down."""

from __future__ import annotations

import logging

from engine import MAX_EVENTS, GameState, Undo
from hubd.devices.button import ButtonSignal
from hubd.devices.display import Display
from hubd.loop.core import HubCore
from hubd.loop.screenless import PRESS_ROOM, entries_to_count

log = logging.getLogger("hubd")

#: After the shutdown hold: long enough for its sound and the screen's notice, then stop.
SHUTDOWN_GRACE_S = 1.5


class ButtonHandling(HubCore):
    """What the button's signals do: a call, an entry (score-keeper mode, no screen), a hold."""

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
