"""The hub's Wi-Fi: nmcli's answers read right (a fake nmcli on PATH, tests/helpers/fake_nmcli.py),
the loop's decision to open the hub's own network, its slow calls kept off the loop, and the
Wi-Fi code phones' cameras read."""

from __future__ import annotations

import json
import shutil
import stat
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from checkout import HELPERS

from hubd.devices.network import OWN_CONNECTION, FakeWifi, NmcliWifi, WifiError, split_terse
from hubd.loop.inbox import Inbox
from hubd.loop.wifi import (
    START_GRACE_S,
    WifiKeeper,
    WifiReport,
    load_passphrase,
    own_name,
    should_open_own,
)
from hubd.values.network import WifiAround, WifiMode, WifiStatus, wifi_code

HOME = {"ssid": "Home: 5G", "signal": 70, "psk": "kitchen table"}
CAFE = {"ssid": "Cafe", "signal": 40}


@pytest.fixture
def nmcli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fake nmcli first on PATH; returns a function that sets its world and reads its log."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "nmcli"
    source = (HELPERS / "fake_nmcli.py").read_text(encoding="utf-8")
    script.write_text(f"#!{sys.executable}\n{source}", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    state = tmp_path / "nmcli.json"
    monkeypatch.setenv("PATH", f"{folder}:/usr/bin:/bin")
    monkeypatch.setenv("FAKE_NMCLI_STATE", str(state))

    class World:
        def set(self, **world: Any) -> None:
            state.write_text(json.dumps({"saved": {}, "around": [], **world}), encoding="utf-8")

        def get(self) -> dict[str, Any]:
            return dict(json.loads(state.read_text(encoding="utf-8")))

        def calls(self) -> list[list[str]]:
            log = Path(f"{state}.log")
            return (
                [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
            )

    world = World()
    world.set()
    assert shutil.which("nmcli") == str(script)
    return world


def test_status_says_which_network_is_up(nmcli: Any) -> None:
    wifi = NmcliWifi()
    nmcli.set()
    assert wifi.status() == WifiStatus(WifiMode.NONE)
    nmcli.set(wired=True)
    assert wifi.status() == WifiStatus(WifiMode.NONE, wired=True)
    nmcli.set(up="Home", saved={"Home": {"ssid": "Home"}})
    assert wifi.status() == WifiStatus(WifiMode.HOME, "Home", "192.168.1.20")
    nmcli.set(up=OWN_CONNECTION, saved={OWN_CONNECTION: {"ssid": "Chicken Foot Table 3"}})
    assert wifi.status() == WifiStatus(WifiMode.OWN, "Chicken Foot Table 3", "10.42.0.1")
    nmcli.set(radio=False)
    assert wifi.status() == WifiStatus(WifiMode.NONE)


def test_a_scan_lists_each_network_once_strongest_first_with_the_known_ones(nmcli: Any) -> None:
    weaker = dict(HOME, signal=30)
    nmcli.set(around=[CAFE, weaker, HOME, {"ssid": "", "signal": 90}],
              saved={"Home: 5G": {"ssid": "Home: 5G"}})  # fmt: skip
    assert NmcliWifi().scan() == [
        WifiAround("Home: 5G", 70, True, True),  # its colon escaped by nmcli, read back
        WifiAround("Cafe", 40, False, False),
    ]
    assert nmcli.calls()[-1]["args"][3:] == ["device", "wifi", "list", "--rescan", "yes"]


def test_joining_with_the_wrong_passphrase_says_why_and_keeps_no_profile(nmcli: Any) -> None:
    nmcli.set(around=[HOME])
    wifi = NmcliWifi()
    with pytest.raises(WifiError, match=r"^Connection activation failed: Secrets were required"):
        wifi.join("Home: 5G", "wrong one")
    assert nmcli.get()["saved"] == {}  # not taken for a network the hub knows
    wifi.join("Home: 5G", "kitchen table")
    assert wifi.status().mode is WifiMode.HOME
    with pytest.raises(WifiError, match="No network with SSID 'Elsewhere' found"):
        wifi.join("Elsewhere", "")
    assert "Home: 5G" in nmcli.get()["saved"]


def test_the_hubs_own_network_is_opened_on_its_radio(nmcli: Any) -> None:
    wifi = NmcliWifi()
    wifi.open_own("Chicken Foot Table 3", "abcd-efgh-jkmn")
    made = nmcli.get()["saved"][OWN_CONNECTION]
    assert made["ifname"] == "wlan0" and made["ssid"] == "Chicken Foot Table 3"
    assert made["802-11-wireless.mode"] == "ap" and made["ipv4.method"] == "shared"
    assert made["wifi-sec.key-mgmt"] == "wpa-psk" and made["wifi-sec.proto"] == "rsn"
    assert made["autoconnect"] == "no"  # the hub opens it; NetworkManager never does by itself
    assert wifi.status() == WifiStatus(WifiMode.OWN, "Chicken Foot Table 3", "10.42.0.1")
    wifi.open_own("Chicken Foot Table 4", "abcd-efgh-jkmn")  # the table renamed: made anew
    assert nmcli.get()["saved"][OWN_CONNECTION]["ssid"] == "Chicken Foot Table 4"


def test_no_secret_is_ever_on_nmclis_command_line(
    nmcli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Any user of the Pi reads another's arguments in /proc/<pid>/cmdline: the passphrases go
    # on stdin (--ask) or in a passwd-file only the hub's user may read, removed at once.
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("RUNTIME_DIRECTORY", str(runtime))
    nmcli.set(around=[HOME, CAFE])
    wifi = NmcliWifi()
    wifi.open_own("Chicken Foot Table 3", "abcd-efgh-jkmn")
    with pytest.raises(WifiError):
        wifi.join("Home: 5G", "wrong one")
    wifi.join("Home: 5G", "kitchen table")
    wifi.join("Cafe", "")  # an open network: nothing asked, nothing given
    calls = nmcli.calls()
    for secret in ("abcd-efgh-jkmn", "wrong one", "kitchen table"):
        assert not [c["args"] for c in calls if any(secret in arg for arg in c["args"])]
    [up] = [c for c in calls if "passwd-file" in c["args"]]
    assert up["lines"] == ["802-11-wireless-security.psk:abcd-efgh-jkmn"]
    assert (up["file_mode"], up["folder_mode"]) == ("0o600", "0o700")
    assert up["args"][up["args"].index("passwd-file") + 1].startswith(f"{runtime}/")
    assert list(runtime.iterdir()) == []  # removed once nmcli read it
    joins = [c for c in calls if "connect" in c["args"]]
    assert [(c["args"][0], c["stdin"]) for c in joins] == [
        ("--ask", "wrong one"), ("--ask", "kitchen table"), ("--wait", None),
    ]  # fmt: skip
    assert wifi.status().ssid == "Cafe"


def test_nmcli_missing_or_networkmanager_down_is_one_line(nmcli: Any) -> None:
    nmcli.set(broken=True)
    with pytest.raises(WifiError, match=r"^NetworkManager is not running\.$"):
        NmcliWifi().status()
    with pytest.raises(WifiError, match="nmcli is not installed"):
        NmcliWifi("/nonexistent/nmcli").scan()


def test_terse_fields_keep_escaped_colons_and_backslashes() -> None:
    assert split_terse(r"a\:b:c\\d:") == ["a:b", "c\\d", ""]


def test_the_wifi_code_escapes_what_the_standard_says() -> None:
    assert wifi_code("Chicken Foot", "abcd-efgh") == "WIFI:T:WPA;S:Chicken Foot;P:abcd-efgh;;"
    assert wifi_code('a;b,c:d"e\\', "p;w") == 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\;P:p\\;w;;'


def test_the_own_network_is_named_after_the_table_in_32_bytes() -> None:
    assert own_name("Table 3") == "Chicken Foot Table 3"
    long = own_name("Олександрин стіл біля вікна")
    assert len(long.encode()) <= 32 and long.startswith("Chicken Foot О")


def test_the_passphrase_is_made_once_and_kept(tmp_path: Path) -> None:
    made = load_passphrase(tmp_path)
    assert len(made) == 14 and made.count("-") == 2
    assert load_passphrase(tmp_path) == made
    assert (tmp_path / "wifi-passphrase").stat().st_mode & 0o077 == 0


@pytest.mark.parametrize(
    ("status", "around", "opens"),
    [
        (WifiStatus(WifiMode.NONE), [WifiAround("Cafe", 40, False)], True),
        (WifiStatus(WifiMode.NONE), [], True),
        (WifiStatus(WifiMode.NONE), [WifiAround("Home", 40, True, known=True)], False),
        (WifiStatus(WifiMode.NONE, wired=True), [], False),
        (WifiStatus(WifiMode.HOME, "Home"), [], False),
        (WifiStatus(WifiMode.OWN, "Chicken Foot"), [], False),
    ],
)
def test_the_hub_opens_its_own_only_with_no_known_network_around(
    status: WifiStatus, around: list[WifiAround], opens: bool
) -> None:
    assert should_open_own(status, around) is opens


class Loop:
    """The keeper as the loop holds it: reports come back through a real inbox."""

    def __init__(self, wifi: FakeWifi, **kwargs: Any) -> None:
        self.inbox = Inbox()
        self.now = START_GRACE_S  # the loop's clock when a report comes (the keeper starts at 0)
        self.keeper = WifiKeeper(wifi, self.inbox.post, "Table 3", "abcd-efgh-jkmn", 0.0,
                                 local_name="hub.local", **kwargs)  # fmt: skip

    def settle(self) -> list[str]:
        """Hand each report to the keeper until the worker is idle; the jobs reported."""
        jobs = []
        while self.keeper.view().busy:
            events = self.inbox.wait(10)
            assert events, "the worker did not report in 10 s"
            for event in events:
                assert isinstance(event, WifiReport)
                jobs.append(event.job)
                self.keeper.handle(event, self.now)
        return jobs


def test_after_start_with_no_known_network_the_hub_opens_its_own() -> None:
    wifi = FakeWifi(around=[WifiAround("Cafe", 40, False)])
    loop = Loop(wifi)
    assert loop.keeper.next_deadline() == 0.0  # which network is up: asked at once
    loop.now = 0.0
    loop.keeper.tick(0.0)
    assert loop.settle() == ["check"]  # NetworkManager may still be joining a known network
    assert ("open_own", "Chicken Foot Table 3") not in wifi.calls
    assert loop.keeper.next_deadline() == START_GRACE_S
    loop.now = START_GRACE_S
    loop.keeper.tick(START_GRACE_S)
    assert loop.settle() == ["check", "own"]
    view = loop.keeper.view()
    assert view.status == WifiStatus(WifiMode.OWN, "Chicken Foot Table 3", "10.42.0.1")
    assert view.wifi_code == "WIFI:T:WPA;S:Chicken Foot Table 3;P:abcd-efgh-jkmn;;"


def test_a_known_network_around_or_a_cable_keeps_the_hub_from_opening_its_own() -> None:
    wifi = FakeWifi(around=[WifiAround("Home", 60, True)], known={"Home"})
    loop = Loop(wifi)
    loop.keeper.tick(START_GRACE_S)
    assert loop.settle() == ["check"]
    assert ("open_own", "Chicken Foot Table 3") not in wifi.calls
    wired = FakeWifi(current=WifiStatus(WifiMode.NONE, wired=True))
    loop = Loop(wired)
    loop.keeper.tick(START_GRACE_S)
    assert loop.settle() == ["check"] and loop.keeper.view().wifi_code is None


def test_the_panel_joins_a_home_network_and_a_wrong_passphrase_is_said() -> None:
    wifi = FakeWifi(around=[WifiAround("Home", 60, True)], passphrases={"Home": "kitchen table"})
    loop = Loop(wifi, open_by_itself=False)
    loop.keeper.ask("own")
    assert loop.settle() == ["own"]
    loop.keeper.ask("scan")
    assert loop.settle() == ["scan"]
    assert loop.keeper.view().around == (WifiAround("Home", 60, True),)
    loop.keeper.ask("join", "Home", "kitchen")
    assert loop.keeper.view().joining == "Home"
    assert loop.settle() == ["join"]
    assert loop.keeper.view().problem == "Secrets were required, but not provided."
    loop.keeper.ask("join", "Home", "kitchen table")
    assert loop.settle() == ["join"]
    view = loop.keeper.view()
    assert (view.status.mode, view.status.ssid, view.problem, view.joining) == (
        WifiMode.HOME, "Home", None, None)  # fmt: skip


def test_a_slow_nmcli_never_holds_the_loop() -> None:
    release = threading.Event()

    class Slow(FakeWifi):
        def scan(self) -> list[WifiAround]:
            release.wait(10)
            return super().scan()

    loop = Loop(Slow())
    loop.keeper.tick(START_GRACE_S)  # returns at once: the scan waits on the worker
    loop.keeper.ask("scan")  # queued behind the check, not run here either
    assert loop.keeper.view().busy == "check" and loop.inbox.drain() == []
    release.set()
    assert loop.settle() == ["check", "own", "scan"]
