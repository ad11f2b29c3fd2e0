"""The real daemon with the phones' page: the journal line, the page of the demo's game, a
stream open at SIGTERM, and no listener at all with --no-web."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess

from hubd.club.syncthing import free_local_port

pytestmark = pytest.mark.slow


def test_the_daemon_serves_its_game_and_stops_in_time_with_a_stream_open(
    tmp_path: Path,
) -> None:
    port = free_local_port()
    config = tmp_path / "hub.toml"
    config.write_text(f'[web]\nbind = "127.0.0.1"\nport = {port}\nplain_port = 0\n')
    daemon = DaemonProcess(tmp_path / "data", "--config", str(config), "--demo-fast", web=True)
    try:
        daemon.wait_message("READY=1")
        address = daemon.game_address()
        assert address.startswith(f"http://127.0.0.1:{port}/t/")
        with urllib.request.urlopen(address + "/state", timeout=5) as answer:
            game = json.loads(answer.read())["game"]
        assert game is not None and len(game["players"]) >= 2
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/t/{'0' * 20}/state", timeout=5)
        assert refused.value.code == 404
        stream = urllib.request.urlopen(address + "/events", timeout=5)
        assert stream.readline().startswith(b"retry:")
        daemon.stop_cleanly()  # within 2 s, exit 0
        stream.close()
    finally:
        daemon.close()
    assert not [line for line in daemon.stderr_lines if "Traceback" in line]


def test_no_web_listens_on_nothing(tmp_path: Path) -> None:
    port = free_local_port()
    config = tmp_path / "hub.toml"
    config.write_text(f'[web]\nbind = "127.0.0.1"\nport = {port}\nplain_port = 0\n')
    daemon = DaemonProcess(tmp_path / "data", "--config", str(config))  # --no-web
    try:
        daemon.wait_message("READY=1")
        with socket.socket() as probe, pytest.raises(ConnectionRefusedError):
            probe.connect(("127.0.0.1", port))
        daemon.stop_cleanly()
    finally:
        daemon.close()
    assert not [line for line in daemon.stderr_lines if line.startswith("INFO hubd.web")]
