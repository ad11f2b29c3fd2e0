"""install.sh and uninstall.sh into a throw-away root: installs, the boot files, options undone."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from installer_helpers import CMDLINE_TXT, CONFIG_TXT, INSTALL, NEEDS_ROOT, REPO, UNINSTALL, Runner

from hubd.config.loading import load_config

DEVICE_GROUPS = ("gpio", "audio", "video", "input", "render", "dialout")

pytestmark = NEEDS_ROOT


@pytest.fixture
def run(root: Path) -> Runner:
    def run(script: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            ["bash", str(script), "--root", str(root), *staging(script), *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if check:
            assert result.returncode == 0, result.stdout + result.stderr
        return result

    return run


def staging(script: Path) -> list[str]:
    """A throw-away root is a staging root: the installer refuses it without --staging."""
    return ["--staging"] if script.name == "install.sh" else []


def passwd_entry(root: Path, user: str) -> list[str] | None:
    for line in (root / "etc" / "passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return fields
    return None


def group_members(root: Path) -> dict[str, list[str]]:
    groups = {}
    for line in (root / "etc" / "group").read_text().splitlines():
        name, _, _, members = line.split(":")
        groups[name] = [m for m in members.split(",") if m]
    return groups


def test_install_twice_then_uninstall_keeps_the_games(root: Path, run: Runner) -> None:
    """A staging root: the files, the user and the config; no venv, the unit not enabled
    (the live install's venv, bytecode and enabling are checked further down)."""
    first = run(INSTALL)
    # The user: a system account with no login, in every device group (missing ones made).
    user = passwd_entry(root, "chickenfoot")
    assert user is not None
    uid, gid = int(user[2]), int(user[3])
    assert uid < 1000
    assert user[5:] == ["/var/lib/chickenfoot", "/usr/sbin/nologin"]
    groups = group_members(root)
    for group in DEVICE_GROUPS:
        assert groups[group].count("chickenfoot") == 1, group
    assert "Group gpio is missing" in first.stdout
    assert "Group audio is missing" not in first.stdout
    assert "\naudio:x:29:pi,chickenfoot\n" in (root / "etc" / "group").read_text()
    # The code, without the checkout's clutter, in a release of its own that the fixed paths
    # lead to.
    prefix = root / "opt" / "chickenfoot-hub"
    src = prefix / "src"
    assert os.readlink(src) == "current/src" and os.readlink(prefix / "venv") == "current/venv"
    first_release = os.readlink(prefix / "current")
    assert first_release.startswith("releases/")
    for name in ("pyproject.toml", "hubd/__init__.py", "hubd/config/pinmap.py",
                 "engine/__init__.py", "sounds/cackle.wav", "systemd/hubd.service"):  # fmt: skip
        assert (src / name).is_file(), name
    assert not (src / "tests").exists() and not (src / ".venv").exists()
    assert not (src / "hubd" / "__pycache__").exists(), "a staging root gets no bytecode"
    assert all(p.stat().st_uid == 0 for p in src.rglob("*"))
    assert not (prefix / "venv").exists() and "none in a staging root" in first.stdout
    # The unit, installed as it is in the repository, but not enabled: a staging root does
    # not run the hub, so an image made from it does not restart a missing daemon forever.
    unit = root / "etc" / "systemd" / "system" / "hubd.service"
    assert unit.read_bytes() == (REPO / "systemd" / "hubd.service").read_bytes()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "hubd.service"
    assert not wants.is_symlink()
    assert "does not boot into a working hub" in first.stdout
    # Syncthing for club nights: its own unit, installed the same way.
    sync_unit = root / "etc" / "systemd" / "system" / "chickenfoot-syncthing.service"
    assert sync_unit.read_bytes() == (REPO / "systemd" / sync_unit.name).read_bytes()
    # The config: the package's own commented file, for the kiosk.
    config_path = root / "etc" / "chickenfoot-hub" / "hubd.toml"
    config = load_config(config_path)
    assert config.display.fullscreen is True
    assert config.sound.speaker == "mixer"
    assert config.data.folder == Path("/var/lib/chickenfoot")
    # The games folder, the service's own; and the command.
    state = root / "var" / "lib" / "chickenfoot"
    assert (state.stat().st_uid, state.stat().st_gid) == (uid, gid)
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    command = root / "usr" / "local" / "bin" / "hubd"
    assert command.stat().st_mode & 0o111
    # Without --boot-config, the boot files are only talked about.
    assert (root / "boot" / "firmware" / "config.txt").read_text() == CONFIG_TXT
    assert "dtparam=audio=on" in first.stdout

    # A game was played; the user edited the config. Then an update:
    (state / "hub.sqlite3").write_bytes(b"games")
    config_path.write_text(config_path.read_text() + "# mine\n")
    (src / "stale.py").write_text("")
    passwd_before = (root / "etc" / "passwd").read_text()
    second = run(INSTALL)
    assert "keeping /etc/chickenfoot-hub/hubd.toml" in second.stdout
    assert config_path.read_text().endswith("# mine\n")
    assert (state / "hub.sqlite3").read_bytes() == b"games"
    assert not (src / "stale.py").exists(), "the code is a fresh copy each time"
    assert os.readlink(prefix / "current") != first_release
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == sorted(
        [first_release.split("/")[1], os.readlink(prefix / "current").split("/")[1]]
    ), "the previous release is kept, to go back to"
    assert (root / "etc" / "passwd").read_text() == passwd_before
    assert group_members(root) == groups
    assert "useradd" not in second.stdout and "groupadd" not in second.stdout
    second_release = os.readlink(prefix / "current")
    third = run(INSTALL)
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == sorted(
        [second_release.split("/")[1], os.readlink(prefix / "current").split("/")[1]]
    ), "at most two: the running one and the one before"
    # Nothing is removed before what replaces it is on the card.
    removal = third.stdout.index(f"+ rm -rf {prefix}/{first_release}")
    assert "+ sync" in third.stdout[:removal]

    # Uninstall (twice: it is safe to repeat) keeps the games, the config and their owner.
    for _ in range(2):
        run(UNINSTALL)
    assert not unit.exists() and not wants.is_symlink() and not sync_unit.exists()
    assert not (root / "opt" / "chickenfoot-hub").exists()
    assert not command.exists()
    assert (state / "hub.sqlite3").read_bytes() == b"games"
    assert config_path.exists()
    assert passwd_entry(root, "chickenfoot") is not None

    # --purge takes the rest, but not the device groups other software uses.
    run(UNINSTALL, "--purge")
    assert not state.exists() and not config_path.parent.exists()
    assert passwd_entry(root, "chickenfoot") is None
    groups = group_members(root)
    assert "chickenfoot" not in groups
    assert set(DEVICE_GROUPS) <= set(groups)
    assert groups["audio"] == ["pi"]


def test_dfplayer_boot_config_is_applied_once_and_removed_again(root: Path, run: Runner) -> None:
    boot = root / "boot" / "firmware"
    for _ in range(2):
        run(INSTALL, "--skip-venv", "--dfplayer", "--boot-config")
    config_txt = (boot / "config.txt").read_text()
    assert config_txt.startswith(CONFIG_TXT)
    assert config_txt.count("enable_uart=1") == 1
    assert config_txt.count("dtparam=audio=on") == 1
    assert config_txt.count("# BEGIN chickenfoot-hub") == 1
    # The block opens with [all]: the file may end inside a [cm4]-style section.
    added = config_txt[len(CONFIG_TXT) :].splitlines()
    assert added[1] == "[all]"
    cmdline = (boot / "cmdline.txt").read_text()
    assert "console=serial0" not in cmdline
    assert cmdline == "console=tty1 root=PARTUUID=1234-02 rootwait\n"
    assert (boot / "config.txt.chickenfoot-hub.bak").read_text() == CONFIG_TXT
    assert (boot / "cmdline.txt.chickenfoot-hub.bak").read_text() == CMDLINE_TXT
    config = load_config(root / "etc" / "chickenfoot-hub" / "hubd.toml")
    assert config.sound.speaker == "dfplayer"
    assert not (root / "opt" / "chickenfoot-hub" / "venv").exists()

    run(UNINSTALL)
    assert (boot / "config.txt").read_text() == CONFIG_TXT


def test_dry_run_shows_the_real_install_and_changes_nothing(root: Path, run: Runner) -> None:
    def snapshot() -> dict[Path, bytes | None]:
        return {p: p.read_bytes() if p.is_file() else None for p in root.rglob("*")}

    before = snapshot()
    result = run(INSTALL, "--dry-run", "--dfplayer", "--boot-config")
    assert snapshot() == before
    lines = result.stdout.splitlines()
    assert any(line.startswith("+ groupadd --prefix") and line.endswith(" gpio") for line in lines)
    assert any(line.startswith("+ useradd --prefix") for line in lines)
    assert not [line for line in lines if " -m venv " in line], "no venv in a staging root"
    assert any(line.startswith("+ write /etc/chickenfoot-hub/hubd.toml") for line in lines)


def test_make_install_and_uninstall_pass_destdir(root: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for target, args in (("install", ["INSTALL_ARGS=--staging"]), ("uninstall", [])):
        result = subprocess.run(
            ["make", "-C", str(REPO), "--no-print-directory", target, f"DESTDIR={root}", *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"into {root}" in result.stdout or f"from {root}" in result.stdout
    assert passwd_entry(root, "chickenfoot") is not None
    assert not (root / "etc" / "systemd" / "system" / "hubd.service").exists()


def test_bad_options_are_refused_with_a_message(root: Path, run: Runner) -> None:
    result = run(INSTALL, "--frobnicate", check=False)
    assert result.returncode != 0
    assert "unknown option: --frobnicate" in result.stderr
    result = subprocess.run(["bash", str(INSTALL), "--root", str(root / "nowhere")],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode != 0
    assert "no such folder" in result.stderr
    bare = root / "bare"
    bare.mkdir()
    result = subprocess.run(["bash", str(INSTALL), "--staging", "--root", str(bare)],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        f"install.sh: --root {bare} has no etc/passwd and etc/group: copy this machine's in first"
        f" (mkdir -p {bare}/etc && cp /etc/passwd /etc/group /etc/shadow /etc/gshadow {bare}/etc/)"
    ]
    assert list(bare.iterdir()) == []


def test_destdir_without_staging_is_refused(root: Path) -> None:
    result = subprocess.run(["bash", str(INSTALL), "--root", str(root)],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert "only a staging root" in line and "--staging" in line
    assert not (root / "opt").exists()


def test_uninstall_undoes_console_boot_and_read_only_root(root: Path, run: Runner) -> None:
    system = root / "etc" / "systemd" / "system"
    system.mkdir(parents=True)
    targets = root / "lib" / "systemd" / "system"
    targets.mkdir(parents=True)
    for name in ("multi-user.target", "graphical.target"):
        (targets / name).write_text(f"[Unit]\nDescription={name}\n")
    (system / "default.target").symlink_to("/lib/systemd/system/graphical.target")
    result = run(INSTALL, "--skip-venv", "--console-boot", "--read-only-root")
    assert os.readlink(system / "default.target").endswith("/multi-user.target")
    assert (system / "chickenfoot-data.service").read_bytes() == (
        REPO / "systemd" / "chickenfoot-data.service"
    ).read_bytes()
    dropin = (system / "hubd.service.d" / "read-only-root.conf").read_text()
    assert "Requires=chickenfoot-data.service" in dropin
    assert "raspi-config nonint do_overlayfs 0" in result.stderr  # told what to do on the Pi
    state = (root / "etc" / "chickenfoot-hub" / "installed-options").read_text().splitlines()
    assert state == ["previous-default-target=graphical.target", "read-only-root=1"]
    run(INSTALL, "--skip-venv", "--console-boot")  # again: the first default is kept
    assert (
        "previous-default-target=graphical.target"
        in (root / "etc" / "chickenfoot-hub" / "installed-options").read_text()
    )

    run(UNINSTALL)
    assert os.readlink(system / "default.target").endswith("/graphical.target")
    assert not (system / "chickenfoot-data.service").exists()
    assert not (system / "hubd.service.d").exists()
    assert not (root / "etc" / "chickenfoot-hub" / "installed-options").exists()


def test_uninstall_turns_the_serial_console_back_on(root: Path, run: Runner) -> None:
    run(INSTALL, "--skip-venv", "--dfplayer", "--boot-config")
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    assert "console=serial0" not in cmdline.read_text()
    run(UNINSTALL)
    assert cmdline.read_text() == CMDLINE_TXT


def test_the_wifi_rule_and_the_pages_service_only_where_their_programs_are(
    root: Path, run: Runner
) -> None:
    rule = root / "etc" / "polkit-1" / "rules.d" / "50-chickenfoot-hub-network.rules"
    service = root / "etc" / "avahi" / "services" / "chickenfoot-hub.service"
    bare = run(INSTALL)
    assert not rule.exists() and not service.exists()
    assert "no NetworkManager here" in bare.stdout and "Avahi is not installed" in bare.stdout
    for folder in ("NetworkManager", "polkit-1", "avahi"):
        (root / "etc" / folder).mkdir()
    config = root / "etc" / "chickenfoot-hub" / "hubd.toml"
    run(INSTALL)
    text = rule.read_text()
    assert 'subject.user == "chickenfoot"' in text
    assert "org.freedesktop.NetworkManager.wifi.share.protected" in text
    assert "<type>_http._tcp</type>" in service.read_text()
    assert "<port>80</port>" in service.read_text()  # the page's plain port: http://hub.local
    settings = config.read_text().replace("port = 8080", "port = 8090")
    config.write_text(settings.replace("plain_port = 80", "plain_port = 0"))
    run(INSTALL)
    assert "<port>8090</port>" in service.read_text()  # no plain port: the page's own
    run(UNINSTALL)
    assert not rule.exists() and not service.exists()
    assert (root / "etc" / "polkit-1" / "rules.d").is_dir()  # only the hub's own files go
    assert (root / "etc" / "avahi" / "services").is_dir()
