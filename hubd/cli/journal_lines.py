"""The daemon's journal: every line one line, names and paths escaped as the commands print
them (hubd.cli.store_commands.shown), whoever logs them and whatever they hold.

A player's or a file's name with a newline, an ESC [2J or a direction mark, or an integrity
check's report of many lines, would otherwise span lines of the journal, clear a terminal
that follows it, or turn the line around. The message is escaped; a traceback the daemon
logs on purpose (an unexpected error the loop survives) keeps its lines after it.
"""

from __future__ import annotations

import logging
import sys

from hubd.cli.store_commands import shown

FORMAT = "%(levelname)s %(name)s: %(message)s"


class OneLineFormatter(logging.Formatter):
    """A record's message on one line, its control and format characters escaped."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = shown(record.message)
        return super().formatMessage(record)


def start_journal(verbose: bool) -> None:
    """The root logger writes to standard error (the journal, under systemd), one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter(FORMAT))
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, handlers=[handler])
