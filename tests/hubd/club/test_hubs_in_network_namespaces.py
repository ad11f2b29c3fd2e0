"""The organiser's path on a real network: hubs in network namespaces, paired by their screens.

Three hubs, each in its own network namespace made by this test (a veth pair each into a
bridge the test makes; addresses 10.77.0.N that exist only inside those namespaces), each
with its own data folder and its own real Syncthing, local discovery on. The organiser pairs
them by tapping the nearby hubs on each hub's Hubs tab (the taps go through the Club screen
and the hub's own link to Syncthing, as on the night). Then a game on each table, one
table's Syncthing stopped while the others play on, a conflicting copy, a game imported
twice, and a fourth hub with local discovery off paired by typing ids on the keypads.

Skipped, with the reason, without Syncthing or without the rights to make namespaces
(`.ci/run` runs as root); tests/hubd/club/test_three_hubs_syncthing.py covers three hubs on
127.0.0.1.
"""

from __future__ import annotations

import queue
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from club_helpers import ClubHub, log_text
from netns_harness import Network, network, why_not
from syncthing_harness import SYNCTHING, Instance

from engine import EndRound, Event, HandPips, NewGame, StartRound, dump_line
from hubd.club.link import LinkStatus, SyncLink
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Kind, Widget
from hubd.store import AlreadyStoredError
from hubd.values.intents import ClubChoice

REASON = (
    "syncthing is not installed (apt-get install syncthing)" if SYNCTHING is None else why_not()
)
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

FIRST_CONNECTION_GOAL_S = 10.0


class Hub(ClubHub):
    """A hub as the daemon runs it: its store, ClubNight, importer, link, and Club screen."""

    def __init__(self, root: Path, net: Network, number: int, *, discovery: bool) -> None:
        super().__init__(root, number)
        net.add_hub(number)
        self.syncthing = Instance(
            root / f"syncthing{number}", host=f"10.77.0.{number}", discovery=discovery,
            prefix=net.prefix(number), client=net.client(number),
        )  # fmt: skip
        self.posts: queue.SimpleQueue[LinkStatus] = queue.SimpleQueue()
        self.ui = Ui((800, 480))
        self.link: SyncLink | None = None

    def start(self) -> None:
        self.syncthing.start()
        client = self.syncthing.client
        self.link = SyncLink(lambda: client, self.night.club, self.night.table, self.posts.put,
                             every=0.5)  # fmt: skip
        self.night.sync = self.link
        self.night.on_written = self.link.scan
        self.link.start()

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
        self.syncthing.stop()
        self.store.close()

    # -- a turn of the daemon's loop, and the organiser's taps -----------------------------

    def refresh(self) -> None:
        while not self.posts.empty():
            self.night.handle(self.posts.get())
        super().refresh()

    def context(self) -> UiContext:
        return UiContext(club=self.night.state())

    def widgets(self, tab: str) -> list[Widget]:
        self.ui.go("club")
        self.tap(f"club:tab:{tab}")
        return self.ui.layout(self.context(), time.monotonic())

    def tap(self, key: str) -> None:
        found = [w for w in self.ui.layout(self.context(), time.monotonic()) if w.key == key]
        assert found, f"{self.night.table}: no {key} on the screen"
        for intent in self.ui.tap(found[0].rect.center, self.context(), time.monotonic()):
            if isinstance(intent, ClubChoice):
                self.night.choose(intent)

    def type_pairing(self, text: str) -> None:
        """The organiser types another hub's id and address on the keypad."""
        self.widgets("hubs")
        self.tap("club:pair")
        for char in text:
            self.tap("key:space" if char == " " else f"key:{char}")
        self.tap("key:done")

    def pairing_text(self) -> str:
        """What this hub's QR code says (a phone's camera reads it; the organiser types it)."""
        [code] = [w.lines[0] for w in self.widgets("hubs") if w.kind is Kind.QR]
        return code

    # -- the night -----------------------------------------------------------------------

    def connected_to(self, count: int) -> bool:
        link = self.night.link
        return link is not None and sum(p.connected for p in link.peers) >= count

    def has(self, hub: Hub, name: str) -> bool:
        return any(g.key == (hub.night.hub, name) and g.over for g in self.night.view.games)

    def figures(self) -> tuple[object, object]:
        view = self.night.view
        return view.standings(), view.seating()


