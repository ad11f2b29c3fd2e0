"""The hub button's part of the loop: a press, the hold that mutes, the long hold to shut down."""

from __future__ import annotations

import logging

from engine import MAX_EVENTS, GameState, Undo
from hubd.devices.button import ButtonLogic, ButtonSignal
from hubd.devices.display import Display
from hubd.loop.core import HubCore
from hubd.loop.presses import ScoresPresses
from hubd.loop.screenless import PRESS_ROOM, entries_to_count

log = logging.getLogger("hubd")

#: After the shutdown hold: long enough for its sound and the screen's notice, then stop.
SHUTDOWN_GRACE_S = 1.5


class ButtonHandler:
    """What the button's signals do: a call, an entry (score-keeper mode, no screen), a hold.

    ``logic`` turns the pin's edges into signals (debounce, holds); ``powers_off`` False says
    the shutdown hold closes the hub and leaves the computer on (a desktop's mock pins).
    """

    def __init__(self, core: HubCore, logic: ButtonLogic, *, powers_off: bool = True) -> None:
        self.core = core
        self.logic = logic
        self.powers_off = powers_off
        self.poweroff = False  # set by the shutdown hold: the unit powers the Pi off on exit
        self.stop_at: float | None = None  # the shutdown hold's grace ends then
        self.presses = ScoresPresses()  # score-keeper mode: feet, toes, the double press
        self._hold_toggled_mute = False
        self._press_waiting = False  # a press that enters, made when the button comes up
        self._pressed_at = 0.0  # when the button went down for that press

    def edge(self, pressed: bool, t: float) -> None:
        """An edge from the pin (the inbox's ButtonEdge)."""
        for signal in self.logic.edge(pressed, t):
            self.signal(signal)

    def tick(self, now: float) -> None:
        """The signals that time alone makes (a hold)."""
        for signal in self.logic.poll(now):
            self.signal(signal)

    def stop_if_due(self, now: float) -> None:
        """The shutdown hold's grace is over: the loop stops (and the unit powers off)."""
        if self.stop_at is not None and now >= self.stop_at:
            self.core.stop("the hub button was held to shut down: powering off")

    def next_deadline(self) -> float | None:
        deadlines = [d for d in (self.logic.next_deadline(), self.stop_at) if d is not None]
        return min(deadlines, default=None)

    def signal(self, signal: ButtonSignal) -> None:
        core = self.core
        if signal is ButtonSignal.PRESS:
            self._hold_toggled_mute = False
            # A press that makes an entry waits for the release: a hold is never a press.
            self._press_waiting = self._press_enters()
            self._pressed_at = core.clock.now()  # a double press is timed from the presses
            if not self._press_waiting:
                self.hub_pressed()
        elif signal is ButtonSignal.RELEASE:
            if self._press_waiting:
                self._press_waiting = False
                self.hub_pressed(self._pressed_at)
        elif signal is ButtonSignal.HOLD:
            self._press_waiting = False
            self._hold_toggled_mute = True
            core.change_setting("muted", not core.settings.muted)
            core.ui.show_notice(
                core.ui.tr("Sound off") if core.settings.muted else core.ui.tr("Sound on"),
                core.clock.now(),
            )
        elif signal is ButtonSignal.LONG_HOLD:
            self._press_waiting = False
            self.shut_down()

    def _press_enters(self) -> bool:
        """Whether a press is an entry (score-keeper mode, or no screen), not only a call."""
        game = self.core.game
        state = game.state if game is not None else None
        scores_round = state is not None and state.scores_only and state.in_round
        return scores_round or not self.core.display.available

    def shut_down(self) -> None:
        """The long hold: a sound, the light on, a notice, then stop; the unit powers off."""
        core = self.core
        if self._hold_toggled_mute:  # passing the mute hold on the way here was not meant
            self._hold_toggled_mute = False
            core.change_setting("muted", not core.settings.muted)
        now = core.clock.now()
        log.info("the hub button was held to shut down")
        core.devices.speaker.play("game_over")
        core.devices.light.on()
        if self.powers_off:
            core.ui.show_notice(core.ui.tr("Shutting down: wait 20 seconds, then unplug"), now)
        else:  # a desktop's mock pins: the hub closes, the computer it runs on stays on
            core.ui.show_notice(core.ui.tr("Closing the hub: the computer stays on"), now)
        core.devices.notifier.status("shutting down (the hub button was held)")
        self.poweroff = True
        self.stop_at = now + SHUTDOWN_GRACE_S
        core.dirty = True

    def hub_pressed(self, pressed_at: float | None = None) -> None:
        """The table's "chicken foot!" call: cackle at once, then help with the double.

        ``pressed_at``: when the button went down, for a press entered as it came up.
        """
        core = self.core
        if not core.display.available and not self._screenless_round():
            return
        state = core.game.state if core.game is not None else None
        if state is not None and state.scores_only and state.in_round:
            self._scores_press(state, pressed_at)
            return
        core.devices.speaker.play("cackle")
        now = core.clock.now()
        core.narrator.pressed(state, now)  # after the cackle: the foot and its toes
        if state is None or not state.in_round:
            return
        lock = state.lock
        if lock is not None:
            core.devices.light.flash(lock.room)
            core.ui.flash_toes(lock.room, now)
            return
        core.ui.open_double_picker(state.placeable_doubles(), now)
        core.dirty = True

    def _screenless_round(self) -> bool:
        """No screen: enter the scores-only round a press counts in (see hubd.loop.screenless);
        False if the store or the engine refused it."""
        core = self.core
        state = core.game.state if core.game is not None else None
        last = core.history[0].players if core.history else None
        room = MAX_EVENTS - len(core.game.log) if core.game is not None else MAX_EVENTS
        entries = entries_to_count(state, last, core.settings.preset,
                                   keep_every_play=isinstance(core.display, Display),
                                   room=room)  # fmt: skip
        if room < PRESS_ROOM and entries:
            log.warning("game %s holds the most entries a game may (%d): the press begins a "
                        "new game with its players; nothing of it is lost", core.game_id,
                        MAX_EVENTS)  # fmt: skip
        return all(core.submit(entry) for entry in entries)

    def _scores_press(self, state: GameState, pressed_at: float | None = None) -> None:
        """Score-keeper mode: the press is the entry (the sound follows from the state)."""
        core = self.core
        assert core.game is not None
        now = core.clock.now() if pressed_at is None else pressed_at
        events = self.presses.events(state, core.game.effective, now)
        for event in events:
            if not core.submit(event):
                return
        if len(events) == 1 and not isinstance(events[0], Undo):
            self.presses.counted(core.game.effective[-1], now)
