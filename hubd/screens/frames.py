"""The screens' frames, not drawn: screens, overlays, messages, taps and keys.

``Frames`` builds the widgets the hub shows for a context; the ``Ui`` (hubd/screens/ui.py)
draws them with pygame. Nothing here imports pygame, so ``hubd layout`` and the layout tests
lay out the very frames the hub shows without it (a contract in pyproject.toml)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

import engine
from engine import Draw, Event, Pass, Phase, Play, RuleError, Tile, Undo
from hubd.screens.confirm import confirm_undo
from hubd.screens.kit.base import Overlay, TextOverlay, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.redraw import context_signature
from hubd.screens.kit.widgets import Action, Kind, Widget, mirror
from hubd.screens.map.ready import PicturesAtOnce
from hubd.screens.messages import Messages
from hubd.screens.pickers import DoublePicker
from hubd.screens.registry import build_screens
from hubd.text import i18n
from hubd.text.plain_words import shares_number
from hubd.text.refusals import translate_refusal
from hubd.text.wording import closed_reason, describe_undone, needs_confirmation
from hubd.values.intents import Go, Intent, SayStatus, ScreenName, Submit

log = logging.getLogger(__name__)

PRESS_TIME = 0.2  # s the pressed highlight stays
UNDO_RUN_TIME = 1.0  # s: undos closer than this are one notice ("Undid: 2 toes")
MARK_TIME = 4.0  # s a tile laid where another end needed the same number stays marked


class Frames:
    """The touchscreen's frames, taps and keys. See hubd/screens/__init__.py for the contract."""

    SCREENS = (
        "new_game",
        "round_start",
        "play",
        "round_end",
        "scores_mode",
        "scores",
        "game_over",
        "history",
        "settings",
        "club",
    )

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.measure = TextMeasure()
        self.translator = i18n.load(i18n.SOURCE_LANGUAGE)
        self.screens = build_screens(self)
        self.current: ScreenName = "new_game"
        self.overlay: Overlay | None = None
        self.messages = Messages()
        self._widgets: list[Widget] = []
        self._stale = True
        self._unpainted = True
        self._full = True
        self._signature: tuple[object, ...] | None = None
        self._pressed: tuple[str, float] | None = None
        self._ripple: tuple[tuple[int, int], float] | None = None
        self._phase: tuple[object, ...] | None = None
        self._lock: engine.Tile | None = None
        self._deadline: float | None = None
        self._ctx: UiContext | None = None
        self._now = 0.0  # the time of the tap being handled, for messages it shows
        self._last_entry: Event | None = None
        #: Each tile's line label on the table map as last drawn ("A", "B2"), for the pickers'
        #: titles and the undo notice (which names a tile no longer on the table).
        self.labels: dict[Tile, str] = {}
        #: Where the current screen wants notices (the play screen's last entry line).
        self.notice_box: Rect | None = None
        self._undone: list[tuple[float, Event]] = []  # the undos of the notice showing
        #: The table's pictures where the context brings none (no loop: ``hubd layout``, the
        #: tests), laid out at once, frame after frame from the same layouts.
        self.pictures_at_once = PicturesAtOnce()
        self._mark: tuple[Play, float] | None = None  # the play to mark on the map, and until
        #: The tile the map marks in this frame (see mark_entry), None for none.
        self.marked: Tile | None = None

    # -- the contract ---------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self._invalidate(full=True)

    def redraw_all(self) -> None:
        """The next render draws the whole screen (a screen that has just come back)."""
        self._invalidate(full=True)

    def tr(self, text: str) -> str:
        return self.translator.gettext(text)

    def ntr(self, singular: str, plural: str, count: int) -> str:
        return self.translator.ngettext(singular, plural, count)

    def remember_labels(self, labels: dict[Tile, str]) -> None:
        self.labels.update(labels)

    def say_again(self, _pos: tuple[int, int]) -> list[Intent]:
        """A tap on the status line: the hub says it again (when speech is on)."""
        return [SayStatus()]

    def undo_action(self, ctx: UiContext) -> Action:
        """Undo, asking first when it would take back a scored round or a round's start."""

        def action(pos: tuple[int, int]) -> list[Intent]:
            if needs_confirmation(ctx.last_entry):
                self.open_overlay(confirm_undo(self, ctx))
                return []
            return [Submit(Undo(), pos)]

        return action

    def show_tip(self, message: str | RuleError, where: tuple[int, int]) -> None:
        """A refusal the screen knows without asking the engine (a closed end, a hand of the
        wrong size), at the finger: words in the players' language, or a kind of refusal."""
        self.show_refusal(message, where, self._now, translate=False)

    def show_undone(self, event: Event, now: float) -> None:
        """The notice of an undo; undos in a row (a double press logs two) are named
        together, so that it says what was really taken back."""
        if not (self._undone and now - self._undone[-1][0] <= UNDO_RUN_TIME):
            self._undone = []
        self._undone.append((now, event))
        events = [undone for _, undone in self._undone]
        self.show_notice(describe_undone(events, self.tr, self.ntr, self.labels), now)

    def mark_entry(self, event: Event, now: float) -> None:
        """An entry just accepted: a tile laid on an end whose number another open end also
        needed is marked on the map for MARK_TIME s (until an undo or the next entry)."""
        state = self._ctx.state if self._ctx is not None else None
        if isinstance(event, Play) and state is not None and shares_number(event, state):
            self._mark = (event, now + MARK_TIME)
            self._invalidate()

    def set_language(self, code: str) -> None:
        if code != self.translator.code:
            self.translator = i18n.load(code)
            self._invalidate(full=True)

    def show_screen(self, name: ScreenName) -> None:
        if name not in self.screens:
            log.warning("no screen called %r; staying on %s", name, self.current)
            return
        if name != self.current:
            self.overlay = None
            self.current = name
            self.screens[name].enter(self._ctx)
        self._invalidate()

    def go(self, name: ScreenName) -> list[Intent]:
        """Show ``name`` and tell the main loop (which may call show_screen again: harmless)."""
        self.show_screen(name)
        return [Go(name)]

    def submit(self, make: Callable[[], Event], close: bool = False) -> Action:
        """A tap handler that submits the event ``make()`` with the tap's position."""

        def action(pos: tuple[int, int]) -> list[Intent]:
            if close:
                self.open_overlay(None)
            return [Submit(make(), pos)]

        return action

    def open_overlay(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self._invalidate()

    def open_double_picker(self, doubles: Sequence[engine.Tile], now: float | None = None) -> None:
        """The hub button with no foot open: which double? With none that fits, say why in
        the middle of the screen instead of a picker of greyed numbers."""
        if self.current != "play":
            self.show_screen("play")
        state = self._ctx.state if self._ctx is not None else None
        if not doubles and state is not None:
            table = state.table
            if table is not None and table.opening:
                reason = closed_reason(state, self.ntr, self.tr)
            else:
                reason = self.tr("No double fits an open end now")
            middle = (self.size[0] // 2, self.size[1] // 2)
            self.show_refusal(reason, middle, self._now if now is None else now, translate=False)
            return
        self.open_overlay(DoublePicker(self, tuple(doubles)))

    def flash_toes(self, toes_needed: int, now: float) -> None:
        self.messages.flash_toes(toes_needed, now)
        self._invalidate()

    def show_refusal(
        self,
        message: RuleError | str,
        where: tuple[int, int] | None,
        now: float,
        translate: bool = True,
    ) -> None:
        """A refusal beside the finger: a kind of refusal, or words, in the players' language
        (``translate`` False: words already in it)."""
        if translate or isinstance(message, RuleError):
            text = translate_refusal(message, self.translator)
        else:
            text = message
        self.messages.refusal(text, where, now)
        self._invalidate()

    def show_notice(self, message: str, now: float) -> None:
        self.messages.notice(message, now)
        self._invalidate()

    def state_changed(self, ctx: UiContext) -> None:
        """The main loop applied an event: follow the game's phase, and redraw."""
        if self._ctx is not None and ctx.last_entry != self._last_entry:
            self.messages.clear()  # what they said was about the table before this entry
        self._last_entry = ctx.last_entry
        self._ctx = ctx
        state = ctx.state
        phase = None if state is None else (state.players, state.phase, state.round)
        if phase != self._phase:
            was = self._phase
            self._phase = phase
            if was is not None or self.current in ("new_game", "play"):
                target = default_screen(ctx)
                if was is not None and state is not None and state.phase is Phase.SETUP:
                    target = "scores" if state.round else "round_start"
                self.show_screen(target)
        lock = state.lock.tile if state is not None and state.lock is not None else None
        if lock is not None and lock != self._lock and not ctx.audio_available:
            self.messages.flash_pending = True  # no speaker to cackle: a flashing banner instead
        self._lock = lock
        self._invalidate()

    def next_deadline(self) -> float | None:
        return self._deadline

    def tap(self, pos: tuple[int, int], ctx: UiContext, now: float) -> list[Intent]:
        widgets = self.layout(ctx, now)
        self._now = now
        self.messages.tapped()  # a refusal lasts until the next tap at most
        self._ripple = (pos, now + PRESS_TIME)
        self._invalidate()
        for widget in reversed(widgets):
            if not widget.rect.collidepoint(pos):
                continue
            if widget.action is not None:
                self._pressed = (widget.key, now + PRESS_TIME)
                self._ripple = None
                return widget.action(pos)
            if widget.kind in (Kind.SHADE, Kind.PANEL):
                return []  # a background: nothing under it shows here (messages let taps through)
        return []

    @property
    def typing(self) -> bool:
        """True while a name or passphrase is being typed: the keys are letters, not commands
        (nor the space bar the mock hub button)."""
        return isinstance(self.overlay, TextOverlay)

    def text(self, text: str, ctx: UiContext, now: float) -> list[Intent]:
        """Text typed on a physical keyboard: into the name (or passphrase) being typed."""
        self._ctx = ctx
        if not isinstance(self.overlay, TextOverlay):
            return []
        self._invalidate()
        return self.overlay.typed(text)

    def key(self, key: str, ctx: UiContext, now: float) -> list[Intent]:
        """A physical keyboard's key (pygame's name for it): Escape goes back, and, unless a
        name is being typed, ``u`` undoes, ``d`` draws and ``p`` passes (KEYS, hubd --help)."""
        self._ctx = ctx
        state = ctx.state
        self._invalidate()
        if key == "escape":
            if self.overlay is not None:
                self.open_overlay(None)
                return []
            return self.screens[self.current].back(ctx)
        if isinstance(self.overlay, TextOverlay):
            return self.overlay.key(key)
        if key == "u" and state is not None:
            return self.undo_action(ctx)((self.size[0] // 2, self.size[1] // 2))
        player = state.current_player if state is not None else None
        if player is not None and self.current == "play":
            if key == "d":
                return [Submit(Draw(player))]
            if key == "p":
                return [Submit(Pass(player))]
        return []

    # -- building the frame ---------------------------------------------------------------

    def layout(self, ctx: UiContext, now: float) -> list[Widget]:
        """The widgets of the current frame (rebuilt when anything changed)."""
        self._sync(ctx)
        if self._deadline is not None and now >= self._deadline:
            self._stale = True
        if self._stale or not self._widgets:
            self._widgets = self._build(ctx, now)
            self._stale = False
            self._unpainted = True  # a frame built for a tap is still to be drawn
        return self._widgets

    def _sync(self, ctx: UiContext) -> None:
        self._ctx = ctx
        if ctx.language != self.translator.code:
            self.set_language(ctx.language)
        signature = context_signature(ctx)
        if signature != self._signature:
            self._signature = signature
            self._stale = True

    def _invalidate(self, full: bool = False) -> None:
        self._stale = True
        self._full = self._full or full

    def _build(self, ctx: UiContext, now: float) -> list[Widget]:
        w, h = self.size
        banner_h = 0
        if ctx.store_error:
            banner_h = max(28, round(min(w, h) * 0.07))
        b = Builder(self.measure, (w, h - banner_h), self.translator)
        b.undo = self.undo_action(ctx)
        if ctx.pictures is None:
            ctx = replace(ctx, pictures=self.pictures_at_once)
        self.notice_box = None
        self.marked = None
        if self._mark is not None:
            play, until = self._mark
            if now < until and ctx.last_entry == play:
                self.marked = play.tile
            else:
                self._mark = None
        self.screens[self.current].build(b, ctx)
        if self.overlay is not None:
            b.add(Widget(b.screen, Kind.SHADE, action=self.close_overlay, key="shade"))
            self.overlay.build(b, ctx)
        deadlines: list[float] = [self._mark[1]] if self._mark is not None else []
        self.messages.build(b, now, deadlines, self.notice_box)
        if b.rtl:
            mirror(b.widgets, w)
        if ctx.store_error:
            b.h = h
            b.banner(Rect(0, h - banner_h, w, banner_h), ctx.store_error, size=b.px(18))
        if self._pressed is not None:
            key, until = self._pressed
            if now < until:
                deadlines.append(until)
                for widget in b.widgets:
                    widget.pressed = widget.key == key and widget.action is not None
            else:
                self._pressed = None
        if self._ripple is not None:
            pos, until = self._ripple
            if now < until:
                deadlines.append(until)
                side = b.px(48)
                ring = Rect(0, 0, side, side)
                ring.center = pos
                b.add(Widget(ring, Kind.RIPPLE, key="ripple"))
            else:
                self._ripple = None
        self._deadline = min(deadlines) if deadlines else None
        return b.widgets

    def close_overlay(self, _pos: tuple[int, int]) -> list[Intent]:
        """A tap handler that closes the overlay (the shade around it, Cancel, Close)."""
        self.open_overlay(None)
        return []
