"""Text to WAV with espeak-ng, cached in the data folder's cache by text, voice and rate.

Runs on the speech worker thread, never on the main loop. The cache keeps the newest
:data:`CACHE_FILES` phrases (a hit counts as new), so a year of score sheets does not fill
the SD card. Each phrase is made as loud as the cackle (:mod:`hubd.speech.level`).

espeak-ng runs in a session of its own with a time limit: one that hangs is killed with all
its children, whatever it wrote is read bounded and logged as one short printable line, and
:meth:`EspeakRenderer.cancel` stops a render at once (the daemon stopping).
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import wave
from pathlib import Path
from typing import Protocol

from hubd.speech.level import normalise, sound_dbfs

try:  # CPython's own BLAKE2: hashlib would load OpenSSL's libcrypto, 3 MB resident, for it
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover (another Python)
    from hashlib import blake2b as _blake2b
from hubd.speech.ssml import to_ssml, voice

COMMAND = "espeak-ng"
CACHE_VERSION = "3"  # part of every key: bump it when the rendering or the key changes
CACHE_FILES = 400  # about 100 kB each
#: The longest a render may take (a long phrase takes well under a second on a Pi 3).
RENDER_TIMEOUT_S = 4.0
NICENESS = 10  # espeak-ng gives way to the main loop on a busy core
#: espeak-ng's amplitude (100 is its default): loud enough that the cackle's level is reached
#: by scaling down, so no peak is ever clipped; its own limiter keeps the peaks in range.
AMPLITUDE = 400
_MAX_WAV = 16 << 20  # a phrase is about 100 kB: anything near this is not espeak-ng's
_MAX_LINE = 160  # the longest line of espeak-ng's errors the journal gets


class SpeechError(Exception):
    """A phrase could not be rendered (the message says why, in one line)."""


class Renderer(Protocol):
    def render(self, text: str, language: str, rate: int) -> bytes:
        """The WAV file's bytes that say ``text``; raises :class:`SpeechError`."""
        ...


def espeak_available(command: str = COMMAND) -> bool:
    return shutil.which(command) is not None


def wav_seconds(data: bytes | Path) -> float:
    """The length of a WAV file (its bytes, or a path), 0.0 when it is not one."""
    try:
        with wave.open(str(data) if isinstance(data, Path) else io.BytesIO(data)) as w:
            return float(w.getnframes() / w.getframerate())
    except (OSError, EOFError, wave.Error, ZeroDivisionError):
        return 0.0


