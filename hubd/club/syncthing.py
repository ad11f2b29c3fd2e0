"""Syncthing's REST API on localhost: the only way the hub talks to Syncthing.

Blocking calls with short timeouts, made only off the main loop (``hubd.club.link``). The
address and API key come from Syncthing's own ``config.xml``. Errors are one
:class:`SyncthingError` whose message says plainly what is wrong ("Syncthing is not
running", "its API key was refused").
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pyexpat and ElementTree are imported where a config.xml is read
    import xml.etree.ElementTree as ElementTree

FOLDER_ID = "chickenfoot-club"
TIMEOUT_S = 3.0
#: LAN only: no global discovery, relays, NAT traversal, usage or crash reports; a hub that
#: was just paired is dialled again within 5 s (Syncthing's own default waits 60 s).
LAN_ONLY: dict[str, Any] = {
    "globalAnnounceEnabled": False,
    "relaysEnabled": False,
    "natEnabled": False,
    "urAccepted": -1,
    "crashReportingEnabled": False,
    "autoUpgradeIntervalH": 0,
    "startBrowser": False,
    "reconnectionIntervalS": 5,
}
#: Where a new home's Syncthing syncs: TCP on every address of this machine's networks (a
#: club's Wi-Fi or cable), port 22000; never through relays.
LAN_LISTEN = "tcp://0.0.0.0:22000"


def free_local_port() -> int:
    """A TCP port free on 127.0.0.1 now (for a GUI nobody chose an address for)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare_home(
    home: Path,
    *,
    gui: str | None = None,
    listen: str | None = None,
    local_discovery: bool | None = None,
    options: Mapping[str, str] | None = None,
    syncthing: str = "syncthing",
) -> Endpoint:
    """Syncthing's home for the hub: keys and config made once, then held to LAN only.

    Run before Syncthing starts (the unit's ExecStartPre, the tests). ``gui``: where its GUI
    and REST API listen (default: as before, or 127.0.0.1 at a free port for a new home);
    ``listen``: where it syncs (default: as before, or :data:`LAN_LISTEN`);
    ``local_discovery``: whether it announces itself on the local network and sees the hubs
    nearby (default: as before, on for a new home). No global discovery, relays, NAT
    traversal, usage or crash reports, no upgrades; ``options`` may set more of its options.
    """
    config = home / "config.xml"
    made = not config.exists()
    if made:
        try:
            subprocess.run(
                [syncthing, "generate", f"--home={home}", "--no-default-folder"],
                check=True, capture_output=True, timeout=60,
            )  # fmt: skip
        except (OSError, subprocess.SubprocessError) as err:
            raise SyncthingError(f"cannot set Syncthing up in {home}: {err}") from None
    import xml.etree.ElementTree as ElementTree

    try:
        tree = ElementTree.parse(config)
    except (OSError, ElementTree.ParseError) as err:
        raise SyncthingError(f"cannot read Syncthing's config {config}: {err}") from None
    root = tree.getroot()
    address = _element(_element(root, "gui"), "address")
    if gui is not None:
        address.text = gui
    elif made or not (address.text or "").startswith(("127.0.0.1:", "[::1]:", "localhost:")):
        address.text = f"127.0.0.1:{free_local_port()}"
    settings = _element(root, "options")
    wanted = {key: json.dumps(value) for key, value in LAN_ONLY.items()}
    if local_discovery is not None or made:
        wanted["localAnnounceEnabled"] = json.dumps(local_discovery is not False)
    for key, value in {**wanted, **(options or {})}.items():
        _element(settings, key).text = value
    if listen is not None or made:
        for old in settings.findall("listenAddress"):
            settings.remove(old)
        for each in (listen or LAN_LISTEN).split(","):
            ElementTree.SubElement(settings, "listenAddress").text = each.strip()
    temporary = config.with_name(".config.xml.hub")
    tree.write(temporary, encoding="utf-8", xml_declaration=False)
    os.replace(temporary, config)
    return read_endpoint(config)


