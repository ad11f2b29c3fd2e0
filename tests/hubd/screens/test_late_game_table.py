"""The table late in the game, away from the map's own drawing (issue 16, points 4, 7, 8):
the play screen keeps a large map at every table size, the round end's tiles picker holds a
double-12 set on one page in fixed cells, score-keeper mode says what the table waits for,
and nothing that lies over a screen for a moment covers what the players read or lingers.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
from hub_harness import Hub, hub  # noqa: F401  (the fixture)
from screens_loop import shown

from engine import (
    EndRound,
    FootOpened,
    Game,
    HandPips,
    NewGame,
    Play,
    StartRound,
    Tile,
    Toe,
)
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Widget
from hubd.screens.messages import REFUSAL_TIME
from hubd.screens.play import MAP_W, PlayScreen
from hubd.screens.shots.screenshots import SIZES, context, shots, tap_widget
from hubd.screens.shots.scripted_games import autoplay, locked_game
from hubd.text import i18n

NAMES = ("Ana", "Ben", "Chen", "Dee", "Maria-Helena", "Olek", "Tamar", "Putu")
LANGUAGES = i18n.available_languages()


def ui_for(game: Game, screen: str, size: tuple[int, int], language: str = "en") -> UiContext:
    ui, ctx = shown(game, screen, size, language)
    ctx.ui = ui  # type: ignore[attr-defined]  # the test's handle on the Ui
    return ctx


def the_ui(ctx: UiContext) -> Ui:
    ui = ctx.ui  # type: ignore[attr-defined]
    assert isinstance(ui, Ui)
    return ui


def keyed(ui: Ui, ctx: UiContext, now: float = 0.0) -> dict[str, Widget]:
    return {w.key: w for w in ui.layout(ctx, now)}


# -- the play screen keeps the map large --------------------------------------------------


def table_of(players: int) -> Game:
    game = Game.from_events([NewGame(NAMES[:players], {"rounds": 2}), StartRound("Ana")])
    autoplay(game, plays=2 * players)
    return game


#: The least map the play screen keeps with a double-9 set: MAP_W x 276 at 800x480 (the
#: hands beside it as wide as the names, which are not cut for the map); 700x560 in portrait
#: up to four players, 700x496 from five on (the hands take a second row of the strip). The
#: pad every play starts on (hubd/screens/entry_view.py) takes one row under it; the map is
#: a picture that rescales (issue 35), no longer a grid of fixed cells.
LEAST_MAP = {(800, 480): {n: (MAP_W, 276) for n in range(2, 9)},
             (720, 1280): {n: (700, 560 if n <= 4 else 496) for n in range(2, 9)}}  # fmt: skip


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 9))
def test_the_map_keeps_its_room_at_every_table(size: tuple[int, int], players: int) -> None:
    ctx = ui_for(table_of(players), "play", size)
    ui = the_ui(ctx)
    widgets = keyed(ui, ctx)
    screen = ui.screens["play"]
    assert isinstance(screen, PlayScreen)
    box = screen.map_box
    width, height = LEAST_MAP[size][players]
    assert box.w >= width and box.h >= height, f"{players} players: the map is {box.size}"
    hands = [w for w in widgets.values() if w.key.startswith(("name:", "count:", "total:"))]
    assert all(not w.rect.colliderect(box) for w in hands), "the hands stay off the map"
    assert {f"count:{seat}" for seat in range(players)} <= set(widgets)
    big = 43 if size == (800, 480) else 67
    assert all(w.size >= big for w in widgets.values() if w.role in ("count", "total"))


#: Names whose letters reach as high and as low as names do: accents over capitals, tails
#: under the line.
TALL_NAMES = ("Åsa", "Peggy", "Ölga", "Jürgen", "Gwyn", "Ådne", "Quy", "Éloïse")


def ink_rows(ui: Ui, widget: Widget) -> tuple[int, int]:
    """The rows of pixels a one-line label's letters cover, from the drawn text itself."""
    painter = ui.painter
    image = painter.render(widget.lines[0], widget.size, widget.bold, (255, 255, 255))
    ink = image.get_bounding_rect()
    top = widget.rect.centery - painter.line_height(widget.size, widget.bold) // 2
    return top + ink.top, top + ink.bottom


