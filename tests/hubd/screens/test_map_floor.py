"""No play screen's map too small to hold a table (issue 35, point 4's sizes kept): over
2-8 players, every set, the hands compact or not, both sizes, left to right and right to
left, the map keeps ``MAP_FLOOR`` of the screen (``PORTRAIT_MAP_FLOOR`` in portrait: the pad
and the last entry leave it more; pure geometry: hubd/screens/play_room.py);
with eight players and a double-12/15 set at 800x480 the pad still lies across in two rows,
each count and name at its size and in sight."""

from __future__ import annotations

import pygame
import pytest
from screens_loop import SIZES, shown

from engine import Game, NewGame, RuleError, StartRound
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Widget
from hubd.screens.play_room import MAP_FLOOR, MAP_SPARE, PORTRAIT_MAP_FLOOR, arranged
from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.screens.ui import Ui

LONG_NAMES = ("Maria-Helena", "Christopher", "Oleksandra", "Bartholomew", "Anastasia",
              "Wilhelmina", "Konstantin", "Guinevere")  # fmt: skip


def started(names: tuple[str, ...], highest: int) -> Game | None:
    """A game of ``names`` with a double-``highest`` set at its first round's start (None
    where the set cannot deal that many hands)."""
    try:
        rules = {"preset": "classic", "set": highest}
        return Game.from_events([NewGame(names, rules), StartRound(names[0])])
    except RuleError:
        return None


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_map_keeps_its_floor_for_every_count_and_set(size: tuple[int, int]) -> None:
    """English, Hebrew (right to left) and Ukrainian (whose long words give the portrait
    last entry a third line)."""
    pygame.display.init()
    floor = MAP_FLOOR if size[0] > size[1] else PORTRAIT_MAP_FLOOR
    smallest, checked = 1.0, 0
    for language in ("en", "he", "uk"):
        ui = Ui(size)
        ui.set_language(language)
        b = Builder(ui.measure, size, ui.translator)
        for names in (TABLE_NAMES, LONG_NAMES):
            for players in range(2, 9):
                for highest in (6, 9, 12, 15):
                    game = started(names[:players], highest)
                    if game is None:
                        continue
                    for compact, spare in ((False, True), (False, False), (True, False)):
                        area = arranged(b, game.state, compact, spare).map_area
                        share = area.w * area.h / (size[0] * size[1])
                        smallest = min(smallest, share)
                        where = (language, players, highest, compact, area)
                        assert share >= floor, where
                        assert min(area.w, area.h) >= b.px(100), where
                        checked += 1
    assert checked == 3 * 2 * 3 * (3 + 7 * 3), checked  # double-6 deals two to four hands
    assert smallest < floor + 0.03  # the floor says what the worst screen has


def keyed(game: Game, language: str) -> dict[str, Widget]:
    ui, ctx = shown(game, "play", (800, 480), language)
    return {w.key: w for w in ui.layout(ctx, 0.0) if w.key}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("highest", [12, 15])
def test_eight_players_and_a_big_set_keep_the_pad_across(highest: int, language: str) -> None:
    """Eight players, double-12/15, at 800x480: the pad across the screen in two rows, the
    map over it as tall as with five players and at least ``MAP_SPARE`` wide (420x204; the
    pad under the map in 3-4 rows left it 420x132 / 420x60), every hand beside it in sight
    (names at 32 px, counts at 43 px), the status line, Undo, Menu and the pad where they
    are with five players."""
    game = started(TABLE_NAMES, highest)
    five = started(TABLE_NAMES[:5], highest)
    assert game is not None and five is not None
    widgets, before = keyed(game, language), keyed(five, language)
    map_box = widgets["map"].rect
    assert map_box.w >= MAP_SPARE and map_box.h >= 200, map_box
    pad = [widgets[f"half:{n}"].rect for n in range(highest + 1)]
    assert len({cell.y for cell in pad}) == 2
    assert max(cell.right for cell in pad) - min(cell.x for cell in pad) > 700
    for seat, name in enumerate(TABLE_NAMES):
        label, count = widgets[f"name:{seat}"], widgets[f"count:{seat}"]
        assert label.size >= 32 and count.size >= 43
        for box in (label.rect, count.rect):
            assert not box.colliderect(map_box) and box.bottom <= min(c.top for c in pad)
            assert box.x >= 0 and box.right <= 800
        if len(name) <= 3:
            assert label.lines == (name,), label.lines
    assert widgets["count:yard"].size >= 43
    for key in ("status", "undo", "menu", *(f"half:{n}" for n in range(highest + 1))):
        assert widgets[key].rect == before[key].rect, key
    assert (map_box.y, map_box.h) == (before["map"].rect.y, before["map"].rect.h)