def _element(parent: ElementTree.Element, tag: str) -> ElementTree.Element:
    import xml.etree.ElementTree as ElementTree

    found = parent.find(tag)
    return found if found is not None else ElementTree.SubElement(parent, tag)


class SyncthingError(Exception):
    """Syncthing cannot be reached or refused a request; ``str()`` is for people."""


@dataclass(frozen=True)
class Endpoint:
    url: str  # e.g. http://127.0.0.1:8384
    api_key: str


def config_candidates(data: Path, environ: Mapping[str, str]) -> list[Path]:
    """Where Syncthing's config.xml may be: the hub's own home, then the user's."""
    home = Path(environ.get("HOME") or Path.home())
    state = Path(environ.get("XDG_STATE_HOME") or home / ".local/state")
    config = Path(environ.get("XDG_CONFIG_HOME") or home / ".config")
    return [
        data / "syncthing" / "config.xml",
        state / "syncthing" / "config.xml",
        config / "syncthing" / "config.xml",
    ]


def read_endpoint(path: Path) -> Endpoint:
    """The GUI/REST address and API key in Syncthing's ``config.xml``."""
    import xml.etree.ElementTree as ElementTree

    try:
        gui = ElementTree.parse(path).getroot().find("gui")
    except FileNotFoundError:
        raise SyncthingError(f"Syncthing is not set up: there is no {path}") from None
    except (OSError, ElementTree.ParseError) as err:
        raise SyncthingError(f"cannot read Syncthing's config {path}: {err}") from None
    address = gui.findtext("address") if gui is not None else None
    key = gui.findtext("apikey") if gui is not None else None
    if gui is None or not address or not key:
        raise SyncthingError(f"Syncthing's config {path} has no GUI address or API key")
    scheme = "https" if gui.get("tls") == "true" else "http"
    return Endpoint(f"{scheme}://{address.strip()}", key.strip())


def find_endpoint(data: Path, environ: Mapping[str, str] | None = None) -> Endpoint:
    candidates = config_candidates(data, os.environ if environ is None else environ)
    for path in candidates:
        if path.is_file():
            return read_endpoint(path)
    raise SyncthingError("Syncthing is not installed or not set up for this user")


