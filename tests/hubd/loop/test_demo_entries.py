"""The demo never enters a refused entry twice: its idea of the hands follows what the game
took (a tap can enter another tile than meant), and when even its fallback is refused (a
full disk) it waits for the game to change instead of trying again for ever."""

from __future__ import annotations

import random

from engine import Event, Game, NewGame, Phase, Play, RuleError, Tile, dump_line
from hubd.loop.demo import DemoPlayer, Tap
from hubd.values.intents import Submit


def no_screen(_key: str) -> tuple[int, int] | None:
    return None


def another_tile(game: Game, meant: Play) -> Play | None:
    """A different tile on the same place, as a mistaken tap could enter it (applied)."""
    for a in range(10):
        for b in range(a, 10):
            if Tile(a, b) == meant.tile:
                continue
            other = Play(meant.player, Tile(a, b), meant.on)
            try:
                game.apply(other)
            except RuleError:
                continue
            return other
    return None


def test_the_demo_follows_mistaken_taps_and_never_repeats_a_refused_entry() -> None:
    rng = random.Random(3)
    demo = DemoPlayer(seed=11, rounds=3)
    game: Game | None = None
    refused: list[str] = []
    games_over = 0
    for _ in range(6000):
        action = demo.step(game, no_screen)
        if not isinstance(action, Submit):
            assert action is None or not isinstance(action, Tap)
            continue
        event: Event = action.event
        if game is None or game.state.phase is Phase.GAME_OVER:
            if game is not None:
                games_over += 1
            if games_over == 2:
                break
            game = Game()
        if isinstance(event, Play) and rng.random() < 0.15 and another_tile(game, event):
            continue  # the screen took another tile than the demo meant
        try:
            game.apply(event)
        except RuleError:
            line = dump_line(event)
            assert line not in refused[-1:], f"entered again after a refusal: {line}"
            refused.append(line)
    assert games_over == 2


def test_with_every_entry_refused_the_demo_waits_instead_of_retrying() -> None:
    demo = DemoPlayer(seed=2)
    game = Game.from_events([NewGame(("Ana", "Ben", "Cy", "Dee"))])
    submitted: list[str] = []
    actions = [demo.step(game, no_screen) for _ in range(200)]
    for action in actions:
        if isinstance(action, Submit):
            submitted.append(dump_line(action.event))  # and the store refuses it: disk full
    assert len(submitted) == len(set(submitted)) <= 8  # a few other deals, none again
    assert actions[-100:] == [None] * 100


def test_each_table_of_a_club_night_has_its_own_demo_players() -> None:
    from hubd.loop.demo import DEMO_PLAYERS, demo_players

    assert demo_players(None) == DEMO_PLAYERS == demo_players("Table 1")
    tables = [demo_players(f"Table {n}") for n in range(1, 9)]
    names = [name for table in tables for name in table]
    assert len(names) == len(set(names)) == 32
    assert demo_players("Kitchen") == demo_players("Kitchen")
