"""Round end, amending, the score sheet and the history, driven through taps on the Ui.

Issue 9, point 6: after a hand is entered the next one not yet entered is chosen; Tiles mode
starts empty; amending starts from the recorded scores; the score sheet shows every round of
the game at once; a game in the history opens its score sheet; the game being played is
marked as such. The round end of N hands takes the digits, one tap per hand and one more.
"""

from __future__ import annotations

import itertools
import sqlite3
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from engine import (
    AmendRound,
    EndRound,
    Event,
    Game,
    HandPips,
    NewGame,
    RuleError,
    StartRound,
    Tile,
)
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Style, Widget
from hubd.screens.shots.screenshots import tap_widget
from hubd.screens.shots.scripted_games import PLAYERS, round_over_game, scored_game
from hubd.store import GameStore
from hubd.text.i18n import available_languages
from hubd.values.intents import Go, Submit
from hubd.values.records import GameRecord

SIZES = [(800, 480), (720, 1280)]
NOW = datetime(2026, 12, 5, 19, 30)


class Table:
    """A Ui on one screen, a game, and a count of the taps: what the family does."""

    def __init__(
        self,
        game: Game | None,
        screen: str,
        size: tuple[int, int] = (800, 480),
        history: list[GameRecord] | None = None,
    ) -> None:
        pygame.display.init()
        self.game = game
        self.ui = Ui(size)
        self.ctx = UiContext(state=game.state if game else None, history=history or [])
        self.ui.state_changed(self.ctx)
        self.ui.show_screen(screen)
        self.taps = 0
        self.submitted: list[Event] = []
        self.refusals: list[str] = []

    def widgets(self) -> list[Widget]:
        return self.ui.layout(self.ctx, 0.0)

    def find(self, key: str) -> Widget:
        """The tap target ``key`` (the top one, as a finger would hit it)."""
        return next(w for w in reversed(self.widgets()) if w.key == key and w.tappable)

    def tap(self, *keys: str) -> None:
        for key in keys:
            self.taps += 1
            self.handle(tap_widget(self.ui, self.ctx, key))

    def handle(self, intents: list[object]) -> None:
        for intent in intents:
            if isinstance(intent, Go):
                self.ui.show_screen(intent.screen)
            elif isinstance(intent, Submit):
                assert self.game is not None
                try:
                    self.game.apply(intent.event)
                except RuleError as err:
                    self.refusals.append(err.message)
                    continue
                self.submitted.append(intent.event)
                self.ctx.state = self.game.state
                self.ui.state_changed(self.ctx)

    def text_in(self, key: str) -> list[str]:
        """The texts drawn on the target ``key``."""
        box = self.find(key).rect
        return [w.text for w in self.widgets() if w.text and box.contains(w.rect)]

    def value_of(self, key: str) -> str:
        box = self.find(key).rect
        return next(w.text for w in self.widgets() if w.reading and box.contains(w.rect))

    def chosen(self) -> list[str]:
        return [
            w.key.split(":", 1)[1]
            for w in self.widgets()
            if w.key.startswith("hand:") and w.style is Style.SELECTED
        ]


def blocked_round() -> Game:
    """Round 2 of a short four-player game, played out to its end (Ben went out)."""
    return round_over_game()


def digits_for(game: Game) -> dict[str, int]:
    """A pip count for each hand still holding tiles (one tile each: at most 18 pips, the
    most a hand's tiles can hold, so none is asked about a second time)."""
    state = game.state
    return {n: 5 + 4 * s for s, n in enumerate(state.players) if state.hands[s] > 0}


# -- 1. the next hand is chosen; digits + one tap a hand + one -----------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_round_end_takes_the_digits_one_tap_per_hand_and_one_more(
    size: tuple[int, int],
) -> None:
    game = blocked_round()
    table = Table(game, "round_end", size)
    pips = digits_for(game)
    assert len(pips) == 3  # Ben went out: his 0 is entered already
    assert table.chosen() == [next(iter(pips))]  # the first hand to enter is chosen
    digits = 0
    for name, value in pips.items():
        assert table.chosen() == [name]
        for digit in str(value):
            table.tap(f"pad:{digit}")
            digits += 1
        table.tap("pad:ok")
    table.tap("round_end:save")
    assert table.taps == digits + len(pips) + 1
    assert table.refusals == []
    assert isinstance(table.submitted[-1], EndRound)
    state = game.state
    assert state.scores[-1] == [pips.get(n, 0) for n in state.players]


