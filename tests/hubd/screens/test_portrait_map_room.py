"""The portrait play map has the room the pad and the last entry can spare (issue 35): the
double-12 and double-15 pads lie in two rows of keys, their two-digit numbers drawn a little
narrower and never under 6 mm, where they took three rows (two cells of the double-15's
third empty); the last entry takes two lines where it took three, where Cancel and More
stand side by side in them (Ukrainian's and Portuguese's keep three). Late in a crowded
double-12 round the table now fits the map with every number at 4.5 mm at least, where it
was past all room and drawn shrunk."""

from __future__ import annotations

import pytest
from screens_loop import doubles_first, shown

from engine import Event, Game, NewGame, StartRound
from hubd.picture import Box
from hubd.picture.faithful import over
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE
from hubd.screens.map.view import map_area, map_sizes
from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.text import i18n

PORTRAIT = (720, 1280)
#: map_bench's game 116 of its fixed sample: three players who lay every double they can,
#: double-12; from 56 tiles on its second round's table was past the portrait map's room by
#: count (its 704x432 px), and drawn shrunk.
TWELVE = (3, 12, 1029146436)


def with_tiles(log: list[Event], tiles: int) -> Game:
    """The game at its first frame whose table holds ``tiles`` tiles."""
    game = Game()
    for index, event in enumerate(log):
        game.apply(event)
        table = game.state.table
        if table is not None and game.state.in_round and len(table.placed) >= tiles:
            return Game.from_events(log[: index + 1])
    raise AssertionError(f"no frame with {tiles} tiles")


@pytest.mark.parametrize("language", i18n.available_languages())
def test_a_crowded_double_12_round_fits_the_portrait_map(language: str) -> None:
    game = with_tiles(doubles_first(*TWELVE), 64)
    ui, ctx = shown(game, "play", PORTRAIT, language)
    widgets = ui.layout(ctx, 0.0)
    b = Builder(ui.measure, PORTRAIT, ui.translator)
    area = next(w.rect for w in widgets if w.key == "map")
    table = game.state.table
    assert not over(table, Box(*map_area(b, area)), map_sizes(b)), area
    needs = [w.size for w in widgets if w.role == "needs"]
    assert needs and min(needs) >= b.floor_text, sorted(needs)[:3]


def started(highest: int, players: int) -> Game:
    names = TABLE_NAMES[:players]
    return Game.from_events([NewGame(names, {"preset": "classic", "set": highest}),
                             StartRound(names[0])])  # fmt: skip


@pytest.mark.parametrize("language", i18n.available_languages())
@pytest.mark.parametrize("highest", [12, 15])
def test_the_double_12_and_15_pads_lie_in_two_rows_in_portrait(highest: int, language: str) -> None:
    ui, ctx = shown(started(highest, 4), "play", PORTRAIT, language)
    keys = [w for w in ui.layout(ctx, 0.0) if w.role == "half"]
    assert len(keys) == highest + 1
    assert len({w.rect.y for w in keys}) == 2
    b = Builder(ui.measure, PORTRAIT, ui.translator)
    for key in keys:
        assert key.size >= b.chair_text and not key.truncated, key.text
        assert key.squeeze >= MIN_SQUEEZE, key.text
        assert min(key.rect.w, key.rect.h) >= b.target, key.text
    for a in keys:  # apart, as a finger needs them
        assert not any(a is not k and a.rect.inflate(2, 2).colliderect(k.rect) for k in keys)


@pytest.mark.parametrize("language", i18n.available_languages())
@pytest.mark.parametrize("players", range(2, 9))
def test_the_portrait_map_has_what_the_pad_and_last_entry_spare(
    players: int, language: str
) -> None:
    """A double-15 game of 2-8 players: the map at least 400 px tall (312-379 px with a
    third row of keys under it)."""
    ui, ctx = shown(started(15, players), "play", PORTRAIT, language)
    area = next(w.rect for w in ui.layout(ctx, 0.0) if w.key == "map")
    assert area.w >= 700 and area.h >= 400, area
