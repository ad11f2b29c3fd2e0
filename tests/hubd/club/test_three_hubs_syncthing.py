"""Three hubs on one machine, each with its own data folder and its own real Syncthing.

The instances listen on 127.0.0.1 only, with static addresses and no discovery, and are
paired through the REST API, as the hubs' Club screens pair them. Each hub writes its games
with the daemon's own ClubNight and reads the others' with the importer, as the daemon does
(the threads' loops are replaced by calling one scan at a time).
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from club_helpers import ClubHub
from syncthing_harness import SYNCTHING, Instance, connected, dial_now, pair

from engine import (
    AmendRound,
    EndRound,
    Event,
    FootOpened,
    HandPips,
    NewGame,
    StartRound,
    Toe,
)
from hubd.club.club_game import ClubGame

pytestmark = pytest.mark.skipif(
    SYNCTHING is None,
    reason="syncthing is not installed (apt-get install syncthing; .ci/system-deps does it)",
)

ARRIVAL_GOAL_S = 10.0


class Hub(ClubHub):
    def __init__(self, root: Path, number: int) -> None:
        super().__init__(root, number)
        self.syncthing = Instance(root / f"syncthing{number}")
        self.night.on_written = lambda sub: self.syncthing.client.scan(sub)

    def game(self, hub: str, name: str) -> ClubGame | None:
        self.refresh()
        found = [g for g in self.night.view.games if (g.hub, g.name) == (hub, name)]
        return found[0] if found else None


def scores_game(pips: dict[str, int], rounds: int = 1) -> list[Event]:
    players = tuple(pips)
    events: list[Event] = [NewGame(players, {"mode": "scores", "rounds": rounds})]
    for number in range(rounds):
        events += [StartRound(players[number % len(players)]), FootOpened(), Toe()]
        events.append(EndRound({name: HandPips(p) for name, p in pips.items()}))
    return events


def wait_for(what: str, check: Callable[[], bool], timeout: float = 30.0) -> float:
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.01)
    return time.monotonic() - start


@pytest.fixture(scope="module")
def hubs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Hub]]:
    root = tmp_path_factory.mktemp("club")
    made = [Hub(root, number) for number in (1, 2, 3)]
    try:
        for hub in made:
            hub.syncthing.start()
            hub.syncthing.client.set_up(hub.night.club, hub.night.table)
        instances = [hub.syncthing for hub in made]
        pair(instances)
        took = wait_for("the three hubs connect", lambda: connected(instances), timeout=60)
        print(f"\nthe three Syncthing instances were connected {took:.2f} s after pairing")
        yield made
    finally:
        for hub in made:
            hub.syncthing.stop()
            hub.store.close()


def test_a_game_on_hub_1_reaches_hubs_2_and_3(hubs: list[Hub]) -> None:
    one = hubs[0]
    name = one.play(scores_game({"Ana": 12, "Ben": 3, "Cy": 30}))
    start = time.monotonic()
    for hub in hubs[1:]:
        wait_for(f"{hub.night.table} sees the game", lambda h=hub: bool(_over(h, one, name)))
    took = time.monotonic() - start
    print(f"\na game finished on hub 1 was in hub 2's and hub 3's standings after {took:.2f} s")
    assert took < ARRIVAL_GOAL_S
    for hub in hubs:
        hub.refresh()
        rows = hub.night.view.standings().players
        assert [row.name for row in rows] == ["Ben", "Ana", "Cy"]


def _over(hub: Hub, owner: Hub, name: str) -> bool:
    game = hub.game(owner.night.hub, name)
    return game is not None and game.over


def test_a_hub_stopped_during_the_night_catches_up(hubs: list[Hub]) -> None:
    one, two, three = hubs
    three.syncthing.stop()
    name = one.play(scores_game({"Dee": 5, "Eve": 9}))
    wait_for("hub 2 sees the game", lambda: _over(two, one, name))
    assert three.game(one.night.hub, name) is None
    three.syncthing.start()
    dial_now(three.syncthing, [hub.syncthing for hub in hubs])
    took = wait_for("hub 3 catches up", lambda: _over(three, one, name), timeout=45)
    print(f"\nhub 3, started again, caught up in {took:.2f} s")


def long_game() -> list[Event]:
    """A game of 1.5 MB (8 long names, 5,000 amended rounds): more than Syncthing sends in
    its first burst, so the transfer can be cut in the middle."""
    names = tuple(f"Player {seat} with a long name"[:24] for seat in range(8))
    events: list[Event] = [
        NewGame(names, {"mode": "scores", "rounds": 2}),
        StartRound(names[0]),
        EndRound({name: HandPips(5) for name in names}),
    ]
    return events + [AmendRound(1, {n: i % 50 for n in names}) for i in range(5000)]


def test_syncthing_killed_mid_transfer_imports_no_half_game(hubs: list[Hub]) -> None:
    one, two, _ = hubs
    slow = {"maxRecvKbps": 100, "limitBandwidthInLan": True}
    two.syncthing.client.call("PATCH", "/rest/config/options", slow)
    wait_for("hub 2 is slowed down", lambda: "Rate limits apply" in two.syncthing.log())
    events = long_game()
    name = one.play(events, at_once=True)
    folder = two.night.club / one.night.hub
    wait_for("hub 2 starts receiving", lambda: any(folder.glob(".syncthing.*.tmp")))
    two.syncthing.stop(signal.SIGKILL)
    assert not (folder / name).exists()
    assert two.game(one.night.hub, name) is None  # the partial temporary file is ignored
    assert not two.night.view.set_aside
    two.syncthing.start()
    two.syncthing.call_when_up("PATCH", "/rest/config/options", {"maxRecvKbps": 0})
    dial_now(two.syncthing, [hub.syncthing for hub in hubs])

    def whole() -> bool:
        game = two.game(one.night.hub, name)
        return game is not None and game.lines == len(events)

    took = wait_for("hub 2 has the whole game", whole, timeout=40)
    print(f"\nhub 2, killed mid-transfer and started again, had the whole game in {took:.2f} s")


def test_a_conflicting_copy_never_loses_a_game(hubs: list[Hub]) -> None:
    one, two, _ = hubs
    events = scores_game({"Hal": 4, "Ida": 8}, rounds=2)
    name = one.play(events[:-1])  # the last round is being played

    def has_all_but_the_last(hub: Hub) -> bool:
        game = hub.game(one.night.hub, name)
        return game is not None and game.lines == len(events) - 1

    wait_for("hub 2 has the game", lambda: has_all_but_the_last(two))
    two.syncthing.stop()
    game_id = max(g.game_id for g in one.store.history(5))
    one.store.append(game_id, events[-1])
    one.night.committed(game_id, one.store.load(game_id))  # hub 1 finishes it ...
    finished = one.game(one.night.hub, name)
    assert finished is not None and finished.over
    time.sleep(1.1)  # ... and hub 2's copy is changed later, so Syncthing prefers hub 2's
    stray = two.night.club / one.night.hub / name
    stray.write_text("".join(stray.read_text().splitlines(keepends=True)[:2]))
    two.syncthing.start()
    dial_now(two.syncthing, [hub.syncthing for hub in hubs])

    def kept_everywhere() -> bool:
        return all(h.game(one.night.hub, name) == finished for h in hubs)

    wait_for("every hub keeps the finished game", kept_everywhere, timeout=45)
    conflicts = [p for h in hubs for p in (h.night.club / one.night.hub).glob("*sync-conflict*")]
    print(f"\nconflicting copies: {[p.name for p in conflicts]}")


def test_every_hub_shows_the_same_standings_and_seating(hubs: list[Hub]) -> None:
    for hub in hubs:
        hub.refresh()
    views = [(h.night.view.standings(), h.night.view.seating()) for h in hubs]
    assert views[0] == views[1] == views[2]
    assert views[0][0].tables == 1 and len(views[0][0].players) >= 7
