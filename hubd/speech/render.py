"""Text to WAV with espeak-ng, cached in the data folder's cache by text, voice and rate.

Runs on the speech worker thread, never on the main loop. The cache keeps the newest
:data:`CACHE_FILES` phrases (a hit counts as new), so a year of score sheets does not fill
the SD card.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import os
import shutil
import subprocess
import tempfile
import wave
from pathlib import Path
from typing import Protocol

from hubd.speech.ssml import to_ssml, voice

COMMAND = "espeak-ng"
CACHE_VERSION = "1"  # part of every key: bump it when the rendering changes
CACHE_FILES = 400  # about 100 kB each
RENDER_TIMEOUT_S = 20.0
NICENESS = 10  # espeak-ng gives way to the main loop on a busy core


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

    def key(self, ssml: str, voice_name: str, rate: int) -> str:
        text = f"{CACHE_VERSION}\n{voice_name}\n{rate}\n{ssml}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

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
        with tempfile.TemporaryDirectory(prefix="hubd-speech-") as folder:
            out = Path(folder) / "phrase.wav"
            argv = [self.command, "-m", "-v", voice_name, "-s", str(rate), "-w", str(out),
                    "--stdin"]  # fmt: skip
            try:
                process = subprocess.Popen(
                    argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            except OSError as err:
                raise SpeechError(f"cannot run {self.command}: {err.strerror or err}") from None
            with contextlib.suppress(OSError):  # it may already have finished
                os.setpriority(os.PRIO_PROCESS, process.pid, NICENESS)
            try:
                _, errors = process.communicate(ssml.encode("utf-8"), timeout=RENDER_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                raise SpeechError(f"{self.command} took over {RENDER_TIMEOUT_S:g} s") from None
            self.renders += 1
            message = errors.decode("utf-8", "replace").strip().splitlines()
            try:
                data = out.read_bytes()
            except OSError:
                data = b""
            if process.returncode != 0 or wav_seconds(data) <= 0:
                detail = message[0] if message else f"exit status {process.returncode}"
                raise SpeechError(f"{self.command} -v {voice_name} made no sound: {detail}")
            return data

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
