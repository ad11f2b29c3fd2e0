"""Every command of the club night's guide (docs/club-night.md), run as written.

The guide's paths are this test's folders (``/var/lib/chickenfoot`` a data folder with a
night's games in its club folder), ``sudo`` runs the command as this user and ``systemctl``
is a stand-in that records what it was asked (the installed units are checked by
tests/systemd/test_syncthing_unit.py and the installer's tests). The lines shown under a command are
in what it prints. The guide's TOML is read by the hub's own configuration loader.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checkout import REPO
from club_helpers import EVENING, game_log, log_text, put_game
from syncthing_harness import SYNCTHING, free_port

from hubd.club.syncthing import Syncthing, SyncthingError, read_endpoint
from hubd.config.loading import load_config

GUIDE = REPO / "docs" / "club-night.md"
HUBD = Path(sys.executable).parent / "hubd"
TABLES = ("aaaa0001", "bbbb0002", "cccc0003")

pytestmark = pytest.mark.skipif(
    SYNCTHING is None, reason="syncthing is not installed (apt-get install syncthing)"
)


def steps(text: str) -> list[tuple[str, list[str]]]:
    """Each ``$ command`` of the guide's console blocks, with the lines shown under it."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif line.strip():
                found[-1][1].append(line)
    return found


def stand_ins(folder: Path) -> Path:
    """``sudo`` (runs the command as this user) and ``systemctl`` (records its arguments)."""
    folder.mkdir()
    (folder / "sudo").write_text('#!/bin/sh\nif [ "$1" = -u ]; then shift 2; fi\nexec "$@"\n')
    (folder / "systemctl").write_text(f'#!/bin/sh\necho "$@" >> {folder}/systemctl.log\n')
    for name in ("sudo", "systemctl"):
        (folder / name).chmod(0o755)
    return folder


def a_night(data: Path) -> None:
    """Tables 1 and 2 have played two games; Table 3's second has not arrived."""
    club = data / "club"
    later = EVENING.replace(hour=21)
    put_game(club, TABLES[0], 1, {"Ana": 10, "Ben": 30, "Cy": 5}, table="Table 1")
    put_game(club, TABLES[1], 1, {"Dee": 7, "Eve": 0, "Fay": 22}, table="Table 2")
    put_game(club, TABLES[2], 1, {"Gus": 3, "Hal": 40, "Ida": 11}, table="Table 3")
    put_game(club, TABLES[0], 2, {"Ana": 1, "Ben": 2, "Gus": 3}, started=later)
    put_game(club, TABLES[1], 2, {"Cy": 4, "Dee": 5, "Fay": 6}, started=later)


def serve_until_it_answers(argv: list[str], home: Path) -> None:
    """``syncthing serve`` started, asked for its id through the REST API, stopped."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                               start_new_session=True)  # fmt: skip
    try:
        client = Syncthing(read_endpoint(home / "config.xml"))
        deadline = time.monotonic() + 30
        while True:
            try:
                assert client.my_id()
                return
            except SyncthingError:
                assert process.poll() is None, "syncthing stopped"
                assert time.monotonic() < deadline, "syncthing did not answer"
                time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_every_command_of_the_guide_runs_as_written(tmp_path: Path) -> None:
    data, home = tmp_path / "data", tmp_path / "home"
    a_night(data)
    (tmp_path / "game.jsonl").write_text(log_text(game_log({"Jo": 4, "Kim": 9})))
    bin_dir = stand_ins(tmp_path / "bin")
    env = {"PATH": f"{bin_dir}:{HUBD.parent}:/usr/bin:/bin", "HOME": str(home)}
    ports = {"8385": str(free_port()), "22001": str(free_port())}
    ran = steps(GUIDE.read_text(encoding="utf-8"))
    assert len(ran) >= 14
    for command, shown in ran:
        line = command.replace("/opt/chickenfoot-hub/venv/bin/hubd", "hubd")
        line = line.replace("/var/lib/chickenfoot", str(data)).replace("~/", f"{home}/")
        for port, free in ports.items():
            line = line.replace(f":{port}", f":{free}")
        argv = shlex.split(line)
        if argv[0] == "syncthing":
            serve_until_it_answers([SYNCTHING or "syncthing", *argv[1:]], home / "chickenfoot"
                                   / "syncthing")  # fmt: skip
            continue
        done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=60, check=False)  # fmt: skip
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
        printed = done.stdout.splitlines()
        for expected in shown:
            assert expected in printed, f"{command}: {expected!r} not in {printed}"
    asked = (bin_dir / "systemctl.log").read_text().splitlines()
    assert asked == [
        "stop chickenfoot-syncthing",
        "start chickenfoot-syncthing",
        "restart hubd",
        "stop hubd",
        "start hubd",
    ]
    config = (data / "syncthing" / "config.xml").read_text()
    assert "<localAnnounceEnabled>true</localAnnounceEnabled>" in config
    own = (home / "chickenfoot" / "syncthing" / "config.xml").read_text()
    assert "<localAnnounceEnabled>false</localAnnounceEnabled>" in own
    assert shutil.which("hubd", path=env["PATH"]) is not None


def test_the_guides_configuration_is_what_the_hub_reads(tmp_path: Path) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    [toml] = re.findall(r"```toml\n(.*?)```", text, re.S)
    path = tmp_path / "hubd.toml"
    path.write_text(toml.replace("# syncthing_config", "syncthing_config"))
    config = load_config(path)
    assert config.club.enabled and config.club.table == "Table 3"
    assert config.club.syncthing_config == Path("/var/lib/chickenfoot/syncthing/config.xml")
    unit = (GUIDE.parents[1] / "systemd" / "hubd.service").read_text()
    assert (
        "--config /etc/chickenfoot-hub/hubd.toml" in unit
        and "/etc/chickenfoot-hub/hubd.toml" in text
    )
