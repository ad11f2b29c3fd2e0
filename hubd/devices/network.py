"""The hub's Wi-Fi: join a network, open the hub's own, say which is up.

``NmcliWifi`` asks NetworkManager through ``nmcli`` (Raspberry Pi OS Bookworm and Trixie use
it); ``FakeWifi`` simulates a radio and the networks around it, for tests and the desktop.
Every call may take seconds (a scan, a join): the loop makes them on a worker thread
(hubd/loop/wifi.py), never on its own. Errors are one line (``WifiError``), never a trace.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hubd.values.network import WifiAround, WifiMode, WifiStatus

log = logging.getLogger("hubd.wifi")

#: The connection NetworkManager keeps for the hub's own network (its profile's name).
OWN_CONNECTION = "chickenfoot-hub-wifi"
SCAN_TIMEOUT_S = 30.0
JOIN_TIMEOUT_S = 60.0  # nmcli's own --wait is 45 s
SHORT_TIMEOUT_S = 10.0


class WifiError(Exception):
    """A Wi-Fi step that failed, said in one line (nmcli's own words when it gave any)."""


class Wifi(ABC):
    """One Wi-Fi radio."""

    @abstractmethod
    def status(self) -> WifiStatus:
        """Which network is up now: a known one, the hub's own, or none."""

    @abstractmethod
    def scan(self) -> list[WifiAround]:
        """The networks around, strongest first (each named once)."""

    @abstractmethod
    def join(self, ssid: str, passphrase: str) -> None:
        """Join ``ssid`` (kept, so the hub joins it again by itself); raises WifiError."""

    @abstractmethod
    def open_own(self, ssid: str, passphrase: str) -> None:
        """Open the hub's own network (WPA2, the hub gives the phones their addresses)."""


def split_terse(line: str) -> list[str]:
    """One line of ``nmcli -t``: fields split at ``:``, with ``\\:`` and ``\\\\`` kept."""
    fields, current, escaped = [], [], False
    for char in line:
        if escaped:
            current.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ":":
            fields.append("".join(current))
            current = []
        else:
            current.append(char)
    fields.append("".join(current))
    return fields


@contextlib.contextmanager
def passwd_file(text: str) -> Iterator[Path]:
    """``text`` in a file only this user may read (0600, in a new 0700 folder under the unit's
    runtime directory, else the temporary folder), removed once nmcli has read it."""
    with tempfile.TemporaryDirectory(
        prefix="hubd-nmcli-", dir=os.environ.get("RUNTIME_DIRECTORY")
    ) as folder:
        path = Path(folder) / "secrets"
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
        yield path


class NmcliWifi(Wifi):
    """NetworkManager's Wi-Fi through ``nmcli`` (the hub's user needs the polkit rule the
    installer adds: hardware/install-service.sh)."""

    def __init__(self, command: str = "nmcli") -> None:
        self.command = command

    def _run(
        self, args: Sequence[str], timeout: float = SHORT_TIMEOUT_S, answer: str | None = None
    ) -> list[str]:
        """nmcli with ``args``; ``answer`` is what it reads on stdin when it asks (``--ask``):
        a secret goes there or in a passwd-file, never among the arguments, which any user
        of the Pi may read in /proc/<pid>/cmdline."""
        env = {**os.environ, "LC_ALL": "C"}  # nmcli's words and fields in one language
        try:
            done = subprocess.run(
                [self.command, *args], capture_output=True, text=True, timeout=timeout,
                env=env, check=False, input="" if answer is None else answer,
            )  # fmt: skip
        except FileNotFoundError:
            raise WifiError("NetworkManager's nmcli is not installed") from None
        except subprocess.TimeoutExpired:
            raise WifiError(f"nmcli {args[0]} did not answer in {timeout:.0f} s") from None
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            reason = said[-1] if said else f"exit status {done.returncode}"
            raise WifiError(reason.removeprefix("Error: ").strip())
        return [line for line in done.stdout.splitlines() if line]

    def _devices(self) -> list[list[str]]:
        """Each device: [name, type, state, connection]."""
        lines = self._run(["-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status"])
        return [fields for fields in map(split_terse, lines) if len(fields) >= 4]

    def _device(self) -> tuple[str, str, str] | None:
        """The Wi-Fi device: (name, state, connection), or None without a radio."""
        for fields in self._devices():
            if fields[1] == "wifi":
                return fields[0], fields[2], fields[3]
        return None

    def status(self) -> WifiStatus:
        devices = self._devices()
        wired = any(f[1] == "ethernet" and f[2].startswith("connected") for f in devices)
        wifi = [f for f in devices if f[1] == "wifi"]
        if not wifi:
            return WifiStatus(WifiMode.NONE, wired=wired)
        name, _type, state, connection = wifi[0][:4]
        if not state.startswith("connected") or not connection:
            return WifiStatus(WifiMode.NONE, wired=wired)
        address = None
        for line in self._run(["-t", "-g", "IP4.ADDRESS", "device", "show", name]):
            address = line.split("|")[0].split("/")[0] or None
            break
        ssid = connection
        for line in self._run(
            ["-t", "-g", "802-11-wireless.ssid", "connection", "show", connection]
        ):
            ssid = split_terse(line)[0] or connection
            break
        mode = WifiMode.OWN if connection == OWN_CONNECTION else WifiMode.HOME
        return WifiStatus(mode, ssid, address, wired)

    def _known(self) -> set[str]:
        names = set()
        for line in self._run(["-t", "-f", "NAME,TYPE", "connection", "show"]):
            fields = split_terse(line)
            if len(fields) >= 2 and fields[1] == "802-11-wireless" and fields[0] != OWN_CONNECTION:
                names.add(fields[0])
        return names

    def scan(self) -> list[WifiAround]:
        known = self._known()
        lines = self._run(["-t", "-f", "SSID,SIGNAL,SECURITY", "device", "wifi", "list",
                           "--rescan", "yes"], SCAN_TIMEOUT_S)  # fmt: skip
        seen: dict[str, WifiAround] = {}
        for line in lines:
            fields = split_terse(line)
            if len(fields) < 3 or not fields[0]:
                continue  # a hidden network: it cannot be chosen by name
            ssid, signal, security = fields[0], fields[1], fields[2]
            found = WifiAround(ssid, int(signal) if signal.isdigit() else 0,
                               security not in ("", "--"), ssid in known)  # fmt: skip
            if ssid not in seen or seen[ssid].signal < found.signal:
                seen[ssid] = found
        return sorted(seen.values(), key=lambda w: (-w.signal, w.ssid))

    def join(self, ssid: str, passphrase: str) -> None:
        known_before = ssid in self._known()
        # --ask: nmcli asks for the passphrase the network needs, and reads it on stdin.
        args = ["--ask", "--wait", "45", "device", "wifi", "connect", ssid]
        try:
            self._run(args if passphrase else args[1:], JOIN_TIMEOUT_S, f"{passphrase}\n")
        except WifiError:
            if not known_before:  # a failed join leaves a profile: it is not a known network
                with contextlib.suppress(WifiError):
                    self._run(["connection", "delete", "id", ssid])
            raise

    def open_own(self, ssid: str, passphrase: str) -> None:
        device = self._device()
        if device is None:
            raise WifiError("this hub has no Wi-Fi radio")
        # What `nmcli device wifi hotspot` makes (an access point, WPA2-PSK with CCMP, the
        # phones' addresses from NetworkManager), made anew each time (the table's name may
        # have changed), with no passphrase in it: that comes at `up`, from a passwd-file.
        with contextlib.suppress(WifiError):
            self._run(["connection", "delete", "id", OWN_CONNECTION])
        self._run(["connection", "add", "type", "wifi", "ifname", device[0],
                   "con-name", OWN_CONNECTION, "autoconnect", "no", "ssid", ssid,
                   "802-11-wireless.mode", "ap", "802-11-wireless.band", "bg",
                   "ipv4.method", "shared", "ipv6.method", "ignore",
                   "wifi-sec.key-mgmt", "wpa-psk", "wifi-sec.proto", "rsn",
                   "wifi-sec.pairwise", "ccmp", "wifi-sec.group", "ccmp"])  # fmt: skip
        with passwd_file(f"802-11-wireless-security.psk:{passphrase}\n") as secrets:
            self._run(["--wait", "30", "connection", "up", "id", OWN_CONNECTION,
                       "passwd-file", str(secrets)], JOIN_TIMEOUT_S)  # fmt: skip


@dataclass
class FakeWifi(Wifi):
    """A radio with ``around`` it; ``passphrases`` are the networks' own. It records every
    call, and joins or opens at once (a test steps through them)."""

    around: list[WifiAround] = field(default_factory=list)
    passphrases: dict[str, str] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)
    current: WifiStatus = field(default_factory=lambda: WifiStatus(WifiMode.NONE))
    calls: list[tuple[str, ...]] = field(default_factory=list)

    def status(self) -> WifiStatus:
        self.calls.append(("status",))
        return self.current

    def scan(self) -> list[WifiAround]:
        self.calls.append(("scan",))
        return [WifiAround(w.ssid, w.signal, w.secured, w.ssid in self.known) for w in self.around]

    def join(self, ssid: str, passphrase: str) -> None:
        self.calls.append(("join", ssid))
        if ssid not in {w.ssid for w in self.around}:
            raise WifiError(f"No network with SSID '{ssid}' found.")
        if self.passphrases.get(ssid, "") != passphrase:
            raise WifiError("Secrets were required, but not provided.")
        self.known.add(ssid)
        self.current = WifiStatus(WifiMode.HOME, ssid, "192.168.1.20")

    def open_own(self, ssid: str, passphrase: str) -> None:
        self.calls.append(("open_own", ssid))
        if not 8 <= len(passphrase) <= 63:
            raise WifiError("invalid passphrase")
        self.current = WifiStatus(WifiMode.OWN, ssid, "10.42.0.1")
