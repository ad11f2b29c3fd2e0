"""Run the real ``hubd`` in a child process, as systemd would, and listen to it.

Used by the process tests and by the benchmarks: it binds a real Unix datagram socket for
sd_notify, starts ``python -m hubd.cli.run`` headless with mock pins, and collects the lines
the daemon logs for each committed event.
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from engine import dump_line

COMMITTED = re.compile(r"^game (\d+) event (\d+) (\w+) committed$")
#: The journal's line that gives the phones' page of the game (hubd/web/start.py).
GAME_ADDRESS = re.compile(r"web: (http://\S+/t/[0-9a-f]+)$")


class DaemonProcess:
    def __init__(
        self,
        data: Path,
        *args: str,
        env: dict[str, str] | None = None,
        headless: bool = True,
        web: bool = False,
    ) -> None:
        """``web``: the phones' page too (its [web] section from a --config); without it the
        daemon listens on no port (a test's server listens on 127.0.0.1 only)."""
        if not web:
            args = (*args, "--no-web")
        self.data = data
        self.notify_path = data.parent / f"notify-{os.getpid()}-{time.monotonic_ns()}.sock"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.notify_path))
        self.messages: list[str] = []
        self.committed: list[tuple[int, int]] = []
        self.committed_types: list[str] = []
        self.stderr_lines: list[str] = []
        full_env = {
            **os.environ,
            "NOTIFY_SOCKET": str(self.notify_path),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYTHONUNBUFFERED": "1",
            **(env or {}),
        }
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hubd.cli.run", *(["--headless"] if headless else []),
             "--mock-pins", "--data", str(data), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=full_env,
            text=True,
        )  # fmt: skip
        self._readers = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        # Read sd_notify all the time, as systemd does, so the daemon never finds it full.
        self._listener = threading.Thread(target=self._listen, daemon=True)
        self._listener.start()
        for reader in self._readers:
            reader.start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            match = COMMITTED.match(line.strip())
            if match:
                self.committed.append((int(match[1]), int(match[2])))
                self.committed_types.append(match[3])

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_lines.append(line.rstrip("\n"))

    def _listen(self) -> None:
        self.sock.settimeout(0.1)
        while True:
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            except OSError:
                return  # closed
            self.messages.extend(data.decode().split("\n"))

    def wait_message(self, wanted: str, timeout: float = 20.0) -> float:
        """Wait for an sd_notify message; return the seconds since the process started."""
        deadline = time.monotonic() + timeout
        exited_at: float | None = None
        while wanted not in self.messages:
            now = time.monotonic()
            if exited_at is None and self.proc.poll() is not None:
                exited_at = now  # what it sent before it exited may still be queued
            if now > deadline or (exited_at is not None and now > exited_at + 0.3):
                raise AssertionError(
                    f"no {wanted} from hubd (exit {self.proc.poll()}); messages {self.messages}; "
                    f"stderr: {self.stderr_lines[-10:]}"
                )
            time.sleep(0.002)
        return time.perf_counter() - self.started

    def game_address(self, timeout: float = 20.0) -> str:
        """The game's page, ``http://HOST:PORT/t/TOKEN``, from the journal's "web:" line."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.stderr_lines:
                found = GAME_ADDRESS.search(line)
                if found:
                    return found.group(1)
            time.sleep(0.02)
        raise AssertionError(f"no web: line; stderr: {self.stderr_lines[-10:]}")

    def press(self, down_s: float = 0.05) -> None:
        """Press and release the mock hub button (SIGUSR1 down, SIGUSR2 up: --mock-pins)."""
        self.proc.send_signal(signal.SIGUSR1)
        time.sleep(down_s)  # past the glitch filter; the release is debounced by the daemon
        self.proc.send_signal(signal.SIGUSR2)

    def wait_committed(self, count: int, timeout: float = 20.0) -> None:
        """Wait until ``count`` events in all are logged as committed."""
        deadline = time.monotonic() + timeout
        while len(self.committed) < count:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(
                    f"{len(self.committed)} of {count} events committed ({self.committed_types}); "
                    f"exit {self.proc.poll()}; stderr: {self.stderr_lines[-10:]}"
                )
            time.sleep(0.002)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        for reader in self._readers:
            reader.join(5)

    def terminate(self, timeout: float = 5.0) -> float:
        """SIGTERM; return how long the daemon took to exit."""
        start = time.perf_counter()
        self.proc.terminate()
        self.proc.wait(timeout)
        for reader in self._readers:
            reader.join(5)
        return time.perf_counter() - start

    def stop_cleanly(self) -> None:
        """SIGTERM: the daemon says STOPPING=1 and exits 0 within 2 s (closed either way)."""
        try:
            took = self.terminate()
            self.wait_message("STOPPING=1", timeout=1)
        finally:
            self.close()
        assert self.proc.returncode == 0, self.stderr_lines
        assert took < 2.0, f"SIGTERM took {took:.2f} s"

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        self.sock.close()
        self._listener.join(1)
        self.notify_path.unlink(missing_ok=True)


def check_resumable(data: Path, committed: list[tuple[int, int]]) -> list[str]:
    """What the store lost of the logged events, or a game that no longer replays."""
    from engine.cli import replay_lines
    from hubd.store import GameStore
    from hubd.store.errors import StoreLockedError

    problems = []
    deadline = time.monotonic() + 2.0  # systemd waits as long before a restart
    while True:
        try:
            store = GameStore.open(data)
            break
        except StoreLockedError:
            # A child the killed daemon was forking (a phrase's espeak-ng, before its exec)
            # can hold the folder's lock a moment longer on a loaded machine.
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    try:
        for game_id in sorted({g for g, _ in committed}):
            logged = max(s for g, s in committed if g == game_id)
            lines = [dump_line(e).encode() for e in store.events(game_id)]
            if len(lines) < logged:
                problems.append(f"game {game_id}: {len(lines)} events stored, {logged} logged")
            result, ok = replay_lines(lines)
            if not ok:
                problems.append(f"game {game_id} does not replay: {result['error']}")
    finally:
        store.close()
    return problems


def kill_at_random(data: Path, rng: random.Random, *args: str) -> list[tuple[int, int]]:
    """Start the demo daemon on ``data``, let it play 0-300 ms, kill -9 it; its logged events."""
    daemon = DaemonProcess(data, "--demo-fast", *args)
    try:
        daemon.wait_message("READY=1")
        time.sleep(rng.uniform(0.0, 0.3))
        daemon.kill()
    finally:
        daemon.close()
    return daemon.committed


def ready_then_stopped(data: Path, *args: str, **options: Any) -> DaemonProcess:
    """Start the daemon, wait for READY=1, stop it with SIGTERM; the finished process."""
    daemon = DaemonProcess(data, *args, **options)
    try:
        daemon.wait_message("READY=1")
        daemon.terminate()
    finally:
        daemon.close()
    return daemon
