"""Choosing an end (issue 35's family game by touch): the map the family was reading stays as
it was while the choices stand beside it, and each choice's numeral is plainly its own ring's."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from layout_checks import by_numeral, number_room, numeral_places, numerals_over_pieces, problems
from screens_loop import SIZES, map_widgets, shown

from engine import Event, Game, NewGame, Play, StartRound, Tile
from engine.log import apply_lines
from engine.simulate import DoublesFirst, Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.entry import MORE
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.widgets import Widget
from hubd.screens.play import PlayScreen
from hubd.screens.shots.screenshots import tap_widget
from hubd.text.i18n import available_languages

NAMES = ("Mom", "Dad", "Ben", "Maria")

#: The first 17 plays of the family's dealt game (double-9, seed 35 of the lane's deal): the
#: 7-7, 4-4 and 5-5 feet full; next Dad's 2-2 fits arm B's 2 and the 7-7's first toe.
PLAYS = (
    "5-9 9-9, 2-9 9-9, 7-9 9-9, 8-9 9-9, 7-7 7-9, 2-7 7-7, 3-7 7-7, 4-7 7-7, 4-4 4-7,"
    " 1-4 4-4, 4-8 4-4, 4-9 4-4, 7-8 4-8, 5-5 5-9, 5-8 5-5, 4-5 5-5, 5-7 5-5"
)
#: Then the 2-2's foot and the 6-6's: next Dad's 2-8 fits arm B, arm D and the 5-5's first
#: toe (Maria drew once before her 4-5: the hub does not need to know).
MORE_PLAYS = ", 2-2 2-7, 1-2 2-2, 2-6 2-2, 2-5 2-2, 6-6 2-6, 5-6 6-6, 4-6 6-6, 6-7 6-6"


def family_game(plays: str = PLAYS) -> Game:
    game = Game.from_events([NewGame(NAMES, {"preset": "classic"}), StartRound("Mom")])
    for play in plays.split(","):
        tile, on = play.split()
        player = game.state.current_player
        assert player is not None
        game.apply(Play(player, Tile.parse(tile), Tile.parse(on)))
    return game


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("plays", "tile", "ends"), [(PLAYS, 2, 2), (PLAYS + MORE_PLAYS, 8, 3)])
def test_the_map_stays_as_it_was_while_the_ends_are_offered(
    size: tuple[int, int], language: str, plays: str, tile: int, ends: int
) -> None:
    """Dad's 2-2 fits two ends, his 2-8 three: every tile, end, number and arm letter of
    the map stands where it stood on the map before the first tap, the map as large (the
    picture is not laid again in a smaller area, nor moved), and no choice stands where a
    number of the pad stood where there is other room (a quick second tap on it would choose
    an end: in portrait the 2-8's third choice stood over the pad's keys, the row of Draw and
    Pass under it empty; at 800x480 the pad's row is the only room past the map's column)."""
    game = family_game(plays)
    ui, ctx = shown(game, "play", size, language)
    before = map_widgets(ui, ctx)
    assert any(key.startswith("arm:") for key in before)
    pad = [w.rect for w in ui.layout(ctx, 0.0) if w.key.startswith("half:")]
    tap_widget(ui, ctx, "half:2")
    tap_widget(ui, ctx, f"half:{tile}")
    widgets = ui.layout(ctx, 0.0)
    choices = [w for w in widgets if w.key.startswith("choice:")]
    assert len(choices) == ends
    assert map_widgets(ui, ctx) == before
    map_box = next(w.rect for w in widgets if w.key == "map")
    assert not any(choice.rect.colliderect(map_box) for choice in choices)
    if ends == 2 or size == (720, 1280):  # a quick tap meant for the pad finds no choice
        assert not any(choice.rect.colliderect(key) for choice in choices for key in pad)


def numbered(ui: Ui) -> list[str]:
    """The offered ends' tiles in the order of the numerals the screen gave them."""
    return by_numeral(ui.screens["play"].entry.numerals)  # type: ignore[attr-defined]


