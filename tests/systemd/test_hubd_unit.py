"""systemd/hubd.service: what the daemon relies on, `systemd-analyze verify`, and its
hardening score from `systemd-analyze security --offline=true` (2.0 or lower)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from checkout import REPO
from systemd_helpers import one, unit_settings, words

UNIT = REPO / "systemd" / "hubd.service"


@pytest.fixture(scope="module")
def unit() -> dict[str, list[str]]:
    return unit_settings(UNIT.read_text(encoding="utf-8"))


INSTALLED_EXEC = "/opt/chickenfoot-hub/venv/bin/hubd"
MAX_EXPOSURE = 2.0

needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (Debian package systemd; .ci/system-deps installs it)",
)


# --- what the daemon and the installer rely on --------------------------------------------------


def test_it_is_a_notify_service_with_a_watchdog_that_restarts(
    unit: dict[str, list[str]],
) -> None:
    assert one(unit, "Service.Type") == "notify"
    assert one(unit, "Service.NotifyAccess") == "main"
    assert one(unit, "Service.WatchdogSec") == "10"
    assert one(unit, "Service.Restart") == "on-failure"
    assert one(unit, "Service.RestartSec") == "2"
    assert one(unit, "Service.TimeoutStopSec") == "5"
    assert one(unit, "Install.WantedBy") == "multi-user.target"
    assert "sound.target" in words(unit, "Unit.After")


def test_it_runs_the_installed_daemon_with_the_installed_config(
    unit: dict[str, list[str]],
) -> None:
    assert one(unit, "Service.ExecStart") == (
        f"{INSTALLED_EXEC} --config /etc/chickenfoot-hub/hubd.toml"
    )


def test_it_runs_as_its_own_user_in_the_installers_groups(unit: dict[str, list[str]]) -> None:
    assert one(unit, "Service.User") == "chickenfoot"
    assert one(unit, "Service.Group") == "chickenfoot"
    common = (REPO / "hardware" / "common.sh").read_text(encoding="utf-8")
    match = re.search(r"^readonly APP_GROUPS=\(([^)]*)\)", common, re.MULTILINE)
    assert match is not None
    assert words(unit, "Service.SupplementaryGroups") == match.group(1).split()
    # A user namespace would hide those groups from the daemon.
    assert "Service.PrivateUsers" not in unit
    assert "Service.DynamicUser" not in unit


def test_state_runtime_and_working_directories(unit: dict[str, list[str]]) -> None:
    assert one(unit, "Service.StateDirectory") == "chickenfoot"
    assert one(unit, "Service.RuntimeDirectory") == "chickenfoot"
    # lgpio needs a writable working directory (or $LG_WD) for its FIFOs.
    assert one(unit, "Service.WorkingDirectory") == "/run/chickenfoot"
    environment = words(unit, "Service.Environment")
    assert "LG_WD=/run/chickenfoot" in environment
    assert "SDL_VIDEODRIVER=kmsdrm" in environment
    assert "SDL_AUDIODRIVER=alsa" in environment


def test_it_reaches_exactly_the_devices_the_hub_needs(unit: dict[str, list[str]]) -> None:
    assert one(unit, "Service.DevicePolicy") == "closed"
    allowed = {value.split()[0] for value in unit["Service.DeviceAllow"]}
    assert {"char-gpiochip", "char-alsa", "char-drm", "char-input", "char-ttyAMA"} <= allowed
    assert "Service.PrivateDevices" not in unit
    # gpiozero reads the board from /proc/device-tree and /proc/cpuinfo.
    assert "Service.ProcSubset" not in unit
    assert words(unit, "Service.RestrictAddressFamilies") == [
        "AF_UNIX", "AF_NETLINK", "AF_INET", "AF_INET6"
    ]  # fmt: skip


def test_the_phones_page_is_reached_from_the_local_network_alone(
    unit: dict[str, list[str]],
) -> None:
    assert words(unit, "Service.IPAddressDeny") == ["any"]
    allowed = [word for value in unit["Service.IPAddressAllow"] for word in value.split()]
    assert sorted(allowed) == sorted([
        "localhost", "link-local", "multicast",
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7",
    ])  # fmt: skip
    assert "Service.PrivateNetwork" not in unit  # the page's listener must be reachable


# --- systemd-analyze -----------------------------------------------------------------------------


@needs_analyze
def test_its_one_privilege_is_listening_on_port_80(unit: dict[str, list[str]]) -> None:
    # The page's plain address (http://<hub>.local, [web] plain_port); nothing else, and
    # nothing it starts can gain more.
    assert one(unit, "Service.AmbientCapabilities") == "CAP_NET_BIND_SERVICE"
    assert one(unit, "Service.CapabilityBoundingSet") == "CAP_NET_BIND_SERVICE"
    assert one(unit, "Service.NoNewPrivileges") == "yes"
    from hubd.config.schema import WebConfig

    assert WebConfig().plain_port == 80 and WebConfig().port == 8080


def test_systemd_analyze_verify_finds_nothing(tmp_path: Path) -> None:
    """`verify` insists that ExecStart's program exists, which it does only on an installed
    Pi; so verify a copy whose ExecStart points at a stand-in with the same arguments.
    Everything else (keys, values, After=/WantedBy= targets) is checked as written."""
    stand_in = tmp_path / "hubd"
    stand_in.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stand_in.chmod(0o755)
    text = UNIT.read_text(encoding="utf-8")
    assert f"ExecStart={INSTALLED_EXEC} " in text
    copy = tmp_path / "hubd.service"
    copy.write_text(text.replace(f"ExecStart={INSTALLED_EXEC} ", f"ExecStart={stand_in} "))
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    output = result.stdout + result.stderr
    # An unknown key or a bad value is only a warning (exit 0): fail on any word about us.
    about_us = [line for line in output.splitlines() if "hubd.service" in line]
    assert result.returncode == 0, output
    assert about_us == [], output


@needs_analyze
def test_systemd_analyze_security_rates_it_2_or_lower() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    output = result.stdout + result.stderr
    match = re.search(r"Overall exposure level for hubd\.service: (\d+(?:\.\d+)?)", output)
    assert match is not None, output
    exposure = float(match.group(1))
    print(f"systemd-analyze security: hubd.service exposure {exposure}")
    assert exposure <= MAX_EXPOSURE, output
    # Of the privileges, only the one the unit explains (port 80): its two lines, 0.1 each.
    granted = sorted(
        line.split()[1]
        for line in output.splitlines()
        if line.startswith("✗") and ("Capabilit" in line or "CAP_" in line)
    )
    assert granted == [
        "AmbientCapabilities=",
        "CapabilityBoundingSet=~CAP_NET_(BIND_SERVICE|BROADCAST|RAW)",
    ]


def test_the_shutdown_hold_exit_powers_off_and_is_no_failure(unit: dict[str, list[str]]) -> None:
    from hubd.cli.args import EXIT_POWEROFF

    assert one(unit, "Service.SuccessExitStatus") == str(EXIT_POWEROFF)
    post = one(unit, "Service.ExecStopPost")
    assert post.startswith("+/bin/sh -c ")  # as root, outside the sandbox
    assert (
        f'[ "$$EXIT_STATUS" = {EXIT_POWEROFF} ]' in post and "systemctl --no-block poweroff" in post
    )


DATA_UNIT = REPO / "systemd" / "chickenfoot-data.service"


def test_the_open_files_limit_leaves_room_beyond_the_pages_connections(
    unit: dict[str, list[str]],
) -> None:
    from hubd.web.guard import Limits

    limit = int(one(unit, "Service.LimitNOFILE"))
    # Every connection and stream the page admits, with thousands left for the hub's files.
    assert limit >= Limits().connections + Limits().streams + 4096


@needs_analyze
def test_the_data_unit_rates_5_or_lower() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(DATA_UNIT)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    output = result.stdout + result.stderr
    match = re.search(r"Overall exposure level for chickenfoot-data\.service: (\S+)", output)
    assert match is not None, output
    print(f"systemd-analyze security: chickenfoot-data.service exposure {match.group(1)}")
    assert float(match.group(1)) <= 5.0, output
    settings = unit_settings(DATA_UNIT.read_text(encoding="utf-8"))
    assert one(settings, "Service.CapabilityBoundingSet") == "CAP_SYS_ADMIN"
    assert "PrivateMounts" not in str(settings)  # its mounts must reach the whole system


DATA_SCRIPT = "/opt/chickenfoot-hub/src/hardware/games-on-card.sh"


def test_the_data_unit_binds_the_folders_before_the_journal_and_the_hub() -> None:
    data = unit_settings(DATA_UNIT.read_text(encoding="utf-8"))
    assert data["Service.ExecStart"] == [f"{DATA_SCRIPT} start"]
    assert data["Service.ExecStop"] == [f"{DATA_SCRIPT} stop"]
    assert {"hubd.service", "systemd-journal-flush.service"} <= set(words(data, "Unit.Before"))
    assert (REPO / "hardware" / "games-on-card.sh").stat().st_mode & 0o111
    assert one(unit_settings(UNIT.read_text(encoding="utf-8")), "Service.StateDirectory") == (
        "chickenfoot"
    )


@needs_analyze
def test_systemd_analyze_verify_finds_nothing_in_the_data_unit(tmp_path: Path) -> None:
    stand_in = tmp_path / "games-on-card.sh"
    stand_in.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stand_in.chmod(0o755)
    copy = tmp_path / DATA_UNIT.name
    copy.write_text(DATA_UNIT.read_text(encoding="utf-8").replace(DATA_SCRIPT, str(stand_in)))
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert [line for line in output.splitlines() if "chickenfoot-data" in line] == [], output


# --- games-on-card.sh, with stand-ins for findmnt and blkid ------------------------------------


def games_on_card(tmp_path: Path, mounts: dict[str, str], root_options: str, *args: str) -> str:
    """``mounts``: target -> FSTYPE; ``root_options``: what findmnt says of /'s OPTIONS."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    cases = "".join(f'    "{target}") echo {fstype} ;;\n' for target, fstype in mounts.items())
    (bin_dir / "findmnt").write_text(f"""#!/bin/sh
# findmnt -n [-o FIELD] TARGET | findmnt -n -o TARGET --source DEVICE
if [ "$3" = TARGET ] && [ "$4" = --source ]; then echo / ; echo /run/card-root; exit 0; fi
[ "$3" = OPTIONS ] && [ "$4" = / ] && echo '{root_options}' && exit 0
target=${{4:-$2}}
case $target in
{cases}    *) exit 1 ;;
esac
""")
    (bin_dir / "blkid").write_text("#!/bin/sh\necho /dev/mmcblk0p2\n")
    cmdline = tmp_path / "cmdline"
    cmdline.write_text("console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 overlayroot=tmpfs\n")
    for tool in ("findmnt", "blkid"):
        (bin_dir / tool).chmod(0o755)
    result = subprocess.run(
        ["sh", str(REPO / "hardware" / "games-on-card.sh"), *args, "--dry-run"],
        capture_output=True, text=True, timeout=30, check=True,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
             "GAMES_ON_CARD_CMDLINE": str(cmdline)},
    )  # fmt: skip
    return result.stdout


