"""The hub's Wi-Fi as the screens and the loop see it: plain values, and the Wi-Fi code.

The hub is on a network it knows (a home's or a hall's), on its own (opened when it knows
none around it, or on request), or on none. The Phones panel shows which, the networks
around to join, and, while its own is up, the code that lets a phone's camera join it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlsplit


class WifiMode(Enum):
    HOME = "home"  # joined a network it knows
    OWN = "own"  # its own network is open: phones join the hub
    NONE = "none"  # no Wi-Fi (or a cable only)
    UNKNOWN = "unknown"  # not asked yet, or the hub cannot tell (no NetworkManager)


@dataclass(frozen=True)
class WifiAround:
    """A network the hub's radio sees."""

    ssid: str
    signal: int  # 0-100
    secured: bool
    known: bool = False  # the hub has joined it before (NetworkManager keeps it)


@dataclass(frozen=True)
class WifiStatus:
    mode: WifiMode = WifiMode.UNKNOWN
    ssid: str | None = None  # the network the hub is on (its own included)
    address: str | None = None  # the hub's IPv4 address on it
    wired: bool = False  # a cable is connected too (then the hub opens nothing by itself)


@dataclass(frozen=True)
class WifiView:
    """What the Phones panel shows of the hub's Wi-Fi."""

    status: WifiStatus = WifiStatus()
    own_ssid: str = ""  # the hub's own network's name, named after the table
    own_passphrase: str = ""  # made by the hub once and kept
    around: tuple[WifiAround, ...] = ()
    busy: str | None = None  # what is being done now ("scan", "join", "own"), if anything
    problem: str | None = None  # the last thing that failed, in one line
    local_name: str | None = None  # "<host>.local": the page's name on the network
    joining: str | None = None  # the network being joined

    @property
    def wifi_code(self) -> str | None:
        """The code phones' cameras understand, while the hub's own network is up."""
        if self.status.mode is not WifiMode.OWN:
            return None
        return wifi_code(self.own_ssid, self.own_passphrase)


def wifi_code(ssid: str, passphrase: str) -> str:
    """The standard Wi-Fi QR text: ``WIFI:T:WPA;S:<ssid>;P:<passphrase>;;`` with ``\\``,
    ``;``, ``,``, ``:`` and ``"`` escaped by a backslash (as ZXing and the phones read it)."""
    return f"WIFI:T:WPA;S:{_escaped(ssid)};P:{_escaped(passphrase)};;"


def _escaped(text: str) -> str:
    out = []
    for char in text:
        if char in '\\;,:"':
            out.append("\\")
        out.append(char)
    return "".join(out)


def web_url(host: str, port: int) -> str:
    """The page's address on ``host``: ``http://host`` on port 80 (what a phone's user types
    most easily), ``http://host:port`` on any other; an IPv6 address in brackets."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def url_port(url: str) -> int:
    """The port of an ``http://host[:port]...`` address (80 when it names none)."""
    try:
        return urlsplit(url).port or 80
    except ValueError:
        return 80


def url_host(url: str) -> str:
    """The host of an ``http://host[:port]...`` address (an IPv6 one without its brackets)."""
    return urlsplit(url).hostname or ""