def _apart(one: Rect, other: Rect) -> float:
    dx = max(0, max(one.x, other.x) - min(one.right, other.right))
    dy = max(0, max(one.y, other.y) - min(one.bottom, other.bottom))
    return math.hypot(dx, dy)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_choices_numeral_stands_by_its_own_ring_alone(size: tuple[int, int]) -> None:
    """Each numeral on the map touches its own ring and stands nearer it than any other ring
    or numeral (at 800x480, where there is room, a numeral's height further: a "2" beside
    choice 1's ring read as that ring's), and never touches an arm's letter."""
    game = family_game()
    ui, ctx = shown(game, "play", size)
    tap_widget(ui, ctx, "half:2")
    tap_widget(ui, ctx, "half:2")
    widgets = ui.layout(ctx, 0.0)
    order = numbered(ui)
    rings = {w.key.removeprefix("mark:end:"): w.rect for w in widgets if w.role == "mark"}
    numerals = {w.key.removeprefix("number:"): w.rect for w in widgets
                if w.key.startswith("number:")}  # fmt: skip
    letters = [w.rect for w in widgets if w.key.startswith("arm:")]
    assert sorted(numerals) == [str(n) for n in range(1, len(order) + 1)]
    for numeral, box in numerals.items():
        own = rings[order[int(numeral) - 1]]
        assert _apart(box, own) <= 1, numeral
        near = _apart(box, own) + (box.h if size == (800, 480) else 1)
        others = [r for tile, r in rings.items() if r != own]
        others += [b for n, b in numerals.items() if n != numeral]
        assert all(_apart(box, other) >= near for other in others), numeral
        assert all(_apart(box, letter) >= 2 for letter in letters), numeral


def _most_ends(game: Game) -> tuple[Tile, int] | None:
    """The tile that fits the most ends in ``game`` now, if one fits four or more."""
    state = game.state
    if state.table is None or state.rules is None or not state.in_round:
        return None
    top = state.rules.highest
    tiles = [Tile(a, z) for a in range(top + 1) for z in range(a, top + 1)]
    tile = max(tiles, key=lambda t: len(state.places_for(t)))
    fits = len(state.places_for(tile))
    return (tile, fits) if fits >= 4 else None


FAMILY_LOG = Path(__file__).parents[2] / "helpers" / "family_touch_game.jsonl"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_ends_and_more_keep_the_map_through_every_page(size: tuple[int, int]) -> None:
    """The family game by touch, at every turn where a tile fits four ends or more: the map
    stays as it was (the picture laid again smaller beside the choices was what the family
    saw), the choices stand clear of it on every page, and every end is offered on one."""
    lines = FAMILY_LOG.read_text(encoding="utf-8").splitlines()
    crowded = 0
    for upto in range(3, len(lines) + 1):
        game = Game()
        assert apply_lines(game, lines[:upto]) is None
        most = _most_ends(game)
        if most is None:
            continue
        crowded += 1
        tile, fits = most
        ui, ctx = shown(game, "play", size)
        before = map_widgets(ui, ctx)
        tap_widget(ui, ctx, f"half:{tile.lo}")
        tap_widget(ui, ctx, f"half:{tile.hi}")
        offered: set[str] = set()
        for _page in range(fits):
            widgets = ui.layout(ctx, 0.0)
            assert map_widgets(ui, ctx) == before, (upto, tile)
            map_box = next(w.rect for w in widgets if w.key == "map")
            choices = [w for w in widgets if w.role == "choice"]
            assert not any(w.rect.colliderect(map_box) for w in choices), (upto, tile)
            offered |= {w.key for w in choices}
            if not any(w.key == MORE for w in widgets):
                break
            tap_widget(ui, ctx, MORE)
        assert len(offered) == fits, (upto, tile)
    assert crowded >= 10  # the family's late round: four to six ends at a time


#: taps_bench's fifth simulated game (classic double-9, players P1 to P4, the fifth deal of
#: seed 0): its 59th event is P3's 1-3, which fits six ends, five of them toes, on a table
#: whose map keeps 632 of 784 px of width at 800x480 (beside it a column of 144 px).
CROWDED_DEAL = 1043521778
#: Pages its choices take at 800x480 (two everywhere in portrait): the column beside the map
#: is narrower than the longest word of some languages' toes even drawn narrower ("пальчик",
#: "primeiro", "pertama"), so theirs stand in the row under the map, two a page, and Hebrew's
#: long ones one a page there. They took five or six pages, a word cut in each language.
PAGES_BESIDE_A_WIDE_MAP = {"en": 2, "et": 2, "id": 3, "uk": 3, "he": 3, "pt": 4}


