"""The round end asks for the 0-0 in a hand only while it can be in one (the family game by
touch: "0-0 in hand" offered after Maria had laid the 0-0; the engine refuses it then), and
only where it counts: worth 50 by the house rule (a Portuguese family's double-6 game without
the rule was asked about the 0-0 in Ana's hand, which changed nothing; the phones' page asks
only under the rule), or in a scores-only game, where a hand of 0 alone says its player went
out."""

from __future__ import annotations

from pathlib import Path

import pytest
from screens_loop import SIZES, shown

from engine import Game, NewGame, StartRound, Tile
from engine.log import apply_lines
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.screenshots import tap_widget

#: The lane's dealt game: double-9, four players (Mom, Dad, Ben, Maria), seed 35, round 1
#: played doubles first until Ben went out (the 0-0 laid by Maria, seven feet).
LOG = Path(__file__).parents[2] / "helpers" / "family_touch_game.jsonl"


def played(upto: int | None = None, worth_50: bool = True) -> Game:
    """The lane's game up to line ``upto``, the 0-0 worth 50 in it or not."""
    lines = LOG.read_text(encoding="utf-8").splitlines()[:upto]
    rules = '"rules": {"preset": "classic", "double_blank_50": true}' if worth_50 else None
    if rules is not None:
        lines[0] = lines[0].replace('"rules": {"preset": "classic"}', rules)
    game = Game()
    assert apply_lines(game, lines) is None
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
    assert "pad:0-0" in keys_at_the_end_by_agreement(worth_50=True)


def test_no_double_blank_key_where_the_0_0_counts_nothing() -> None:
    keys = keys_at_the_end_by_agreement(worth_50=False)
    assert "pad:0-0" not in keys
    # OK takes the key's place: no hole in the keypad, a larger target
    assert keys["pad:ok"].rect.top == keys["pad:4"].rect.top


def keys_at_the_end_by_agreement(worth_50: bool) -> dict[str, Widget]:
    lines = LOG.read_text(encoding="utf-8").splitlines()
    first = next(n for n, line in enumerate(lines) if '"tile": [0, 0]' in line)
    game = played(first, worth_50)
    assert game.state.table is not None and Tile(0, 0) not in game.state.table
    assert game.state.rules is not None and game.state.rules.double_blank_50 is worth_50
    ui, ctx = shown(game, "play", (800, 480))
    tap_widget(ui, ctx, "menu")
    tap_widget(ui, ctx, "menu:agree")
    return {w.key: w for w in ui.layout(ctx, 0.0)}


def test_a_scores_only_game_asks_whether_a_0_is_the_0_0() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben"), {"mode": "scores"}), StartRound("Ana")])
    ui, ctx = shown(game, "round_end", (800, 480))
    assert "pad:0-0" in {w.key for w in ui.layout(ctx, 0.0)}