class Syncthing:
    """The REST client (blocking: never call it on the main loop)."""

    def __init__(self, endpoint: Endpoint, timeout: float = TIMEOUT_S) -> None:
        self.endpoint = endpoint
        self.timeout = timeout

    def call(
        self,
        method: str,
        path: str,
        body: object = None,
        query: Mapping[str, str] | None = None,
    ) -> Any:
        # urllib.request pulls in http.client and ssl (OpenSSL, 3 MB): only a hub that talks
        # to Syncthing loads them, at its first request.
        import urllib.error
        import urllib.parse
        import urllib.request

        url = self.endpoint.url + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("X-API-Key", self.endpoint.api_key)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as reply:
                text = reply.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            if err.code in (401, 403):
                raise SyncthingError("Syncthing refused the hub's API key") from None
            raise SyncthingError(f"Syncthing refused {method} {path} ({err.code})") from None
        except (urllib.error.URLError, OSError) as err:
            raise SyncthingError(f"Syncthing is not running ({_reason(err)})") from None
        try:
            return json.loads(text) if text.strip() else None
        except ValueError:
            raise SyncthingError(f"Syncthing's answer to {path} is not JSON") from None

    # -- reading ---------------------------------------------------------------------------

    def my_id(self) -> str:
        return str(self.call("GET", "/rest/system/status")["myID"])

    def devices(self) -> list[dict[str, Any]]:
        return list(self.call("GET", "/rest/config/devices"))

    def connections(self) -> dict[str, Any]:
        return dict(self.call("GET", "/rest/system/connections").get("connections", {}))

    def device_stats(self) -> dict[str, Any]:
        return dict(self.call("GET", "/rest/stats/device"))

    def pending_devices(self) -> dict[str, Any]:
        return dict(self.call("GET", "/rest/cluster/pending/devices") or {})

    def discovered(self) -> dict[str, Any]:
        return dict(self.call("GET", "/rest/system/discovery") or {})

    def folder(self, folder_id: str = FOLDER_ID) -> dict[str, Any] | None:
        try:
            return dict(self.call("GET", f"/rest/config/folders/{folder_id}"))
        except SyncthingError as err:
            if "(404)" in str(err):
                return None
            raise

    # -- changing --------------------------------------------------------------------------

    def set_up(self, club: Path, name: str) -> str:
        """LAN-only options, this device's name, the club folder shared; returns my id."""
        me = self.my_id()
        self.call("PATCH", "/rest/config/options", LAN_ONLY)
        self.call("PATCH", f"/rest/config/devices/{me}", {"name": name})
        if self.folder() is None:
            club.mkdir(parents=True, exist_ok=True)
            self.call(
                "PUT",
                f"/rest/config/folders/{FOLDER_ID}",
                {
                    "id": FOLDER_ID,
                    "label": "Chicken Foot club",
                    "path": str(club),
                    "type": "sendreceive",
                    "fsWatcherEnabled": True,
                    "fsWatcherDelayS": 1,
                    "rescanIntervalS": 60,
                    "devices": [{"deviceID": me}],
                },
            )
        return me

    def lan_addresses(self) -> list[str]:
        """Where the other hubs reach this one (its sync addresses on the local network)."""
        services = self.call("GET", "/rest/system/status").get("connectionServiceStatus", {})
        found: list[str] = []
        for service in services.values():
            for address in service.get("lanAddresses") or []:
                if address not in found and "://127." not in address and "[::1]" not in address:
                    found.append(str(address))
        return found

    def local_discovery(self) -> bool:
        return bool(self.call("GET", "/rest/config/options").get("localAnnounceEnabled"))

    def accept(self, device: str, name: str, addresses: Sequence[str] = ("dynamic",)) -> None:
        """Pair with ``device`` and share the club folder with it, in one change of
        Syncthing's config.

        It is made an introducer, so a hub paired with one hub of the club meets the rest.
        A known address is dialled at once; "dynamic" finds it by local discovery. Added
        first and shared after (two changes), a hub that connected in between sent its index
        of a folder not yet shared with it: Syncthing closed the connection, both hubs dialled
        again at once, and Syncthing 1.19 then waited 20 s for a Hello on one of the two
        connections (the namespaced test's pairing went over 60 s under load).
        """
        config = self.call("GET", "/rest/config")
        folder = next((f for f in config.get("folders", []) if f.get("id") == FOLDER_ID), None)
        if folder is None:
            raise SyncthingError("the club folder is not set up in Syncthing")
        entry = {
            "deviceID": device,
            "name": name,
            "addresses": list(addresses),
            "introducer": True,
            "autoAcceptFolders": False,
        }
        devices = config.setdefault("devices", [])
        known = next((d for d in devices if d.get("deviceID") == device), None)
        if known is None:
            devices.append({**config.get("defaults", {}).get("device", {}), **entry})
        else:
            known.update(entry)
        shared = folder.setdefault("devices", [])
        if device not in {d.get("deviceID") for d in shared}:
            shared.append({"deviceID": device})
        self.call("PUT", "/rest/config", config)

    def scan(self, sub: str | None = None) -> None:
        """Ask Syncthing to look at a file now (it would notice within a second or so)."""
        query = {"folder": FOLDER_ID}
        if sub:
            query["sub"] = sub
        self.call("POST", "/rest/db/scan", query=query)


def _reason(err: BaseException) -> str:
    reason = getattr(err, "reason", err)
    return str(getattr(reason, "strerror", None) or reason)
