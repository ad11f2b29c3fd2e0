"""The link to Syncthing with a scripted stand-in for its REST API (no network): set up once,
the paired hubs' last contact, the nearby hubs, a refused request, Syncthing not running."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hubd.club.link import LinkStatus, Nearby, PairingError, SyncLink, parse_pairing, parse_time
from hubd.club.pairing import Pairing, Pairings
from hubd.club.syncthing import Syncthing, SyncthingError

ME, PEER, NEW, SEEN = "ME" * 31 + "E", "P" * 63, "N" * 63, "D" * 63


class StandIn(Syncthing):
    """Answers the calls the link makes, as Syncthing 1.19 does."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.refuse_accept = False
        self.pending_too: dict[str, Any] = {}
        self.configs: list[Any] = []  # each config PUT

    def call(self, method: str, path: str, body: object = None, query: Any = None) -> Any:
        self.calls.append((method, path))
        if method == "PUT" and path == "/rest/config" and not self.refuse_accept:
            self.configs.append(body)
        if method == "PUT" and path == "/rest/config" and self.refuse_accept:
            raise SyncthingError(f"Syncthing refused PUT {path} (400)")
        answers: dict[str, Any] = {
            "/rest/system/status": {"myID": ME, "connectionServiceStatus": {
                "tcp://0.0.0.0:22000": {"lanAddresses": ["tcp://127.0.0.1:22000",
                                                         "tcp://10.0.0.1:22000"]}}},
            "/rest/config/options": {"localAnnounceEnabled": False},
            "/rest/config/devices": [{"deviceID": ME, "name": "Table 1"},
                                     {"deviceID": PEER, "name": "Table 2"}],
            "/rest/system/connections": {"connections": {PEER: {"connected": False}}},
            "/rest/stats/device": {PEER: {"lastSeen": "2026-12-01T19:58:00.123456789Z"}},
            "/rest/cluster/pending/devices": {
                NEW: {"name": "Table 3", "address": "10.0.0.3:22000"}
            },
            "/rest/system/discovery": {SEEN: {"addresses": ["tcp://10.0.0.4:22000"]}, PEER: {}},
            "/rest/config/folders/chickenfoot-club": {"devices": [{"deviceID": ME}]},
            "/rest/config": {"devices": [{"deviceID": ME}], "folders": [
                {"id": "chickenfoot-club", "devices": [{"deviceID": ME}]}]},
        }  # fmt: skip
        if path == "/rest/cluster/pending/devices":
            answers[path] = {**answers[path], **self.pending_too}
        return answers.get(path) if method == "GET" else None


def link(tmp_path: Path, client: Syncthing | None, posted: list[LinkStatus]) -> SyncLink:
    def connect() -> Syncthing:
        if client is None:
            raise SyncthingError("Syncthing is not running (Connection refused)")
        return client

    now = parse_time("2026-12-01T20:00:30Z")
    assert now is not None
    return SyncLink(connect, tmp_path / "club", "Table 1", posted.append, wall=lambda: now)


def test_the_status_names_the_paired_and_the_nearby_hubs(tmp_path: Path) -> None:
    client = StandIn()
    status = link(tmp_path, client, []).poll()
    assert status.running and status.device_id == ME
    [peer] = status.peers
    assert (peer.name, peer.connected, round(peer.seen_ago_s or 0)) == ("Table 2", False, 150)
    assert status.nearby == (
        Nearby(NEW, "Table 3", "10.0.0.3:22000"),
        Nearby(SEEN, "", "tcp://10.0.0.4:22000"),
    )
    assert ("PATCH", "/rest/config/options") in client.calls  # set up: LAN only
    assert status.addresses == ("tcp://10.0.0.1:22000",) and not status.discovery
    assert status.pairing_text == f"{ME} 10.0.0.1:22000"
    assert ("PUT", "/rest/config/folders/chickenfoot-club") not in client.calls  # it exists


def test_a_refused_pairing_is_no_outage_and_set_up_happens_once(tmp_path: Path) -> None:
    client = StandIn()
    client.refuse_accept = True
    sync = link(tmp_path, client, [])
    sync.poll()
    status = sync.poll([lambda c: c.accept(NEW, "Table 3")])
    assert status.running
    assert client.calls.count(("PATCH", "/rest/config/options")) == 1
    client.refuse_accept = False
    sync.poll([lambda c: c.accept(NEW, "Table 3")])
    assert ("PUT", "/rest/config") in client.calls  # paired and shared in one change


def test_syncthing_not_running_is_said_plainly(tmp_path: Path) -> None:
    status = link(tmp_path, None, []).poll()
    assert status == LinkStatus(False, "Syncthing is not running (Connection refused)")


def test_syncthing_times_are_read_and_its_zero_time_is_never() -> None:
    assert parse_time("1970-01-01T00:00:00Z") is None
    assert parse_time("not a time") is None
    assert parse_time("2026-12-01T20:00:00+01:00") == parse_time("2026-12-01T19:00:00Z")


GROUPS = "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD"


