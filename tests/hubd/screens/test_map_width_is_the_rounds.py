"""Issue 35, point 1 ("the picture may rescale"), at 800x480: the map's width is the round's.
Eight players' hands wanted a map of 356 px early in a round (their names whole on their turn)
and gave it back, 420 px, once the table crowded it: at the 11th to 30th tile of every
eight-player round of map_bench's games the picture was laid out anew in a wider map under
the family's eyes. A round whose table will crowd the narrower map keeps the wider one from
its first play."""

from __future__ import annotations

import pytest

from engine import Game
from engine.simulate import DoublesFirst, Simulator
from hubd.screens.kit.builder import Builder
from hubd.screens.play_room import play_room
from hubd.screens.shots.log_layout import TABLE_NAMES, _frames

SIZE = (800, 480)


@pytest.mark.parametrize(
    ("players", "preset", "highest", "doubles"),
    [(8, "classic", 12, False), (8, "four-arm", 15, True), (7, "classic", 12, False)],
)
def test_the_map_keeps_its_width_through_a_round(
    players: int, preset: str, highest: int, doubles: bool
) -> None:
    kind = DoublesFirst if doubles else Simulator
    rules = {"preset": preset, "set": highest, "rounds": 2}
    events = kind(players, rules, 5, check=False, names=TABLE_NAMES[:players]).play_game()
    ui = _frames(SIZE, "en")
    b = Builder(ui.measure, SIZE, ui.translator)
    game, widths, rounds = Game(), set[int](), []
    for event in events.effective:
        game.apply(event)
        state = game.state
        if state.table is None or not state.in_round:
            if widths:
                rounds.append(sorted(widths))
            widths = set()
            continue
        widths.add(play_room(b, state).map_area.w)
    rounds += [sorted(widths)] if widths else []
    assert rounds and all(len(round_widths) == 1 for round_widths in rounds), rounds