@pytest.mark.parametrize("players", range(2, 9))
def test_the_portrait_strip_stacks_names_and_counts_whose_letters_never_meet(
    players: int,
) -> None:
    """In portrait the strip's lines (a name over its tiles and its score) are stacked by
    their letters, their boxes overlapping, which leaves the map six rows from five players
    on; no two lines' letters meet, and all stay inside the strip."""
    game = Game.from_events([NewGame(TALL_NAMES[:players], {}), StartRound(TALL_NAMES[0])])
    ctx = ui_for(game, "play", (720, 1280))
    ui = the_ui(ctx)
    widgets = ui.layout(ctx, 0.0)
    screen = ui.screens["play"]
    assert isinstance(screen, PlayScreen)
    lines = [w for w in widgets if w.key.startswith(("name:", "count:", "total:"))
             and w.key != "count:yard"]  # fmt: skip
    assert len(lines) == players * (2 if players <= 4 else 1) + players
    strip_bottom = screen.map_box.top
    for a, b in itertools.combinations(lines, 2):
        if a.rect.right <= b.rect.x or b.rect.right <= a.rect.x:
            continue  # side by side
        (a_top, a_bottom), (b_top, b_bottom) = ink_rows(ui, a), ink_rows(ui, b)
        assert a_bottom < b_top or b_bottom < a_top, f"{a.key} and {b.key}: letters meet"
    assert all(ink_rows(ui, w)[0] > 0 and ink_rows(ui, w)[1] < strip_bottom for w in lines)


# -- 7. the round end's tiles picker ------------------------------------------------------


def double_twelve_round_over() -> Game:
    game = Game.from_events(
        [NewGame(NAMES[:4], {"set": 12, "hand_size": 9, "rounds": 1}), StartRound("Ana")]
    )
    autoplay(game)
    assert game.state.round_end is not None
    return game


def cells(ui: Ui, ctx: UiContext) -> dict[str, Widget]:
    return {k: w for k, w in keyed(ui, ctx).items() if w.role == "left"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tiles_picker_holds_a_double_12_set_on_one_page_in_fixed_cells(
    size: tuple[int, int],
) -> None:
    game = double_twelve_round_over()
    table = game.state.table
    assert table is not None
    ctx = ui_for(game, "round_end", size)
    ui = the_ui(ctx)
    tap_widget(ui, ctx, "mode:tiles")
    first = cells(ui, ctx)
    widgets = keyed(ui, ctx)
    offered = {Tile.parse(key.split(":")[1]) for key in first}
    everything = {Tile(lo, hi) for lo in range(13) for hi in range(lo, 13)}
    assert offered == {t for t in everything if t not in table}, "one page, nothing on the table"
    assert "left:more" not in widgets
    screen = pygame.Rect((0, 0), size)
    rects = [w.rect for w in first.values()]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    least = 25 if size == (800, 480) else 39
    for tile in offered:
        numbers = [widgets[f"leftnum:{tile}:{half}"] for half in (0, 1)]
        assert [w.text for w in numbers] == [str(tile.lo), str(tile.hi)]
        assert all(w.size >= least and not w.truncated for w in numbers)
        assert widgets[f"leftpic:{tile}"].tile == (tile.lo, tile.hi)  # and its pips
        assert all(first[f"left:{tile}"].rect.contains(w.rect) for w in numbers)
    # Ana takes her tiles, then Ben's hand: every cell is where it was, Ana's greyed.
    mine = sorted(offered)[: next(held for held in game.state.hands if held)]
    for tile in mine:
        tap_widget(ui, ctx, f"left:{tile}")
    tap_widget(ui, ctx, "left:ok")
    after = cells(ui, ctx)
    assert {k: w.rect for k, w in after.items()} == {k: w.rect for k, w in first.items()}
    assert all(not after[f"left:{t}"].tappable and not after[f"left:{t}"].enabled for t in mine)


def test_every_set_gets_every_tile_once_in_cells_that_depend_on_the_tile_alone() -> None:
    from hubd.screens.hand_entry import tile_cells
    from hubd.screens.kit.areas import Rect
    from hubd.screens.kit.builder import Builder

    pygame.display.init()
    ui = Ui((800, 480))
    for highest in (6, 9, 12, 15, 18):
        b = Builder(ui.painter, (800, 480), ui.translator)
        placed, pages = tile_cells(b, highest, Rect(0, 64, 800, 416))
        assert len(placed) == (highest + 1) * (highest + 2) // 2
        spots = [(page, tuple(box)) for page, box in placed.values()]
        assert len(set(spots)) == len(spots)
        assert (pages == 1) == (highest <= 12)
        digits = ui.painter.width("88", b.min_text, True)
        assert all(box.w >= digits + 20 for _, box in placed.values()), "room for 15 and 18"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tiles_page_offers_the_tiles_off_the_table_on_as_few_pages_as_they_take(
    size: tuple[int, int],
) -> None:
    """Five players, double-15, the round played out: 30 tiles are not on the table. The
    Tiles page gave every tile of the set a cell, three pages of them at 800x480 and most of
    them empty: Maria-Helena's eleven tiles were looked for on three pages. The tiles off
    the table alone now take cells, in order of their numbers, on one page."""
    from engine import EndRound, all_tiles
    from engine.simulate import DoublesFirst

    names = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek")
    rules = {"preset": "four-arm", "set": 15, "rounds": 1}
    log = DoublesFirst(5, rules, 7002, check=False, names=names).play_game().effective
    game = Game.from_events(log[: next(i for i, e in enumerate(log) if isinstance(e, EndRound))])
    table = game.state.table
    assert table is not None
    off = sorted(t for t in all_tiles(15) if t not in table)
    assert len(off) == 30
    ui, ctx = shown(game, "round_end", size)
    tap_widget(ui, ctx, "hand:Maria-Helena")
    tap_widget(ui, ctx, "mode:tiles")
    widgets = ui.layout(ctx, 0.0)
    assert not [w for w in widgets if w.key == "left:more"], "one page"
    cells = {w.key.removeprefix("left:"): w.rect for w in widgets if w.key.startswith("left:")
             and w.key.removeprefix("left:")[:1].isdigit()}  # fmt: skip
    assert sorted(cells) == sorted(str(t) for t in off)
    reading = (lambda r: (r.y, r.x)) if size[0] > size[1] else (lambda r: (r.x, r.y))
    assert sorted(cells, key=lambda t: reading(cells[t])) == [str(t) for t in off]
    assert all(min(r.size) >= 64 for r in cells.values())


# -- 8. score-keeper mode -----------------------------------------------------------------


def keeper(*events: object) -> Game:
    game = Game.from_events([NewGame(NAMES[:4], {"mode": "scores", "rounds": 3}),
                             StartRound("Ben")])  # fmt: skip
    for event in events:
        game.apply(event)  # type: ignore[arg-type]
    return game


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_after_a_complete_foot_the_status_says_the_next_double_is_awaited(
    size: tuple[int, int],
) -> None:
    def status(game: Game) -> str:
        ctx = ui_for(game, "scores_mode", size)
        return keyed(the_ui(ctx), ctx)["status"].text

    assert status(keeper()) == "9-9: Ben plays first"
    assert status(keeper(FootOpened(), Toe())) == "Chicken foot: 2 toes to go"
    done = keeper(FootOpened(), Toe(), Toe(), Toe())
    assert status(done) == "Waiting for the next double"
    assert status(keeper(FootOpened(), Toe(), Toe(), Toe(), FootOpened())).startswith("Chicken")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4, 8])
