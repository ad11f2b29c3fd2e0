"""The seats phones hold and the hands entered on phones are kept in the store as they
arrive: after a restart, or a power cut (the files copied as they were, -wal and all), every
seat and hand is back, and the hands only while the same round end waits for them."""

from __future__ import annotations

import shutil
from pathlib import Path

from hub_harness import Hub, hub  # noqa: F401 - the fixture

from engine import EndRound, Game, HandPips, NewGame, StartRound
from hubd.loop.inbox import PhoneRequest
from hubd.store import GameStore
from hubd.values.snapshot import Snapshot
from hubd.web.desk import PhoneDesk

pytest_plugins = ["store_fixtures"]

PHONES = ("a" * 32, "b" * 32, "c" * 32)
PLAYERS = ("Ana", "Ben", "Cy")


def _desk(store: GameStore, published: list[Snapshot]) -> PhoneDesk:
    desk = PhoneDesk(b"s" * 32, published.append, "http://127.0.0.1:8080")
    desk.keep, desk.recall = store.keep_phone_desk, store.phone_desk
    return desk


def _ask(desk: PhoneDesk, game: Game, game_id: int, action: str, seat: int, pips: int = 0) -> None:
    answers: list[str | None] = []
    request = PhoneRequest(action, PHONES[seat], seat, game.state.round, pips, False, game_id,
                           answers.append)  # fmt: skip
    desk.handle(request, game.state, game_id, lambda event: False)
    assert answers == [None]


def test_seats_and_hands_come_back_after_a_power_cut(folder: Path, tmp_path: Path) -> None:
    opening = [NewGame(PLAYERS, {"mode": "scores"}), StartRound("Ana")]
    game = Game.from_events(opening)
    published: list[Snapshot] = []
    with GameStore.open(folder) as store:
        game_id = store.new_game(opening[0])
        store.append(game_id, opening[1])
        desk = _desk(store, published)
        desk.publish(Snapshot(game_id=game_id, state=game.state))
        for seat in range(3):
            _ask(desk, game, game_id, "claim", seat)
        _ask(desk, game, game_id, "hand", 0, 16)
        _ask(desk, game, game_id, "hand", 1, 53)
        cut = tmp_path / "after-the-cut"
        shutil.copytree(folder, cut)  # as a power cut leaves the files, the hub still open
    with GameStore.open(cut) as store:
        game = store.load(game_id)
        desk = _desk(store, published)
        desk.publish(Snapshot(game_id=game_id, state=game.state))
        assert desk.claims == dict(zip(PLAYERS, PHONES, strict=True))
        assert desk.hands == {"Ana": HandPips(16), "Ben": HandPips(53)}
        assert published[-1].claimed == frozenset(PLAYERS)
        # Once the round is scored, its hands are not brought back into the next round end.
        store.append(game_id, EndRound({"Ana": HandPips(16), "Ben": HandPips(53),
                                        "Cy": HandPips(0)}))  # fmt: skip
        store.append(game_id, StartRound("Ben"))
    with GameStore.open(cut) as store:
        game = store.load(game_id)
        desk = _desk(store, published)
        desk.publish(Snapshot(game_id=game_id, state=game.state))
        assert desk.hands == {} and len(desk.claims) == 3


def test_the_hubs_loop_keeps_a_phones_seat_in_its_store(hub: Hub) -> None:  # noqa: F811
    hub.app.core.phones = PhoneDesk(b"s" * 32, lambda snapshot: None, "http://127.0.0.1:8080")
    assert hub.app.core.submit(NewGame(("Ana", "Ben"))) and hub.app.core.submit(StartRound("Ana"))
    game_id = hub.app.core.game_id
    assert game_id is not None
    hub.app.inbox.post(PhoneRequest("claim", PHONES[1], 1, 1, 0, False, game_id, print))
    hub.run()
    kept = hub.store.phone_desk(game_id)
    assert kept is not None and '"Ben": "' + PHONES[1] in kept
