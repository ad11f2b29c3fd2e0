"""What the daemon loads at start: the phones' page (aiohttp, segno, hashlib), the club's
helpers (hashlib, secrets, ElementTree) and the demo (the simulator) bring in their modules
only when they are used, and the speech cache's key uses no OpenSSL: a hub's memory and
start stay its own. OpenSSL's libcrypto alone is 3 MB resident (benchmarks/daemon_bench.py
prints the peak)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from daemon_harness import DaemonProcess

#: Shared libraries a hub with no phones' page and no club night never needs.
NOT_AT_START = ("_hashlib", "libcrypto", "_ssl", "pyexpat", "_elementtree")
#: Python modules the same hub never imports.
NOT_IMPORTED = ("aiohttp", "segno", "hashlib", "secrets", "ssl", "urllib.request",
                "xml.etree.ElementTree", "hubd.web.server", "hubd.web.routes", "hubd.web.start",
                "hubd.loop.demo", "engine.simulate")  # fmt: skip


def test_the_daemon_maps_no_crypto_and_no_xml_library_at_start(tmp_path: Path) -> None:
    daemon = DaemonProcess(tmp_path / "data")  # headless, mock pins, --no-web
    try:
        daemon.wait_message("READY=1")
        maps = Path(f"/proc/{daemon.proc.pid}/maps").read_text(encoding="utf-8")
        daemon.terminate()
    finally:
        daemon.close()
    libraries = {Path(line.split()[-1]).name for line in maps.splitlines() if ".so" in line}
    assert libraries, "no shared library mapped: not the daemon's maps"
    assert [lib for lib in libraries if lib.startswith(NOT_AT_START)] == []


def test_the_modules_the_start_imports_leave_the_heavy_ones_out() -> None:
    code = (
        "import sys, hubd.cli.run, hubd.cli.args as cli; cli.build_parser(); "
        "import hubd.loop.app, hubd.screens, hubd.speech.render, hubd.club.view; "
        "print(' '.join(sorted(sys.modules)))"
    )
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                 "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"},
        ).stdout.split()
    )  # fmt: skip
    assert "hubd.loop.app" in loaded
    assert sorted(loaded & set(NOT_IMPORTED)) == []
