"""A child process's figures from /proc: its CPU time, each thread's ticks, its memory, and
when SDL's audio thread has ended. Used by benchmarks/daemon_bench.py and
benchmarks/web_bench.py on the ``hubd`` they start."""

from __future__ import annotations

import os
import time
from pathlib import Path

AUDIO_THREAD = "SDLAudio"  # SDL names its audio thread SDLAudioP<n> (playback)


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has had so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int, field: str) -> int:
    """A field of /proc/PID/status in kB: ``VmRSS`` (resident now), ``VmHWM`` (its peak)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith(f"{field}:")))  # fmt: skip


def threads(pid: int) -> dict[str, tuple[str, int]]:
    """Each thread of ``pid``: (its name, its CPU ticks so far)."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()
        found[task.name] = (stat[stat.index("(") + 1 : stat.rindex(")")],
                            int(fields[11]) + int(fields[12]))  # fmt: skip
    return found


def thread_ticks(pid: int, before: dict[str, tuple[str, int]]) -> str:
    """Each thread's ticks since ``before``: the main loop, then the others by name (Python's
    threads keep the process's name; SDL names its own)."""
    now = threads(pid)
    names = {tid: "main loop" if tid == str(pid) else name for tid, (name, _) in now.items()}
    order = sorted(now, key=int)
    return ", ".join(f"{names[tid]} {now[tid][1] - before.get(tid, ('', 0))[1]}" for tid in order)


def audio_closed(pid: int, limit_s: float) -> float | None:
    """Seconds until SDL's audio thread of ``pid`` ended (None: still there after limit_s)."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit_s:
        if not any(name.startswith(AUDIO_THREAD) for name, _ in threads(pid).values()):
            return time.perf_counter() - start
        time.sleep(0.25)
    return None


def load() -> str:
    """The machine's load averages, to read a figure by."""
    return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
