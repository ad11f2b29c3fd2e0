"""Issue 35, point 2: an entry's choices read in their numerals' order, by lines from the top
and along each line from its start (the left; the right in Hebrew, whose screen is mirrored),
on every page, at both sizes, through crowded games' entries. At 800x480 a choice under the
map stood left of a smaller numeral beside it ("4" left of "3", the column by the map
reaching down beside the row under it); in portrait a choice too tall for the room over the
map, laid under it, read "1" under "2". The rings on the map (and the whole view's) carry
the same numerals as the choices. (The tenth choice on and its numerals from 10 on keep
their own order: their badges are laid out wider, for two digits.)"""

from __future__ import annotations

import pygame
import pytest
from screens_loop import SIZES, shown

from engine import Game, Play
from engine.simulate import DoublesFirst, Simulator
from hubd.screens.entry import MORE, entry_keys
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.screenshots import tap_widget

#: Crowded games (players laying every double they can) and a plain one.
GAMES = ((Simulator, "classic", 4, 9), (DoublesFirst, "four-arm", 6, 12),
         (DoublesFirst, "hub", 4, 15), (DoublesFirst, "classic", 8, 15))  # fmt: skip
#: A choice stands on the line of another whose top is less than this much higher (px at
#: 800x480: half a target).
SAME_LINE = {(800, 480): 30, (720, 1280): 45}


def read_before(later: Rect, earlier: Rect, same_line: int, rtl: bool) -> bool:
    """Whether a reader comes to ``later`` before ``earlier``."""
    if later.y < earlier.y - same_line:
        return True
    if abs(later.y - earlier.y) >= same_line:
        return False
    return later.x > earlier.x if rtl else later.x < earlier.x


def out_of_order(cells: list[tuple[int, Rect]], size: tuple[int, int], language: str) -> list[str]:
    faults = []
    for at, (first, earlier) in enumerate(cells):
        for second, later in cells[at + 1 :]:
            if (first >= 10) != (second >= 10):
                continue  # a two-digit numeral's choice keeps its wider badge's place
            if read_before(later, earlier, SAME_LINE[size], language == "he"):
                faults.append(f"{second} {tuple(later)} read before {first} {tuple(earlier)}")
    return faults


def pages_of_choices(game: Game, play: Play, size: tuple[int, int], language: str
                     ) -> list[list[Widget]]:  # fmt: skip
    ui, ctx = shown(game, "play", size, language)
    for key in entry_keys(game.state, play.tile, play.on)[:2]:
        tap_widget(ui, ctx, key)
    pages = []
    for _page in range(8):
        widgets = ui.layout(ctx, 0.0)
        pages.append(widgets)
        if not any(w.key == MORE for w in widgets):
            break
        tap_widget(ui, ctx, MORE)
    return pages


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_choices_read_in_their_numerals_order(size: tuple[int, int], language: str) -> None:
    pygame.display.init()
    found, looked = [], 0
    for n, (kind, preset, players, highest) in enumerate(GAMES):
        rules = {"preset": preset, "set": highest, "rounds": 1}
        log = kind(players, rules, 100 + n, check=False).play_game().effective
        game, shared = Game(), []
        for i, event in enumerate(log):  # the plays whose tile fits two ends or more
            if isinstance(event, Play) and len(game.state.places_for(event.tile)) > 1:
                shared.append(i)
            game.apply(event)
        for i in shared[::3]:
            play = log[i]
            assert isinstance(play, Play)
            before = Game.from_events(log[:i])
            for page, widgets in enumerate(pages_of_choices(before, play, size, language)):
                looked += 1
                numeral = {w.key.split(":", 1)[1]: int(w.text) for w in widgets
                           if w.key.startswith("choice-number:")}  # fmt: skip
                cells = sorted((numeral[w.key.split(":", 1)[1]], w.rect) for w in widgets
                               if w.role == "choice")  # fmt: skip
                rings = {t for w in widgets if w.key.startswith("number:") for t in w.text.split()}
                assert {str(number) for number, _rect in cells} <= rings
                where = f"game {n}, play {i}, page {page + 1}"
                found += [f"{where}: {fault}" for fault in out_of_order(cells, size, language)]
    assert looked >= 20, looked
    assert not found, "\n".join(found)
