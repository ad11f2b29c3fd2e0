"""The screens' finer points by taps: the search, hub button, amends, keys, notices, redraws."""

from __future__ import annotations

from screens_loop import Loop

from engine import Play, StartRound, Tile
from hubd.screens.kit.redraw import INK_MARGIN


def test_the_search_draws_are_counted_per_player() -> None:
    loop = Loop()
    loop.tap("tab:rules")
    loop.tap("preset:hub")
    loop.new_game(["Ana", "Ben", "Dee"], rounds=1)
    loop.tap("start:search")
    loop.tap("player:Ben")
    loop.tap("player:Ben")
    loop.tap("player:Dee")
    loop.tap("start:found")
    loop.tap("player:Dee")
    assert loop.state.round == 1
    assert loop.state.hands == [11, 13, 12]
    assert loop.game.effective[-1] == StartRound("Dee", {"Ben": 2, "Dee": 1})


def test_the_hub_button_picks_a_double_and_its_only_place() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.tap("menu")
    loop.tap("menu:hub")
    assert loop.has("pick:4") and loop.has("pick:7")
    assert not loop.has("pick:9")  # on the table: greyed in its own cell, does nothing
    loop.tap("pick:7")
    assert loop.game.effective[-1] == Play("Ana", Tile(7, 7), Tile(7, 9))


def test_an_agreed_end_and_an_amended_round() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("menu")
    loop.tap("menu:agree")
    assert loop.ui.current == "round_end"
    loop.enter_pips({"Ana": 20, "Ben": 31})
    assert loop.state.round_end.value == "agreed"
    assert loop.ui.current == "scores"
    loop.tap("bar:0")  # amend
    loop.tap("amend:round:1")
    loop.tap("amend:Ben")
    loop.tap("amend:key:3")
    loop.tap("amend:key:0")
    loop.tap("amend:save")
    assert loop.state.scores == [[20, 30]]


def test_settings_become_intents() -> None:
    loop = Loop()
    loop.ui.show_screen("settings")
    loop.frame()
    loop.tap("setting:language:uk")
    assert loop.ctx.language == "uk"
    assert loop.ui.tr("Draw") == "Взяти"
    loop.tap("setting:volume:+")
    assert loop.ctx.volume == 90
    loop.tap("setting:rotation:90")
    assert loop.ctx.rotation == 90


def test_an_idle_ui_draws_nothing_and_timed_changes_have_a_deadline() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.settle()
    assert loop.ui.next_deadline() is None
    assert loop.frame() == []
    loop.ui.show_notice("hello", loop.now)
    assert loop.frame()
    deadline = loop.ui.next_deadline()
    assert deadline is not None and deadline > loop.now
    assert loop.frame() == []
    loop.now = deadline
    assert loop.ui.render(loop.surface, loop.ctx, loop.now)
    assert loop.ui.next_deadline() is None


def test_a_pressed_target_redraws_only_itself() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.settle()
    menu = loop.find("menu").rect
    loop.handle(loop.ui.tap(menu.center, loop.ctx, loop.now))  # the menu...
    loop.ui.open_overlay(None)  # ...closed again: only the pressed button looks different
    dirty = loop.ui.render(loop.surface, loop.ctx, loop.now)
    margin = 2 * INK_MARGIN  # and the margin its strokes may reach
    assert dirty == [menu.inflate(margin, margin).clip(loop.surface.get_rect())]


def test_undo_is_on_the_round_end_and_scores_screens_too() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.block_round()
    assert loop.ui.current == "round_end"
    loop.tap("undo")  # the last pass: the round is open again
    assert loop.ui.current == "play" and loop.state.round_end is None
    loop.tap("pass")
    loop.enter_pips({"Ana": 1, "Ben": 2})
    assert loop.ui.current == "scores"
    loop.tap("undo")  # the scores: a whole round's entry, so it asks first, naming it
    assert "Take back round 1's scores (Ana\u00a01, Ben\u00a02)?" in loop.texts()
    loop.tap("confirm:keep")
    assert loop.state.scores == [[1, 2]]
    loop.tap("undo")
    loop.tap("confirm:undo")  # back to entering the hands
    assert loop.ui.current == "round_end" and loop.state.scores == []
    assert loop.notices[-1] == "Undid: the round's scores"


def test_without_audio_a_new_chicken_foot_flashes_instead_of_cackling() -> None:
    loop = Loop()
    loop.ctx.audio_available = False
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    assert "Chicken foot!" not in loop.texts()
    loop.play(Tile(4, 4), Tile(4, 9))
    assert "Chicken foot!" in loop.texts()
    styles = set()
    for _ in range(8):  # it flashes: the banner changes colour while it lasts
        loop.frame()
        styles |= {w.style for w in loop.widgets() if w.text == "Chicken foot!"}
    assert len(styles) == 2
    loop.settle()
    loop.play(Tile(1, 4), Tile(4, 4))  # the same foot: no new flash
    assert "Chicken foot!" not in loop.texts()


def test_desktop_keys_draw_pass_undo_and_go_back() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.handle(loop.ui.key("d", loop.ctx, loop.now))
    assert loop.state.drew
    loop.handle(loop.ui.key("p", loop.ctx, loop.now))
    assert loop.state.current_player == "Ben"
    loop.handle(loop.ui.key("u", loop.ctx, loop.now))
    assert loop.state.current_player == "Ana" and loop.state.drew
    loop.tap("menu")
    loop.handle(loop.ui.key("escape", loop.ctx, loop.now))
    assert loop.ui.overlay is None
    loop.tap("menu")
    loop.tap("menu:scores")
    loop.handle(loop.ui.key("escape", loop.ctx, loop.now))
    assert loop.ui.current == "play"


def test_the_hub_button_says_why_when_no_double_fits() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("menu")
    loop.tap("menu:hub")  # the opening: only the hub's arms may be started
    assert loop.ui.overlay is None
    assert "Start every hub arm first" in loop.texts()


def test_a_new_entry_clears_the_undo_notice() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("undo")
    assert any(text.startswith("Undid:") for text in loop.texts())
    loop.play(Tile(7, 9), Tile(9, 9))
    texts = loop.texts()
    assert not any(text.startswith("Undid:") for text in texts)
    assert "Last: Ana played 9-7 on arm A" in texts


def test_after_a_draw_the_status_says_so_in_the_opening_too() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("draw")  # Ana has no 9
    assert "Ana drew: play it or pass" in loop.texts()
