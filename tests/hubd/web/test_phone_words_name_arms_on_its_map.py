"""The phones' page names an arm as the phone's own map shows it (issue 35, point 3: a label
says something a player can check against the table). The phone's map is laid out at the
phone's size with letters of its own (hubd/picture/arm_labels.py): where it has no place for an
arm's letter, "Last: Ana played 2-1 on arm E" sends the family looking for an E the phone
does not show; the page names that arm by its tile, as the hub does."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine import Event, Game, Play, Table, Tile
from hubd.picture import Layouts
from hubd.text.i18n import SHIPPED, load
from hubd.values.snapshot import Snapshot
from hubd.web.page_data import page_data, whole_tiles
from hubd.web.svg import map_svg, shown_letters

REPO = Path(__file__).resolve().parents[3]

#: map_bench's game 70 (classic, six players, double-15): after its 31st event (Ana's 9-11 on
#: arm E's 1-9) the phone's map has no place for E's letter (with an end's target counted as
#: its line's piece, game 125's frame this test used has one now).
GAME, EVENTS, ARM, AFTER, ON = 70, 31, "E", "1-9", Tile(1, 9)


@pytest.fixture(scope="module")
def events(load_script: Any) -> list[Event]:
    map_bench: ModuleType = load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
    return list(map_bench.play(*map_bench.game_specs(GAME + 1, 0)[GAME]))


def page_game(game: Game, language: str, layouts: Layouts | None = None) -> dict[str, Any]:
    """The page's game as a phone is served it, its map laid out with ``layouts``."""

    def map_of(table: Table, open_ends: frozenset[Tile]) -> tuple[str | None, bool]:
        return map_svg(table, open_ends, layouts=layouts), False

    snap = Snapshot(version=1, game_id=1, state=game.state, last_entry=game.last_effective)
    found: dict[str, Any] = page_data(snap, language, "2026-12-07", map_of=map_of)["game"]
    return found


@pytest.mark.parametrize("language", SHIPPED)
def test_the_last_line_names_an_arm_the_phones_map_shows_no_letter_for_by_its_tile(
    events: list[Event], language: str
) -> None:
    game = Game.from_events(events[:EVENTS])
    play = game.last_effective
    assert isinstance(play, Play) and play.on == ON
    page = page_game(game, language)
    letters = shown_letters(page["map"])
    assert ARM not in letters and letters  # the phone's map shows other arms' letters
    tr = load(language).gettext
    assert whole_tiles(tr("the arm after the {tile}").format(tile=AFTER)) in page["last"]
    for arm in "ABCDEFGH":
        if arm not in letters:
            assert whole_tiles(tr("arm {label}").format(label=arm)) not in page["last"]


def test_every_arm_named_on_the_page_is_one_its_map_shows(events: list[Event]) -> None:
    """Play after play of the round, the page's last line names an arm by a letter only
    where the map it is served with shows that letter."""
    game, layouts, named = Game(), Layouts(), 0
    for event in events[:60]:
        game.apply(event)
        if game.state.table is None or not isinstance(event, Play):
            continue
        page = page_game(game, "en", layouts)
        letters = shown_letters(page["map"])
        for arm in re.findall(r"\barm ([A-Z])\b", page["last"]):
            assert arm in letters, (event, page["last"], sorted(letters))
            named += 1
    assert named  # the walk did name arms by their letters
