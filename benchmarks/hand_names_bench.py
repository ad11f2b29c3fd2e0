"""The names the play screen's hands cut, five to eight players, every language.

    .venv/bin/python benchmarks/hand_names_bench.py [--size 800x480] [--list]

Two kinds of table (tests/helpers/hand_tables.py): each language's family at two moments of a
round (long names and short, two-word names among them: the six families' tables), and a
crowded four-arm double-15 round named from hubd/screens/shots/log_layout.TABLE_NAMES at each
player's turn. Prints per kind and language the names drawn, the names cut, those cut to
fewer than three letters, and the frames where the current player's name is cut; ``--list``
prints each name cut as drawn.

Figures only; tests/hubd/screens/test_hand_names_out_of_room.py and
test_whose_turn_in_the_hands.py assert.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hand_tables import FAMILIES, crowded_turns, cut, moments, play_screen, shown

from engine import Game
from hubd.text.i18n import available_languages

#: A name cut to fewer letters than this reads as no one's name ("M…").
FEW_LETTERS = 3


def family(language: str) -> list[Game]:
    return [game for players in range(5, 9) for game in moments(FAMILIES[language][:players])]


def crowded(_language: str) -> list[Game]:
    return [game for players in range(5, 9) for game in crowded_turns(players)]


KINDS: dict[str, Callable[[str], list[Game]]] = {
    "six families' tables": family,
    "crowded four-arm round, each turn": crowded,
}


def counted(games: list[Game], language: str, size: tuple[int, int], listed: bool) -> list[int]:
    """Names drawn, cut, cut to fewer than ``FEW_LETTERS`` letters, frames with the current
    player's name cut."""
    figures = [0, 0, 0, 0]
    for game in games:
        _ui, widgets = play_screen(game, language, size)
        names = [w for w in widgets if w.key.startswith("name:")]
        lost = [w for w in names if cut(w)]
        figures[0] += len(names)
        figures[1] += len(lost)
        figures[2] += sum(len(shown(w).split("…")[0]) < FEW_LETTERS for w in lost)
        figures[3] += any(w.key == f"name:{game.state.current}" for w in lost)
        for widget in lost if listed else []:
            seat = int(widget.key.split(":")[1])
            mark = " (their turn)" if seat == game.state.current else ""
            print(f"    {len(game.state.players)} players: "
                  f"{game.state.players[seat]!r} as {shown(widget)!r}{mark}")  # fmt: skip
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="800x480", help="the screen, WxH (default 800x480)")
    parser.add_argument("--list", action="store_true", help="print each name cut")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    for kind, games_of in KINDS.items():
        print(f"{kind}, {args.size}: language  names  cut  under {FEW_LETTERS} letters  "
              "frames with the current player's cut")  # fmt: skip
        total = [0, 0, 0, 0]
        for language in available_languages():
            figures = counted(games_of(language), language, (width, height), args.list)
            total = [a + b for a, b in zip(total, figures, strict=True)]
            print(f"  {language:>8} {figures[0]:6} {figures[1]:4} {figures[2]:6} {figures[3]:6}")
        print(f"  {'all':>8} {total[0]:6} {total[1]:4} {total[2]:6} {total[3]:6}")


if __name__ == "__main__":
    main()
