"""What the hub says names an arm as the hub's map shows it (issue 35, point 3): the voice
speaks to people looking at the hub's screen and at the table, which has no letters, so "arm
A" only where the map shows an A; else the arm is said by the tile it follows, as the last
entry line under that map names it (hubd/speech/phrases.py, ``placed``)."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hub_harness import Hub, hub  # noqa: F401 - the fixture

from engine import Event, Game, Play, Tile
from hubd.speech.fakes import FakeSpeech
from hubd.speech.words import Words
from hubd.text import i18n

REPO = Path(__file__).resolve().parents[3]

#: map_bench's game 54 (four-arm, eight players, double-12): after its 56th event, the play
#: map at 800x480 has no place for arm B's letter (an end's target counted as its line's
#: piece), and a 6-9 fits arm B's end (on the 8-6, as it lies) and two others: where it went
#: is said.
GAME, EVENTS = 54, 56
PLAYED, ON, ARM, AFTER = Tile(6, 9), Tile(6, 8), "B", "8-6"


@pytest.fixture(scope="module")
def crowded(load_script: Any) -> list[Event]:
    map_bench: ModuleType = load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
    return list(map_bench.play(*map_bench.game_specs(GAME + 1, 0)[GAME]))[:EVENTS]


@pytest.fixture
def speech(hub: Hub) -> Iterator[FakeSpeech]:
    fake = FakeSpeech(lengths={})
    hub.app.devices.speech = fake
    hub.app.core.narrator.speech = fake
    hub.app.core.narrator.apply_settings()
    yield fake
    fake.close()


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_arm_the_map_shows_no_letter_for_is_said_by_its_tile(
    hub: Hub, speech: FakeSpeech, crowded: list[Event], language: str
) -> None:
    hub.app.core.change_setting("language", language)
    for event in crowded:
        assert hub.app.core.submit(event)
    hub.wait(5.0)  # the play map drawn: as the family sees it before the play
    shown = hub.app.core.ui.labels
    table = Game.from_events(crowded).state.table
    assert table is not None
    first = table.hub_place.children[1]  # arm B's first tile
    assert shown[first] == ""  # the map shows no B (a crowded table: no place reads as B's)
    assert any(label.isalpha() for label in shown.values())  # it shows other arms' letters
    player = Game.from_events(crowded).state.current_player
    assert player is not None
    speech.said.clear()
    assert hub.app.core.submit(Play(player, PLAYED, ON))
    hub.wait(5.0)
    voice = Words(i18n.load(language))
    by_tile = voice.spoken(voice.tr("the arm after the {tile}").format(tile=AFTER))
    said = " ".join(text for text, _language, _start in speech.said)
    assert by_tile in said, said
    assert (
        voice.spoken(voice.tr("arm {arm}, after the {tile}").format(arm=ARM, tile=AFTER))
        not in said
    )
