"""Every screen a family meets in a game, at a table of two, six or eight with long names: the
play screen early, late and at the round's last play (with an entry's choices, the Menu and an
undo's notice), the round end's keypad and Tiles page for each hand, the scores (and the undo
of a round), the end of the game and the next game's set-up (its tabs, each preset and every
page of options); and a score-keeper game's round (with a foot open) and its round end. Each
frame is laid out by a Ui of its own."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import pygame
from screens_loop import PICTURES

from engine import (
    PRESETS,
    EndRound,
    Event,
    FootOpened,
    Game,
    HandPips,
    NewGame,
    Phase,
    Play,
    StartRound,
    Tile,
    Toe,
)
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.entry import entry_keys
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.screenshots import tap_widget
from hubd.values.intents import Go

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

#: Long names and short ones, as a family writes them.
NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Aleksandra", "Bartholomew", "Dee", "Tom", "Olek")
#: Each table's set: the larger tables play the larger sets.
SETS = {2: 9, 6: 12, 8: 15}
#: A deal whose first round ends with every table's hands left to enter.
SEED = 4


@dataclass(frozen=True)
class Frame:
    """One frame of the walk: what it shows, the Ui that laid it out and its widgets."""

    label: str
    ui: Ui
    widgets: list[Widget]


@cache
def game_events(players: int) -> tuple[Event, ...]:
    """A whole game of two rounds at a table of ``players``, every play entered."""
    rules = {"preset": "classic", "set": SETS[players], "rounds": 2}
    game = Simulator(players, rules, SEED, names=NAMES[:players]).play_game()
    return tuple(game.effective)


def walk(players: int, size: tuple[int, int], language: str) -> Iterator[Frame]:
    pygame.display.init()
    events = game_events(players)
    names = NAMES[:players]
    ends = [i for i, event in enumerate(events) if isinstance(event, EndRound)]
    over = ends[0]  # the first round's hands, before its end is entered

    def frame(label: str, count: int, screen: str, *steps: Callable[[Ui, UiContext], None],
              log: tuple[Event, ...] = events) -> Frame:  # fmt: skip
        ui = Ui(size)
        ui.set_language(language)
        game = Game.from_events(log[:count])
        ctx = UiContext(
            state=game.state, language=language, last_entry=game.last_effective, pictures=PICTURES
        )  # one Ui a frame: the pictures laid out in turn
        ui.state_changed(ctx)
        ui.show_screen(screen)  # type: ignore[arg-type]
        for step in steps:
            step(ui, ctx)
        return Frame(label, ui, ui.layout(ctx, 0.0))

    plays = [i for i in range(over) if isinstance(events[i], Play)]
    for share in (0.3, 0.7, 1.0):
        count = plays[round(share * (len(plays) - 1))]
        yield frame(f"play {count}", count, "play")
        state = Game.from_events(events[:count]).state
        choice = _shared_tile(state)
        if choice is not None:
            yield frame(f"choices {count}", count, "play", _choose(choice))
        yield frame(f"menu {count}", count, "play", _tap("menu"))
        if state.lock is None:
            yield frame(f"hub button {count}", count, "play", _hub_button)
        if isinstance(events[count - 1], Play):
            yield frame(f"undo notice {count}", count, "play", _undone(events[count - 1]))
    round_over = Game.from_events(events[:over]).state
    assert round_over.phase is Phase.ROUND_OVER
    yield frame("round end", over, "round_end", _tap("pad:1"), _tap("pad:2"))
    for seat, name in enumerate(names):
        if round_over.hands[seat]:
            yield frame(f"keypad {name}", over, "round_end", _tap(f"hand:{name}"))
            yield frame(f"tiles {name}", over, "round_end", _tap(f"hand:{name}"),
                        _tap("mode:tiles"))  # fmt: skip
    yield frame("scores", over + 1, "scores")
    yield frame("scores undo notice", over + 1, "scores", _undone(events[over]))
    yield frame("game over", len(events), "game_over")
    yield from _next_game(frame, len(events))
    kept = scores_only_events(players)
    yield frame("scores mode", len(kept) - 2, "scores_mode", log=kept)
    yield frame("scores mode, a foot open", len(kept), "scores_mode", log=kept)
    yield frame("scores mode round end", len(kept), "round_end", _tap("pad:1"), log=kept)


def _next_game(frame: Callable[..., Frame], count: int) -> Iterator[Frame]:
    """The same table set up for its next game: the seats, each preset's and mode's words on
    the Rules tab, and every page of the Options tab."""
    yield frame("new game", count, "new_game")
    for preset in PRESETS:
        yield frame(f"new game, rules {preset}", count, "new_game", _tap("tab:rules"),
                    _tap(f"preset:{preset}"))  # fmt: skip
    yield frame("new game, scores only", count, "new_game", _tap("tab:rules"), _tap("mode:scores"))
    for page in range(4):  # the options come in pages (three or four at these sizes)
        yield frame(f"new game, options page {page + 1}", count, "new_game", _tap("tab:options"),
                    *[_tap("options:more")] * page)  # fmt: skip


@cache
def scores_only_events(players: int) -> tuple[Event, ...]:
    """Score-keeper mode: two rounds scored with big hands (three-digit totals), the third
    being played, a chicken foot open on it with one toe."""
    names = NAMES[:players]
    events: list[Event] = [NewGame(names, {"mode": "scores", "set": SETS[players]}),
                           StartRound(names[0])]  # fmt: skip
    for number in (1, 2):
        events.append(EndRound({name: HandPips(0 if seat == number else 40 + 9 * seat)
                                for seat, name in enumerate(names)}))  # fmt: skip
        events.append(StartRound(names[number % players]))
    return (*events, FootOpened(), Toe())


def _shared_tile(state: object) -> Tile | None:
    """A tile that fits two or more open ends (its entry asks which)."""
    from engine import GameState

    assert isinstance(state, GameState) and state.rules is not None
    highest = state.rules.highest
    tiles = (Tile(a, b) for a in range(highest + 1) for b in range(a, highest + 1))
    return next((tile for tile in tiles if len(state.places_for(tile)) > 1), None)


def _tap(key: str) -> Callable[[Ui, UiContext], None]:
    def step(ui: Ui, ctx: UiContext) -> None:
        for intent in tap_widget(ui, ctx, key):
            if isinstance(intent, Go):
                ui.show_screen(intent.screen)

    return step


def _choose(tile: Tile) -> Callable[[Ui, UiContext], None]:
    """The tile's two numbers tapped on the pad: the entry's choice of ends."""

    def step(ui: Ui, ctx: UiContext) -> None:
        assert ctx.state is not None
        for key in entry_keys(ctx.state, tile, ctx.state.places_for(tile)[0].tile)[:2]:
            tap_widget(ui, ctx, key)

    return step


def _hub_button(ui: Ui, ctx: UiContext) -> None:
    """The hub button pressed with no foot open: the picker of every double, the ones that
    cannot be laid greyed with why."""
    assert ctx.state is not None
    ui.open_double_picker(ctx.state.placeable_doubles(), 0.0)


def _undone(event: Event) -> Callable[[Ui, UiContext], None]:
    def step(ui: Ui, ctx: UiContext) -> None:
        ui.layout(ctx, 0.0)  # the map as drawn, so the notice can name the place
        ui.show_undone(event, 0.0)

    return step
