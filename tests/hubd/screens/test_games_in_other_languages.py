"""The screens in other languages: whole games, the events described and the refusals translated."""

from __future__ import annotations

import pytest
from screens_loop import SIZES, Loop

from engine import Game, NewGame, Play, RuleError, StartRound, Tile
from hubd.screens import Ui, describe_event, describe_undo
from hubd.text.i18n import SHIPPED, SOURCE_LANGUAGE

TRANSLATED = tuple(code for code in SHIPPED if code != SOURCE_LANGUAGE)


def test_describe_event_names_the_player_and_the_tile() -> None:
    ui = Ui((800, 480))
    ui.set_language("pt")
    assert describe_event(Play("Ana", Tile(2, 4), Tile(4, 9)), ui.tr) == "Ana jogou 2-4 no 4-9"
    assert describe_undo(Play("Ana", Tile(2, 4), Tile(4, 9)), ui.tr).startswith("Desfeito:")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_whole_game_in_every_language(language: str, size: tuple[int, int]) -> None:
    loop = Loop(size, language)
    loop.new_game(["Ana", "Ben"], rounds=1, hand_size=2)
    loop.tap("player:Ana")
    while loop.state.round_end is None:
        loop.play_lowest()
    loop.enter_pips({n: 3 for s, n in enumerate(loop.state.players) if loop.state.hands[s]})
    assert loop.ui.current == "game_over"
    assert loop.state.outcome is not None


def refusal(events: list[object], event: object) -> RuleError:
    from engine import Event

    game = Game.from_events(events)  # type: ignore[arg-type]
    with pytest.raises(RuleError) as caught:
        game.apply(event)  # type: ignore[arg-type]
    assert isinstance(event, Event)
    return caught.value


def test_the_refusals_a_player_meets_are_translated() -> None:
    from engine import Draw, EndRound, HandPips, Pass, Undo
    from hubd.text import i18n
    from hubd.text.refusals import translate_refusal

    start = [NewGame(("Ana", "Ben")), StartRound("Ana")]
    arm = [*start, Play("Ana", Tile(4, 9), Tile(9, 9))]
    foot = [*arm, Play("Ben", Tile(7, 9), Tile(9, 9)), Play("Ana", Tile(4, 4), Tile(4, 9))]
    messages = [
        refusal(arm, Play("Ben", Tile(1, 4), Tile(4, 9))),
        refusal(foot, Play("Ben", Tile(3, 7), Tile(7, 9))),
        refusal([*start, Draw("Ana")], Draw("Ana")),
        refusal(start, Pass("Ana")),
        refusal([NewGame(("Ana", "Ben"))], Undo()),
        refusal([NewGame(("Ana", "Ben")), StartRound("Ana")],
                EndRound({"Ana": HandPips(3)}, agreed=True)),
        refusal([NewGame(("Ana", "Ben")), StartRound("Ana")],
                EndRound({"Ana": (Tile(1, 2),), "Ben": HandPips(1)}, agreed=True)),
        refusal([], NewGame(("Ana",))),
    ]  # fmt: skip
    for code in TRANSLATED:
        language = i18n.load(code)
        for refused in messages:
            assert translate_refusal(refused, language) != refused.message, f"{code}: {refused}"
    uk = i18n.load("uk")
    assert translate_refusal(messages[1], uk) == (
        "Ben не може зіграти 7-3 на 9-7, поки курячій лапці на 4-4 бракує ще 3 пальчиків"
    )
    assert translate_refusal(RuleError("something new"), uk) == "something new"


def test_a_refusal_is_shown_in_the_players_language() -> None:
    loop = Loop(language="pt")
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.tap("pass")  # before drawing
    assert loop.refusals == ["Ana must draw from the chicken yard before passing (12 tiles there)"]
    assert "Ana precisa comprar do galinheiro antes de passar (há 12 peças lá)" in loop.texts()


def test_a_name_refusal_is_shown_in_the_players_language() -> None:
    from hubd.text.i18n import load
    from hubd.text.refusals import translate_refusal

    pt = load("pt")
    same = refusal([], NewGame(("Ana", "ana")))
    assert (
        same.message == "two players are called Ana and ana; every name must differ, ignoring case"
    )
    assert translate_refusal(same, pt).startswith("dois jogadores chamam-se Ana e ana")
    twice = refusal([], NewGame(("Ben", "Ben")))
    assert twice.message == "two players are called Ben; every name must differ, ignoring case"
    assert "Ben" in translate_refusal(twice, pt) and translate_refusal(twice, pt) != twice.message
