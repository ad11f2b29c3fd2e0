"""The round end asks for the 0-0 in a hand only while it can be in one (the family game by
touch: "0-0 in hand" offered after Maria had laid the 0-0; the engine refuses it then)."""

from __future__ import annotations

from pathlib import Path

import pytest
from screens_loop import SIZES, shown

from engine import Game, Tile
from engine.log import apply_lines
from hubd.screens.shots.screenshots import tap_widget

#: The lane's dealt game: double-9, four players (Mom, Dad, Ben, Maria), seed 35, round 1
#: played doubles first until Ben went out (the 0-0 laid by Maria, seven feet).
LOG = Path(__file__).parents[2] / "helpers" / "family_touch_game.jsonl"


def played(upto: int | None = None) -> Game:
    game = Game()
    assert apply_lines(game, LOG.read_text(encoding="utf-8").splitlines()[:upto]) is None
    return game


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_double_blank_key_once_the_0_0_is_on_the_table(size: tuple[int, int]) -> None:
    game = played()
    assert game.state.table is not None and Tile(0, 0) in game.state.table
    ui, ctx = shown(game, "round_end", size)
    keys = {w.key for w in ui.layout(ctx, 0.0)}
    assert "pad:ok" in keys and "pad:0-0" not in keys


def test_the_double_blank_key_while_the_0_0_may_be_in_a_hand() -> None:
    """Ended by agreement before the 0-0 was laid: it may be in any hand."""
    lines = LOG.read_text(encoding="utf-8").splitlines()
    first = next(n for n, line in enumerate(lines) if '"tile": [0, 0]' in line)
    game = played(first)
    assert game.state.table is not None and Tile(0, 0) not in game.state.table
    ui, ctx = shown(game, "play", (800, 480))
    tap_widget(ui, ctx, "menu")
    tap_widget(ui, ctx, "menu:agree")
    assert "pad:0-0" in {w.key for w in ui.layout(ctx, 0.0)}