def test_every_name_in_score_keeper_mode_has_one_size(size: tuple[int, int], players: int) -> None:
    names = ("Kadri-Liis", *NAMES[1:players]) if players > 2 else ("Ana", "Maria-Helena")
    game = Game.from_events([NewGame(names, {"mode": "scores"}), StartRound(names[0])])
    ctx = ui_for(game, "scores_mode", size)
    widgets = keyed(the_ui(ctx), ctx)
    sizes = {widgets[f"name:{seat}"].size for seat in range(players)}
    assert len(sizes) == 1, sizes
    assert min(sizes) >= (32 if size == (800, 480) else 50)
    assert all(widgets[f"total:{seat}"].size >= (43 if size == (800, 480) else 67)
               for seat in range(players))  # fmt: skip


def test_a_double_press_says_both_entries_it_undid() -> None:
    ctx = ui_for(keeper(FootOpened(), Toe()), "scores_mode", (800, 480))
    ui = the_ui(ctx)

    def notice() -> str:
        return next(w.text for w in ui.layout(ctx, 1.0) if w.role == "notice")

    ui.show_undone(Toe(), 0.5)
    ui.show_undone(Toe(), 0.5)  # the double press: two undos at once
    assert notice() == "Undid: 2 toes"
    ui.show_undone(Toe(), 5.0)
    ui.show_undone(FootOpened(), 5.0)
    assert "a toe and a chicken foot opened" in next(
        w.text for w in ui.layout(ctx, 5.5) if w.role == "notice"
    )
    ui.show_undone(Toe(), 20.0)  # an undo on its own later: named alone
    assert next(w.text for w in ui.layout(ctx, 20.5) if w.role == "notice") == "Undid: a toe"


def test_the_rules_tab_explains_the_mode_chosen() -> None:
    pygame.display.init()
    for shot_name, words in (("new_game_rules", "Every play:"),
                             ("new_game_rules_scores", "Scores only:")):  # fmt: skip
        ui = Ui((800, 480))
        ctx = context("en")
        shot = next(s for s in shots() if s.name == shot_name)
        shot.prepare(ui, ctx)
        texts = [w.text for w in ui.layout(ctx, 0.0) if w.text]
        assert any(t.startswith(words) for t in texts), shot_name
        other = "Scores only:" if words == "Every play:" else "Every play:"
        assert not any(t.startswith(other) for t in texts)


# -- overlaps and what lingers ------------------------------------------------------------

READ = ("count", "total", "score", "running", "round")