def test_without_the_overlay_nothing_is_mounted(tmp_path: Path) -> None:
    out = games_on_card(tmp_path, {"/": "ext4"}, "rw,relatime", "start")
    assert "nothing to do" in out and "+ " not in out


def test_only_the_games_and_the_journal_are_bound_writable_from_the_lower_root(
    tmp_path: Path,
) -> None:
    options = "rw,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay"
    out = games_on_card(tmp_path, {"/": "overlay", "/media/root-ro": "ext4"}, options, "start")
    lines = [line for line in out.splitlines() if line.startswith("+ ")]
    assert lines[0] == "+ mount -o remount,rw /media/root-ro"
    assert "+ mount --bind /media/root-ro/var/lib/chickenfoot /var/lib/chickenfoot" in lines
    remount_ro = lines.index("+ mount -o remount,bind,ro /media/root-ro")
    binds = [i for i, line in enumerate(lines) if line.startswith("+ mount --bind")]
    assert binds and max(binds) < remount_ro, "the card's root is read-only again after the binds"


def test_the_lower_root_is_found_where_the_overlay_does_not_name_it(tmp_path: Path) -> None:
    """A newer overlayroot mounts the card's root elsewhere (and the lowerdir it names is not
    a mount point here): the partition on the kernel command line is found where it is."""
    out = games_on_card(tmp_path, {"/": "overlay"}, "rw,lowerdir=/lower,upperdir=/upper", "start")
    assert "the card's root is at /run/card-root" in out
    assert "+ mount -o remount,rw /run/card-root" in out
