"""The scripted games the screenshots, tests and benchmarks show, and history records of them."""

from __future__ import annotations

import functools

from engine import Draw, EndRound, Event, Game, HandPips, NewGame, Pass, Play, StartRound, Tile
from hubd.values.records import GameRecord, PlayerStats

PLAYERS = ("Ana", "Ben", "Chen", "Dee")


def autoplay(game: Game, plays: int = 1000) -> None:
    """Play the round on: each player places the lowest tile that fits, else draws or passes."""
    for _ in range(plays):
        state = game.state
        player = state.current_player
        if player is None:
            return
        for place in state.open_places():
            tiles = state.candidate_tiles(place.tile)
            if tiles:
                game.apply(Play(player, tiles[0], place.tile))
                break
        else:
            game.apply(Draw(player) if state.can_draw else Pass(player))


def locked_game() -> Game:
    """Round 1 of a four-player classic game, a chicken foot on 4-4 with one toe to go."""
    game = Game.from_events([NewGame(PLAYERS, {"rounds": 3}), StartRound("Ana")])
    for player, tile, on in [
        ("Ana", "9-4", "9-9"), ("Ben", "9-7", "9-9"), ("Chen", "9-2", "9-9"),
        ("Dee", "9-0", "9-9"), ("Ana", "4-4", "9-4"), ("Ben", "4-1", "4-4"),
        ("Chen", "4-6", "4-4"),
    ]:  # fmt: skip
        game.apply(Play(player, Tile.parse(tile), Tile.parse(on)))
    return game


def double_twelve_game() -> Game:
    """A double-12 set: numbers above 9 are written on the tiles."""
    game = Game.from_events([NewGame(PLAYERS, {"set": 12, "rounds": 2}), StartRound("Ana")])
    for player, tile, on in [
        ("Ana", "12-10", "12-12"), ("Ben", "12-3", "12-12"), ("Chen", "12-11", "12-12"),
        ("Dee", "12-0", "12-12"), ("Ana", "10-11", "12-10"), ("Ben", "3-9", "12-3"),
    ]:  # fmt: skip
        game.apply(Play(player, Tile.parse(tile), Tile.parse(on)))
    return game


def open_table_game() -> Game:
    """The foot complete and play spread over the arms and toes."""
    game = locked_game()
    for player, tile, on in [
        ("Dee", "4-3", "4-4"), ("Ana", "7-5", "9-7"), ("Ben", "5-8", "7-5"),
        ("Chen", "2-8", "9-2"), ("Dee", "1-6", "4-1"), ("Ana", "6-6", "4-6"),
        ("Ben", "6-0", "6-6"), ("Chen", "6-3", "6-6"), ("Dee", "6-5", "6-6"),
        ("Ana", "8-8", "5-8"), ("Ben", "8-0", "8-8"), ("Chen", "8-1", "8-8"),
        ("Dee", "8-3", "8-8"),
    ]:  # fmt: skip
        game.apply(Play(player, Tile.parse(tile), Tile.parse(on)))
    game.apply(Draw("Ana"))
    return game


def shared_end_game() -> Game:
    """The open table, then a tile on an end whose number another open end also needs."""
    game = open_table_game()
    state = game.state
    ends = [place.end for place in state.open_places()]
    place = next(p for p in state.open_places() if ends.count(p.end) > 1)
    player = state.current_player
    assert player is not None
    game.apply(Play(player, state.candidate_tiles(place.tile)[0], place.tile))
    return game


def blocked_game() -> Game:
    """One hub arm whose chain takes every tile with a 4, the 4-4 last: blocked by the census."""
    game = Game.from_events([NewGame(PLAYERS, {"rounds": 2, "hub_arms": 1}), StartRound("Ana")])
    chain = ["9-4", "4-0", "0-1", "1-4", "4-2", "2-3", "3-4", "4-5", "5-6", "6-4", "4-7", "7-8",
             "8-4", "4-4"]  # fmt: skip
    for turn, (tile, on) in enumerate(zip(chain, ["9-9", *chain], strict=False)):
        game.apply(Play(PLAYERS[turn % 4], Tile.parse(tile), Tile.parse(on)))
    return game