def test_ok_skips_the_hands_already_entered_and_the_last_ok_may_be_left_out() -> None:
    game = blocked_round()
    table = Table(game, "round_end")
    ana, chen, dee = digits_for(game)
    table.tap(f"hand:{dee}", "pad:5", "pad:ok")  # entered out of turn ...
    assert table.chosen() == [ana]  # ... then on round the table to the first one waiting
    table.tap("pad:7", "pad:ok")
    assert table.chosen() == [chen]  # Ben (went out) and Dee are skipped
    table.tap("pad:9", "round_end:save")  # no OK needed before saving
    assert game.state.scores[-1] == [7, 0, 9, 5]


def test_a_shown_number_is_replaced_by_the_first_digit_typed() -> None:
    game = blocked_round()
    table = Table(game, "round_end")
    ana = next(iter(digits_for(game)))
    table.tap("pad:1", "pad:2")
    assert table.value_of(f"hand:{ana}") == "12"
    table.tap(f"hand:{ana}", "pad:4")  # chosen again: typing starts over
    assert table.value_of(f"hand:{ana}") == "4"
    table.tap("pad:3", "pad:⌫", "pad:⌫")
    assert table.value_of(f"hand:{ana}") == "–"


# -- 2. Tiles mode starts empty --------------------------------------------------------


def test_tiles_mode_starts_empty_and_stays_on_for_the_next_hand() -> None:
    game = blocked_round()
    table = Table(game, "round_end")
    ana, chen, _dee = digits_for(game)
    table.tap("mode:tiles")

    def counted(name: str) -> str:  # the whole screen picks tiles: the value is in its head
        return next(w.text for w in table.widgets() if w.key == f"count:{name}")

    assert counted(ana) == "–"  # nothing picked, nothing counted
    picked = [w for w in table.widgets() if w.key.startswith("left:") and w.key[5].isdigit()]
    assert picked and all(w.style is not Style.SELECTED for w in picked)
    table.tap(picked[0].key)
    tile = Tile.parse(picked[0].key.split(":")[1])
    assert counted(ana) == str(tile.lo + tile.hi)
    table.tap("left:ok")  # on to Chen's hand, by tiles again
    assert counted(chen) == "–"
    taken = next(w for w in table.widgets() if w.key == picked[0].key)
    assert not taken.enabled and not taken.tappable  # Ana's tile, greyed in its own cell
    table.tap("mode:pips")
    assert table.chosen() == [chen]
    assert table.value_of(f"hand:{ana}") == str(tile.lo + tile.hi)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tiles_picked_that_are_not_the_hands_count_are_said_on_the_tile_page(
    size: tuple[int, int],
) -> None:
    """Tom's seven tiles were picked as six and OK took them: the engine refused the round at
    Score in a toast, on another hand's screen, the tiles no longer in view."""
    game = blocked_round()
    table = Table(game, "round_end", size)
    ana, chen, _dee = digits_for(game)
    held = game.state.hands[game.state.players.index(ana)]
    table.tap("mode:tiles")
    offered = [w.key for w in table.widgets() if w.key.startswith("left:") and w.key[5].isdigit()]
    table.tap(*offered[: held + 1], "left:ok")  # one tile too many
    tips = [w.text for w in table.widgets() if w.role == "tip"]
    assert tips == [f"{ana} holds {held} tile, but {held + 1} were entered"]
    assert table.chosen() == [] and table.find(offered[0]).style is Style.SELECTED  # stays
    table.tap(offered[held], "left:ok")  # the extra one put back
    assert next(w.text for w in table.widgets() if w.key == f"count:{chen}") == "–"


