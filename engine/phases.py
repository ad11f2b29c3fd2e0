"""Where a game is (its phase), how a round ended, and counted words for the messages."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SETUP = "setup"  # before the first round, and between a scored round and the next
    OPENING = "opening"  # hub arms are still being started
    PLAY = "play"  # a scores-only round being played is always in this phase
    ROUND_OVER = "round_over"  # out or blocked, waiting for the hands to be scored
    GAME_OVER = "game_over"


class RoundEnd(StrEnum):
    OUT = "out"
    BLOCKED = "blocked"
    AGREED = "agreed"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