def scored_game(rounds: int = 3, scored: int = 2) -> Game:
    """A short game (three tiles a hand) with ``scored`` rounds played out and scored."""
    game = Game.from_events([NewGame(PLAYERS, {"rounds": rounds, "hand_size": 3})])
    results = [(7, 12, 0, 20), (0, 9, 14, 3), (11, 0, 6, 4)]
    results *= -(-scored // len(results))
    for number in range(scored):
        game.apply(StartRound(PLAYERS[number % len(PLAYERS)]))
        autoplay(game)
        hands = {
            name: HandPips(0 if game.state.hands[seat] == 0 else results[number][seat])
            for seat, name in enumerate(PLAYERS)
        }
        game.apply(EndRound(hands))
    return game


def round_over_game() -> Game:
    game = scored_game(scored=1)
    game.apply(StartRound("Ben"))
    autoplay(game)
    return game


def record_of(game_id: int, game: Game, started: str, finished: str | None) -> GameRecord:
    """``game`` as the store's history would list it (score sheet included)."""
    state = game.state
    rules = state.rules
    assert rules is not None
    won = state.outcome.winners if state.outcome is not None else ()
    return GameRecord(
        game_id, started, finished, state.players, tuple(state.totals),
        tuple(state.players[s] for s in won), len(state.scores), rules.preset,
        state.sheet_doubles,
        tuple(map(tuple, state.scores)), in_progress=finished is None,
    )  # fmt: skip


@functools.cache
def _played() -> tuple[GameRecord, GameRecord]:
    """The game in progress (two rounds of three scored) and a finished ten-round game."""
    playing = record_of(13, scored_game(), "2026-12-05T19:10", None)
    return playing, record_of(12, scored_game(10, 10), "2026-11-28T20:05", "2026-11-28T21:40")


def history() -> tuple[list[GameRecord], list[PlayerStats]]:
    records = [
        *_played(),
        GameRecord(11, "2026-11-21T19:30", "2026-11-21T20:52", ("Ana", "Maria-Helena", "Olek"),
                   (62, 40, 71), ("Maria-Helena",), 10, "hub"),
        GameRecord(10, "2026-11-14T18:10", "2026-11-14T19:01", ("Tamar", "Putu"),
                   (30, 30), ("Tamar", "Putu"), 10, "four-arm"),
    ]  # fmt: skip
    stats = [
        PlayerStats("Ana", 14, 5, 6.4, 9, 7),
        PlayerStats("Ben", 12, 4, 7.1, 6, 4),
        PlayerStats("Maria-Helena", 3, 1, 5.9, 2, 1),
        PlayerStats("Tamar", 2, 1, 8.0, 1, 0),
    ]
    return records, stats


def eight_players_game() -> Game:
    """Eight players on a double-12 set, a few tiles down (the play screen's fullest table)."""
    names = (*PLAYERS, "Maria-Helena", "Olek", "Tamar", "Putu")
    game = Game.from_events([NewGame(names, {"set": 12, "rounds": 2}), StartRound("Ana")])
    autoplay(game, plays=12)
    return game


def moved_on_game() -> Game:
    """Four players laying every double they can (double-12, seeded): a double laid on toe
    A12, which had no room for its toes, has moved on, the toe's tile left beside its foot."""
    from engine.simulate import DoublesFirst

    rules = {"preset": "classic", "set": 12, "rounds": 2}
    played = DoublesFirst(4, rules, 2, check=False, names=PLAYERS).play_game()
    return Game.from_events(list(played.effective)[:51])


def long_sheet_game() -> Game:
    """Score-keeper mode, eight players on a double-12 set: twelve rounds scored."""
    names = (*PLAYERS, "Maria-Helena", "Olek", "Tamar", "Putu")
    game = Game.from_events([NewGame(names, {"mode": "scores", "set": 12}), StartRound("Ana")])
    for number in range(1, 13):
        game.apply(EndRound({p: HandPips((seat * 7 + number * 5) % 40)
                             for seat, p in enumerate(names)}))  # fmt: skip
        game.apply(StartRound(names[number % len(names)]))
    return game


def scores_only_game(*events: Event) -> Game:
    """Score-keeper mode, round 2 under way (round 1 scored), then ``events``."""
    scores = {"Ana": 0, "Ben": 12, "Chen": 31, "Dee": 7}
    return Game.from_events([
        NewGame(PLAYERS, {"mode": "scores", "rounds": 3}), StartRound("Ben"),
        EndRound({p: HandPips(n) for p, n in scores.items()}), StartRound("Chen"), *events,
    ])  # fmt: skip