class EspeakRenderer:
    """espeak-ng in a child process per phrase not in the cache."""

    def __init__(
        self,
        cache_dir: Path,
        command: str = COMMAND,
        log: logging.Logger | None = None,
        keep: int = CACHE_FILES,
        cache: bool = True,
    ) -> None:
        self.cache_dir = cache_dir
        self.command = command
        self.keep = keep
        self.cache = cache  # False: espeak-ng at every phrase (the benchmark's worst case)
        self._log = log or logging.getLogger(__name__)
        self.renders = 0  # child processes run (the rest came from the cache)
        self._guard = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._cancelled = False

    def key(self, ssml: str, voice_name: str, rate: int) -> str:
        text = f"{CACHE_VERSION}\n{voice_name}\n{rate}\n{AMPLITUDE}\n{sound_dbfs()}\n{ssml}"
        return _blake2b(text.encode("utf-8"), digest_size=16).hexdigest()

    def render(self, text: str, language: str, rate: int) -> bytes:
        ssml = to_ssml(text, language)
        voice_name = voice(language)
        if not self.cache:
            return self._run(ssml, voice_name, rate)
        path = self.cache_dir / f"{self.key(ssml, voice_name, rate)}.wav"
        try:
            data = path.read_bytes()
            os.utime(path)  # a hit is recent use: the pruning keeps it
            return data
        except OSError:
            pass
        data = self._run(ssml, voice_name, rate)
        self._store(path, data)
        return data

    def _run(self, ssml: str, voice_name: str, rate: int) -> bytes:
        args = ["-a", str(AMPLITUDE), "-v", voice_name, "-s", str(rate)]
        status, data, detail = self._espeak(args, ssml, wav=True)
        self.renders += 1
        if status != 0 or wav_seconds(data) <= 0:
            raise SpeechError(f"{self.command} -v {voice_name} made no sound: "
                              f"{detail or f'exit status {status}'}")  # fmt: skip
        try:
            return normalise(data, sound_dbfs())
        except ValueError:
            return data  # not 16-bit mono: played as espeak-ng made it

    def phonemes(self, text: str, language: str, rate: int = 160) -> str:
        """What espeak-ng would say, in its phoneme mnemonics (``-x``), for tests and reviews."""
        ssml = to_ssml(text, language)
        args = ["-q", "-x", "-v", voice(language), "-s", str(rate)]
        status, out, detail = self._espeak(args, ssml, wav=False)
        if status != 0:
            raise SpeechError(f"{self.command} -x failed: {detail or f'exit status {status}'}")
        return " ".join(out.decode("utf-8", "replace").split())

    def cancel(self) -> None:
        """Kill the render under way, if any, and refuse any more: the daemon is stopping."""
        with self._guard:
            self._cancelled = True
            process = self._process
        if process is not None:
            _kill(process)

    def _espeak(self, args: list[str], ssml: str, *, wav: bool) -> tuple[int, bytes, str]:
        """Run espeak-ng on ``ssml``: (exit status, the WAV or the text it wrote, the first
        line of its errors, printable and short). Raises SpeechError when it cannot run, is
        cancelled, or outlives :data:`RENDER_TIMEOUT_S`."""
        with tempfile.TemporaryDirectory(prefix="hubd-speech-") as folder:
            out, err = Path(folder) / "out", Path(folder) / "err"
            argv = [self.command, "-m", *args, *(["-w", str(out)] if wav else []), "--stdin"]
            with open(err, "wb") as errors, open(os.devnull if wav else out, "wb") as stdout:
                with self._guard:
                    if self._cancelled:
                        raise SpeechError(f"{self.command} was stopped")
                    try:
                        process = subprocess.Popen(
                            argv, stdin=subprocess.PIPE, stdout=stdout, stderr=errors,
                            start_new_session=True,  # its own group: killed with its children
                        )  # fmt: skip
                    except OSError as error:
                        raise SpeechError(
                            f"cannot run {self.command}: {error.strerror or error}"
                        ) from None
                    self._process = process
                with contextlib.suppress(OSError):  # it may already have finished
                    os.setpriority(os.PRIO_PROCESS, process.pid, NICENESS)
                try:
                    process.communicate(ssml.encode("utf-8"), timeout=RENDER_TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    _kill(process)
                    raise SpeechError(
                        f"{self.command} took over {RENDER_TIMEOUT_S:g} s and was stopped"
                    ) from None
                finally:
                    with self._guard:
                        self._process = None
                if self._cancelled:
                    raise SpeechError(f"{self.command} was stopped")
            return process.returncode, _read(out, _MAX_WAV), _first_line(_read(err, 4096))

    def _store(self, path: Path, data: bytes) -> None:
        """Keep a phrase for next time; a cache that cannot be written only costs time."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".tmp")
            temporary.write_bytes(data)
            os.replace(temporary, path)
            self._prune()
        except OSError as err:
            self._log.debug("speech cache %s not written: %s", self.cache_dir, err)

    def _prune(self) -> None:
        files = sorted(self.cache_dir.glob("*.wav"), key=_mtime, reverse=True)
        for old in files[self.keep :]:
            old.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill espeak-ng and its children, and reap it (a killed process ends at once)."""
    _kill_group(process)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=1.0)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):  # gone already: nothing to kill
        os.killpg(process.pid, signal.SIGKILL)


def _read(path: Path, limit: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except OSError:
        return b""


def _first_line(raw: bytes) -> str:
    """The first line with text of what espeak-ng wrote, printable and at most
    :data:`_MAX_LINE` characters (binary output or megabytes of it never reach the journal)."""
    text = raw.decode("utf-8", "replace")
    for line in text.splitlines():
        shown = "".join(ch if ch.isprintable() else "?" for ch in line).strip()
        if shown.strip("?\ufffd "):
            return shown if len(shown) <= _MAX_LINE else shown[: _MAX_LINE - 1] + "…"
    return ""
