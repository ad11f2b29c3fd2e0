"""A crowded table gets the room the hands can give (issue 35; hubd/screens/play_room.py):
the map grows while the status line, the pad and Undo stay where they were, every hand's count
stays in sight at 6 mm, the area depends on the table alone (the bench measures the one drawn),
and the choices of an end leave the larger map as it was."""

from __future__ import annotations

import pytest
from screens_loop import SIZES, doubles_first, map_widgets, shown

from engine import Event, Game, PlaceKind, Tile
from engine.simulate import DoublesFirst
from hubd.screens import Ui, UiContext
from hubd.screens.entry import entry_keys
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Widget
from hubd.screens.play_room import play_room
from hubd.screens.shots.log_layout import TABLE_NAMES, play_map
from hubd.screens.shots.screenshots import tap_widget
from hubd.text import i18n

#: map_bench's game 62 of its fixed sample: a family's double-9 game of four players who lay
#: every double they can (nine feet by the end of its first round).
FAMILY = (4, 9, 406714771)
#: Its sample's game 116: three players, double-12.
TWELVE = (3, 12, 1029146436)


def game_at(log: list[Event], feet: int) -> Game:
    """The game at its first frame with ``feet`` feet on the table, no foot waiting."""
    game = Game()
    for event in log:
        game.apply(event)
        table = game.state.table
        if table is None or not game.state.in_round or game.state.lock is not None:
            continue
        if sum(p.kind is PlaceKind.FOOT for p in table.placed.values()) >= feet:
            return game
    raise AssertionError(f"no frame with {feet} feet")


def compact(ui: Ui, game: Game) -> bool:
    builder = Builder(ui.measure, ui.size, ui.translator)
    return play_room(builder, game.state).compact


def keyed(ui: Ui, ctx: UiContext) -> dict[str, Widget]:
    return {w.key: w for w in ui.layout(ctx, 0.0) if w.key}


FIXED = ("status", "undo", "menu", *(f"half:{n}" for n in range(10)))


