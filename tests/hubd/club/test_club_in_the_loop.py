"""The club night in the main loop: this hub's file follows the store, the others' games
arrive through the inbox and are stored, even when the store could not take them at first, and
the name picker offers who sits here next. The organiser's choices on the Club screen:
tests/hubd/club/test_organiser_on_the_club_screen.py."""

# ruff: noqa: F811  (``hub`` is club_loop's fixture, named in the tests' arguments)

from __future__ import annotations

from pathlib import Path

import pytest
from club_helpers import EVENING, put_game
from club_loop import NIGHT, OTHER, ClubHub, hub, play_a_game  # noqa: F401 - the fixture

from engine import Game, NewGame, StartRound
from hubd.club.night import ClubNight
from hubd.screens import Ui, UiContext
from hubd.screens.kit.builder import Builder
from hubd.screens.menu import Menu
from hubd.store import GameStore
from hubd.values.intents import ClubChoice


def test_this_hubs_file_follows_the_store_event_by_event(hub: ClubHub) -> None:
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}))
    path = hub.club.folder / "2026-12-01T193000-g1.jsonl"
    assert path.read_text().count("\n") == 1
    assert hub.app.core.submit(StartRound("Ana"))
    exported = []
    hub.app.core.store.export_jsonl(1, type("Out", (), {"write": exported.append})())
    assert path.read_text() == "".join(exported)


def test_a_file_changed_under_the_hub_is_written_whole_again(hub: ClubHub) -> None:
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}))
    path = hub.club.folder / "2026-12-01T193000-g1.jsonl"
    path.write_text("garbage")
    assert hub.app.core.submit(StartRound("Ana"))
    assert path.read_text().splitlines()[1] == '{"type": "start_round", "opener": "Ana"}'


def test_other_tables_games_arrive_and_show_in_the_standings(hub: ClubHub) -> None:
    play_a_game(hub)
    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    hub.arrive()
    state = hub.app.core.context().club
    assert state is not None
    board = state.view.standings(NIGHT)
    assert [row.name for row in board.players] == ["Cy", "Ben", "Ana", "Dee"]
    assert board.tables == 2
    hub.arrive()  # the same files again: nothing new is stored
    assert len(hub.app.core.store.club_games()) == 2
    hub.app.ui.go("club")
    texts = [w.text for w in hub.widgets()]
    assert "Cy" in texts and "2026-12-01 · 2 tables" in texts


def test_without_club_nights_the_menu_has_no_club() -> None:
    ui = Ui((800, 480))
    b = Builder(ui.painter, (800, 480), ui.translator)
    Menu(ui).build(b, UiContext())
    assert not any(w.key == "menu:club" for w in b.widgets)
    b = Builder(ui.painter, (800, 480), ui.translator)
    Menu(ui).build(b, UiContext(club=object()))  # type: ignore[arg-type]
    assert any(w.key == "menu:club" for w in b.widgets)


def test_the_name_picker_offers_who_sits_here_next_first(hub: ClubHub) -> None:
    play_a_game(hub)
    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    hub.arrive()
    hub.app.handle_intent(ClubChoice("movers", 1, "2026-12-01"))
    # 11-3 with one mover: Ben (this table's lowest) leaves, Cy comes from Table 2.
    assert list(hub.app.core.context().known_players)[:2] == ["Ana", "Cy"]
    assert "Ben" in hub.app.core.context().known_players  # still there, after them


def test_news_the_store_cannot_take_is_kept_and_stored_later(
    hub: ClubHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hubd.store import StoreFullError

    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")

    def full(_rows: object) -> int:
        raise StoreFullError("the disk is full")

    real = hub.app.core.store.keep_club_games
    monkeypatch.setattr(hub.app.core.store, "keep_club_games", full)
    hub.arrive()  # refused by the store: still counted, never a crash
    state = hub.app.core.context().club
    assert state is not None and [r.name for r in state.view.standings(NIGHT).players] == [
        "Cy",
        "Dee",
    ]
    monkeypatch.setattr(hub.app.core.store, "keep_club_games", real)
    put_game(hub.club.club, OTHER, 2, {"Cy": 5, "Dee": 1}, started=EVENING.replace(hour=21))
    hub.arrive()
    assert len(hub.app.core.store.club_games()) == 2  # the refused game was stored with the next
    state = hub.app.core.context().club
    assert state is not None and len(state.view.games) == 2


def test_tonights_games_are_written_at_start_and_earlier_nights_are_not(tmp_path: Path) -> None:
    data = tmp_path / "data"
    events = [NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}), StartRound("Ana")]
    with GameStore.open(data, clock=lambda: EVENING.astimezone()) as store:
        tonight = store.new_game(events[0])
        store.append(tonight, events[1])
    with GameStore.open(data, clock=lambda: EVENING.replace(day=2).astimezone()) as store:
        store.new_game(events[0])  # the night after: not tonight's
        club = ClubNight(data, store, "Table 1", wall=lambda: EVENING.replace(hour=23))
        club.open()
        written = sorted(p.name for p in club.folder.glob("*.jsonl"))
        assert written == ["2026-12-01T193000-g1.jsonl"]
        assert (club.folder / written[0]).read_text().count("\n") == 2
        club.committed(tonight, Game.from_events(events))  # nothing new: the file stays
        assert (club.folder / written[0]).read_text().count("\n") == 2
