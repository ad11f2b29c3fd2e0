"""Issue 35, point 4, in the play screen's hands at 800x480: a name is cut only when the space
truly cannot hold it. The hands' panel is as wide as the cells hand_cells.py draws want (it
was sized by an older model of their lines' boxes): a name that cannot stand whole on its
own turn gets the width the map can spare while the table is not crowded in what is left
(eight players: "Maria…" in her highlight beside a map of 420 px with room to spare)."""

from __future__ import annotations

import copy

import pygame
import pytest
from hand_tables import FAMILIES, cut, moments, shown

from hubd.screens import Ui, UiContext
from hubd.screens.kit.builder import Builder
from hubd.screens.play_room import MAP_SPARE, MAP_W, arranged, crowded, play_room
from hubd.text.i18n import available_languages

SIZE = (800, 480)


@pytest.mark.parametrize("language", available_languages())
def test_a_name_is_cut_on_its_own_turn_only_where_the_map_has_no_more_to_spare(
    language: str,
) -> None:
    """The families' tables of five to eight players early in their round, each player's
    turn in turn: where the current player's name is cut in its highlight, the map has given
    the hands all the room that shows it more letters (down to ``MAP_SPARE``), or the table
    is crowded in a map that narrow (the map keeps ``MAP_W``). Eight Ukrainians: "Святослав"
    needs a map of 316 px on his turn, and keeps "Свято…" beside one of 349."""
    pygame.display.init()
    found = []
    for players in range(5, 9):
        game = moments(FAMILIES[language][:players])[0]
        for seat, name in enumerate(game.state.players):
            state = copy.copy(game.state)
            state.current = seat
            ui = Ui(SIZE)
            ui.set_language(language)
            ctx = UiContext(state=state, language=language, last_entry=game.last_effective)
            ui.state_changed(ctx)
            ui.show_screen("play")
            label = next(w for w in ui.layout(ctx, 0.0) if w.key == f"name:{seat}")
            if not cut(label):
                continue
            b = Builder(ui.measure, SIZE, ui.translator)
            room = play_room(b, state)
            spared = arranged(b, state, False, spare=True).map_area
            gave = b.px(MAP_SPARE) <= room.map_area.w < b.px(MAP_W)
            if not gave and not crowded(b, state, spared):
                found.append(f"{players} players: {name!r} as {shown(label)!r} on their turn "
                             f"beside a map {room.map_area.w} px wide")  # fmt: skip
    assert not found, "\n".join(found)
