"""The choices name an arm by the letter the map shows it with, else by its tile (issue 35,
point 3: a label says something a player can check against the table). A crowded table may
leave an arm's letter no place where it reads as that arm's (hubd/picture/arm_labels.py): then
"arm A, after the 2-8" would send the family looking for an A the map does not show."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from screens_loop import shown

from engine import Game
from hubd.screens.shots.screenshots import tap_widget
from hubd.text.i18n import SHIPPED, load
from hubd.values.intents import Submit

REPO = Path(__file__).resolve().parents[3]

#: map_bench's game 54 (four-arm, eight players, double-12): after its 56th event, at
#: 800x480, arm B's line has no free place round it that is nearer it than any other line's
#: piece (an end's target counted as its line's), before and after a 6-9 laid on it, and a
#: 6-9 fits arm B's end (on the 8-6, as it lies) and two others.
GAME, EVENTS, TILE, ARM, AFTER = 54, 56, (6, 9), "B", "8-6"


@pytest.fixture(scope="module")
def crowded(load_script: Any) -> Game:
    map_bench: ModuleType = load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
    events = map_bench.play(*map_bench.game_specs(GAME + 1, 0)[GAME])
    return Game.from_events(events[:EVENTS])


@pytest.mark.parametrize("language", SHIPPED)
def test_an_arm_the_map_shows_no_letter_for_is_named_by_its_tile(
    crowded: Game, language: str
) -> None:
    """Every choice that names an arm by its letter names one the map shows; arm B, which
    the map shows none for, by the tile its end is on, in every language."""
    ui, ctx = shown(crowded, "play", (800, 480), language)
    for half in TILE:
        tap_widget(ui, ctx, f"half:{half}")
    widgets = ui.layout(ctx, 0.0)
    letters = {w.text for w in widgets if w.key.startswith("arm:")}
    choices = {w.key.removeprefix("choice:"): w.text for w in widgets
               if w.key.startswith("choice:")}  # fmt: skip
    assert len(choices) == 3 and ARM not in letters and letters
    tr = load(language).gettext
    for arm in "ABCDEFGH":
        named = {tr("arm {label}").format(label=arm), tr("arm {arm}").format(arm=arm)}
        if arm not in letters:
            assert not any(name in text for text in choices.values() for name in named)
    by_tile = tr("the arm after the {tile}").format(tile=AFTER)
    assert any(text.startswith(by_tile) or text == by_tile for text in choices.values()), choices


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_last_entry_names_an_arm_only_by_a_letter_the_map_shows(
    crowded: Game, language: str
) -> None:
    """The 6-9 laid on arm B's end: the words under the map that tell the play ("Dee played
    6-9 on ...") name the arm by its tile while the map shows no B, as the choice did."""
    ui, ctx = shown(crowded, "play", (800, 480), language)
    for half in TILE:
        tap_widget(ui, ctx, f"half:{half}")
    tr = load(language).gettext
    by_tile = tr("the arm after the {tile}").format(tile=AFTER)
    choice = next(w.key for w in ui.layout(ctx, 0.0)
                  if w.key.startswith("choice:") and w.text.startswith(by_tile))  # fmt: skip
    (play,) = [intent.event for intent in tap_widget(ui, ctx, choice) if isinstance(intent, Submit)]
    game = Game.from_events(crowded.effective)  # the module's table stays as it was
    game.apply(play)
    ctx.state, ctx.last_entry = game.state, game.last_effective
    ui.state_changed(ctx)
    widgets = ui.layout(ctx, 0.0)
    letters = {w.text for w in widgets if w.key.startswith("arm:")}
    last = " ".join(w.text for w in widgets if w.key == "last_entry")
    assert ARM not in letters, letters  # the table as crowded as before: B still has no place
    assert by_tile in last, last
    for arm in "ABCDEFGH":
        if arm not in letters:
            assert tr("arm {arm}, after the {tile}").format(arm=arm, tile=AFTER) not in last
