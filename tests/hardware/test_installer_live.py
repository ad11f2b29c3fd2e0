"""The live install: a throw-away root as a running Pi; restarts, failed updates, rollbacks."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from installer_helpers import NEEDS_ROOT, Runner

pytestmark = NEEDS_ROOT


# CHICKENFOOT_INSTALL_TEST_LIVE=1 makes the installer treat --root as the running system, with
# the systemctl below as its systemd: `restart` fails (no READY=1) while the release that
# `current` points at holds a file named BROKEN, as a release that imports but dies under the
# unit would. Every call is logged.

FAKE_SYSTEMCTL = """#!/bin/sh
echo "$*" >>"$SYSTEMCTL_LOG"
case $1 in
    restart) [ ! -e "$HUB_ROOT/opt/chickenfoot-hub/current/src/BROKEN" ] ;;
    show) echo 0 ;;
    --root=*) wants=$HUB_ROOT/etc/systemd/system/multi-user.target.wants
        [ "$2" = enable ] && mkdir -p "$wants" \\
            && ln -sfn "/etc/systemd/system/$3" "$wants/$3"; exit 0 ;;
    *) exit 0 ;;
esac
"""


@pytest.fixture
def live(tmp_path: Path, root: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    bin_dir = tmp_path / "live-bin"
    bin_dir.mkdir()
    (bin_dir / "systemctl").write_text(FAKE_SYSTEMCTL)
    (bin_dir / "systemctl").chmod(0o755)
    environment = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
                   "CHICKENFOOT_INSTALL_TEST_LIVE": "1", "HUB_ROOT": str(root),
                   "SYSTEMCTL_LOG": str(tmp_path / "systemctl.log"), "READY_SETTLE": "0",
                   "READY_TIMEOUT": "20"}  # fmt: skip

    def live(checkout: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(checkout / "hardware" / "install.sh"), "--root", str(root), *args],
            capture_output=True, text=True, timeout=120, check=False, env=environment,
        )  # fmt: skip

    return live


def systemctl_calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "systemctl.log"
    return log.read_text().splitlines() if log.exists() else []


def break_release(checkout: Path) -> None:
    """The release made from ``checkout`` imports, but never reports READY under the unit."""
    (checkout / "BROKEN").write_text("")
    script = (checkout / "hardware" / "install.sh").read_text()
    assert "sounds hardware systemd)" in script
    (checkout / "hardware" / "install.sh").write_text(
        script.replace("sounds hardware systemd)", "sounds hardware systemd BROKEN)")
    )


def releases(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "opt" / "chickenfoot-hub" / "releases").iterdir())


def test_the_live_install_compiles_enables_restarts_and_records_the_version(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    result = live(checkout, "--skip-pip")
    assert result.returncode == 0, result.stdout + result.stderr
    src = root / "opt" / "chickenfoot-hub" / "src"
    assert list((src / "hubd" / "config" / "__pycache__").glob("pinmap.*.pyc"))
    venv = root / "opt" / "chickenfoot-hub" / "venv"
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "hubd.service"
    assert os.readlink(wants) == "/etc/systemd/system/hubd.service"
    assert "restart hubd.service" in systemctl_calls(tmp_path)
    sync_wants = wants.with_name("chickenfoot-syncthing.service")
    assert os.readlink(sync_wants) == "/etc/systemd/system/chickenfoot-syncthing.service"
    if shutil.which("syncthing"):  # started after the hub (a warning without it)
        assert "restart chickenfoot-syncthing.service" in systemctl_calls(tmp_path)
    assert "hubd.service reported READY" in result.stdout
    # What `hubd --version` and the Settings screen show.
    release = dict(
        line.split("=", 1) for line in (src / "release.txt").read_text().splitlines()
        if "=" in line
    )  # fmt: skip
    assert release["version"] == "0.1.0"
    assert release["commit"] == "unknown"  # this checkout is a copy without .git
    assert release["release"] == os.readlink(root / "opt" / "chickenfoot-hub" / "current")[9:]
    # The checkout is not written to: no root-owned bytecode left in the user's folder.
    assert not list(checkout.rglob("__pycache__"))


def test_a_failed_update_leaves_the_running_install_as_it_was(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    assert live(checkout, "--skip-pip").returncode == 0
    prefix = root / "opt" / "chickenfoot-hub"
    running = os.readlink(prefix / "current")
    before = (prefix / "src" / "hubd" / "loop" / "app.py").read_bytes()
    # The update is broken (it does not even compile), like a pip that cannot reach the index.
    (checkout / "hubd" / "loop" / "app.py").write_text("def broken(:\n")
    result = live(checkout, "--skip-pip")
    assert result.returncode != 0
    assert "the installed hub is unchanged" in result.stderr
    assert os.readlink(prefix / "current") == running
    assert (prefix / "src" / "hubd" / "loop" / "app.py").read_bytes() == before
    assert releases(root) == [running.split("/")[1]]
    # It failed before the swap: the running hub was never stopped nor restarted.
    assert systemctl_calls(tmp_path).count("restart hubd.service") == 1


def test_an_update_that_never_reports_ready_is_rolled_back(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    assert live(checkout, "--skip-venv").returncode == 0
    prefix = root / "opt" / "chickenfoot-hub"
    unit = root / "etc" / "systemd" / "system" / "hubd.service"
    running = os.readlink(prefix / "current")
    unit_before = unit.read_bytes()
    # The next release imports, but dies under the unit (its unit file differs too).
    break_release(checkout)
    (checkout / "systemd" / "hubd.service").write_text(unit_before.decode() + "# new\n")
    result = live(checkout, "--skip-venv")
    assert result.returncode == 1
    assert "did not report READY within 20 s" in result.stderr
    assert f"switched back: release {running.split('/')[1]} runs again" in result.stderr
    assert os.readlink(prefix / "current") == running
    assert unit.read_bytes() == unit_before, "the unit file of the release that runs"
    assert releases(root) == [running.split("/")[1]], "the broken release is gone"
    assert systemctl_calls(tmp_path).count("restart hubd.service") == 3  # first, new, back
    assert not list(root.rglob("*.chickenfoot-undo"))


def test_a_failed_first_install_undoes_itself(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    etc = {name: (root / "etc" / name).read_text() for name in ("passwd", "group", "shadow")}
    before = {p.relative_to(root) for p in root.rglob("*")}
    break_release(checkout)
    result = live(checkout, "--skip-venv", "--console-boot")
    assert result.returncode == 1
    assert "everything this first install did is undone" in result.stderr
    assert {name: (root / "etc" / name).read_text() for name in etc} == etc
    # What is left: the shadow tools' own backups (passwd- ...) and the install lock's folder.
    left = {p.relative_to(root) for p in root.rglob("*")} - before
    assert {str(p) for p in left} <= {
        "etc/passwd-",
        "etc/group-",
        "etc/shadow-",
        "etc/gshadow-",
        "run",
        "run/lock",
        "run/lock/chickenfoot-hub.install.lock",
    }
    assert "stop hubd.service" in systemctl_calls(tmp_path)
