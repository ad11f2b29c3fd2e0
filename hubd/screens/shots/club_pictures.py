"""The club night guide's pictures: the Club screen on a sample night of three tables.

``python -m hubd.screens.shots.club_pictures docs/pictures [--language en]`` writes
``club_standings.png``, ``club_seating_11-3.png``, ``club_seating_winners.png``,
``club_seating_random.png`` and ``club_hubs.png`` (800x480, like the guides' other pictures;
``make pictures`` runs it). The night is made of real game logs replayed by the engine, as a
hub imports them.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

from engine import EndRound, Event, Game, HandPips, NewGame, StartRound
from hubd.club.folder import game_file_name
from hubd.club.games import game_of
from hubd.club.link import LinkStatus, Nearby, Peer
from hubd.club.nights import Night
from hubd.club.view import ClubState, view_of
from hubd.screens.kit.context import UiContext
from hubd.screens.ui import Ui

NIGHT = date(2026, 12, 1)
#: Three tables of four, two games each (the second game seated by 11-3), table 3 playing.
TABLES = {
    "1a2b3c4d": ("Table 1", [{"Ana": 12, "Ben": 31, "Cy": 7, "Dee": 18},
                             {"Ben": 22, "Lu": 9, "Ida": 14, "Kim": 30}]),
    "5e6f7a8b": ("Table 2", [{"Eve": 9, "Fay": 4, "Gus": 26, "Hal": 15},
                             {"Gus": 11, "Cy": 19, "Ana": 6, "Dee": 25}]),
    "9c0d1e2f": ("Table 3", [{"Ida": 5, "Jo": 40, "Kim": 13, "Lu": 2},
                             {"Jo": 8, "Fay": 17, "Eve": 3, "Hal": 21}]),
}  # fmt: skip
HERE = "1a2b3c4d"


def sample_state(seating: str = "11-3", playing: bool = True) -> ClubState:
    """The sample night (``playing``: table 3 still playing its second game)."""
    games = []
    for hub, (_, nights_games) in TABLES.items():
        for number, pips in enumerate(nights_games, start=1):
            players = tuple(pips)
            events: list[Event] = [
                NewGame(players, {"mode": "scores", "rounds": 2}),
                StartRound(players[0]),
                EndRound({n: HandPips(p // 2) for n, p in pips.items()}),
                StartRound(players[1]),
                EndRound({n: HandPips(p - p // 2) for n, p in pips.items()}),
            ]
            if playing and hub == "9c0d1e2f" and number == 2:
                events = events[:3]  # table 3 is still playing its second game
            started = datetime(2026, 12, 1, 19 + number, 0, 0)
            name = game_file_name(started, number)
            games.append(game_of(hub, name, Game.from_events(events)))
    tables = {hub: table for hub, (table, _) in TABLES.items()}
    night = Night(NIGHT, "Tuesday club", seating=seating)  # type: ignore[arg-type]
    view = view_of(HERE, games, tables, [replace(night, set_at="1", hub=HERE)])
    link = LinkStatus(
        True,
        "",
        "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD",
        (Peer("P2", "Table 2", True, 0.0), Peer("P3", "Table 3", False, 130.0)),
        (Nearby("N4", "Table 4", "192.168.1.24:22000"),),
        ("tcp://192.168.1.21:22000",),
    )
    return ClubState(view, NIGHT, "Table 1", link)


def render(out: Path, language: str = "en") -> list[Path]:
    import pygame

    pygame.display.init()
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    shots = [
        ("club_standings", (800, 480), "11-3", 0),
        ("club_seating_11-3", (800, 480), "11-3", 1),
        ("club_seating_winners", (800, 480), "winners", 1),
        ("club_seating_random", (800, 480), "random", 1),
        ("club_hubs", (800, 480), "11-3", 3),
    ]
    written = []
    for name, size, seating, tab in shots:
        ui = Ui(size)
        ui.set_language(language)
        state = sample_state(seating, playing=tab == 0)
        ctx = UiContext(language=language, club=state)
        ui.go("club")
        screen = ui.screens["club"]
        screen.tab = ("standings", "seating", "night", "hubs")[tab]  # type: ignore[attr-defined]
        surface = pygame.Surface(size)
        ui.render(surface, ctx, 1.0)
        path = out / f"{name}.png"
        pygame.image.save(surface, str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)
    for path in render(args.out, args.language):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