def _crowded_choice(
    size: tuple[int, int], language: str
) -> tuple[Ui, UiContext, dict[str, tuple[int, int, int, int]], list[str]]:
    """The crowded deal's 1-3 entered (its six ends offered), the map's pieces before its
    first tap, and the ends' tiles in the choices' order."""
    rules = {"preset": "classic", "set": 9, "rounds": 1}
    log = Simulator(4, rules, CROWDED_DEAL, check=False).play_game().effective
    play = log[58]
    assert isinstance(play, Play)
    game = Game.from_events(log[:58])
    offered = [str(place.tile) for place in game.state.places_for(play.tile)]
    assert len(offered) == 6
    ui, ctx = shown(game, "play", size, language)
    before = map_widgets(ui, ctx)
    tap_widget(ui, ctx, f"half:{play.tile.lo}")
    tap_widget(ui, ctx, f"half:{play.tile.hi}")
    ui.layout(ctx, 0.0)  # the choices numbered as they are read
    return ui, ctx, before, numbered(ui)


@pytest.mark.parametrize("language", available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_ends_of_a_crowded_table_stand_whole_on_two_pages(
    size: tuple[int, int], language: str
) -> None:
    """The six choices take at most two pages in English and in portrait (they took five at
    800x480, one a page, and one was cut to "th…" in the column beside the map), every word
    whole at 6 mm in every language, the map as it was on every page."""
    ui, ctx, before, _offered = _crowded_choice(size, language)
    least = 43 if size == (800, 480) else 67
    pages = 0
    for widgets in _every_page(ui, ctx, 6):
        pages += 1
        assert map_widgets(ui, ctx) == before
        choices = [w for w in widgets if w.role == "choice"]
        assert [w.text for w in choices if w.truncated or w.size < least] == []
    assert pages <= (PAGES_BESIDE_A_WIDE_MAP[language] if size == (800, 480) else 2)


def _every_page(ui: Ui, ctx: UiContext, count: int) -> Iterator[list[Widget]]:
    """The widgets of each page of the entry's choices, More tapped between them, until all
    ``count`` choices have been offered (at most ``count`` pages)."""
    offered: set[str] = set()
    for page in range(count):
        if page:
            tap_widget(ui, ctx, MORE)
        widgets = ui.layout(ctx, 0.0)
        yield widgets
        offered |= {w.key for w in widgets if w.role == "choice"}
        if len(offered) >= count:
            return
    raise AssertionError(f"{len(offered)} of {count} choices offered in {count} pages")


@pytest.mark.parametrize("language", available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_crowded_tables_numerals_stand_over_nothing_else(
    size: tuple[int, int], language: str
) -> None:
    """The crowded 1-3's six numerals on the map: none over a tile, an end, a number, a
    count, a letter, a ring or a stroke but its own (at 800x480 the "4" stood over the end
    of a tile left of the 5-8, the "2" over the 6-6 foot's end); each beside its ring or,
    where nothing beside it is free, in it, over its own end."""
    ui, ctx, _before, offered = _crowded_choice(size, language)
    widgets = ui.layout(ctx, 0.0)
    assert numerals_over_pieces(widgets, offered) == []
    rings = {w.key.removeprefix("mark:end:"): w.rect for w in widgets if w.role == "mark"}
    numerals = {w.key.removeprefix("number:"): w.rect for w in widgets
                if w.key.startswith("number:")}  # fmt: skip
    assert sorted(numerals) == [str(n) for n in range(1, 7)]
    for numeral, box in numerals.items():
        assert _apart(box, rings[offered[int(numeral) - 1]]) <= 1, numeral


#: taps_bench's third simulated game (the hub preset, double-15, four players laying every
#: double they can; the third deal of seed 0): its 86th event is P2's 10-12, which fits ten
#: ends (eight toes, two arms) on a table whose map is drawn shrunk at 720x1280.
HUB_DEAL = 86939546


@pytest.mark.parametrize("language", available_languages())
def test_ten_ends_of_a_double_15_table_take_two_pages_in_portrait(language: str) -> None:
    """In portrait the room above the map held one row of choices and the pad's, under it,
    two (the double-15 pad's two rows: the map took its third); Draw, Pass and the yard wait
    while an end is chosen, so their row holds one more: four a page, ten ends in three
    pages. On a table where a tile may fit ten ends, the room above the map holds two rows
    (the map 36 px lower on that table, the hands in the room's middle): five a page, two
    pages, every word whole at 67 px, Cancel and More whole, and Cancel where it was from
    the first number on."""
    ui, ctx, cancel = _ten_ends(language)
    pages = 0
    for widgets in _every_page(ui, ctx, 10):
        pages += 1
        choices = [w for w in widgets if w.role == "choice"]
        assert [w.text for w in choices if w.truncated or w.size < 67] == []
        assert [w.text for w in widgets if w.role == "entry" and w.truncated] == []
        assert next(w.rect for w in widgets if w.key == "entry:cancel") == cancel
        if pages == 1:
            screen = ui.screens["play"]
            assert isinstance(screen, PlayScreen) and screen.room is not None
            room = screen.room
            assert room.bottom is not None
            assert len(choices) == 5
            assert any(w.rect.colliderect(room.bottom) for w in choices)
            map_box = next(w.rect for w in widgets if w.key == "map")
            assert len([w for w in choices if w.rect.bottom <= map_box.y]) == 2
    assert pages == 2


def _ten_ends(language: str) -> tuple[Ui, UiContext, Rect]:
    """The double-15 table's 10-12 entered in portrait (its ten ends offered), and where
    Cancel stood from its first number on."""
    rules = {"preset": "hub", "set": 15, "rounds": 1}
    log = DoublesFirst(4, rules, HUB_DEAL, check=False).play_game().effective
    play = log[85]
    assert isinstance(play, Play)
    game = Game.from_events(log[:85])
    assert len(game.state.places_for(play.tile)) == 10
    ui, ctx = shown(game, "play", (720, 1280), language)
    tap_widget(ui, ctx, f"half:{play.tile.lo}")
    cancel = next(w.rect for w in ui.layout(ctx, 0.0) if w.key == "entry:cancel")
    tap_widget(ui, ctx, f"half:{play.tile.hi}")
    return ui, ctx, cancel


def test_a_numeral_with_no_room_in_the_map_stands_beside_its_ring_under_it() -> None:
    """The double-15 table's 1-2 at 800x480: its ring at the map's foot, crowded all round
    inside the map, carried its "2" over its own end (hiding the number the end needs) with
    the pad's room under the map empty while an end is chosen. Every numeral now stands
    beside its ring, over nothing, the map as it was."""
    log = DoublesFirst(4, {"preset": "hub", "set": 15, "rounds": 1}, HUB_DEAL,
                       check=False).play_game().effective  # fmt: skip
    widgets, offered = _ends_offered(log, 56, (800, 480), "en")
    ends = {w.key: w.rect for w in widgets if w.role == "end"}
    rings = {w.key.removeprefix("mark:end:"): w.rect for w in widgets if w.role == "mark"}
    badges = {w.key.removeprefix("numeral:"): w.rect for w in widgets
              if w.key.startswith("numeral:")}  # fmt: skip
    assert sorted(badges) == [str(n) for n in range(1, len(offered) + 1)]
    for numeral, badge in badges.items():
        tile = offered[int(numeral) - 1]
        assert not badge.colliderect(ends[f"end:{tile}"]), numeral
        assert _apart(badge, rings[tile]) <= 1, numeral


def _ends_offered(
    log: Sequence[Event], event: int, size: tuple[int, int], language: str
) -> tuple[list[Widget], list[str]]:
    """The widgets once the play ``log[event]`` is entered on the pad (its ends offered) and
    the ends' tiles in their numerals' order; the map as it was before the first tap, and
    no numeral over another piece of it."""
    play = log[event]
    assert isinstance(play, Play)
    ui, ctx = shown(Game.from_events(log[:event]), "play", size, language)
    before = map_widgets(ui, ctx)
    tap_widget(ui, ctx, f"half:{play.tile.lo}")
    tap_widget(ui, ctx, f"half:{play.tile.hi}")
    widgets = ui.layout(ctx, 0.0)
    offered = numbered(ui)
    assert map_widgets(ui, ctx) == before
    assert numerals_over_pieces(widgets, offered) == []
    return widgets, offered


#: The buttons around the choices that are not choices.
NOT_CHOICES = ("undo", "menu", "entry:cancel", MORE)


@pytest.mark.parametrize("language", available_languages())
def test_a_pages_choices_stand_together_in_portrait(language: str) -> None:
    """The ten ends' fifth choice of a page stood under Undo, Cancel and Menu, apart from the
    four over them: no button but a choice between a page's first choice and its last."""
    ui, ctx, _cancel = _ten_ends(language)
    for widgets in _every_page(ui, ctx, 10):
        choices = [w.rect for w in widgets if w.role == "choice"]
        top, bottom = min(r.top for r in choices), max(r.bottom for r in choices)
        between = [w.key for w in widgets if w.key in NOT_CHOICES
                   and w.rect.bottom > top and w.rect.top < bottom]  # fmt: skip
        assert between == [], (language, between)


#: An eight-player double-15 round (classic, players laying every double they can): its
#: 301st event is Chen's 2-14, which fits four ends of a map drawn shrunk at both sizes.
EIGHT_DEAL = 7004


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_shrunk_maps_numerals_are_drawn(size: tuple[int, int]) -> None:
    """The eight-player round by touch in portrait showed badges 1, 2 and 4 as dark squares
    with no numeral in them: the badge was as tall as the shrunk map's numbers, its numeral
    held to the screen's least text (3.5 mm) and cut away."""
    names = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee", "Chen", "Ana")
    rules = {"preset": "classic", "set": 15, "rounds": 1}
    log = DoublesFirst(8, rules, EIGHT_DEAL, check=False, names=names).play_game().effective
    play = log[300]
    assert isinstance(play, Play) and play.tile == Tile(2, 14)
    game = Game.from_events(log[:300])
    count = len(game.state.places_for(play.tile))
    assert count >= 3
    ui, ctx = shown(game, "play", size, "pt")
    tap_widget(ui, ctx, f"half:{play.tile.lo}")
    tap_widget(ui, ctx, f"half:{play.tile.hi}")
    drawn: dict[str, tuple[str, ...]] = {}
    for widgets in _every_page(ui, ctx, count):
        drawn |= {w.text: w.lines for w in widgets if w.key.startswith("number:")}
    assert drawn == {str(n): (str(n),) for n in range(1, count + 1)}


#: taps_bench's second simulated game (four-arm double-12, six players; the second deal of
#: seed 0): P5's 3-6 (its 33rd event) fits four ends, P1's 8-9 (its 78th) four; two and
#: three of their rings, crowded all round, carried their numerals alone on their ends.
FOUR_ARM_DEAL = 903170602
CROWDED_RINGS = {(800, 480): 33, (720, 1280): 78}


@pytest.mark.parametrize("language", available_languages())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_numeral_on_its_end_leaves_the_ends_number_readable(
    size: tuple[int, int], language: str
) -> None:
    """A ring crowded all round carried its numeral alone on its end, a dark box with a
    white "1" that read as an end needing 1, the end's own number hidden (the lead's family
    game: "1", "5" and "6" on ends needing 1 or 13). Where a numeral stands on its end now,
    the end's number stands whole beside it at the map's floor or larger, and the badge at a
    corner, its digits above or below the number's by a third of their height or more (side
    by side, "4" and "9" read as 49); nothing else under it, the map as it was."""
    rules = {"preset": "four-arm", "set": 12, "rounds": 1}
    log = Simulator(6, rules, FOUR_ARM_DEAL, check=False).play_game().effective
    widgets, offered = _ends_offered(log, CROWDED_RINGS[size], size, language)
    places = numeral_places(widgets, offered)
    assert sorted(places) == [str(n) for n in range(1, len(offered) + 1)]
    assert [n for n, place in places.items() if place == "alone"] == []
    floor = 32 if size == (800, 480) else 50
    by_key = {w.key: w for w in widgets}
    for numeral in [n for n, place in places.items() if place == "sharing"]:
        badge = by_key[f"numeral:{numeral}"].rect
        digits = by_key[f"number:{numeral}"]
        need = by_key[f"needs:{offered[int(numeral) - 1]}"]
        assert digits.size >= floor and need.size >= floor, numeral
        assert problems(Ui(size), [digits, need], official=True) == [], numeral
        digit = 0.7 * min(digits.size, need.size)  # DejaVu Sans Bold's digits: 0.73 em tall
        assert abs(badge.centery - number_room(need).centery) >= digit / 3, numeral
