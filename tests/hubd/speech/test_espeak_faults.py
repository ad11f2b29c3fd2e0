"""Issue 18, point 7: an espeak-ng that hangs, floods or writes binary never stops speech for
good, never outlives the daemon and never puts raw bytes in the journal. Each render has a time
limit, the whole process group is killed, one short printable line is logged, and closing the
speech stops within 2 s (fake espeak-ng scripts stand in for the real one)."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess

from hubd.speech import render
from hubd.speech.fakes import RecordingPlayer
from hubd.speech.output import HubSpeech
from hubd.speech.render import EspeakRenderer, SpeechError


def script(folder: Path, body: str) -> str:
    path = folder / "espeak-ng"
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead: only its parent (gone) would reap it.
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")


def wait_gone(pid: int, seconds: float = 2.0) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not alive(pid)


HANG = (  # the group leader's and its child's pids, each file whole once it exists
    'd="$(dirname "$0")"; echo $$ > "$d/pid.tmp"; mv "$d/pid.tmp" "$d/pid"\n'
    'sleep 1000 & echo $! > "$d/child.tmp"; mv "$d/child.tmp" "$d/child"\nwait\n'
)


def test_a_hanging_espeak_is_killed_with_its_children_at_the_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render, "RENDER_TIMEOUT_S", 0.5)
    renderer = EspeakRenderer(tmp_path / "cache", command=script(tmp_path, HANG))
    started = time.monotonic()
    with pytest.raises(SpeechError, match=r"took over 0.5 s and was stopped"):
        renderer.render("Double 4: 3 toes to go.", "en", 160)
    assert time.monotonic() - started < 2.0
    for name in ("pid", "child"):
        assert wait_gone(int((tmp_path / name).read_text())), name


def test_after_a_hang_the_next_phrase_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The first render hangs, the next ones work: speech goes on, one line is logged."""
    monkeypatch.setattr(render, "RENDER_TIMEOUT_S", 0.5)
    real = script(tmp_path, "")  # replaced below
    Path(real).write_text(
        "#!/bin/sh\n"
        f'if [ ! -e "{tmp_path}/hung" ]; then touch "{tmp_path}/hung"; sleep 1000; fi\n'
        'exec espeak-ng "$@"\n',
        encoding="utf-8",
    )
    if not render.espeak_available():
        pytest.skip("espeak-ng is not installed")
    player = RecordingPlayer()
    speech = HubSpeech(EspeakRenderer(tmp_path / "cache", command=real), player, lengths={})
    try:
        with caplog.at_level(logging.WARNING):
            speech.say("first", "en", 0.0)
            assert speech.wait_idle(5)
            speech.say("second", "en", 1.0)
            assert speech.wait_idle(5)
            speech.tick(1.0)
    finally:
        speech.close()
    assert [text for text, _ in player.played] == ["second"]
    lines = [r.getMessage() for r in caplog.records if "speech" in r.getMessage()]
    assert len(lines) == 1 and "took over 0.5 s" in lines[0]


@pytest.mark.parametrize(
    "noise",
    [
        "head -c 2000000 /dev/urandom >&2",  # binary
        "yes 'espeak-ng: error in voice' | head -c 2000000 >&2",  # 2 MB of one line, repeated
        "printf 'bad\\033[31m red\\r\\n\\000zero' >&2",  # terminal escapes and a NUL
    ],
)
def test_what_a_broken_espeak_writes_reaches_the_log_as_one_short_printable_line(
    tmp_path: Path, noise: str, caplog: pytest.LogCaptureFixture
) -> None:
    renderer = EspeakRenderer(tmp_path / "cache", command=script(tmp_path, noise + "\nexit 3\n"))
    speech = HubSpeech(renderer, RecordingPlayer(), threaded=False, lengths={})
    with caplog.at_level(logging.WARNING):
        speech.say("Ben's turn.", "en", 0.0)
        speech.tick(0.0)
    (line,) = [r.getMessage() for r in caplog.records]
    assert line.isprintable() and len(line) < 300 and "\n" not in line
    assert "made no sound" in line


def test_closing_the_speech_stops_a_hanging_render_within_2_s(tmp_path: Path) -> None:
    renderer = EspeakRenderer(tmp_path / "cache", command=script(tmp_path, HANG))
    speech = HubSpeech(renderer, RecordingPlayer(), lengths={})
    speech.say("Double 4: 3 toes to go.", "en", 0.0)
    deadline = time.monotonic() + 5
    while not (tmp_path / "child").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    started = time.monotonic()
    speech.close()
    assert time.monotonic() - started < 2.0
    for name in ("pid", "child"):
        assert wait_gone(int((tmp_path / name).read_text())), name


def test_the_daemon_stops_within_2_s_with_espeak_hanging_and_leaves_no_child(
    tmp_path: Path,
) -> None:
    """The real daemon with no screen: a press opens a foot, its phrase goes to an espeak-ng
    that hangs; SIGTERM stops the daemon within 2 s, and the espeak-ng and its child are gone."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script(bin_dir, HANG)
    (tmp_path / "hub.toml").write_text("[display]\nenabled = false\n", encoding="utf-8")
    path = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    daemon = DaemonProcess(tmp_path / "data", "--config", str(tmp_path / "hub.toml"),
                           env={"PATH": path}, headless=False)  # fmt: skip
    try:
        daemon.wait_message("READY=1")
        daemon.press()
        daemon.wait_committed(3)  # a new game, its round, the foot
        deadline = time.monotonic() + 10
        while not (bin_dir / "child").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert (bin_dir / "child").exists(), daemon.stderr_lines[-5:]
    finally:
        daemon.stop_cleanly()  # exits 0 within 2 s
    for name in ("pid", "child"):
        assert wait_gone(int((bin_dir / name).read_text())), name
