"""/usr/local/bin/hubd (hardware/hubd-command.sh): every hubd command and option passes through.

The wrapper adds the installed config where a command takes --config and ``run`` only when no
command is given; its lists are checked here against hubd's own parser, and every command is
run through the wrapper the installer put in a throw-away root.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from installer_helpers import NEEDS_ROOT, REPO

from engine import dump_line
from engine.simulate import Simulator
from hubd.cli.args import build_parser

WRAPPER = REPO / "hardware" / "hubd-command.sh"
INSTALLED_HUBD = "HUBD=/opt/chickenfoot-hub/venv/bin/hubd\n"
INSTALLED_CONFIG = "CONFIG=/etc/chickenfoot-hub/hubd.toml\n"
HUBD = Path(sys.executable).with_name("hubd")


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def commands() -> list[tuple[list[str], argparse.ArgumentParser]]:
    """Every command of hubd's, a club action as ``["club", ACTION]``, with its parser."""
    found = []
    for name, parser in subparsers(build_parser()).items():
        found.append(([name], parser))
        found += [([name, action], sub) for action, sub in subparsers(parser).items()]
    return found


def takes_config(parser: argparse.ArgumentParser) -> bool:
    return "--config" in parser._option_string_actions


def wrapper(tmp_path: Path, hubd: Path, config: Path | None = None) -> Path:
    """The wrapper calling ``hubd`` with ``config``, as the service's user where root (here
    root itself: the throw-away root's user does not exist on this machine)."""
    script = WRAPPER.read_text()
    assert INSTALLED_HUBD in script and INSTALLED_CONFIG in script
    script = script.replace(INSTALLED_HUBD, f"HUBD={hubd}\n")
    if config is not None:
        script = script.replace(INSTALLED_CONFIG, f"CONFIG={config}\n")
    script = script.replace("APP_USER=chickenfoot\n", "APP_USER=root\n")
    command = tmp_path / "hubd-command"
    command.write_text(script)
    return command


def through(command: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "LG_WD"}
    environment["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return subprocess.run(
        ["sh", str(command), *args],
        capture_output=True, text=True, timeout=60, check=check, env=environment,
    )  # fmt: skip


@pytest.fixture
def echo(tmp_path: Path) -> Path:
    """The wrapper around a stand-in hubd that prints its arguments, one a line."""
    stand_in = tmp_path / "hubd"
    stand_in.write_text('#!/bin/sh\nprintf "%s\\n" "$@"\n')
    stand_in.chmod(0o755)
    return wrapper(tmp_path, stand_in)


@pytest.mark.parametrize(
    ("words", "parser"), commands(), ids=[" ".join(words) for words, _ in commands()]
)
def test_the_config_is_added_where_the_command_takes_it(
    echo: Path, words: list[str], parser: argparse.ArgumentParser
) -> None:
    """Against hubd's parser: a command (or club action) added later and not to the wrapper
    fails here, whichever way."""
    passed = through(echo, *words, "--verbose-or-not").stdout.splitlines()
    config = ["--config", "/etc/chickenfoot-hub/hubd.toml"] if takes_config(parser) else []
    assert passed == [*words, *config, "--verbose-or-not"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--version"], ["--version"]),
        (["--help"], ["--help"]),
        (["-h"], ["-h"]),
        (["club"], ["club"]),
        (["club", "--help"], ["club", "--help"]),
        (["club", "frobnicate"], ["club", "frobnicate"]),
        (["frobnicate"], ["frobnicate"]),
    ],
)
def test_the_rest_passes_through_as_given(echo: Path, args: list[str], expected: list[str]) -> None:
    assert through(echo, *args).stdout.splitlines() == expected


def test_run_only_when_no_command_is_given(echo: Path) -> None:
    config = ["--config", "/etc/chickenfoot-hub/hubd.toml"]
    assert through(echo).stdout.splitlines() == ["run", *config]
    passed = through(echo, "--mock-pins", "--windowed").stdout.splitlines()
    assert passed == ["run", *config, "--mock-pins", "--windowed"]


@pytest.fixture
def installed(root: Path, tmp_path: Path) -> Path:
    """``make install DESTDIR=root`` (a staging root), and its /usr/local/bin/hubd calling this
    checkout's hubd with the installed config (a staging root has no venv)."""
    if shutil.which("make") is None or shutil.which("runuser") is None:
        pytest.skip("make or runuser (util-linux) is not installed")
    result = subprocess.run(
        ["make", "-C", str(REPO), "--no-print-directory", "install", f"DESTDIR={root}",
         "INSTALL_ARGS=--staging"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    installed = root / "usr" / "local" / "bin" / "hubd"
    assert installed.read_text() == WRAPPER.read_text()
    config = root / "etc" / "chickenfoot-hub" / "hubd.toml"
    assert config.is_file()
    folder = tmp_path / "installed"
    folder.mkdir()
    return wrapper(folder, HUBD, config)


@NEEDS_ROOT[0]
@NEEDS_ROOT[1]
def test_every_command_runs_through_the_installed_wrapper(installed: Path, tmp_path: Path) -> None:
    """`hubd --version`, `hubd --help`, every command's and club action's --help, then the
    store's and club's commands on a throw-away data folder, and `hubd layout`."""
    version = through(installed, "--version").stdout
    assert version.startswith("hubd ")
    top = through(installed, "--help").stdout
    for words, parser in commands():
        assert words[-1] in top or words[0] in top
        shown = through(installed, *words, "--help").stdout
        assert shown.startswith(f"usage: hubd {' '.join(words)}"), shown
        if takes_config(parser):
            assert "--config FILE" in shown
    data = tmp_path / "data"
    log = tmp_path / "game.jsonl"
    events = Simulator(3, {"preset": "classic", "rounds": 1}, 7, check=False).play_game()
    log.write_text("".join(dump_line(e) + "\n" for e in events.effective))
    through(installed, "import", "--data", str(data), str(log))
    sheet = through(installed, "export", "--data", str(data), "--format", "csv").stdout
    assert sheet.count("\n") >= 2
    through(installed, "backup", "--data", str(data), str(tmp_path / "copy.sqlite3"))
    assert (tmp_path / "copy.sqlite3").stat().st_size > 0
    frames = through(installed, "layout", str(log)).stdout.splitlines()
    assert len(frames) == len(events.effective)
    standings = through(installed, "club", "standings", "--data", str(data), check=False)
    assert standings.returncode in (0, 1) and "unrecognized" not in standings.stderr
    refused = through(installed, "frobnicate", check=False)
    assert refused.returncode == 2 and "frobnicate" in refused.stderr
