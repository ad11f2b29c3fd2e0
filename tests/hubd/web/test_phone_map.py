"""The phones' map follows the table as the hub's does (hubd/web/phone_map.py): each table
laid out from the layouts before it, off the web loop, the same after an undo and a restart."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from checkout import REPO
from web_harness import browser, phone
from web_table import Table as WebTable

from engine import Game, GameState, NewGame, StartRound
from hubd.picture import Layouts
from hubd.values.snapshot import Snapshot
from hubd.web import served as served_module
from hubd.web.guard import Limits
from hubd.web.phone_map import PhoneMap
from hubd.web.served import Served
from hubd.web.server import WebServer
from hubd.web.svg import map_svg

#: map_bench's game whose first round crowds the phone's map (38 tiles, three feet): laid out
#: afresh for every update, 137 tiles moved between a phone's consecutive updates; chained, 40.
GAME = 116
TILE = re.compile(r'data-tile="([^"]+)"><rect x="(-?\d+)" y="(-?\d+)"')
WAIT_S = 120.0


@pytest.fixture(scope="module")
def map_bench(load_script: Any) -> ModuleType:
    module: ModuleType = load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
    return module


def first_round(map_bench: ModuleType) -> Iterator[GameState]:
    """Each state of the game's first round, as the hub publishes it after each entry."""
    game = Game()
    for event in map_bench.play(*map_bench.game_specs(GAME + 1, 0)[GAME]):
        game.apply(event)
        state = game.state
        if state.round > 1:
            return
        if state.table is not None and state.in_round:
            yield state.copy()


def served_maps(states: list[GameState]) -> list[str]:
    """The map a phone is served after each of ``states``, each waited for (a new server)."""

    async def follow() -> list[str]:
        served = Served(Limits(), lambda: "2026-12-06", False)
        served.begin(asyncio.get_running_loop())
        maps = []
        try:
            for version, state in enumerate(states, 1):
                served.set(Snapshot(version=version, game_id=1, state=state))
                start = time.monotonic()
                while (game := json.loads(served.data("en"))["game"]).get("map_waits"):
                    assert time.monotonic() - start < WAIT_S
                    await asyncio.sleep(0.002)
                maps.append(game["map"])
        finally:
            served.close()
        return maps

    return asyncio.run(follow())


def moved(before: str, after: str) -> int:
    """Tiles on both maps that stand elsewhere on the second."""
    was = {tile: (x, y) for tile, x, y in TILE.findall(before)}
    return sum(1 for tile, x, y in TILE.findall(after) if was.get(tile, (x, y)) != (x, y))


def test_a_phone_follows_a_crowded_round_as_the_hub_lays_it_out(map_bench: ModuleType) -> None:
    """Each update a phone is served is the table laid out from the layouts before it (the
    hub's chain, hubd/picture/chain.py), so few tiles move between two updates; an undo gives
    back the map shown before the play, and a restarted hub's first map is the one shown."""
    states = list(first_round(map_bench))
    maps = served_maps([*states, states[-2]])  # the last play taken back
    chain = Layouts()
    chained = [
        map_svg(s.table, frozenset(p.tile for p in s.open_places()), layouts=chain) for s in states
    ]
    assert maps[:-1] == chained
    assert maps[-1] == maps[-3]  # the undo
    assert sum(moved(a, b) for a, b in itertools.pairwise(maps[:-1])) <= 40  # afresh: 137
    assert served_maps(states[-1:]) == maps[-2:-1]  # the hub restarted: the same map