def game(pips: dict[str, int], rounds: int = 1) -> list[Event]:
    players = tuple(pips)
    events: list[Event] = [NewGame(players, {"mode": "scores", "rounds": rounds})]
    for number in range(rounds):
        events.append(StartRound(players[number % len(players)]))
        events.append(EndRound({name: HandPips(p + number) for name, p in pips.items()}))
    return events


def wait_for(what: str, hubs: list[Hub], check: Callable[[], bool], timeout: float = 45) -> float:
    """Turns of every hub's loop until ``check`` holds; the seconds it took."""
    start = time.monotonic()
    while True:
        for hub in hubs:
            hub.refresh()
        if check():
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.05)


def same_everywhere(hubs: list[Hub]) -> bool:
    figures = [hub.figures() for hub in hubs]
    return all(f == figures[0] for f in figures)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Network, list[Hub]]]:
    root = tmp_path_factory.mktemp("room")
    with network() as net:
        hubs: list[Hub] = []
        try:
            for number in (1, 2, 3):
                hubs.append(Hub(root, net, number, discovery=True))
            for hub in hubs:
                hub.start()
            yield net, hubs
        finally:
            for hub in hubs:
                hub.close()


def test_the_organiser_pairs_the_hubs_by_tapping_them(room: tuple[Network, list[Hub]]) -> None:
    _, hubs = room
    start = time.monotonic()

    def tap_every_nearby_hub() -> bool:
        for hub in hubs:
            for widget in hub.widgets("hubs"):
                if widget.key.startswith("club:accept:"):
                    hub.tap(widget.key)
        return all(hub.connected_to(2) for hub in hubs)

    took = wait_for("the organiser pairs the three hubs", hubs, tap_every_nearby_hub, 60)
    print(f"\nthree hubs paired by taps on their Hubs tabs, all connected after {took:.1f} s")
    assert time.monotonic() - start < 60
    for hub in hubs:
        peers = [w.text for w in hub.widgets("hubs") if w.role == "peer"]
        assert len(peers) == 2 and all(text.endswith(": connected") for text in peers), peers


def test_a_game_per_table_gives_every_hub_the_same_night(
    room: tuple[Network, list[Hub]],
) -> None:
    _, hubs = room
    tables = [
        {"Ana": 10, "Ben": 30, "Cy": 5},
        {"Dee": 7, "Eve": 0, "Fay": 22},
        {"Gus": 3, "Hal": 40, "Ida": 11},
    ]
    names = [hub.play(game(pips)) for hub, pips in zip(hubs, tables, strict=True)]
    took = wait_for(
        "every hub has every table's game",
        hubs,
        lambda: all(h.has(o, n) for h in hubs for o, n in zip(hubs, names, strict=True)),
    )
    print(f"\na game finished on each of three tables was in every hub's standings {took:.2f} s "
          "later (namespaced network)")  # fmt: skip
    assert same_everywhere(hubs)
    board, seating = hubs[0].figures()
    assert board.tables == 3 and len(board.players) == 9  # type: ignore[attr-defined]
    assert seating is not None and seating.waiting == ()  # type: ignore[attr-defined]


