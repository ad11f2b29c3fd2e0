"""Score-keeper mode in the loop: the hub button opens a foot, counts its toes, takes back."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in every test's arguments)

from __future__ import annotations

from hub_harness import PRESS_GAP, Hub, hub, press, start_scores_game  # noqa: F401  (the fixture)

from engine import EndRound, FootOpened, HandPips, Phase, Toe, Undo


def test_presses_open_a_foot_count_its_toes_and_release_it(hub: Hub) -> None:
    start_scores_game(hub)
    press(hub)
    assert hub.speaker.played == ["cackle"]
    assert hub.light.mode == "pulse"
    assert hub.app.core.game is not None and hub.app.core.game.state.toes_to_go == 3
    press(hub)
    press(hub)
    assert hub.speaker.played == ["cackle", "tap", "tap"]
    assert hub.light.calls[-1] == "flash 1"
    press(hub)
    assert hub.speaker.played[-1] == "released"
    assert hub.light.mode == "off" and hub.app.core.game.state.toes_to_go is None
    assert [type(e) for e in hub.app.core.game.effective[2:]] == [FootOpened, Toe, Toe, Toe]


def test_a_double_press_takes_back_the_mistaken_press(hub: Hub) -> None:
    start_scores_game(hub)
    press(hub)
    press(hub)  # a toe pressed by mistake
    assert hub.app.core.game is not None and hub.app.core.game.state.toes_to_go == 2
    press(hub)
    press(hub, after=0.2)  # the double press: both it and the mistaken toe are taken back
    assert hub.app.core.game.state.toes_to_go == 3
    assert [type(e) for e in hub.app.core.game.log[2:]] == [FootOpened, Toe, Toe, Undo, Undo]
    assert hub.light.mode == "pulse"
    press(hub, after=0.2)  # right after a double press: an ordinary press again
    assert hub.app.core.game.state.toes_to_go == 2


def test_the_hold_still_mutes_and_a_press_between_rounds_only_cackles(hub: Hub) -> None:
    start_scores_game(hub, rounds=1)
    hub.edge(True, after=PRESS_GAP)
    hub.run()
    hub.wait(3.1)
    assert hub.app.settings.muted
    hub.edge(False, after=0.05)
    hub.run()
    assert hub.app.core.submit(EndRound({"Ana": HandPips(0), "Ben": HandPips(12)}))
    assert hub.app.core.game is not None and hub.app.core.game.state.phase is Phase.GAME_OVER
    entries = len(hub.app.core.game.log)
    press(hub)
    assert len(hub.app.core.game.log) == entries and hub.speaker.requested[-1] == "cackle"
