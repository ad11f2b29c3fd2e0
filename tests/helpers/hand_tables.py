"""Tables of five to eight players whose hands' names the play screen must show (the tests of
tests/hubd/screens and benchmarks/hand_names_bench.py): a family of each language at two
moments of a round, and a crowded four-arm double-15 round at each player's turn."""

from __future__ import annotations

import pygame
from screens_loop import PICTURES

from engine import EndRound, Game, Play
from engine.simulate import DoublesFirst, Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.log_layout import TABLE_NAMES

#: A family of each language, long names and short ones, two-word names among them.
FAMILIES = {
    "en": ("Grandma Rosa", "Ben", "Maria-Helena", "Aleksandra", "Bartholomew", "Dee", "Tom",
           "Olek"),
    "pt": ("Vovó Conceição", "Ana", "João Pedro", "Francisca", "Tio Sebastião", "Rui", "Inês",
           "Bia"),
    "uk": ("Бабуся Оксана", "Іван", "Олександра", "Святослав", "Дід Богдан", "Оля", "Петро",
           "Яна"),
    "et": ("Vanaema Liisi", "Mart", "Kristjan", "Annemari", "Onu Rasmus", "Eve", "Toomas", "Kai"),
    "id": ("Nenek Sulastri", "Budi", "Kurniawati", "Wahyuningsih", "Om Bambang", "Eka", "Dewi",
           "Adi"),
    "he": ("סבתא רבקה", "דן", "אלכסנדרה", "יהונתן", "דוד אברהם", "נועה", "תמר", "גיל"),
}  # fmt: skip
#: The family's set for each count of players, and where in its first round it is looked at.
SETS = {5: 12, 6: 12, 7: 12, 8: 15}
SHARES = (0.1, 0.9)


def moments(names: tuple[str, ...]) -> list[Game]:
    """The family's first round (classic) at each of ``SHARES`` of its plays."""
    players = len(names)
    rules = {"preset": "classic", "set": SETS[players], "rounds": 1}
    events = Simulator(players, rules, 4, names=names).play_game().effective
    over = next(i for i, event in enumerate(events) if isinstance(event, EndRound))
    plays = [i for i in range(over) if isinstance(events[i], Play)]
    return [Game.from_events(events[: plays[round(s * (len(plays) - 1))]]) for s in SHARES]


def crowded_turns(players: int, seed: int = 3) -> list[Game]:
    """A crowded round (four arms, double-15, every double laid that can be; ``TABLE_NAMES``)
    after the last play before each player's turn, the table at its fullest."""
    names = TABLE_NAMES[:players]
    rules = {"preset": "four-arm", "set": 15, "rounds": 1}
    events = DoublesFirst(players, rules, seed, names=names).play_game().effective
    over = next(i for i, event in enumerate(events) if isinstance(event, EndRound))
    games: dict[int, Game] = {}
    for upto in range(over, 0, -1):
        if isinstance(events[upto - 1], Play):
            game = Game.from_events(events[:upto])
            if game.state.current is not None:  # the round's last play: no one's turn
                games.setdefault(game.state.current, game)
    assert len(games) == players
    return list(games.values())


def play_screen(game: Game, language: str, size: tuple[int, int]) -> tuple[Ui, list[Widget]]:
    """The play screen of ``game``: its Ui and its widgets."""
    pygame.display.init()
    ui = Ui(size)
    ui.set_language(language)
    ctx = UiContext(state=game.state, language=language, pictures=PICTURES,
                    last_entry=game.last_effective)  # fmt: skip
    ui.state_changed(ctx)
    ui.show_screen("play")
    return ui, ui.layout(ctx, 0.0)


def cut(widget: Widget) -> bool:
    return widget.truncated or any("…" in line for line in widget.lines)


def shown(widget: Widget) -> str:
    """A widget's text as drawn, without the direction marks."""
    return "".join(widget.lines).strip("\u200e\u200f")