def read_by_players(widgets: list[Widget]) -> list[Widget]:
    return [w for w in widgets if w.text and (w.role in READ or w.key.startswith("name:"))]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refusal_covers_no_hand_and_goes_at_the_next_tap(
    language: str, size: tuple[int, int]
) -> None:
    ctx = ui_for(locked_game(), "play", size, language)
    ui = the_ui(ctx)
    closed = [w.key for w in ui.layout(ctx, 0.0) if w.role == "half" and not w.enabled]
    assert closed  # the pad's numbers that make no toe for the foot on 4-4
    for key in closed:
        tap_widget(ui, ctx, key, now=1.0)
        widgets = ui.layout(ctx, 1.0)
        (tip,) = [w for w in widgets if w.role == "tip"]
        covered = [w.key for w in read_by_players(widgets) if w.rect.colliderect(tip.rect)]
        assert not covered, f"the refusal at {key} covers {covered}"
    assert REFUSAL_TIME <= 3.0
    tap_widget(ui, ctx, "status", now=1.5)  # the next tap: the refusal has been read
    assert not [w for w in ui.layout(ctx, 1.5) if w.role == "tip"]
    tap_widget(ui, ctx, closed[0], now=2.0)
    assert [w for w in ui.layout(ctx, 2.0) if w.role == "tip"]
    assert not [w for w in ui.layout(ctx, 2.0 + REFUSAL_TIME) if w.role == "tip"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_undo_notice_on_the_score_sheet_covers_no_number(
    language: str, size: tuple[int, int]
) -> None:
    pygame.display.init()
    ui = Ui(size)
    ctx = context(language)
    ui.set_language(language)
    next(s for s in shots() if s.name == "scores_undo_notice").prepare(ui, ctx)
    widgets = ui.layout(ctx, 0.5)
    (notice,) = [w for w in widgets if w.role == "notice"]
    covered = [w.key for w in read_by_players(widgets) if w.rect.colliderect(notice.rect)]
    assert not covered
    assert not [w.key for w in widgets if w.tappable and w.rect.colliderect(notice.rect)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_undo_leaves_no_padlock_behind(size: tuple[int, int]) -> None:
    """The frame drawn piece by piece after an undo is the frame drawn whole."""
    locked = locked_game()
    pygame.display.init()
    ui = Ui(size)
    ctx = context("en")
    ctx.state, ctx.last_entry = locked.state, locked.last_effective
    ui.state_changed(ctx)
    ui.show_screen("play")
    surface = pygame.Surface(size)
    ui.render(surface, ctx, 0.0)
    assert any(w.locked for w in ui.layout(ctx, 0.0))
    before = Game.from_events(locked.log[:-3])  # the 4-4 is not down yet: nothing is locked
    ctx.state, ctx.last_entry = before.state, before.last_effective
    ui.state_changed(ctx)
    ui.render(surface, ctx, 10.0)
    whole = Ui(size)
    whole.state_changed(ctx)
    whole.show_screen("play")
    fresh = pygame.Surface(size)
    whole.render(fresh, ctx, 10.0)
    assert not any(w.locked for w in whole.layout(ctx, 10.0))
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_a_played_double_locks_and_its_undo_unlocks_every_end() -> None:
    game = locked_game()
    ctx = ui_for(game, "play", (800, 480))
    ui = the_ui(ctx)
    assert any(w.locked for w in ui.layout(ctx, 0.0))
    game.apply(Play("Dee", Tile(4, 3), Tile(4, 4)))
    ctx.state, ctx.last_entry = game.state, game.last_effective
    ui.state_changed(ctx)
    assert not any(w.locked for w in ui.layout(ctx, 1.0))


def test_scores_after_a_round_keep_their_sheet_cells_readable() -> None:
    game = keeper()
    game.apply(EndRound({n: HandPips(5 * s) for s, n in enumerate(NAMES[:4])}))
    ctx = ui_for(game, "scores", (800, 480))
    widgets = keyed(the_ui(ctx), ctx)
    assert all(w.size >= 25 for w in widgets.values() if w.text)
    assert all(w.size >= 43 for w in widgets.values() if w.role == "total")


def test_the_loops_double_press_notice_names_both_toes(hub: Hub) -> None:  # noqa: F811
    """Through the main loop and the mock pin: the double press logs two undos, and the
    notice on the screen names both of them."""
    from hub_harness import press, start_scores_game

    start_scores_game(hub)
    press(hub)
    press(hub)
    press(hub)  # two toes owed now
    press(hub, after=0.2)  # the double press: this toe and the one before it
    app = hub.app
    assert app.core.game is not None and app.core.game.state.toes_to_go == 3
    widgets = app.ui.layout(app.core.context(), hub.clock.now())
    notices = [w.text for w in widgets if w.role == "notice"]
    assert notices == ["Undid: 2 toes"]
