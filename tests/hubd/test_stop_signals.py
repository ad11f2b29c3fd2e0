"""SIGTERM at any moment of start-up stops the daemon cleanly, saying so: never a death by
-15 before the handler is set, never a "window closed" once SDL is up."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from checkout import REPO

from hubd.cli.stopping import StopSignals

# The daemon in a child, with SIGTERM sent to itself at one moment of start-up.
EARLY = """
import os, signal, sys
import hubd.cli.run as cli

def sigterm_after(owner, name):
    real = getattr(owner, name)
    def wrapped(*args, **kwargs):
        result = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)
        return result
    setattr(owner, name, wrapped if not isinstance(real, classmethod) else classmethod(wrapped))

where = sys.argv[2]
if where == "config":
    sigterm_after(cli, "load_config")
elif where == "store":
    from hubd.store import GameStore
    sigterm_after(GameStore, "open")
else:
    import hubd.devices.display
    sigterm_after(hubd.devices.display.Display, "__init__")
print("exit", cli.main(["--headless", "--mock-pins", "--data", sys.argv[1]]), flush=True)
"""


@pytest.mark.parametrize("where", ["config", "store", "display"])
def test_sigterm_during_start_up_is_a_clean_stop_that_says_so(tmp_path: Path, where: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", EARLY, str(tmp_path / "data"), where],
        capture_output=True, text=True, timeout=120, cwd=REPO,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().endswith("exit 0")
    assert "stopping: SIGTERM during start-up" in result.stderr, result.stderr[-3000:]
    assert "window closed" not in result.stderr


def test_a_stop_signal_before_the_loop_is_kept_and_then_posted() -> None:
    before = signal.getsignal(signal.SIGTERM)
    stops = StopSignals().install()
    try:
        os.kill(os.getpid(), signal.SIGINT)
        assert stops.early == "SIGINT"
        posted: list[str] = []
        stops.deliver_to(posted.append)
        assert posted == ["SIGINT during start-up"]
        os.kill(os.getpid(), signal.SIGTERM)
        assert posted == ["SIGINT during start-up", "SIGTERM"]
    finally:
        stops.uninstall()
    assert signal.getsignal(signal.SIGTERM) == before
