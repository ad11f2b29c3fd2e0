"""No box on the play screen stands empty while a play is entered (issue 35's family game in
portrait): a box with nothing in it reads as something missing or broken."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from screens_loop import SIZES, shown

from engine import Game, NewGame, Play, StartRound, Tile
from engine.simulate import DoublesFirst
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.screens.shots.screenshots import tap_widget
from hubd.text.i18n import available_languages

#: A family's first plays (double-9): next, Dad's 2-2 fits arm B's 2 and the 7-7's first toe.
PLAYS = (
    "5-9 9-9, 2-9 9-9, 7-9 9-9, 8-9 9-9, 7-7 7-9, 2-7 7-7, 3-7 7-7, 4-7 7-7, 4-4 4-7,"
    " 1-4 4-4, 4-8 4-4, 4-9 4-4, 7-8 4-8, 5-5 5-9, 5-8 5-5, 4-5 5-5, 5-7 5-5"
)


def _family() -> tuple[Game, Play]:
    """Dad's 2-2 fits arm B's 2 and the 7-7's first toe."""
    game = Game.from_events([NewGame(("Mom", "Dad", "Ben", "Maria"), {}), StartRound("Mom")])
    for play in PLAYS.split(","):
        tile, on = play.split()
        player = game.state.current_player
        assert player is not None
        game.apply(Play(player, Tile.parse(tile), Tile.parse(on)))
    return game, Play("Dad", Tile(2, 2), Tile(2, 9))


def _crowded() -> tuple[Game, Play]:
    """Seven players, double-12, four arms: Tamar's 5-7 fits three ends (an outside check's
    game, entered by touch in Hebrew at 720x1280)."""
    rules = {"preset": "four-arm", "set": 12, "rounds": 2}
    log = DoublesFirst(7, rules, 17003, check=False, names=TABLE_NAMES[:7]).play_game().effective
    play = log[63]
    assert isinstance(play, Play)
    return Game.from_events(log[:63]), play


#: The least box (px) that reads as a box to be filled, not an icon.
BOX = 60


def _empty_boxes(widgets: list[Widget]) -> list[tuple[int, int, int, int]]:
    """Boxes (panels a finger wide and more: not the map sign's check box) with no other
    widget in them (a widget whose centre lies inside)."""
    inside = [w for w in widgets if w.kind is not Kind.PANEL]
    return [
        tuple(panel.rect)
        for panel in widgets
        if panel.kind is Kind.PANEL
        and min(panel.rect.size) >= BOX
        and not any(panel.rect.collidepoint(w.rect.center) for w in inside)
    ]


@pytest.mark.parametrize("language", available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", [_family, _crowded], ids=["family", "crowded"])
def test_no_box_stands_empty_while_a_play_is_entered(
    size: tuple[int, int], language: str, table: Callable[[], tuple[Game, Play]]
) -> None:
    """Before the first number, after it, and while the tile's ends are offered (one page of
    choices: no More), every box on the screen holds something."""
    game, play = table()
    ui, ctx = shown(game, "play", size, language)
    assert _empty_boxes(ui.layout(ctx, 0.0)) == []
    tap_widget(ui, ctx, f"half:{play.tile.lo}")
    assert _empty_boxes(ui.layout(ctx, 0.0)) == []
    tap_widget(ui, ctx, f"half:{play.tile.hi}")
    widgets = ui.layout(ctx, 0.0)
    assert any(w.role == "choice" for w in widgets)
    assert _empty_boxes(widgets) == []