# -- 3. amending starts from the recorded scores ---------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_amending_starts_every_keypad_from_the_rounds_scores(size: tuple[int, int]) -> None:
    game = scored_game()
    recorded = game.state.scores[0]
    table = Table(game, "scores", size)
    table.tap("bar:0", "amend:round:1")
    for seat, name in enumerate(PLAYERS):
        assert table.value_of(f"amend:{name}") == str(recorded[seat])
    table.tap("amend:Ben", "amend:key:3")  # the first digit replaces the recorded 12
    assert table.value_of("amend:Ben") == "3"
    assert any("12" in text for text in table.text_in("amend:Ben"))  # what it was
    table.tap("amend:key:ok", "amend:key:⌫", "amend:key:4", "amend:save")  # Chen: 0 -> 4
    assert table.submitted == [AmendRound(1, {"Ben": 3, "Chen": 4})]
    assert game.state.scores[0] == [recorded[0], 3, 4, recorded[3]]


def test_saving_an_unchanged_round_sends_nothing() -> None:
    game = scored_game()
    table = Table(game, "scores")
    table.tap("bar:0", "amend:round:2", "amend:Dee", "amend:key:3", "amend:key:⌫")
    table.tap("amend:key:3")  # Dee's recorded 3 typed again
    table.tap("amend:save")
    assert table.submitted == [] and table.ui.overlay is None


# -- 4. the score sheet: every round of the game at once ----------------------------------


