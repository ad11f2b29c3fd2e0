"""Whole games driven through taps on the Ui, with a minimal main loop of the test's own.

The loop does what hubd/loop/app.py does with the intents: applies Submit to an engine.Game,
shows refusals where the finger was, follows state changes, changes settings. Every tap
must be answered in the next frame, and an idle Ui must draw nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pytest

from engine import Game, NewGame, PlaceKind, Play, RuleError, StartRound, TieBreak, Tile
from hubd.screens import Ui, UiContext, describe_event, describe_undo
from hubd.screens.kit.redraw import INK_MARGIN
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.pickers import pick_number
from hubd.values.intents import ChangeSetting, Go, HubButton, Intent, Submit

SIZES = [(800, 480), (720, 1280)]


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
            self.ui.show_refusal(err.message, intent.where, self.now)
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
        """A play in two taps: the place, then the other half."""
        self.tap(f"end:{on}")
        self.tap(f"pick:{pick_number(tile, on)}")

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
        assert self.has(f"end:{on}"), f"{on} is not on the map"

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


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def loop(request: pytest.FixtureRequest) -> Loop:
    return Loop(request.param)


def test_a_full_round_to_its_score(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben", "Cy"], rounds=1, hand_size=3)
    assert loop.state.players == ("Ana", "Ben", "Cy")
    assert loop.state.rules.rounds == 1 and loop.state.rules.hand_size == 3
    assert loop.ui.current == "round_start"
    loop.tap("player:Ana")
    assert loop.ui.current == "play"
    while loop.state.round_end is None:
        loop.play_lowest()
    assert loop.ui.current == "round_end"
    out = [n for s, n in enumerate(loop.state.players) if loop.state.hands[s] == 0]
    assert out and loop.hand_value(out[0]) == 0  # went out: prefilled 0
    left = {n: 5 + i for i, n in enumerate(loop.state.players) if n not in out}
    loop.enter_pips(left)
    assert loop.ui.current == "game_over"
    assert loop.state.scores == [[left.get(n, 0) for n in loop.state.players]]
    winners = loop.state.outcome.winners
    assert [loop.state.players[s] for s in winners] == out
    assert any("wins" in t for t in loop.texts())


def test_a_chicken_foot_locks_the_table_until_its_third_toe(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.play(Tile(4, 4), Tile(4, 9))  # Ana opens a chicken foot
    assert loop.state.lock is not None
    assert "Ben: 3 toes on the 4-4" in loop.texts()  # whose turn, and what the table waits for
    places = {w.key: w for w in loop.widgets() if w.key.startswith("end:")}
    assert not places["end:4-4"].locked
    assert places["end:7-9"].locked  # the places outside the foot are visibly closed
    loop.tap("menu")
    loop.tap("menu:hub")  # the on-screen hub while the foot is open: how many toes to go
    assert "3 toes to go" in loop.texts()
    loop.play(Tile(1, 4), Tile(4, 4))
    assert "Ana: 2 toes on the 4-4" in loop.texts()
    loop.play(Tile(4, 6), Tile(4, 4))
    loop.play(Tile(3, 4), Tile(4, 4))
    assert loop.state.lock is None
    assert not any(w.locked for w in loop.widgets())
    assert loop.state.table.placed[Tile(4, 4)].kind is PlaceKind.FOOT


def test_a_closed_end_refuses_at_the_first_touch_beside_the_finger(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.play(Tile(4, 4), Tile(4, 9))
    before = loop.state.fingerprint()
    closed = loop.find("end:7-9")  # padlocked while the foot is open
    loop.tap("end:7-9")
    assert loop.ui.overlay is None  # no picker: nothing to choose there
    reason = "The foot on 4-4 needs 3 more toes first"
    message = next(w for w in loop.widgets() if w.text == reason)
    assert message.kind is Kind.BANNER
    assert abs(message.rect.centerx - closed.rect.centerx) < loop.ui.size[0] // 2
    status = loop.find("status")
    assert not message.rect.colliderect(status.rect)  # the status line stays in view
    assert loop.state.fingerprint() == before  # nothing changed
    loop.settle()
    assert all(w.text != reason for w in loop.widgets())


def test_a_refused_play_shows_the_engines_message_where_the_finger_is(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    before = loop.state.fingerprint()
    loop.tap("draw")  # Ben draws...
    loop.tap("draw")  # ...and cannot draw again
    assert loop.refusals and "draw" in loop.refusals[-1]
    message = next(w for w in loop.widgets() if w.role == "tip")
    assert message.kind is Kind.BANNER
    assert loop.state.fingerprint() != before  # the first draw stands, the second changed nothing


def test_undo_is_one_tap_and_says_what_it_undid(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    before = loop.state.fingerprint()
    loop.play(Tile(7, 9), Tile(9, 9))
    assert "Last: Ben played 9-7 on arm B" in loop.texts()
    loop.tap("undo")
    assert loop.state.fingerprint() == before
    assert loop.notices == ["Undid: Ben played 9-7 on arm B"]  # named as on the map
    notice = next(w for w in loop.widgets() if w.text == loop.notices[0])
    buttons = [w for w in loop.widgets() if w.tappable]
    assert not any(notice.rect.colliderect(w.rect) for w in buttons)


def test_a_blocked_round_is_scored_from_the_hands(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.block_round()
    assert loop.state.round_end.value == "blocked"
    assert loop.ui.current == "round_end"
    said = " ".join(loop.texts())  # and why, in the title or on a line of its own
    assert "Round 1 is blocked" in said
    assert "everyone passed with the chicken yard at its reserve of 2" in said.lower()
    loop.enter_pips({"Ana": 30, "Ben": 41})
    assert loop.state.scores == [[30, 41]]
    assert loop.ui.current == "game_over"


def test_a_finished_game_with_a_tie_broken_by_rounds_scored_zero(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.block_round()
    loop.enter_pips({"Ana": 0, "Ben": 6})
    assert loop.ui.current == "scores"
    loop.tap("bar:1")  # next round
    loop.tap("player:Ben")
    loop.block_round()
    loop.enter_pips({"Ana": 12, "Ben": 6})
    assert loop.state.totals == [12, 12]
    assert loop.state.outcome.decided_by is TieBreak.ZERO_ROUNDS
    assert loop.ui.current == "game_over"
    texts = loop.texts()
    assert "Ana wins!" in texts
    assert "Ana and Ben tied on 12; Ana wins with more rounds scored 0 (1 round)." in texts


def test_the_search_draws_are_counted_per_player() -> None:
    loop = Loop()
    loop.tap("tab:rules")
    loop.tap("preset:hub")
    loop.new_game(["Ana", "Ben", "Dee"], rounds=1)
    loop.tap("start:search")
    loop.tap("player:Ben")
    loop.tap("player:Ben")
    loop.tap("player:Dee")
    loop.tap("start:found")
    loop.tap("player:Dee")
    assert loop.state.round == 1
    assert loop.state.hands == [11, 13, 12]
    assert loop.game.effective[-1] == StartRound("Dee", {"Ben": 2, "Dee": 1})


def test_the_hub_button_picks_a_double_and_its_only_place() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.tap("menu")
    loop.tap("menu:hub")
    assert loop.has("pick:4") and loop.has("pick:7")
    assert not loop.has("pick:9")  # on the table: greyed in its own cell, does nothing
    loop.tap("pick:7")
    assert loop.game.effective[-1] == Play("Ana", Tile(7, 7), Tile(7, 9))


def test_an_agreed_end_and_an_amended_round() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("menu")
    loop.tap("menu:agree")
    assert loop.ui.current == "round_end"
    loop.enter_pips({"Ana": 20, "Ben": 31})
    assert loop.state.round_end.value == "agreed"
    assert loop.ui.current == "scores"
    loop.tap("bar:0")  # amend
    loop.tap("amend:round:1")
    loop.tap("amend:Ben")
    loop.tap("amend:key:3")
    loop.tap("amend:key:0")
    loop.tap("amend:save")
    assert loop.state.scores == [[20, 30]]


def test_settings_become_intents() -> None:
    loop = Loop()
    loop.ui.show_screen("settings")
    loop.frame()
    loop.tap("setting:language:uk")
    assert loop.ctx.language == "uk"
    assert loop.ui.tr("Draw") == "Взяти"
    loop.tap("setting:volume:+")
    assert loop.ctx.volume == 90
    loop.tap("setting:rotation:90")
    assert loop.ctx.rotation == 90


def test_an_idle_ui_draws_nothing_and_timed_changes_have_a_deadline() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.settle()
    assert loop.ui.next_deadline() is None
    assert loop.frame() == []
    loop.ui.show_notice("hello", loop.now)
    assert loop.frame()
    deadline = loop.ui.next_deadline()
    assert deadline is not None and deadline > loop.now
    assert loop.frame() == []
    loop.now = deadline
    assert loop.ui.render(loop.surface, loop.ctx, loop.now)
    assert loop.ui.next_deadline() is None


def test_a_pressed_target_redraws_only_itself() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.settle()
    hub = loop.find("end:9-9").rect
    loop.handle(loop.ui.tap(hub.center, loop.ctx, loop.now))  # the hub's picker...
    loop.ui.open_overlay(None)  # ...closed again: only the pressed end looks different
    dirty = loop.ui.render(loop.surface, loop.ctx, loop.now)
    margin = 2 * INK_MARGIN  # and the margin its strokes may reach
    assert dirty == [hub.inflate(margin, margin)]


def test_describe_event_names_the_player_and_the_tile() -> None:
    ui = Ui((800, 480))
    ui.set_language("pt")
    assert describe_event(Play("Ana", Tile(2, 4), Tile(4, 9)), ui.tr) == "Ana jogou 2-4 no 4-9"
    assert describe_undo(Play("Ana", Tile(2, 4), Tile(4, 9)), ui.tr).startswith("Desfeito:")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["id", "et", "uk", "he", "pt"])
def test_a_whole_game_in_every_language(language: str, size: tuple[int, int]) -> None:
    loop = Loop(size, language)
    loop.new_game(["Ana", "Ben"], rounds=1, hand_size=2)
    loop.tap("player:Ana")
    while loop.state.round_end is None:
        loop.play_lowest()
    loop.enter_pips({n: 3 for s, n in enumerate(loop.state.players) if loop.state.hands[s]})
    assert loop.ui.current == "game_over"
    assert loop.state.outcome is not None


def test_undo_is_on_the_round_end_and_scores_screens_too() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.block_round()
    assert loop.ui.current == "round_end"
    loop.tap("undo")  # the last pass: the round is open again
    assert loop.ui.current == "play" and loop.state.round_end is None
    loop.tap("pass")
    loop.enter_pips({"Ana": 1, "Ben": 2})
    assert loop.ui.current == "scores"
    loop.tap("undo")  # the scores: a whole round's entry, so it asks first, naming it
    assert "Take back the round's scores?" in loop.texts()
    loop.tap("confirm:keep")
    assert loop.state.scores == [[1, 2]]
    loop.tap("undo")
    loop.tap("confirm:undo")  # back to entering the hands
    assert loop.ui.current == "round_end" and loop.state.scores == []
    assert loop.notices[-1] == "Undid: the round's scores"


def refusal(events: list[object], event: object) -> str:
    from engine import Event

    game = Game.from_events(events)  # type: ignore[arg-type]
    with pytest.raises(RuleError) as caught:
        game.apply(event)  # type: ignore[arg-type]
    assert isinstance(event, Event)
    return caught.value.message


def test_the_refusals_a_player_meets_are_translated() -> None:
    from engine import Draw, EndRound, HandPips, Pass, Undo
    from hubd.text import i18n
    from hubd.text.refusals import translate_refusal

    start = [NewGame(("Ana", "Ben")), StartRound("Ana")]
    arm = [*start, Play("Ana", Tile(4, 9), Tile(9, 9))]
    foot = [*arm, Play("Ben", Tile(7, 9), Tile(9, 9)), Play("Ana", Tile(4, 4), Tile(4, 9))]
    messages = [
        refusal(arm, Play("Ben", Tile(1, 4), Tile(4, 9))),
        refusal(foot, Play("Ben", Tile(3, 7), Tile(7, 9))),
        refusal([*start, Draw("Ana")], Draw("Ana")),
        refusal(start, Pass("Ana")),
        refusal([NewGame(("Ana", "Ben"))], Undo()),
        refusal([NewGame(("Ana", "Ben")), StartRound("Ana")],
                EndRound({"Ana": HandPips(3)}, agreed=True)),
        refusal([NewGame(("Ana", "Ben")), StartRound("Ana")],
                EndRound({"Ana": (Tile(1, 2),), "Ben": HandPips(1)}, agreed=True)),
        refusal([], NewGame(("Ana",))),
    ]  # fmt: skip
    for code in ("id", "et", "uk", "he", "pt"):
        tr = i18n.load(code).gettext
        for message in messages:
            assert translate_refusal(message, tr) != message, f"{code}: {message}"
    uk = i18n.load("uk").gettext
    assert translate_refusal(messages[1], uk) == (
        "Ben не може зіграти 7-3 на 9-7, поки курячій лапці на 4-4 бракує ще 3 пальчиків"
    )
    assert translate_refusal("something new", uk) == "something new"


def test_a_refusal_is_shown_in_the_players_language() -> None:
    loop = Loop(language="pt")
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("pass")  # before drawing
    assert loop.refusals == ["Ana must draw from the chicken yard before passing (12 tiles there)"]
    assert "Ana precisa comprar do galinheiro antes de passar (há 12 peças lá)" in loop.texts()


def test_without_audio_a_new_chicken_foot_flashes_instead_of_cackling() -> None:
    loop = Loop()
    loop.ctx.audio_available = False
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    assert "Chicken foot!" not in loop.texts()
    loop.play(Tile(4, 4), Tile(4, 9))
    assert "Chicken foot!" in loop.texts()
    styles = set()
    for _ in range(8):  # it flashes: the banner changes colour while it lasts
        loop.frame()
        styles |= {w.style for w in loop.widgets() if w.text == "Chicken foot!"}
    assert len(styles) == 2
    loop.settle()
    loop.play(Tile(1, 4), Tile(4, 4))  # the same foot: no new flash
    assert "Chicken foot!" not in loop.texts()


def test_desktop_keys_draw_pass_undo_and_go_back() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.handle(loop.ui.key("d", loop.ctx, loop.now))
    assert loop.state.drew
    loop.handle(loop.ui.key("p", loop.ctx, loop.now))
    assert loop.state.current_player == "Ben"
    loop.handle(loop.ui.key("u", loop.ctx, loop.now))
    assert loop.state.current_player == "Ana" and loop.state.drew
    loop.tap("menu")
    loop.handle(loop.ui.key("escape", loop.ctx, loop.now))
    assert loop.ui.overlay is None
    loop.tap("menu")
    loop.tap("menu:scores")
    loop.handle(loop.ui.key("escape", loop.ctx, loop.now))
    assert loop.ui.current == "play"


def test_the_hub_button_says_why_when_no_double_fits() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("menu")
    loop.tap("menu:hub")  # the opening: only the hub's arms may be started
    assert loop.ui.overlay is None
    assert "Start every hub arm first" in loop.texts()


def test_a_new_entry_clears_the_undo_notice() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("undo")
    assert any(text.startswith("Undid:") for text in loop.texts())
    loop.play(Tile(7, 9), Tile(9, 9))
    texts = loop.texts()
    assert not any(text.startswith("Undid:") for text in texts)
    assert "Last: Ana played 9-7 on arm A" in texts


def test_after_a_draw_the_status_says_so_in_the_opening_too() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("draw")  # Ana has no 9
    assert "Ana drew: play it or pass" in loop.texts()


def test_a_name_refusal_is_shown_in_the_players_language() -> None:
    from hubd.text.i18n import load
    from hubd.text.refusals import translate_refusal

    tr = load("pt").gettext
    same = "two players are called Ana and ana; every name must differ, ignoring case"
    assert translate_refusal(same, tr).startswith("dois jogadores chamam-se Ana e ana")
    twice = "two players are called Ben; every name must differ, ignoring case"
    assert "Ben" in translate_refusal(twice, tr) and translate_refusal(twice, tr) != twice
