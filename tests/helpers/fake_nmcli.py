#!/usr/bin/env python3
"""A stand-in for NetworkManager's nmcli, for tests/hubd/devices/test_wifi_nmcli.py: it keeps its
world in the JSON file $FAKE_NMCLI_STATE (the radio, the networks around with their passphrases, the
saved connections) and logs each call's arguments to $FAKE_NMCLI_STATE.log, with how it was
given its secrets (what it read on stdin with --ask; a passwd-file's lines and modes). It
answers only the calls hubd/devices/network.py makes, in nmcli's terse form (``:`` escaped
as ``\\:``), and, as nmcli, asks for a secret only with --ask."""

import json
import os
import sys

path = os.environ["FAKE_NMCLI_STATE"]
with open(path, encoding="utf-8") as f:
    world = json.load(f)
args = sys.argv[1:]
ask = "--ask" in args
args = [a for a in args if a != "--ask"]
asked = sys.stdin.readline().rstrip("\n") if ask else None
given_file = {}
if "passwd-file" in args:
    secrets = args[args.index("passwd-file") + 1]
    with open(secrets, encoding="utf-8") as f:
        secret_lines = f.read().splitlines()
    given_file = {
        "file_mode": oct(os.stat(secrets).st_mode & 0o777),
        "folder_mode": oct(os.stat(os.path.dirname(secrets)).st_mode & 0o777),
        "lines": secret_lines,
    }
with open(path + ".log", "a", encoding="utf-8") as f:
    f.write(json.dumps({"args": sys.argv[1:], "stdin": asked, **given_file}) + "\n")
if world.get("broken"):
    print("Error: NetworkManager is not running.", file=sys.stderr)
    sys.exit(8)


def terse(*fields):
    print(":".join(str(x).replace("\\", "\\\\").replace(":", "\\:") for x in fields))


def save():
    with open(path, "w", encoding="utf-8") as f:
        json.dump(world, f)


while args and args[0] in ("-t", "-f", "-g", "--wait"):
    args = args[2:] if args[0] != "-t" else args[1:]
up = world.get("up")  # the active Wi-Fi connection's name
if args[:2] == ["device", "status"]:
    if world.get("radio", True):
        terse("wlan0", "wifi", "connected" if up else "disconnected", up or "")
    terse(
        "eth0",
        "ethernet",
        "connected" if world.get("wired") else "unavailable",
        "Wired" if world.get("wired") else "",
    )
elif args[:2] == ["device", "show"]:
    if up:
        print("10.42.0.1/24" if up == "chickenfoot-hub-wifi" else "192.168.1.20/24")
elif args[:2] == ["connection", "show"] and len(args) == 2:
    for name in world["saved"]:
        terse(name, "802-11-wireless")
    terse("Wired", "802-3-ethernet")
elif args[:2] == ["connection", "show"]:
    print(world["saved"].get(args[2], {}).get("ssid", args[2]))
elif args[:3] == ["device", "wifi", "list"]:
    for net in world["around"]:
        terse(net["ssid"], net["signal"], "WPA2" if net.get("psk") else "")
elif args[:3] == ["device", "wifi", "connect"]:
    ssid = args[3]
    given = asked or ""  # nmcli asks for a missing secret only with --ask
    net = next((n for n in world["around"] if n["ssid"] == ssid), None)
    if net is None:
        print(f"Error: No network with SSID '{ssid}' found.", file=sys.stderr)
        sys.exit(10)
    world["saved"][ssid] = {"ssid": ssid}
    if net.get("psk", "") != given:
        save()
        print(
            "Error: Connection activation failed: Secrets were required, but not provided.",
            file=sys.stderr,
        )
        sys.exit(4)
    world["up"] = ssid
    save()
    print(f"Device 'wlan0' successfully activated with '{ssid}'.")
elif args[:3] == ["connection", "add", "type"]:
    named = dict(zip(args[2::2], args[3::2], strict=True))
    if named["con-name"] in world["saved"]:
        print(f"Error: a connection named {named['con-name']} exists already", file=sys.stderr)
        sys.exit(2)
    world["saved"][named["con-name"]] = named
    save()
elif args[:3] == ["connection", "up", "id"]:
    saved = world["saved"].get(args[3])
    psk = dict(line.split(":", 1) for line in given_file.get("lines", []))
    if saved is None:
        print(f"Error: unknown connection '{args[3]}'.", file=sys.stderr)
        sys.exit(10)
    if len(psk.get("802-11-wireless-security.psk", "")) < 8:
        print("Error: Connection activation failed: Secrets were required, but not provided.",
              file=sys.stderr)  # fmt: skip
        sys.exit(4)
    world["up"] = args[3]
    save()
elif args[:3] == ["connection", "delete", "id"]:
    world["saved"].pop(args[3], None)
    save()
else:
    print(f"Error: unknown call {args}", file=sys.stderr)
    sys.exit(2)
