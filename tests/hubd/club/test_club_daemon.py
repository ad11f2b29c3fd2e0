"""The real daemon with [club] enabled: its games go to its club folder as they are committed,
another table's game is imported by its thread and stored by the loop, Syncthing missing is
said in one line, and SIGTERM still stops it cleanly."""

from __future__ import annotations

import time
from pathlib import Path

from club_helpers import put_game
from daemon_harness import DaemonProcess

from hubd.club.folder import hub_id, parse_game_name
from hubd.store import GameStore

OTHER = "bbbb0002"


def test_the_daemon_writes_imports_and_stops_cleanly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    put_game(data / "club", OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    config = tmp_path / "hub.toml"
    config.write_text(
        '[club]\nenabled = true\ntable = "Table 1"\n'
        f'syncthing_config = "{tmp_path / "no-syncthing" / "config.xml"}"\n'
    )
    daemon = DaemonProcess(data, "--config", str(config), "--demo-fast", "--demo-seed", "3")
    try:
        daemon.wait_message("READY=1")
        daemon.wait_committed(30)
        deadline = time.monotonic() + 20
        while not any("Syncthing is not set up" in line for line in daemon.stderr_lines):
            assert time.monotonic() < deadline, daemon.stderr_lines[-10:]
            time.sleep(0.05)
    finally:
        daemon.stop_cleanly()
    mine = data / "club" / hub_id(data)
    with GameStore.open(data) as store:
        imported = {(hub, parse_game_name(name)) for hub, name, *_ in store.club_games()}
        assert (OTHER, parse_game_name("2026-12-01T193000-g1.jsonl")) in imported
        for record in store.history(5):
            name = next(mine.glob(f"*-g{record.game_id}.jsonl"))
            exported: list[str] = []
            store.export_jsonl(record.game_id, type("Out", (), {"write": exported.append})())
            assert name.read_text() == "".join(exported)
    assert '"Table 1"' in (mine / "hub.json").read_text()
