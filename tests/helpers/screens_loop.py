"""A main loop of the tests' own (Loop) that drives a Ui by taps, and the two screen sizes."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine import Event, Game, NewGame, RuleError, Tile
from engine.simulate import DoublesFirst
from hubd.screens import Ui, UiContext, describe_undo
from hubd.screens.entry import MORE, entry_keys
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.map.ready import PicturesAtOnce
from hubd.values.intents import ChangeSetting, Go, HubButton, Intent, Submit

SIZES = [(800, 480), (720, 1280)]


def doubles_first(players: int, highest: int, seed: int) -> list[Event]:
    """The events of a classic two-round game of ``players`` who lay every double they can,
    named as a real table (map_bench's games of its kind, by their seed)."""
    from hubd.screens.shots.log_layout import TABLE_NAMES

    rules = {"preset": "classic", "set": highest, "rounds": 2}
    simulator = DoublesFirst(players, rules, seed, check=False, names=TABLE_NAMES[:players])
    return list(simulator.play_game().effective)


def shown(
    game: Game, screen: str, size: tuple[int, int], language: str = "en"
) -> tuple[Ui, UiContext]:
    """A Ui of ``size`` in ``language`` showing ``screen`` for ``game``, with the
    screenshots' context (known players, history): one frame's state, no loop."""
    from hubd.screens.shots.screenshots import context

    pygame.display.init()
    ui = Ui(size)
    ctx = context(language)
    ui.set_language(language)
    ctx.state, ctx.last_entry = game.state, game.last_effective
    ctx.pictures = PICTURES
    ui.state_changed(ctx)
    ui.show_screen(screen)
    return ui, ctx


#: The tables' pictures of every ``shown`` Ui: a picture is the same whoever lays it out
#: (hubd/picture/chain.py), and a test walking a game's frames, one Ui a frame, lays each
#: out from the last one's layouts instead of laying its table's prefixes out anew.
PICTURES = PicturesAtOnce()


MAP_ROLES = ("tile", "end", "needs", "label")


def map_widgets(ui: Ui, ctx: UiContext) -> dict[str, tuple[int, int, int, int]]:
    """The map's pieces (tiles, ends, their numbers, the arms' letters) where they stand on
    the map (from its top left corner) and the map's size."""
    widgets = ui.layout(ctx, 0.0)
    area = next(w.rect for w in widgets if w.key == "map")
    placed = {
        w.key: (w.rect.x - area.x, w.rect.y - area.y, w.rect.w, w.rect.h)
        for w in widgets
        if w.role in MAP_ROLES and w.key
    }
    return {**placed, "map": (0, 0, area.w, area.h)}


# The loop does what hubd/loop/app.py does with the intents: applies Submit to an engine.Game,
# shows refusals where the finger was, follows state changes, changes settings. Every tap
# must be answered in the next frame, and an idle Ui must draw nothing.
class Loop:
    """The test's main loop: taps in, engine events applied, frames rendered."""

    def __init__(self, size: tuple[int, int] = (800, 480), language: str = "en") -> None:
        pygame.display.init()
        self.ui = Ui(size)
        self.ctx = UiContext(known_players=("Ana", "Ben", "Dee"), language=language)
        self.surface = pygame.Surface(size)
        self.game: Game | None = None
        self.now = 100.0
        self.refusals: list[str] = []
        self.notices: list[str] = []
        self.ui.state_changed(self.ctx)
        self.frame()

    # -- driving ------------------------------------------------------------------------

    def frame(self) -> list[pygame.Rect]:
        self.now += 0.05
        return self.ui.render(self.surface, self.ctx, self.now)

    def settle(self) -> None:
        """Let every timed highlight and message run out."""
        self.now += 10
        self.ui.render(self.surface, self.ctx, self.now)

    def widgets(self) -> list[Widget]:
        return self.ui.layout(self.ctx, self.now)

    def find(self, key: str) -> Widget:
        for widget in reversed(self.widgets()):
            if widget.key == key and widget.action is not None:
                return widget
        keys = sorted(w.key for w in self.widgets() if w.action is not None)
        raise AssertionError(f"no tap target {key!r} on {self.ui.current}; there are {keys}")

    def has(self, key: str) -> bool:
        return any(w.key == key and w.action is not None for w in self.widgets())

    def tap(self, key: str) -> None:
        self.tap_at(self.find(key).rect.center)

    def tap_at(self, pos: tuple[int, int]) -> None:
        self.frame()
        self.handle(self.ui.tap(pos, self.ctx, self.now))
        dirty = self.frame()
        assert dirty, "a tap must be answered in the next frame"

    def handle(self, intents: Sequence[Intent]) -> None:
        for intent in intents:
            if isinstance(intent, Submit):
                self.submit(intent)
            elif isinstance(intent, Go):
                self.ui.show_screen(intent.screen)
            elif isinstance(intent, ChangeSetting):
                setattr(self.ctx, intent.key, intent.value)
                self.ui.state_changed(self.ctx)
            elif isinstance(intent, HubButton):
                self.hub_button()

    def submit(self, intent: Submit) -> None:
        event = intent.event
        game = Game() if isinstance(event, NewGame) else self.game
        assert game is not None
        try:
            undone = game.apply(event)
        except RuleError as err:
            self.refusals.append(err.message)
            self.ui.show_refusal(err, intent.where, self.now)
            return
        self.game = game
        self.ctx.state = game.state
        self.ctx.last_entry = game.last_effective
        self.ui.state_changed(self.ctx)
        if undone is not None:
            notice = describe_undo(undone, self.ui.tr, self.ui.labels)
            self.notices.append(notice)
            self.ui.show_undone(undone, self.now)

    def hub_button(self) -> None:
        state = self.state
        if state.lock is not None:
            self.ui.flash_toes(state.lock.room, self.now)
            return
        self.ui.open_double_picker(state.placeable_doubles(), self.now)

    @property
    def state(self):  # type: ignore[no-untyped-def]
        assert self.game is not None
        return self.game.state

    def texts(self) -> list[str]:
        return [w.text for w in self.widgets() if w.text]

    # -- game steps through taps ----------------------------------------------------------

    def new_game(self, names: Sequence[str], rounds: int, hand_size: int | None = None) -> None:
        if self.ui.current != "new_game":
            self.tap("menu")
            self.tap("menu:new_game")
            if self.has("confirm:new_game"):  # a game being played: it asks first
                self.tap("confirm:new_game")
        self.tap("tab:players")
        for name in names:
            if self.has(f"known:{name}"):
                self.tap(f"known:{name}")
            else:
                self.tap("keyboard")
                for char in name.lower():
                    self.tap(f"key:{char}")
                self.tap("key:done")
        self.tap("tab:options")
        while self.option("rounds") > rounds:
            self.tap("option:rounds:-")
        while hand_size is not None and self.option("hand_size") > hand_size:
            self.tap("option:hand_size:-")
        self.tap("start")

    def option(self, key: str) -> int:
        minus = self.find(f"option:{key}:-").rect
        plus = self.find(f"option:{key}:+").rect
        between = minus.union(plus)
        for widget in self.widgets():
            if (
                widget.kind is Kind.LABEL
                and between.contains(widget.rect)
                and widget.text.isdigit()
            ):
                return int(widget.text)
        raise AssertionError(f"no value shown for {key}")

    def play(self, tile: Tile, on: Tile) -> None:
        """A play on the pad: the tile's two numbers, then the end if it fits more than one."""
        for key in entry_keys(self.state, tile, on):
            while key.startswith("choice:") and not self.has(key) and self.has(MORE):
                self.tap(MORE)  # the end is on another page of choices
            self.tap(key)

    def play_lowest(self) -> bool:
        """Play the lowest tile that fits anywhere (drawing or passing otherwise)."""
        state = self.state
        for place in state.open_places():
            tiles = state.candidate_tiles(place.tile)
            if tiles:
                self.show_place(place.tile)
                self.play(tiles[0], place.tile)
                return True
        self.tap("draw" if state.can_draw else "pass")
        return False

    def show_place(self, on: Tile) -> None:
        """Every open place is on the map, as a target of its own."""
        assert any(w.key == f"end:{on}" for w in self.widgets()), f"{on} is not on the map"

    def enter_pips(self, pips: dict[str, int]) -> None:
        for name, value in pips.items():
            self.tap(f"hand:{name}")
            while self.hand_value(name) is not None:
                self.tap("pad:⌫")
            for digit in str(value):
                self.tap(f"pad:{digit}")
        self.tap("round_end:save")  # score the round

    def hand_value(self, name: str) -> int | None:
        button = self.find(f"hand:{name}").rect
        for widget in self.widgets():
            if widget.reading and button.contains(widget.rect):
                return None if widget.text == "–" else int(widget.text)
        raise AssertionError(f"no value shown for {name}")

    def block_round(self) -> None:
        """Everyone draws and passes until the yard is at its reserve, then passes: blocked."""
        while self.state.round_end is None:
            self.tap("draw" if self.state.can_draw else "pass")