@pytest.mark.parametrize(
    ("typed", "addresses"),
    [
        (GROUPS, ()),
        (GROUPS.lower().replace("-", " "), ()),
        (f"{GROUPS} tcp://10.0.0.3:22000", ("tcp://10.0.0.3:22000",)),
        (f"{GROUPS.replace('-', '')} 10.0.0.3", ("tcp://10.0.0.3:22000",)),
        (f"{GROUPS} 10.0.0.3:22001", ("tcp://10.0.0.3:22001",)),
    ],
)
def test_a_typed_device_id_and_address_are_read(typed: str, addresses: tuple[str, ...]) -> None:
    assert parse_pairing(typed) == (GROUPS, addresses)


@pytest.mark.parametrize("typed", ["", "hello", GROUPS[:-1], f"{GROUPS} tcp://a b:c/"])
def test_what_is_no_device_id_is_refused_in_one_line(typed: str) -> None:
    with pytest.raises(PairingError) as refused:
        parse_pairing(typed)
    assert "\n" not in str(refused.value)


def added(client: StandIn, sync: SyncLink) -> list[tuple[list[str], dict[str, str]]]:
    """Carry out the link's waiting requests in one poll; each device added and the club
    folder shared with it (its addresses, the folder's last device), one change of the
    config each."""
    requests: list[Callable[[Syncthing], None]] = []
    while not sync._requests.empty():
        request = sync._requests.get_nowait()
        assert request is not None
        requests.append(request)
    sync.poll(requests)
    return [(b["devices"][-1]["addresses"], b["folders"][0]["devices"][-1]) for b in client.configs]


def test_a_tapped_hub_is_dialled_where_it_was_seen(tmp_path: Path) -> None:
    client = StandIn()
    sync = link(tmp_path, client, [])
    sync._last = sync.poll()
    sync.accept(SEEN, "")
    sync.pair(GROUPS, ("tcp://10.0.0.5:22000",))
    assert added(client, sync) == [(["tcp://10.0.0.5:22000", "dynamic"], {"deviceID": GROUPS})]
    # SEEN's id sorts before this hub's: it dials first (below), this one at the same place.
    assert sync._pairings.waiting == (Pairing(SEEN, "", ("tcp://10.0.0.4:22000", "dynamic")),)


def test_of_two_hubs_paired_at_once_the_first_by_id_dials_and_the_other_waits(
    tmp_path: Path,
) -> None:
    """Both dialling within milliseconds stalls Syncthing 1.19 for 20 s (hubd.club.pairing)."""
    client = StandIn()
    now = [0.0]
    posted: list[LinkStatus] = []
    sync = SyncLink(lambda: client, tmp_path / "club", "Table 1", posted.append,
                    clock=lambda: now[0])  # fmt: skip
    sync.poll()
    sync.pair(SEEN, ("tcp://10.0.0.4:22000",))  # SEEN < ME: this hub waits
    sync.poll([sync._requests.get_nowait()])  # type: ignore[list-item]
    status = sync.poll()
    assert [(p.device, p.connected) for p in status.peers if p.device == SEEN] == [(SEEN, False)]
    assert SEEN not in {n.device for n in status.nearby}
    # It is dialling this hub now (Syncthing turned it away: pending); once it has for a
    # moment (its first attempts come together), this hub adds it and dials once.
    client.pending_too = {SEEN: {"name": "Table 4", "address": "10.0.0.4:41000"}}
    now[0] = 1.0
    sync.poll()
    now[0] = 2.0
    sync.poll()
    assert ("PUT", "/rest/config") not in client.calls
    now[0] = 2.5
    sync.poll()
    assert client.calls.count(("PUT", "/rest/config")) == 1
    assert not sync._pairings.waiting


def test_the_second_hub_dials_itself_when_the_first_never_does() -> None:
    pairings = Pairings(settle_s=1.5, wait_at_most_s=4)
    later = Pairing(SEEN, "", ("dynamic",))
    pairings.ask(later, now=10)
    assert pairings.due(ME, (), now=10) == []
    assert pairings.due(ME, (), now=13.9) == [] and pairings.waiting == (later,)
    assert pairings.due(ME, (), now=14) == [later]
    assert not pairings.waiting
    first = Pairing(NEW, "", ())
    pairings.ask(first, now=0)
    assert pairings.due(ME, (), now=0) == [first]  # ME < NEW: at once


def test_a_hub_already_dialling_this_one_is_added_once_its_first_attempts_are_over() -> None:
    pairings = Pairings(settle_s=1.5, wait_at_most_s=4)
    first = Pairing(NEW, "", ("dynamic",))  # ME < NEW, but NEW dials already: not at once
    pairings.ask(first, now=3)
    assert pairings.due(ME, {NEW: {}}, now=3) == []
    assert pairings.due(ME, {NEW: {}}, now=4.4) == []
    assert pairings.due(ME, {NEW: {}}, now=4.5) == [first]
    # One that starts dialling just before the wait is over still waits its moment.
    later = Pairing(SEEN, "", ("dynamic",))
    pairings.ask(later, now=0)
    assert pairings.due(ME, {SEEN: {}}, now=3.9) == []
    assert pairings.due(ME, {SEEN: {}}, now=4.5) == []
    assert pairings.due(ME, {SEEN: {}}, now=5.4) == [later]
