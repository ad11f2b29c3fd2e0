"""The play screen's entry (issue 35, point 2): the pad, the choice of end, Cancel and Undo."""

from __future__ import annotations

import pytest
from screens_loop import SIZES, Loop, shown

from engine import Game, NewGame, StartRound, Tile
from hubd.screens import Ui, UiContext
from hubd.screens.entry import MORE
from hubd.screens.kit.widgets import Kind
from hubd.screens.shots.screenshots import tap_widget
from hubd.screens.shots.scripted_games import open_table_game
from hubd.text.i18n import available_languages


def targets(ui: Ui, ctx: UiContext) -> dict[str, tuple[int, int, int, int]]:
    return {
        w.key: (w.rect.x, w.rect.y, w.rect.w, w.rect.h)
        for w in ui.layout(ctx, 0.0)
        if w.action is not None and w.kind is not Kind.SHADE
    }


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_moves_under_a_finger_within_an_entry(size: tuple[int, int], language: str) -> None:
    """0-0 fits three ends of the open table: the pad stays put after the first number, and
    the choices appear where nothing was under the finger; the map is no target at all."""
    import pygame

    pygame.display.init()
    game = open_table_game()
    ui, ctx = shown(game, "play", size, language)
    before = targets(ui, ctx)
    assert not [k for k in before if k.startswith("end:")]
    pads = [before[f"half:{n}"] for n in range(10)]
    if language == "he":  # the pad is not mirrored: 0 to 9 left to right
        assert [p[0] for p in pads[:5]] == sorted(p[0] for p in pads[:5])
    tap_widget(ui, ctx, "half:0")
    after_first = targets(ui, ctx)
    assert {k: v for k, v in after_first.items() if k in before} == {
        k: v for k, v in before.items() if k in after_first
    }
    tap_widget(ui, ctx, "half:0")
    choosing = targets(ui, ctx)
    choices = [k for k in choosing if k.startswith("choice:")]
    assert len(choices) == len(game.state.places_for(Tile(0, 0))) >= 2
    moved = [k for k in choosing if k in after_first and choosing[k] != after_first[k]]
    assert moved == []
    marks = {w.key for w in ui.layout(ctx, 0.0) if w.role == "mark"}
    assert marks == {f"mark:end:{k.removeprefix('choice:')}" for k in choices}
    status = next(w for w in ui.layout(ctx, 0.0) if w.role == "status")
    assert "0-0" in status.text


def test_cancel_and_undo_within_an_entry() -> None:
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.tap("half:9")
    assert "Ben: 9 and which number?" in loop.texts()
    loop.tap("entry:cancel")  # where the last entry line is
    assert not loop.has("entry:cancel") and "Ben: start an arm (2 of 2)" in loop.texts()
    loop.tap("half:9")
    loop.tap("undo")  # one tap takes back Ana's play, and the half-made entry goes with it
    assert loop.state.table is not None and Tile(4, 9) not in loop.state.table
    assert not loop.has("entry:cancel") and loop.state.current_player == "Ana"


def test_a_play_that_fits_one_end_goes_in_with_two_taps_and_the_hub_button_still_opens_a_foot(
) -> None:  # fmt: skip
    loop = Loop()
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("half:4")
    loop.tap("half:9")
    assert loop.state.table is not None and Tile(4, 9) in loop.state.table
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.hub_button()  # "chicken foot!": the doubles picker, as before
    loop.tap("pick:4")
    assert loop.state.lock is not None and loop.state.lock.tile == Tile(4, 4)


def test_score_keeper_mode_has_no_pad() -> None:
    import pygame

    pygame.display.init()
    game = Game.from_events([NewGame(("Ana", "Ben"), {"mode": "scores"}), StartRound("Ana")])
    ui, ctx = shown(game, "play", (800, 480))
    ui.show_screen("scores_mode")
    assert not [w for w in ui.layout(ctx, 0.0) if w.key.startswith("half:")]


def crowded_choice(ends: int = 6) -> tuple[Game, Tile]:
    """A double-15 table of eight players laying every double they can, at the first play
    whose tile fits ``ends`` ends or more."""
    from engine.simulate import DoublesFirst

    rules = {"preset": "classic", "set": 15, "rounds": 1}
    for seed in range(40):
        log = DoublesFirst(8, rules, seed, check=False).play_game().effective
        game = Game()
        for event in log:
            game.apply(event)
            state = game.state
            if state.table is None or not state.in_round or state.rules is None:
                continue
            top = state.rules.highest
            for tile in (Tile(a, z) for a in range(top + 1) for z in range(a, top + 1)):
                if len(state.places_for(tile)) >= ends:
                    return game, tile
    raise AssertionError("no crowded table found")


@pytest.mark.parametrize("language", available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ten_ends_are_offered_in_pages_of_large_numbered_words_round_the_map(
    size: tuple[int, int], language: str
) -> None:
    """A tile that fits ten ends: every choice on a page (the map stays as it was, so they
    take more pages than when it made room for them: two choices a page at the least, among
    eight players' hands at 800x480), its words whole at 6 mm, its numeral the one by its
    ring on the map; Cancel and More stay put from page to page, and so does the map."""
    import pygame

    pygame.display.init()
    game, tile = crowded_choice(10)
    ui, ctx = shown(game, "play", size, language)
    map_before = next(tuple(w.rect) for w in ui.layout(ctx, 0.0) if w.key == "map")
    tap_widget(ui, ctx, f"half:{tile.lo}")
    tap_widget(ui, ctx, f"half:{tile.hi}")
    places = game.state.places_for(tile)
    offered = {f"choice:{p.tile}" for p in places}
    numbered: dict[str, int] = {}  # every choice's numeral, page after page
    seen: set[str] = set()
    least = 43 if size == (800, 480) else 67
    steady: list[dict[str, tuple[int, int, int, int]]] = []
    for _page in range(len(places) // 2):
        widgets = ui.layout(ctx, 0.0)
        choices = [w for w in widgets if w.role == "choice"]
        assert choices and all(w.size >= least and not w.truncated for w in choices)
        assert not [w.text for w in widgets if w.role == "entry" and w.truncated]  # More, Cancel
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(w.rect) for w in widgets if w.action is not None)
        numerals = {w.key: w.text for w in widgets if w.key.startswith("choice-number:")}
        on_map = {n for w in widgets if w.key.startswith("number:") for n in w.text.split()}
        for choice in choices:
            numeral = numerals[choice.key.replace("choice:", "choice-number:")]
            assert numeral in on_map
            numbered[choice.key] = int(numeral)
        seen |= {w.key for w in choices}
        kept = ("entry:cancel", MORE, "map")
        steady.append({w.key: tuple(w.rect) for w in widgets if w.key in kept})
        if not any(w.key == MORE for w in widgets):
            break
        tap_widget(ui, ctx, MORE)
    assert seen == offered
    assert sorted(numbered.values()) == list(range(1, len(places) + 1))  # each once
    assert all(page == steady[0] for page in steady)
    assert steady[0]["map"] == map_before
