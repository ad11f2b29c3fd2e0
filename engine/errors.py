"""The engine's one exception family."""

from __future__ import annotations


class RuleError(ValueError):
    """An event the rules refuse, or a line that is not a valid event.

    The message is meant for the players at the table: it names the player, the tile and the
    rule. A refused event never changes the game.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