def test_the_web_loop_answers_while_a_slow_layout_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crowded layout takes a second on a Pi: the page's data is answered at once, the map
    waiting, and the map follows when it is laid out."""
    laid_out = Layouts.laid_out

    def slow(self: Layouts, *args: Any) -> Any:
        time.sleep(2.0)
        return laid_out(self, *args)

    monkeypatch.setattr(Layouts, "laid_out", slow)
    hub = WebTable(tmp_path, Limits(requests_per_s=100))
    try:
        for _ in range(3):
            start = time.monotonic()
            status, _headers, body = hub.request("GET", f"/t/{hub.token}/state")
            game = json.loads(body)["game"]
            assert status == 200 and time.monotonic() - start < 1.0
            assert game["map"] is None and game["map_waits"]
        start = time.monotonic()
        while (game := json.loads(hub.request("GET", f"/t/{hub.token}/state")[2])["game"])[
            "map_waits"
        ]:
            assert time.monotonic() - start < 10
            time.sleep(0.05)
        assert game["map"].startswith("<svg")
    finally:
        hub.close()


def test_a_phone_opened_mid_round_sees_the_table_while_the_chain_catches_up(
    map_bench: ModuleType,
) -> None:
    """No phone followed the round (or the hub restarted): the chain lays out every table
    before this one first, seconds on a Pi. Meanwhile the table is served laid out afresh."""

    def draw(table: Any, _open_ends: frozenset[Any], layouts: Layouts) -> str:
        if layouts.chained:
            time.sleep(2.0)  # the round's tables laid out first
        return "chained" if layouts.chained else "afresh"

    state = list(first_round(map_bench))[-1]
    ends = frozenset(place.tile for place in state.open_places())
    drawn = threading.Event()
    phone_map = PhoneMap(drawn.set, draw)
    try:
        assert phone_map.svg(state.table, ends) == (None, True)
        assert drawn.wait(1.0)
        assert phone_map.svg(state.table, ends) == ("afresh", True)
        start = time.monotonic()
        while phone_map.svg(state.table, ends) != ("chained", False):
            assert time.monotonic() - start < 10
            time.sleep(0.05)
    finally:
        phone_map.close()


def test_a_page_keeps_its_map_while_a_restarted_hub_lays_the_round_out_again(
    map_bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hub restarted mid-round serves the table laid out afresh while its chain lays the
    round out again: a page showing the map keeps it, and the map that comes is the same
    (Debian's chromium at 360 px)."""
    token, state = "t" * 22, list(first_round(map_bench))[-1]
    shown = "#map .frame"
    with browser() as chromium:
        page = phone(chromium, 360, 740)
        hub = WebServer("127.0.0.1", 0, lambda _request: None)
        assert hub.start() is None
        hub.publish(Snapshot(version=1, game_id=1, token=token, state=state))
        page.goto(f"http://127.0.0.1:{hub.port}/t/{token}?lang=en")
        page.wait_for_selector("#map:not([data-waits]) svg", state="attached", timeout=60_000)
        before = page.inner_html(shown)
        hub.stop()
        laid_out = Layouts.laid_out

        def slow(self: Layouts, *args: Any) -> Any:
            if self.chained:
                time.sleep(5.0)  # the round's tables laid out again, on a Pi
            return laid_out(self, *args)

        monkeypatch.setattr(Layouts, "laid_out", slow)
        restarted = WebServer("127.0.0.1", hub.port, lambda _request: None)
        assert restarted.start() is None
        try:
            restarted.publish(Snapshot(version=1, game_id=1, token=token, state=state))
            page.wait_for_selector("#map[data-waits]", state="attached", timeout=20_000)
            start = time.monotonic()
            while not served_afresh(restarted):  # the table laid out afresh, sent to the page
                assert time.monotonic() - start < 20
                time.sleep(0.05)
            time.sleep(2.0)  # a page polling asks every 0.7 s
            assert page.inner_html(shown) == before  # not the table laid out afresh
            page.wait_for_selector("#map:not([data-waits])", state="attached", timeout=60_000)
            assert page.inner_html(shown) == before
        finally:
            restarted.stop()


def served_afresh(hub: WebServer) -> bool:
    """Whether ``hub`` serves a map while its table's own is still to come."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=5)
    try:
        connection.request("GET", f"/t/{hub.served.snapshot.token}/state")
        game = json.loads(connection.getresponse().read())["game"]
    finally:
        connection.close()
    return bool(game["map"] and game["map_waits"])


def test_a_new_game_on_the_same_double_is_never_served_the_last_games_map(
    map_bench: ModuleType,
) -> None:
    """The stand-in while a table's map is laid out is a map of a table it grew from: a new
    game that opens with the same double shows no map of the game before it (its crowded
    last table stood on a phone opened for the new game until the chain caught up)."""

    def draw(table: Any, _open_ends: frozenset[Any], layouts: Layouts) -> str:
        if len(table.placed) == 1:
            time.sleep(1.0)  # the new game's first table takes its time
        return f"{len(table.placed)} tiles"

    last = list(first_round(map_bench))[-1]
    assert last.table is not None and last.rules is not None
    new = Game.from_events([NewGame(("Ana", "Ben"), {"set": last.rules.highest}),
                            StartRound("Ana")]).state  # fmt: skip
    assert new.table is not None and new.table.hub == last.table.hub
    drawn = threading.Event()
    phone_map = PhoneMap(drawn.set, draw)
    try:
        phone_map.svg(last.table, frozenset())
        assert drawn.wait(WAIT_S)
        assert phone_map.svg(new.table, frozenset()) == (None, True)
    finally:
        phone_map.close()


def test_a_phone_following_gets_each_entry_with_its_own_map(
    map_bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page following the round is sent each entry with its table's own map, not the map
    before it followed by its own (in a crowded round 0.4 s apart, the table shown was one
    play behind in 46 of 74 updates): the snapshot waits a moment for its map."""
    monkeypatch.setattr(served_module, "MAP_HOLD_S", WAIT_S, raising=False)  # however loaded
    grown = {len(s.table.placed): s for s in first_round(map_bench) if s.table is not None}
    token, states = "t" * 22, [grown[n] for n in sorted(grown)[-4:]]  # a tile more each
    hub = WebServer("127.0.0.1", 0, lambda _request: None)
    assert hub.start() is None
    try:
        hub.publish(Snapshot(version=1, game_id=1, token=token, state=states[0]))
        stream = socket.create_connection(("127.0.0.1", hub.port), timeout=WAIT_S)
        stream.sendall(f"GET /t/{token}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        events = stream_events(stream)
        while (game := next(events)["game"])["map_waits"]:
            pass  # the first table's map, laid out when the page opened
        for version, state in enumerate(states[1:], 2):
            shown = game["map"]
            hub.publish(Snapshot(version=version, game_id=1, token=token, state=state))
            game = next(events)["game"]
            assert not game["map_waits"] and game["map"] != shown
        stream.close()
    finally:
        hub.stop()


def stream_events(stream: socket.socket) -> Iterator[dict[str, Any]]:
    """Each message of a server-sent event stream, in order."""
    buffer = b""
    while True:
        chunk = stream.recv(1 << 20)
        assert chunk, "the stream ended"
        *lines, buffer = (buffer + chunk).split(b"\n")
        for line in lines:
            if line.startswith(b"data: {"):
                yield json.loads(line.removeprefix(b"data: "))
