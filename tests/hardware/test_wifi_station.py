"""hardware/wifi_station.py, the phone's side of the boot check's Wi-Fi step: the Wi-Fi code
read back as a camera reads it, the key wpa_supplicant is given, a multicast DNS question and
its answer (a responder on 127.0.0.1 stands for the hub's Avahi), and the page loaded by name.

The step itself needs two simulated radios (mac80211_hwsim), NetworkManager and Avahi: it
runs in the emulated machine (hardware/boot-check.sh)."""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from checkout import REPO

from hubd.config.schema import WebConfig
from hubd.loop.wifi import PASSPHRASE_FILE
from hubd.values.network import wifi_code
from hubd.web.start import start_web

SCRIPT = REPO / "hardware" / "wifi_station.py"


@pytest.fixture(scope="module")
def station(load_script: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_script("wifi_station", SCRIPT)


@pytest.mark.parametrize(
    ("ssid", "passphrase"),
    [("Chicken Foot Table 3", "abcd-efgh-jkmn"), ('a;b,c:d"e\\', "p;w:\\x,y")],
)
def test_the_wifi_code_reads_back_as_the_hub_wrote_it(
    station: ModuleType, ssid: str, passphrase: str
) -> None:
    assert station.read_wifi_code(wifi_code(ssid, passphrase)) == (ssid, passphrase)


def test_a_code_that_is_not_a_wpa_network_is_refused(station: ModuleType) -> None:
    with pytest.raises(station.StationError, match="not a Wi-Fi code"):
        station.read_wifi_code("http://hub.local/t/x")
    with pytest.raises(station.StationError, match="without WPA"):
        station.read_wifi_code("WIFI:T:nopass;S:Cafe;;")


def test_wpa_supplicant_gets_the_key_wpa_derives(station: ModuleType) -> None:
    # IEEE 802.11i, annex H.4: passphrase "password", SSID "IEEE".
    conf = station.wpa_conf("IEEE", "password")
    assert "ssid=49454545\n" in conf
    assert "psk=f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e\n" in conf


def test_the_shown_code_is_the_panels_from_the_daemons_passphrase(
    station: ModuleType, tmp_path: Path
) -> None:
    config = tmp_path / "hubd.toml"
    config.write_text(f'[data]\nfolder = "{tmp_path}"\n[club]\ntable = "Table; 3"\n')
    with pytest.raises(station.StationError, match="no passphrase yet"):
        station.shown_code(config)
    assert not (tmp_path / PASSPHRASE_FILE).exists()  # never made here, as root
    (tmp_path / PASSPHRASE_FILE).write_text("abcd-efgh-jkmn\n")
    assert station.shown_code(config) == "WIFI:T:WPA;S:Chicken Foot Table\\; 3;P:abcd-efgh-jkmn;;"


def answer(query: bytes, name_in_answer: bytes, address: str) -> bytes:
    """An mDNS answer to ``query``: its id, its question echoed, one A record (compressed
    owner name when ``name_in_answer`` is a pointer), and a record for another name first."""
    query_id = query[:2]
    question = query[12:]
    other = b"\x05other\x05local\x00" + struct.pack(">HHIH", 1, 0x8001, 120, 4)
    other += socket.inet_aton("10.9.9.9")
    record = name_in_answer + struct.pack(">HHIH", 1, 0x8001, 120, 4) + socket.inet_aton(address)
    return query_id + struct.pack(">5H", 0x8400, 1, 2, 0, 0) + question + other + record


@pytest.fixture
def responder() -> Iterator[tuple[int, list[bytes]]]:
    """A multicast DNS responder on 127.0.0.1 that answers for ``hub.local`` only, after one
    stray packet with another id."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(5)
    queries: list[bytes] = []

    def serve() -> None:
        try:
            while True:
                query, sender = sock.recvfrom(2048)
                queries.append(query)
                if b"\x03hub\x05local\x00" in query:
                    sock.sendto(b"\xff\xff" + answer(query, b"\xc0\x0c", "1.2.3.4")[2:], sender)
                    sock.sendto(answer(query, b"\xc0\x0c", "10.42.0.1"), sender)
        except OSError:
            return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield int(sock.getsockname()[1]), queries
    sock.close()
    thread.join(5)


def test_the_hubs_name_is_resolved_by_multicast_dns(
    station: ModuleType, responder: tuple[int, list[bytes]]
) -> None:
    port, queries = responder
    found = station.resolve("hub.local", "127.0.0.1", 5.0, ("127.0.0.1", port))
    assert found == "10.42.0.1"  # the other id's answer and the other name's record passed over
    assert queries[0][12:] == b"\x03hub\x05local\x00\x00\x01\x00\x01"  # A, IN
    with pytest.raises(station.StationError, match=r"no answer for elsewhere\.local"):
        station.resolve("elsewhere.local", "127.0.0.1", 1.0, ("127.0.0.1", port))


def test_the_page_is_fetched_by_name(station: ModuleType, tmp_path: Path) -> None:
    desk, close = start_web(
        WebConfig(bind="127.0.0.1", port=0, plain_port=0), tmp_path, lambda _r: None
    )
    assert desk is not None
    port = int(desk.base_url.rpartition(":")[2])
    try:
        status, said = station.fetch(socket.gethostname() + ".local", "127.0.0.1", "/", port)
        assert (status, said) == (404, "Scan the code on the hub's screen to open the game.")
        status, _said = station.fetch("elsewhere.example", "127.0.0.1", "/", port)
        assert status != 200  # another name is not the hub's (DNS rebinding)
    finally:
        close()
