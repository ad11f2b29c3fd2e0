"""Issue 35, "Around the map": the faults a family met around the table's picture, each fixed."""

from __future__ import annotations

import pygame
import pytest
from screens_loop import SIZES, Loop, shown

from engine import EndRound, Game, HandPips, NewGame, StartRound, Tile
from hubd.screens import Ui
from hubd.screens.hand_entry import tile_cells
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.screenshots import tap_widget


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("highest", [6, 9, 12, 15])
def test_the_tiles_picker_keeps_the_doubles_apart(size: tuple[int, int], highest: int) -> None:
    """No double shares a line of cells with other tiles (7-7 is not beside 7-8), and every
    cell is a comfortable target."""
    pygame.display.init()
    ui = Ui(size)
    b = Builder(ui.painter, size, ui.translator)
    placed, _pages = tile_cells(b, highest, Rect(0, 72, size[0], size[1] - 72))
    line = (lambda box: box.y) if b.landscape else (lambda box: box.x)
    doubles = {(page, line(box)) for tile, (page, box) in placed.items() if tile.is_double}
    others = {(page, line(box)) for tile, (page, box) in placed.items() if not tile.is_double}
    assert not doubles & others
    assert all(min(box.size) >= b.px(56) for _page, box in placed.values())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_scores_only_game_has_tiles_at_the_round_end(size: tuple[int, int]) -> None:
    """Score-keeper mode: the hand's tiles may be picked too; they count as their pips (the
    0-0 as the double blank)."""
    game = Game.from_events([NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 2}),
                             StartRound("Ana")])  # fmt: skip
    ui, ctx = shown(game, "round_end", size)
    keys = {w.key for w in ui.layout(ctx, 0.0) if w.action is not None}
    assert {"mode:pips", "mode:tiles"} <= keys
    tap_widget(ui, ctx, "hand:Ana")
    tap_widget(ui, ctx, "mode:tiles")
    for tile in ("7-7", "3-4", "0-0"):
        tap_widget(ui, ctx, f"left:{tile}")
    screen = ui.screens["round_end"]
    event = screen._event(game.state)  # type: ignore[attr-defined]
    assert event.hands["Ana"] == HandPips(21, True)
    game.apply(EndRound({"Ana": event.hands["Ana"], "Ben": HandPips(0)}))
    assert game.state.scores[-1][0] == 21 + (50 if game.state.rules.double_blank_50 else 0)


def item(loop: Loop, key: str) -> Widget:
    return next(w for w in loop.widgets() if w.key == key)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_menu_keeps_its_buttons_in_place_and_asks_before_a_new_game(
    size: tuple[int, int],
) -> None:
    loop = Loop(size)
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("bar:0")  # the menu, on the round start screen: no round yet
    before = {w.key: w.rect for w in loop.widgets() if w.key.startswith("menu:")}
    assert not item(loop, "menu:hub").enabled and not item(loop, "menu:agree").enabled
    loop.tap("menu:close")
    loop.tap("player:Ana")
    loop.tap("menu")  # the play screen: the same buttons, each where it was
    after = {w.key: w.rect for w in loop.widgets() if w.key.startswith("menu:")}
    assert after == before
    assert item(loop, "menu:hub").enabled and item(loop, "menu:agree").enabled
    loop.tap("menu:new_game")  # a game is being played: it asks first, and Keep keeps it
    assert loop.ui.current == "play" and loop.has("confirm:new_game")
    assert any("round 1 of 2" in text for text in loop.texts())
    loop.tap("confirm:keep")
    assert loop.ui.current == "play" and loop.ui.overlay is None
    loop.tap("menu")
    loop.tap("menu:new_game")
    loop.tap("confirm:new_game")
    assert loop.ui.current == "new_game"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hands_count_and_total_never_read_as_one_number(size: tuple[int, int]) -> None:
    """ "11 25" must not read "1125": where a count and its total stand side by side, their
    letters are more than a digit's width apart."""
    names = ("Ana", "Ben", "Chen")
    game = Game.from_events([NewGame(names, {"rounds": 3}), StartRound("Ana")])
    game.apply(EndRound({"Ana": HandPips(25), "Ben": HandPips(31), "Chen": HandPips(40)},
                        agreed=True))  # fmt: skip
    game.apply(StartRound("Ben"))
    ui, ctx = shown(game, "play", size)
    widgets = {w.key: w for w in ui.layout(ctx, 0.0)}
    checked = 0
    for seat in range(3):
        count, total = widgets[f"count:{seat}"], widgets[f"total:{seat}"]
        assert len(count.text) == 2 and len(total.text) == 2
        if count.rect.centery != total.rect.centery:
            continue  # one above the other (portrait): they never run together
        digit = ui.painter.width("0", count.size, True)
        ink_total = ui.painter.width(total.text, total.size, True)  # both end-aligned
        gap = (total.rect.right - total.pad - ink_total) - (count.rect.right - count.pad)
        assert gap > digit, f"seat {seat}: {gap} px between count and total"
        checked += 1
    assert checked or size == (720, 1280)


@pytest.mark.parametrize(
    ("size", "names"),
    [((800, 480), ("Margaret", "Bartholomew", "Kristiina")),
     ((720, 1280), ("Margaret", "Kristiina", "Ana"))],  # a third of 704 px holds no 11 letters
    ids=["800x480", "720x1280"],
)  # fmt: skip
def test_names_are_cut_only_where_the_space_truly_cannot_hold_them(
    size: tuple[int, int], names: tuple[str, ...]
) -> None:
    """Whole in the status line (down to 6 mm before a name is cut), the hands (plain rather
    than bold, narrower letters) and the score sheet."""
    loop = Loop(size)
    loop.ctx.known_players = names
    loop.new_game(list(names), rounds=2)
    loop.tap(f"player:{names[0]}")
    for _ in names:  # each in turn: the current player's name (bold) the longest case
        widgets = loop.widgets()
        assert not [w.text for w in widgets if w.key.startswith("name:") and "…" in w.text]
        (status,) = [w for w in widgets if w.role == "status"]
        whole = f"{loop.state.current_player}: start an arm (3 of 3)"
        if loop.ui.painter.width(whole, status.size, True) < status.rect.w - 2 * status.pad:
            assert "…" not in status.text, status.text
        loop.play_lowest()
    loop.tap("menu")
    loop.tap("menu:scores")
    assert not [t for t in loop.texts() if "…" in t]


def test_the_undo_of_a_scored_round_names_the_round_and_its_scores() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.block_round()
    loop.enter_pips({"Ana": 7, "Ben": 12})
    loop.tap("undo")
    assert "Take back round 1's scores (Ana\u00a07, Ben\u00a012)?" in loop.texts()


def test_the_portrait_undo_notice_uses_its_lines() -> None:
    """A long notice wraps in the three lines the portrait last entry has; nothing cut."""
    loop = Loop((720, 1280))
    loop.ctx.known_players = ("Margaret-Josephine", "Bartholomew", "Ana")
    loop.new_game(["Margaret-Josephine", "Bartholomew", "Ana"], rounds=2)
    loop.tap("player:Margaret-Josephine")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("undo")
    (notice,) = [w for w in loop.widgets() if w.role == "notice"]
    assert "Margaret-Josephine" in notice.text and not notice.truncated
    assert len(notice.lines) >= 2 or loop.ui.painter.width(notice.text, notice.size, True) < (
        notice.rect.w
    )
