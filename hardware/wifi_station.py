"""hardware/boot-check.sh's Wi-Fi step: a phone's side, in a network namespace of the machine.

    python wifi_station.py shown-code CONFIG               # the installed venv's python
    python wifi_station.py wpa-conf CODE OUT               # python3 alone from here on
    python wifi_station.py resolve NAME VIA [TIMEOUT]
    python wifi_station.py fetch NAME ADDRESS PATH

``shown-code`` prints the Wi-Fi code the Phones panel shows while the hub's own network is up
(``WIFI:T:WPA;S:…;P:…;;``), from the installed code and the passphrase the daemon made.
``wpa-conf`` reads such a code as a phone's camera does (its escapes undone) and writes a
wpa_supplicant configuration that joins that network with that passphrase. ``resolve`` asks
for ``NAME`` (``<hub>.local``) as a phone does, by multicast DNS from the address ``VIA`` (a
one-shot query, answered to its own port: RFC 6762's legacy unicast), and prints the address.
``fetch`` loads ``http://NAME`` + ``PATH`` from that address on port 80 and prints its status
and title. Every failure is one line on stderr and exit status 1.
"""

from __future__ import annotations

import hashlib
import http.client
import re
import secrets
import socket
import struct
import sys
import time
from pathlib import Path

MDNS = ("224.0.0.251", 5353)
TYPE_A = 1
CLASS_IN = 1


class StationError(Exception):
    """One step of the phone's side that failed, in one line."""


def shown_code(config_path: Path) -> str:
    """The Wi-Fi code of the hub's own network, as its Phones panel shows it."""
    from hubd.config.loading import load_config
    from hubd.loop.wifi import PASSPHRASE_FILE, own_network
    from hubd.values.network import WifiMode, WifiStatus, WifiView

    config = load_config(config_path)
    folder = config.data_folder()
    if not (folder / PASSPHRASE_FILE).exists():  # made by the daemon, never here (as root)
        raise StationError(f"the hub made no passphrase yet ({folder / PASSPHRASE_FILE})")
    ssid, passphrase = own_network(config, folder)
    code = WifiView(WifiStatus(WifiMode.OWN), ssid, passphrase).wifi_code
    assert code is not None
    return code


def read_wifi_code(code: str) -> tuple[str, str]:
    """``WIFI:T:WPA;S:<ssid>;P:<passphrase>;;`` as (ssid, passphrase), escapes undone."""
    if not code.startswith("WIFI:"):
        raise StationError(f"not a Wi-Fi code: {code[:20]!r}")
    fields: dict[str, str] = {}
    key, value, escaped, in_value = [], [], False, False
    for char in code[len("WIFI:") :]:
        if escaped:
            value.append(char)
            escaped = False
        elif in_value and char == "\\":
            escaped = True
        elif in_value and char == ";":
            fields["".join(key)] = "".join(value)
            key, value, in_value = [], [], False
        elif not in_value and char == ":":
            in_value = True
        elif in_value:
            value.append(char)
        elif char != ";":
            key.append(char)
    if fields.get("T") != "WPA" or "S" not in fields or "P" not in fields:
        raise StationError(f"a Wi-Fi code without WPA, a name and a passphrase: {sorted(fields)}")
    return fields["S"], fields["P"]


def wpa_conf(ssid: str, passphrase: str) -> str:
    """wpa_supplicant's network block: the name in hex and the key as WPA derives it from the
    passphrase (PBKDF2), so no character of either needs quoting."""
    key = hashlib.pbkdf2_hmac("sha1", passphrase.encode(), ssid.encode(), 4096, 32)
    return (
        "network={\n"
        f"    ssid={ssid.encode().hex()}\n"
        f"    psk={key.hex()}\n"
        "    key_mgmt=WPA-PSK\n"
        "    proto=RSN\n"
        "}\n"
    )


def encode_name(name: str) -> bytes:
    out = b""
    for label in name.rstrip(".").split("."):
        raw = label.encode()
        if not 0 < len(raw) < 64:
            raise StationError(f"not a DNS name: {name!r}")
        out += bytes([len(raw)]) + raw
    return out + b"\0"


