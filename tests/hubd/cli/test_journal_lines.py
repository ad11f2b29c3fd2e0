"""The daemon's journal: one line a record, names and paths escaped as the commands print
them (hubd/cli/journal_lines.py), whatever a player's or a file's name holds (issue 37)."""

from __future__ import annotations

import io
import logging
from pathlib import Path

from daemon_harness import DaemonProcess

from hubd.cli.journal_lines import FORMAT, OneLineFormatter

HOSTILE = "Ana\nINFO hubd: forged\x1b[2J\u2028\u202eend\x00"


def test_a_message_with_a_hostile_name_is_one_escaped_line() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(OneLineFormatter(FORMAT))
    logger = logging.getLogger("hubd.test_journal")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("cannot read %s: %s", HOSTILE, "line one\nline two")
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    assert text.count("\n") == 1
    assert text == (
        "WARNING hubd.test_journal: cannot read Ana\\nINFO hubd: forged\\x1b[2J\\u2028\\u202eend"
        "\\x00: line one\\nline two\n"
    )


def test_the_daemons_line_about_a_damaged_file_names_its_folder_escaped(tmp_path: Path) -> None:
    data = tmp_path / "data\nERROR hubd: forged\x1b[2J\u2028"
    data.mkdir()
    (data / "hub.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    daemon = DaemonProcess(data)
    try:
        daemon.wait_message("READY=1")
        daemon.terminate()
    finally:
        daemon.close()
    [damaged] = [line for line in daemon.stderr_lines if "Damaged games file" in line]
    assert damaged.startswith("ERROR hubd.store: ")
    assert "data\\nERROR hubd: forged\\x1b[2J\\u2028)" in damaged
    assert not [line for line in daemon.stderr_lines if "forged" in line and line != damaged]
    assert all(char >= " " for line in daemon.stderr_lines for char in line)
