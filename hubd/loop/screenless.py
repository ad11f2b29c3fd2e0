"""A hub with no screen: the button, the light and the sound keep a scores-only game's feet.

With ``[display] enabled = false`` (a Pi Zero in a commercial hub's shell) nothing can be
entered but presses, so a press that finds no scores-only round in play first makes one: the
next round of the scores-only game in progress, else a new scores-only game with the last
game's players (or "Player 1".."Player 4" in an empty store) and the round opened by its first
player. These are ordinary entries, committed to the log like any other, so the toes resume
after power loss and the rounds' scores can be entered later from a screen (or never).

A screen that is only missing (not found at start, or lost) may come back at any moment, so
an every-play game in progress is kept then: the press does what it does in that game.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import MAX_EVENTS, Event, GameState, NewGame, Phase, StartRound

DEFAULT_PLAYERS = ("Player 1", "Player 2", "Player 3", "Player 4")
#: The entries a press may need: the next round's start, then a foot or a toe.
PRESS_ROOM = 2


def entries_to_count(
    state: GameState | None,
    last_players: Sequence[str] | None,
    preset: str,
    *,
    keep_every_play: bool,
    room: int = MAX_EVENTS,
) -> list[Event]:
    """What to enter before a screenless press, so that it opens a foot or lays a toe.

    ``last_players`` are the players of the latest game in the store (None: there is none),
    for a hub with no game loaded;
    ``keep_every_play`` keeps an every-play game in progress (the screen may come back);
    ``room``: the entries the game in progress can still take. A game too full for a press
    (a log holds at most 20,000 events) is left as it is, and a new one begun with its
    players: without a screen nothing else could ever be entered.
    """
    if state is not None and room < PRESS_ROOM:
        return _new_game(state.players, preset)
    if state is not None and state.phase is not Phase.GAME_OVER:
        if state.scores_only:
            if state.phase is Phase.SETUP:  # between rounds: the next, opened in seat order
                return [StartRound(state.players[state.round % len(state.players)])]
            return []  # a round in play: the press counts in it
        if keep_every_play:
            return []
    players = tuple(state.players if state is not None else last_players or DEFAULT_PLAYERS)
    return _new_game(players, preset)


def _new_game(players: Sequence[str], preset: str) -> list[Event]:
    players = tuple(players)
    return [NewGame(players, {"preset": preset, "mode": "scores"}), StartRound(players[0])]
