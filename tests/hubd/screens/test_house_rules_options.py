"""Issue 39 on the screens: the double-6 set and the house rules offered on the Options tab,
the burn at round start, 50 for going out on a double on the round's end, the house rules
under the score sheet (live, in the history and on the phones' page)."""

from __future__ import annotations

import json

from engine_helpers import end_round, run
from screen_texts import shown, texts, widgets
from screens_loop import Loop

from engine import Game, NewGame, StartRound
from hubd.screens.shots.screenshots import tap_widget
from hubd.store.history import progress
from hubd.values.intents import Submit


def options_page_with(loop: Loop, key: str) -> None:
    """Turn the Options tab's pages until ``key`` is on screen."""
    for _ in range(8):
        if loop.has(key):
            return
        loop.tap("options:more")
    raise AssertionError(f"{key} is on no page of the options")


def test_the_options_tab_offers_double_6_and_each_house_rule() -> None:
    loop = Loop()  # opens on the new game
    loop.tap("tab:rules")
    loop.tap("preset:hub")
    loop.tap("tab:options")
    loop.tap("option:set:-")  # from the double-9
    assert loop.option("set") == 6
    assert loop.option("rounds") == 7  # 6-6 down to 0-0
    for key in ("option:burn_double:yes", "option:out_on_double_50:yes", "option:first_double:-"):
        options_page_with(loop, key)
        loop.tap(key)
    options_page_with(loop, "option:rounds:-")
    loop.new_game(["Ana", "Ben"], rounds=6)
    rules = loop.state.rules
    assert (rules.highest, rules.hand_size, rules.first_double, rules.rounds) == (6, 7, 5, 6)
    assert rules.burn_double and rules.out_on_double_50
    assert loop.game.effective[0].rules["burn_double"] is True  # kept in the game's log


def test_a_missing_double_is_burned_down_to_the_last_then_searched_for() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben"), {"preset": "hub", "burn_double": True,
                                                      "rounds": 3})])  # fmt: skip
    ui, ctx = shown("round_start", game)
    tap_widget(ui, ctx, "start:burn")
    said = texts(ui, ctx)
    assert "Who holds the 8-8? They open." in said
    assert "Nobody holds the 9-9: it is burned, and this round starts with the 8-8." in said
    tap_widget(ui, ctx, "start:burn")
    assert "start:burn" not in widgets(ui, ctx)  # the 7-7 is the game's last double
    assert tap_widget(ui, ctx, "player:Ben")[0] == Submit(
        StartRound("Ben", double=7), widgets(ui, ctx)["player:Ben"].rect.center
    )
    tap_widget(ui, ctx, "start:search")  # nobody holds the 7-7 either: the 9-9 is searched for
    assert "Take turns drawing from the yard until someone draws the 9-9." in texts(ui, ctx)


def out_on_a_double() -> Game:
    rules = {"hand_size": 3, "hub_arms": 2, "out_on_double_50": True, "first_double": 9}
    game = Game.from_events([NewGame(("Ana", "Ben"), {"set": 12, **rules})])
    return run(game, StartRound("Ana"), "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Ana 4-1 on 9-4",
               "Ben 1-2 on 4-1", "Ana 5-5 on 9-5")  # fmt: skip


def test_going_out_on_a_double_shows_its_50_on_the_round_end() -> None:
    ui, ctx = shown("round_end", out_on_a_double())
    said = texts(ui, ctx)
    assert "Round 1: Ana went out on a double: +50" in said
    assert "50" in said


def test_the_house_rules_are_under_the_score_sheet_live_in_the_history_and_on_phones() -> None:
    game = run(out_on_a_double(), end_round(Ana="", Ben=8))
    ui, ctx = shown("scores", game)
    house = "House rules: from the 9-9 · Out on a double: 50"
    assert widgets(ui, ctx)["sheet:house"].text == house
    ui, ctx = shown("scores", game, language="pt")
    assert widgets(ui, ctx)["sheet:house"].text == (
        "Regras da casa: a partir do 9-9 · Bater com duplo: 50"
    )
    stored = progress(game.state)
    assert stored.house == {"first_double": 9, "out_on_double_50": 1}
    assert stored.doubles[:2] == (9, 8) and len(stored.doubles) == 10
    assert json.loads(json.dumps(stored.house)) == stored.house  # the sheet column's JSON


def test_the_tiles_picker_offers_a_double_6_set_on_one_page() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben", "Cy"), {"set": 6, "hand_size": 2})])
    run(game, StartRound("Ana"), "Ana 6-1 on 6-6", "Ben 6-2 on 6-6", "Cy 6-3 on 6-6",
        "Ana 1-4 on 6-1")  # fmt: skip
    ui, ctx = shown("round_end", game)  # Ana went out
    tap_widget(ui, ctx, "hand:Ben")
    tap_widget(ui, ctx, "mode:tiles")
    offered = {k for k in widgets(ui, ctx) if k.startswith("left:") and "-" in k}
    assert len(offered) == 28 - 5  # every tile not on the table, in a cell of its own
    assert "left:more" not in widgets(ui, ctx)  # one page: no turning


def test_a_scores_only_game_burns_a_double_from_the_round_start_too() -> None:
    rules = {"mode": "scores", "preset": "hub", "burn_double": True}
    ui, ctx = shown("round_start", Game.from_events([NewGame(("Ana", "Ben"), rules)]))
    burn = widgets(ui, ctx)["start:burn"]
    assert burn.rect.h >= 40  # a real button, not a row of no height
    tap_widget(ui, ctx, "start:burn")
    assert "Who holds the 8-8? They open." in texts(ui, ctx)


def test_a_house_rule_the_game_cannot_keep_is_explained_in_the_players_language() -> None:
    loop = Loop(language="pt")
    loop.tap("tab:rules")
    loop.tap("tab:options")
    for key in ("option:double_in_hands:no", "option:burn_double:yes"):
        options_page_with(loop, key)
        loop.tap(key)
    said = " ".join(loop.texts())
    assert "a regra «Pular duplo ausente» precisa de «Duplo distribuído»" in said
    assert "burn_double" not in said
