"""One round entered a step at a time, for the play_sequence shots and the layout tests that
check that open ends stay where they are while the table grows."""

from __future__ import annotations

from engine import Draw, Event, Game, NewGame, Pass, Play, StartRound, Tile

PLAYERS = ("Ana", "Ben", "Chen", "Dee")


def _play(player: str, tile: str, on: str) -> Play:
    return Play(player, Tile.parse(tile), Tile.parse(on))


#: The opening, a chicken foot on 4-4 and its three toes, then play spreading over the arms.
SEQUENCE: tuple[Event, ...] = (
    StartRound("Ana"),
    _play("Ana", "9-4", "9-9"),
    _play("Ben", "9-7", "9-9"),
    _play("Chen", "9-2", "9-9"),
    _play("Dee", "9-0", "9-9"),
    _play("Ana", "4-4", "9-4"),  # a chicken foot: nothing else until three toes
    _play("Ben", "4-1", "4-4"),
    _play("Chen", "4-6", "4-4"),
    _play("Dee", "4-3", "4-4"),  # the third toe frees the table
    _play("Ana", "7-5", "9-7"),
    Draw("Ben"),
    Pass("Ben"),
    _play("Chen", "2-8", "9-2"),
    _play("Dee", "0-5", "9-0"),
)


def sequence_game(steps: int) -> Game:
    """The game after the first ``steps`` entries of the sequence (its round start first)."""
    return Game.from_events([NewGame(PLAYERS, {"rounds": 3}), *SEQUENCE[:steps]])


def hub_picker_game(arms: int) -> Game:
    """The opening with ``arms`` hub arms down: the hub's picker has that many 9s gone."""
    return sequence_game(1 + arms)
