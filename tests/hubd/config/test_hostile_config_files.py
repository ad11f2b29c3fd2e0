"""Config and settings files attacked: every file read without blocking, regular and
bounded; every value bounded; a bad one is one line, never a traceback or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from checkout import REPO

from hubd.cli import run as cli
from hubd.cli.args import EXIT_USAGE
from hubd.config.loading import HubConfig, load_config
from hubd.config.settings import SETTINGS_FILE, Settings


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[sound]\nvolume = " + "9" * 5000, "too large"),
        ("[sound]\nvolume = " + "9" * 4000, "whole number of more than 60 digits"),
        ("[sound]\nvolume = " + "[" * 5000 + "]" * 5000, "too deeply"),
        ("[sound]\nvolume = " + "[" * 200 + "]" * 200, "[sound] volume = [[[[...]]]]"),
        ('[data]\nfolder = "/var/\\u0000lib"', "[data] folder"),
        ('[data]\nfolder = "~nosuchuser-hubd/games"', "[data] folder"),
        ('[data]\nfolder = "/' + "x" * 5000 + '"', "[data] folder"),
        ('[sound]\nserial_port = "/dev/tty\\nS0"', "[sound] serial_port"),
        ("[sound]\n" + "k" * 5000 + " = 1", "unknown key [sound] kkk"),
    ],
)
def test_a_hostile_value_is_one_short_line(
    tmp_path: Path, capsys: Any, text: str, said: str
) -> None:
    config = tmp_path / "hub.toml"
    config.write_text(text)
    assert cli.main(["export", "--config", str(config), "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400, err[:500]
    assert err.startswith("hubd: config error: ") and said in err, err


def test_a_folder_under_an_existing_users_home_is_kept(tmp_path: Path) -> None:
    config = tmp_path / "hub.toml"
    config.write_text('[data]\nfolder = "~root/games"\n')
    assert load_config(config).data.folder == Path("~root/games")


@pytest.mark.parametrize("what", ["/dev/zero", "fifo", "folder", "huge"])
def test_a_config_that_is_not_a_small_regular_file_is_refused_at_once(
    tmp_path: Path, what: str
) -> None:
    path = tmp_path / "hub.toml"
    if what == "/dev/zero":
        path = Path("/dev/zero")
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.write_text("# comment\n" * 10_000)
    result = subprocess.run(
        [sys.executable, "-m", "hubd.cli.run", "export", "--config", str(path),
         "--data", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=30, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == EXIT_USAGE
    assert result.stderr.startswith(f"hubd: config error: cannot read {path}: ")
    assert result.stderr.count("\n") == 1


SETTINGS_CHECK = """
import sys
from pathlib import Path
from hubd.config.loading import HubConfig
from hubd.config.settings import Settings
print(Settings.load(Path(sys.argv[1]), HubConfig()).volume)
"""


@pytest.mark.parametrize("what", ["fifo", "link to /dev/zero", "huge", "huge number"])
def test_a_settings_file_that_is_not_a_small_regular_file_is_ignored_at_once(
    tmp_path: Path, what: str
) -> None:
    path = tmp_path / SETTINGS_FILE
    if what == "fifo":
        os.mkfifo(path)
    elif what == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif what == "huge":
        path.write_text('{"volume": 10' + " " * 100_000 + "}")
    else:
        path.write_text('{"volume": ' + "9" * 4000 + "}")
    result = subprocess.run(
        [sys.executable, "-c", SETTINGS_CHECK, str(tmp_path)],
        capture_output=True, text=True, timeout=30, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout == "80\n"
    assert "Traceback" not in result.stderr and len(result.stderr) < 600


def test_good_settings_are_still_read(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"volume": 35}')
    assert Settings.load(tmp_path, HubConfig()).volume == 35


@pytest.mark.parametrize("what", ["link", "fifo"])
def test_saving_replaces_a_link_or_fifo_and_writes_nothing_through_it(
    tmp_path: Path, what: str
) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("keep")
    path = tmp_path / SETTINGS_FILE
    if what == "link":
        path.symlink_to(elsewhere)
    else:
        os.mkfifo(path)
    settings = Settings.from_config(HubConfig())
    settings.volume = 30
    settings.save(tmp_path)
    assert path.is_file() and not path.is_symlink() and elsewhere.read_text() == "keep"
    assert Settings.load(tmp_path, HubConfig()).volume == 30