@pytest.mark.parametrize("language", i18n.available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_crowded_table_takes_the_room_of_the_totals(size: tuple[int, int], language: str) -> None:
    log = doubles_first(*FAMILY)
    early, late = game_at(log, 1), game_at(log, 8)
    ui, ctx = shown(early, "play", size, language)
    before = keyed(ui, ctx)
    assert not compact(ui, early)
    ui, ctx = shown(late, "play", size, language)
    after = keyed(ui, ctx)
    assert compact(ui, late)
    small, large = before["map"].rect, after["map"].rect
    assert large.w * large.h > small.w * small.h * 1.08, (small, large)
    # The status line, Undo, Menu and the pad where they were.
    for key in FIXED:
        assert key in after and after[key].rect == before[key].rect, key
    big, names = (43, 32) if size == (800, 480) else (67, 50)
    for seat in range(4):
        count, name = after[f"count:{seat}"], after[f"name:{seat}"]
        assert count.size >= big and name.size >= names
        assert not count.rect.colliderect(large) and not name.rect.colliderect(large)
        assert name.text == TABLE_NAMES[seat]  # short names kept whole
    assert not [key for key in after if key.startswith("total:")], "totals: the score sheet's"


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", [FAMILY, TWELVE], ids=["double-9", "double-12"])
def test_the_map_the_bench_measures_is_the_one_drawn(
    size: tuple[int, int], language: str, game: tuple[int, int, int]
) -> None:
    """play_map (map_bench's area of a frame) finds without drawing the map the screen draws,
    at every frame of a round, crowded or not."""
    log = doubles_first(*game)
    state_game = Game()
    checked = 0
    for event in log[:90]:
        state_game.apply(event)
        if state_game.state.table is None or not state_game.state.in_round:
            continue
        ui, ctx = shown(state_game, "play", size, language)
        drawn = keyed(ui, ctx)["map"].rect
        area, _sizes = play_map(size, state_game.state, language)
        assert (area.x, area.y, area.w, area.h) == (drawn.x, drawn.y, drawn.w, drawn.h)
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_choices_leave_the_crowded_map_as_it_was(size: tuple[int, int], language: str) -> None:
    """A tile that fits several ends of a crowded table: its ends are offered beside (above)
    the larger map, which stays as it was (in two pages where they do not fit on one)."""
    game = game_at(doubles_first(*FAMILY), 8)
    state = game.state
    table = state.table
    assert table is not None
    tiles = [Tile(a, b) for a in range(10) for b in range(a, 10) if Tile(a, b) not in table.placed]
    tile = max([t for t in tiles if len(state.places_for(t)) <= 4],
               key=lambda t: len(state.places_for(t)))  # fmt: skip
    assert len(state.places_for(tile)) >= 3
    ui, ctx = shown(game, "play", size, language)
    assert compact(ui, game)
    before = map_widgets(ui, ctx)
    for key in entry_keys(state, tile, state.places_for(tile)[0].tile)[:2]:
        tap_widget(ui, ctx, key)
    widgets = ui.layout(ctx, 0.0)
    choices = [w for w in widgets if w.role == "choice"]
    assert choices and map_widgets(ui, ctx) == before
    map_box = next(w.rect for w in widgets if w.key == "map")
    assert not any(choice.rect.colliderect(map_box) for choice in choices)
    assert all(choice.size >= (43 if size == (800, 480) else 67) for choice in choices)


@pytest.mark.parametrize("players", range(5, 9))
def test_every_hand_stays_in_sight_beside_the_map(players: int) -> None:
    """From five players at 800x480 the hands are cells in as many columns as the map's
    height holds (three columns' third row stood under the pad: two counts unseen)."""
    game = game_at(doubles_first(players, 9, 7), 2)
    ui, ctx = shown(game, "play", (800, 480))
    widgets = keyed(ui, ctx)
    pad = [w.rect for key, w in widgets.items() if key.startswith("half:")]
    for seat in range(players):
        for key in (f"count:{seat}", f"name:{seat}"):
            box = widgets[key].rect
            assert box.bottom <= min(p.top for p in pad), key
            assert box.right <= 800 and not box.colliderect(widgets["map"].rect), key


def test_a_double_twelve_pad_lies_across_in_two_rows() -> None:
    """Three players, double-12, at 800x480: the pad across the screen in two rows, the map
    over it at least 200 px tall (three rows under the map left it 132)."""
    ui, ctx = shown(game_at(doubles_first(*TWELVE), 1), "play", (800, 480))
    widgets = keyed(ui, ctx)
    cells = [widgets[f"half:{n}"].rect for n in range(13)]
    assert len({cell.y for cell in cells}) == 2
    assert max(cell.right for cell in cells) - min(cell.x for cell in cells) > 700
    assert widgets["map"].rect.h >= 200


def test_six_short_names_stand_beside_their_tiles_in_portrait() -> None:
    """Portrait, six players with short names at a crowded table: each name beside its tiles
    (a row of cells fewer than a name over its count), the map the taller for it (84 px: 106
    less the 22 the room over it takes on this table, where a tile may fit eight ends, for
    a second row of choices: two pages of four, not three of three)."""
    names = ("Mom", "Dad", "Ben", "Lia", "Ole", "Kai")
    rules = {"preset": "classic", "set": 9, "rounds": 2}
    log = list(DoublesFirst(6, rules, 192896336, check=False, names=names).play_game().effective)
    early, late = game_at(log, 1), game_at(log, 6)
    ui, ctx = shown(early, "play", (720, 1280))
    before = keyed(ui, ctx)
    ui, ctx = shown(late, "play", (720, 1280))
    after = keyed(ui, ctx)
    assert compact(ui, late)
    assert after["map"].rect.h >= before["map"].rect.h + 80
    for seat, name in enumerate(names):
        label, count = after[f"name:{seat}"], after[f"count:{seat}"]
        assert label.lines == (name,) and label.size >= 50 and count.size >= 67
        assert label.rect.right <= count.rect.x
        assert abs(label.rect.centery - count.rect.centery) < 12
        assert count.rect.bottom <= after["map"].rect.y