def test_the_seating_waits_for_a_table_whose_syncthing_stopped(
    room: tuple[Network, list[Hub]],
) -> None:
    _, hubs = room
    one, two, three = hubs
    proposal = one.night.view.seating()
    assert proposal is not None
    three.syncthing.stop()
    seated = dict(proposal.tables)
    names = {}
    for hub in hubs:  # the next round, as proposed; Table 3 plays on without Syncthing
        who = seated[hub.night.hub]
        names[hub.night.hub] = hub.play(game({name: 2 * i + 1 for i, name in enumerate(who)}))
    pair = [one, two]
    wait_for("tables 1 and 2 see each other's game", pair,
             lambda: all(h.has(o, names[o.night.hub]) for h in pair for o in pair))  # fmt: skip
    for hub in (one, two):
        later = hub.night.view.seating()
        assert later is not None and later.waiting == (three.night.hub,)
        said = [w.text for w in hub.widgets("seating") if w.role == "waiting"]
        assert said == ["Waiting for Table 3"]
    began = time.monotonic()
    three.syncthing.start()
    wait_for(
        "Table 3 is back and every hub proposes the same seating",
        hubs,
        lambda: all(h.has(three, names[three.night.hub]) for h in hubs) and same_everywhere(hubs),
    )
    took = time.monotonic() - began
    print(f"\nTable 3's Syncthing started again: every hub had its game {took:.2f} s later")
    later = one.night.view.seating()
    assert later is not None and later.waiting == () and len(later.tables) == 3


def test_a_conflicting_copy_is_set_aside_on_every_hub(room: tuple[Network, list[Hub]]) -> None:
    _, hubs = room
    one, two, _ = hubs
    before = [hub.night.view.standings() for hub in hubs]
    [first] = [g for g in one.night.view.games if g.hub == one.night.hub][:1]
    stem = first.name.removesuffix(".jsonl")
    stray = two.night.club / one.night.hub / f"{stem}.sync-conflict-20261205-034100-W4RONU2.jsonl"
    stray.write_text(log_text(game({"Ana": 90, "Ben": 1, "Cy": 50}, rounds=2)))

    def set_aside_everywhere() -> bool:
        return all(
            [c.counted.key for c in h.night.view.conflicts] == [first.key] for h in hubs
        ) and all(hub.night.view.standings() == b for hub, b in zip(hubs, before, strict=True))

    took = wait_for("every hub sets the conflicting copy aside", hubs, set_aside_everywhere)
    print(f"\na conflicting copy was set aside on every hub within {took:.2f} s")
    assert [w.text for w in one.widgets("hubs") if w.role == "conflict"] != []
    assert (one.night.folder / first.name).read_text().count("\n") == first.lines


def test_the_same_game_imported_twice_counts_once(room: tuple[Network, list[Hub]]) -> None:
    _, hubs = room
    two = hubs[1]
    lines = [dump_line(e) for e in game({"Jo": 4, "Kim": 9}, rounds=2)]
    game_id = two.store.import_log(lines)
    two.night.committed(game_id, two.store.load(game_id))
    with pytest.raises(AlreadyStoredError):
        two.store.import_log(lines)
    name = two.night.file_name(game_id)
    assert name is not None
    # As an old hub did: the same log a second time under another name.
    shutil.copy(two.night.folder / name, two.night.folder / name.replace(f"-g{game_id}.", "-g99."))

    def once_everywhere() -> bool:
        for hub in hubs:
            rows = [r for r in hub.night.view.standings().players if r.name == "Jo"]
            if [r.games for r in rows] != [1]:
                return False
        return same_everywhere(hubs)

    wait_for("every hub counts the game once", hubs, once_everywhere)


def test_a_hub_without_local_discovery_pairs_by_typed_ids(
    room: tuple[Network, list[Hub]], tmp_path: Path
) -> None:
    net, hubs = room
    one = hubs[0]
    four = Hub(tmp_path, net, 4, discovery=False)
    try:
        four.start()
        wait_for("hub 4's link is up", [four], lambda: bool(four.night.link and
                 four.night.link.device_id))  # fmt: skip
        assert four.night.link is not None and not four.night.link.discovery
        start = time.monotonic()
        four.type_pairing(one.pairing_text())
        one.type_pairing(four.pairing_text())
        took = wait_for("hub 4 meets the club", [*hubs, four], lambda: four.connected_to(1))
        print(f"\ntyped ids, local discovery off: connected {took:.2f} s after the typing")
        assert took < FIRST_CONNECTION_GOAL_S
        wait_for("hub 4 has the night", [*hubs, four],
                 lambda: same_everywhere([*hubs, four]))  # fmt: skip
        print(f"hub 4 had the night's standings {time.monotonic() - start:.2f} s after")
    finally:
        four.close()
