"""How a name sounds (issue 19): typed on the history's players tab, kept with the player in
the store, and used by the hub's voice wherever the name is said (turns, scores, refusals)."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hub_harness import Hub, hub, start_two_player_game  # noqa: F401 - the fixture

from engine import RuleError
from hubd.screens import Ui, UiContext
from hubd.screens.shots.screenshots import tap_widget
from hubd.speech.fakes import FakeSpeech
from hubd.store import GameStore
from hubd.values.intents import SoundsLike
from hubd.values.records import PlayerStats


def test_the_store_keeps_forgets_and_checks_how_a_name_sounds(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store:
        store.set_sounds_like("Siobhan", " Shivawn ")
        store.set_sounds_like("דנה", "Dana")
        assert store.sounds_like() == {"Siobhan": "Shivawn", "דנה": "Dana"}
        with pytest.raises(RuleError, match="how a name sounds cannot hold control"):
            store.set_sounds_like("Siobhan", "Shi\x1bvawn")
        with pytest.raises(RuleError, match="at most 24"):
            store.set_sounds_like("Siobhan", "x" * 25)
        store.set_sounds_like("Siobhan", "")
    with GameStore.open(tmp_path) as store:  # kept across a restart
        assert store.sounds_like() == {"דנה": "Dana"}


def test_the_hub_says_a_name_as_typed_and_keeps_it(hub: Hub) -> None:
    speech = FakeSpeech(lengths={})
    hub.app.devices.speech = speech
    hub.app.core.narrator.speech = speech
    hub.app.core.change_setting("speech_turns", True)
    hub.app.handle_intent(SoundsLike("Ben", "Benn"))
    hub.run()
    assert speech.spoken[-1] == "Benn's turn."  # said at once, so the family hears it
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    hub.wait(5)
    assert speech.spoken[-1] == "Double 4: 3 toes to go. Benn's turn."
    assert hub.app.core.store.sounds_like() == {"Ben": "Benn"}
    assert hub.app.core.context().sounds_like == {"Ben": "Benn"}


def test_a_bad_text_is_refused_with_the_rule(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    refused: list[str] = []
    monkeypatch.setattr(
        hub.app.ui, "show_refusal", lambda err, where, now: refused.append(err.message)
    )
    hub.app.handle_intent(SoundsLike("Ben", "x" * 30))
    assert refused and "at most 24" in refused[0]
    assert hub.app.core.store.sounds_like() == {}


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_a_tap_on_a_players_name_types_how_it_sounds(size: tuple[int, int]) -> None:
    pygame.display.init()
    ui = Ui(size)
    stats = [PlayerStats("Ana", 3, 1, 12.5, 2, 1), PlayerStats("Siobhan", 3, 2, 9.0, 1, 2)]
    ctx = UiContext(stats=stats, sounds_like={"Siobhan": "Shivawn"})
    ui.state_changed(ctx)
    ui.show_screen("history")
    tap_widget(ui, ctx, "bar:1")  # the Players tab
    texts = [w.text for w in ui.layout(ctx, 0.0) if w.text]
    assert "Sounds like Shivawn" in texts
    tap_widget(ui, ctx, "sounds:Siobhan")
    for _ in range(len("Shivawn")):
        tap_widget(ui, ctx, "key:delete")
    for char in "shavon":
        tap_widget(ui, ctx, f"key:{char}")
    assert tap_widget(ui, ctx, "key:done") == [SoundsLike("Siobhan", "Shavon")]
    tap_widget(ui, ctx, "sounds:Ana")
    texts = [w.text for w in ui.layout(ctx, 0.0) if w.text]
    assert "Type how Ana sounds" in texts and "Save" in texts
    assert tap_widget(ui, ctx, "key:done") == [SoundsLike("Ana", "")]  # empty: forget it


def test_a_name_sounds_the_same_however_it_is_spelt_at_the_table(tmp_path: Path) -> None:
    """Names are one player ignoring case (engine.name_key): "ana" is Ana, and sounds so."""
    from hubd.speech import phrases
    from hubd.speech.words import Words
    from hubd.text import i18n

    with GameStore.open(tmp_path) as store:
        store.set_sounds_like("Ana", "Anna")
        store.set_sounds_like("ana", "Ahna")  # the same player
        assert store.sounds_like() == {"Ana": "Ahna"}
        words = Words(i18n.load("en"), store.sounds_like())
    assert phrases.turn(words, "ANA") == "Ahna's turn"
    refusal = phrases.refusal(words, "ana cannot draw: the chicken yard is empty; pass instead")
    assert refusal == ["Ahna cannot draw: the chicken yard is empty; pass instead"]
