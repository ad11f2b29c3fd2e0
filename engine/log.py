"""A whole game log, line by line: what ``chickenfoot replay`` and ``hubd import`` share.

Reading the file is the caller's (the engine does no I/O): it reads at most
``MAX_LOG_BYTES + 1`` bytes and hands them to ``split_log``. ``apply_lines`` then applies
the lines in order and stops at the first one refused, naming it. Every line, however hostile
(not UTF-8, a megabyte long, nested a thousand deep, a 5,000-digit number, a lone surrogate),
ends as an applied event or a ``Refusal``; nothing else is raised.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine.errors import RuleError
from engine.events import parse_line
from engine.game import Game
from engine.limits import MAX_EVENTS, MAX_LINE, MAX_LOG_BYTES


class Refusal(NamedTuple):
    """The first line of a log that is refused (numbered from 1), and why."""

    line: int
    message: str


def split_log(data: bytes) -> tuple[list[bytes], Refusal | None]:
    """The lines of a log file's bytes, and a refusal if it is longer than MAX_LOG_BYTES.

    A log that is too long keeps the lines before the one that crosses the limit (so their
    own refusals come first) and is refused at that line.
    """
    if len(data) <= MAX_LOG_BYTES:
        return data.splitlines(), None
    start = data.rfind(b"\n", 0, MAX_LOG_BYTES) + 1
    lines = data[:start].splitlines()
    return lines, Refusal(
        len(lines) + 1,
        f"the log goes on past {MAX_LOG_BYTES // (1024 * 1024)} MB; a game's log holds at most "
        f"{MAX_EVENTS:,} events, far less than that",
    )


def apply_lines(game: Game, lines: Iterable[str | bytes]) -> Refusal | None:
    """Apply each non-blank line to ``game``; the first refused line, or None if all apply.

    Blank lines are skipped but count in line numbers.
    """
    for _number, refusal in applied_lines(game, lines):
        if refusal is not None:
            return refusal
    return None


def applied_lines(game: Game, lines: Iterable[str | bytes]) -> Iterator[tuple[int, Refusal | None]]:
    """Apply the lines one by one, yielding each event's line number once it is applied, or
    the first refused line's refusal (and then nothing more). Blank lines count, unyielded."""
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:  # before decoding or stripping it
            unit = "bytes" if isinstance(raw, bytes) else "characters"
            yield (
                number,
                Refusal(
                    number,
                    f"the line is {len(raw):,} {unit} long; no event is longer than {MAX_LINE:,}",
                ),
            )
            return
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, Refusal(number, "the line is not UTF-8 text")
                return
        else:
            text = raw
        if not text.strip():
            continue
        try:
            game.apply(parse_line(text))
        except RuleError as err:
            yield number, Refusal(number, err.message)
            return
        yield number, None