def read_name(packet: bytes, at: int) -> tuple[str, int]:
    """A DNS name at ``at`` (compression pointers followed): the name and where it ends."""
    labels: list[str] = []
    end = None
    for _ in range(128):  # a loop of pointers is not followed for ever
        length = packet[at]
        if length >= 0xC0:
            if end is None:
                end = at + 2
            at = ((length & 0x3F) << 8) | packet[at + 1]
        elif length == 0:
            return ".".join(labels), at + 1 if end is None else end
        else:
            labels.append(packet[at + 1 : at + 1 + length].decode(errors="replace"))
            at += 1 + length
    raise StationError("a DNS name that never ends")


def a_records(packet: bytes, name: str) -> list[str]:
    """The IPv4 addresses an mDNS answer gives for ``name``."""
    _qid, _flags, questions, answers, authority, extra = struct.unpack_from(">6H", packet)
    at = 12
    for _ in range(questions):
        _name, at = read_name(packet, at)
        at += 4
    found = []
    for _ in range(answers + authority + extra):
        owner, at = read_name(packet, at)
        kind, klass, _ttl, length = struct.unpack_from(">HHIH", packet, at)
        at += 10
        same = owner.lower().rstrip(".") == name.lower().rstrip(".")
        if same and kind == TYPE_A and klass & 0x7FFF == CLASS_IN and length == 4:
            found.append(socket.inet_ntoa(packet[at : at + 4]))
        at += length
    return found


def resolve(name: str, via: str, timeout: float = 10.0, server: tuple[str, int] = MDNS) -> str:
    """``name``'s address by multicast DNS, asked from ``via`` (asked again each second)."""
    query_id = secrets.randbelow(0x10000)
    query = struct.pack(">6H", query_id, 0, 1, 0, 0, 0) + encode_name(name)
    query += struct.pack(">HH", TYPE_A, CLASS_IN)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((via, 0))  # not 5353: the answer comes to this port alone
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(via))
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            sock.sendto(query, server)
            sock.settimeout(1.0)
            try:
                while True:
                    packet, _sender = sock.recvfrom(9000)
                    with_id = len(packet) >= 12 and struct.unpack_from(">H", packet)[0] == query_id
                    found = a_records(packet, name) if with_id else []
                    if found:
                        return found[0]
            except TimeoutError:
                continue
            except (struct.error, IndexError):
                continue  # a packet cut short: not an answer
    raise StationError(f"no answer for {name} by multicast DNS from {via} in {timeout:.0f} s")


def fetch(name: str, address: str, path: str, port: int = 80) -> tuple[int, str]:
    """``http://name/path`` from ``address``: its status and its title (or first line)."""
    connection = http.client.HTTPConnection(address, port, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": name if port == 80 else f"{name}:{port}"})
        response = connection.getresponse()
        body = response.read(65536).decode(errors="replace")
    except OSError as err:
        raise StationError(f"http://{name}{path} from {address}: {err}") from None
    finally:
        connection.close()
    title = re.search(r"<title>(.*?)</title>", body, re.S)
    lines = (title.group(1) if title else body).strip().splitlines() or ["(empty)"]
    return response.status, lines[0][:80]


def main(argv: list[str]) -> int:
    try:
        if len(argv) == 2 and argv[0] == "shown-code":
            print(shown_code(Path(argv[1])))
        elif len(argv) == 3 and argv[0] == "wpa-conf":
            Path(argv[2]).write_text(wpa_conf(*read_wifi_code(argv[1])), encoding="utf-8")
            print(f"network {read_wifi_code(argv[1])[0]!r}")
        elif len(argv) in (3, 4) and argv[0] == "resolve":
            print(resolve(argv[1], argv[2], *(float(a) for a in argv[3:])))
        elif len(argv) == 4 and argv[0] == "fetch":
            status, title = fetch(argv[1], argv[2], argv[3])
            print(f"{status} {title}")
            return 0 if status == 200 else 1
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (StationError, OSError, ValueError) as err:
        print(f"wifi_station: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