def sheet_columns(table: Table) -> dict[str, Widget]:
    return {w.key: w for w in table.widgets() if w.role == "round"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ten_round_sheet_shows_all_ten_rounds(size: tuple[int, int]) -> None:
    game = scored_game(rounds=10, scored=10)
    table = Table(game, "scores", size)
    rounds = sheet_columns(table)
    assert sorted(rounds) == sorted(f"round:{k}" for k in range(1, 11))
    assert [rounds[f"round:{k}"].text for k in range(1, 11)] == [
        f"{d}-{d}" for d in range(9, -1, -1)
    ]
    screen = pygame.Rect((0, 0), size)
    boxes = [w.rect for w in rounds.values()]
    assert all(screen.contains(r) for r in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    totals = {w.key: w for w in table.widgets() if w.role == "total"}
    assert {k: int(w.text) for k, w in totals.items()} == {
        f"total:{n}": t for n, t in zip(PLAYERS, game.state.totals, strict=True)
    }
    least = 25 if size == (800, 480) else 39
    assert min(w.size for w in table.widgets() if w.text) >= least
    scores = [w for w in table.widgets() if w.role == "score"]
    assert len(scores) == 10 * len(PLAYERS)


def test_a_game_in_progress_shows_its_rounds_to_come() -> None:
    table = Table(scored_game(rounds=3, scored=2), "scores")
    assert sorted(sheet_columns(table)) == ["round:1", "round:2", "round:3"]


def pages_of(table: Table) -> list[dict[str, Widget]]:
    """Every page of the sheet, from the first: ◀ until it is greyed, then ▶ to the end."""

    def can(key: str) -> bool:
        return any(w.key == key and w.tappable for w in table.widgets())

    while can("sheet:earlier"):
        table.tap("sheet:earlier")
    pages = [sheet_columns(table)]
    while can("sheet:later"):
        table.tap("sheet:later")
        pages.append(sheet_columns(table))
    return pages


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_sheet_turns_its_pages_and_every_round_is_on_one(
    size: tuple[int, int], players: int
) -> None:
    """A double-12 game (13 rounds) of up to eight players: pages of whole rounds, each of
    them readable (names 32/50 px, totals 43/67 px, scores and running totals 25/39 px)."""
    names = [f"P{n}" for n in range(1, players + 1)]
    game = Game.from_events([NewGame(names, {"mode": "scores", "set": 12}), StartRound("P1")])
    for number in range(1, 13):  # twelve rounds scored, the thirteenth being played
        game.apply(EndRound({p: HandPips((n * 7 + number * 5) % 40) for n, p in
                             enumerate(names)}))  # fmt: skip
        game.apply(StartRound(names[number % players]))
    table = Table(game, "scores", size)
    first = sheet_columns(table)
    assert "round:13" in first, "the page with the round being played comes first"
    pages = pages_of(table)
    seen = [key for page in pages for key in page]
    assert set(seen) == {f"round:{k}" for k in range(1, 14)}
    screen = pygame.Rect((0, 0), size)
    for page in pages:
        boxes = sorted((w.rect for w in page.values()), key=lambda r: (r.x, r.y))
        assert all(screen.contains(r) for r in boxes)
        assert not any(a.colliderect(b) for a, b in itertools.combinations(boxes, 2))
    big, name, least = {(800, 480): (43, 32, 25), (720, 1280): (67, 50, 39)}[size]
    widgets = table.widgets()
    assert all(w.size >= big for w in widgets if w.role == "total")
    assert all(w.size >= name for w in widgets if w.key.startswith("name:"))
    assert all(w.size >= least for w in widgets if w.text)
    assert not [w.key for w in widgets if w.truncated]
    if players <= 4:  # running totals beside or under the scores, on pages of six or more
        assert len([w for w in widgets if w.role == "running"]) >= players


# -- 5. the history: a tap opens a game's sheet; the game in progress is marked -----------


def stored(store: GameStore, game: Game) -> int:
    first = game.log[0]
    assert isinstance(first, NewGame)
    game_id = store.new_game(first, NOW)
    for event in game.log[1:]:
        store.append(game_id, event, NOW)
    return game_id


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore.open(tmp_path / "data", clock=lambda: NOW)


def test_the_store_keeps_each_games_sheet_and_marks_the_game_in_progress(
    store: GameStore,
) -> None:
    left = Game.from_events([NewGame(PLAYERS, {"rounds": 3}), StartRound("Ana")])
    done = scored_game(rounds=2, scored=2)
    playing = scored_game(rounds=3, scored=1)
    ids = [stored(store, g) for g in (left, done, playing)]
    newest, finished, abandoned = store.history()
    assert [r.game_id for r in (newest, finished, abandoned)] == ids[::-1]
    assert (newest.in_progress, finished.in_progress, abandoned.in_progress) == (True, False, False)
    assert finished.doubles == (9, 8) and newest.doubles == (9, 8, 7)
    assert finished.scores == tuple(map(tuple, done.state.scores))
    assert newest.scores == tuple(map(tuple, playing.state.scores))
    store.close()


def test_an_older_database_gets_its_sheets_from_the_logs(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with GameStore.open(folder, clock=lambda: NOW) as store:
        stored(store, scored_game(rounds=2, scored=2))
    with sqlite3.connect(folder / "hub.sqlite3") as db:  # as schema version 4 left it
        db.execute("ALTER TABLE games DROP COLUMN sheet")
        db.execute("DROP TABLE club_games")  # version 6
        db.execute("ALTER TABLE players DROP COLUMN sounds_like")  # version 7
        db.execute("DROP INDEX players_by_key")  # version 8
        db.execute("ALTER TABLE players DROP COLUMN key")
        db.execute("PRAGMA user_version = 4")
    db.close()
    with GameStore.open(folder, clock=lambda: NOW) as store:
        [record] = store.history()
        assert record.doubles == (9, 8) and len(record.scores) == 2


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_in_the_history_opens_its_score_sheet(
    store: GameStore, size: tuple[int, int]
) -> None:
    done = scored_game(rounds=2, scored=2)
    playing = scored_game(rounds=3, scored=1)
    done_id, playing_id = stored(store, done), stored(store, playing)
    table = Table(playing, "history", size, history=store.history())
    store.close()
    assert "In progress" in table.text_in(f"history:game:{playing_id}")
    winner = done.state.players[done.state.outcome.winners[0]]  # type: ignore[union-attr]
    assert winner in table.text_in(f"history:game:{done_id}")
    assert "In progress" not in table.text_in(f"history:game:{done_id}")
    table.tap(f"history:game:{done_id}")
    assert sorted(sheet_columns(table)) == ["round:1", "round:2"]
    scores = {w.key: w.text for w in table.widgets() if w.role == "score"}
    for number, row in enumerate(done.state.scores, start=1):
        for name, score in zip(PLAYERS, row, strict=True):
            assert scores[f"score:{number}:{name}"] == str(score)
    assert not any(w.key == "bar:0" or w.key.startswith("amend") for w in table.widgets())
    table.tap("back")  # back to the list, not away from the history
    assert table.ui.current == "history" and table.find(f"history:game:{playing_id}")
    table.tap(f"history:game:{playing_id}")
    assert sorted(sheet_columns(table)) == ["round:1", "round:2", "round:3"]
    assert "In progress" in [w.text for w in table.widgets()]


def test_an_unfinished_game_that_was_left_is_not_shown_as_finished_or_in_progress() -> None:
    record = GameRecord(5, "2026-12-01T18:00", None, PLAYERS, (0, 0, 0, 0), (), 0, "classic")
    table = Table(None, "history", history=[record])
    texts = table.text_in("history:game:5")
    assert "Not finished" in texts and "In progress" not in texts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_twelve_letter_names_stand_whole_beside_their_pips(size: tuple[int, int]) -> None:
    """The family game by touch read "Grandma …" and "Maria-Hele…" at the round end, with
    room to spare once the number beside each name took only its own width."""
    names = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom")
    log = Simulator(4, {"preset": "classic", "set": 9, "rounds": 1}, 2, names=names).play_game()
    events = [e for e in log.effective if not isinstance(e, EndRound)]
    game = Game.from_events(events)
    table = Table(game, "round_end", size)
    for typed in (False, True):
        if typed:  # two digits beside each name that holds tiles
            for seat, name in enumerate(names):
                if game.state.hands[seat] > 0:
                    table.tap(f"hand:{name}", "pad:4", "pad:8", "pad:ok")
        for name in names:
            box = table.find(f"hand:{name}").rect
            shown = next(w for w in table.widgets() if w.key == f"name:{name}")
            assert box.contains(shown.rect)
            assert shown.text == name and not shown.truncated, (typed, shown.text)
    for name in names:  # the keypad's title names the hand being entered, whole
        table.tap(f"hand:{name}")
        title = next(w for w in table.widgets() if w.text == f"{name}'s hand")
        assert not title.truncated, title.lines


@pytest.mark.parametrize("language", available_languages())
def test_long_names_stand_whole_over_their_pips_at_a_wide_table_of_six(language: str) -> None:
    """At six players on the 800x480 screen a row of hands is about 190 px wide: "Grandma
    Rosa" and "Maria-Helena" were cut ("Gran…") beside their numbers, with room across the
    row. They stand whole across it, their counts of tiles and numbers under them."""
    names = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee")
    log = Simulator(6, {"preset": "classic", "set": 12, "rounds": 1}, 3, names=names).play_game()
    game = Game.from_events([e for e in log.effective if not isinstance(e, EndRound)])
    table = Table(game, "round_end", (800, 480))
    table.ctx.language = language
    table.ui.set_language(language)
    table.ui.state_changed(table.ctx)
    for typed in (False, True):
        if typed:  # two digits for each hand that holds tiles
            for seat, name in enumerate(names):
                if game.state.hands[seat] > 0:
                    table.tap(f"hand:{name}", "pad:4", "pad:8", "pad:ok")
        widgets = table.widgets()
        for seat, name in enumerate(names):
            row = table.find(f"hand:{name}").rect
            shown = next(w for w in widgets if w.key == f"name:{name}")
            assert row.contains(shown.rect) and not shown.truncated, (typed, shown.lines)
            held = game.state.hands[seat]
            count = table.ui.ntr("{n} tile", "{n} tiles", held).format(n=held)
            assert any(w.text == count and row.contains(w.rect) for w in widgets), (name, count)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_the_hand_being_entered_is_named_whole_at_a_table_of_six(
    size: tuple[int, int], language: str
) -> None:
    """At six players in Ukrainian the keypad's title read "Рука: / Grandma…" on two lines
    with room for the whole name drawn narrower, as the hands' names are."""
    names = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee")
    log = Simulator(6, {"preset": "classic", "set": 12, "rounds": 1}, 3, names=names).play_game()
    events = [e for e in log.effective if not isinstance(e, EndRound)]
    game = Game.from_events(events)
    table = Table(game, "round_end", size)
    table.ctx.language = language
    table.ui.set_language(language)
    table.ui.state_changed(table.ctx)
    holding = [name for seat, name in enumerate(names) if game.state.hands[seat] and len(name) > 4]
    assert holding
    for name in holding:
        table.tap(f"hand:{name}")
        for by_tiles in (False, True):
            table.tap("mode:tiles" if by_tiles else "mode:pips")
            title = table.ui.tr("{player}'s hand").format(player=name)
            shown = next(w for w in table.widgets() if w.text == title)
            assert not shown.truncated, (by_tiles, shown.lines)
