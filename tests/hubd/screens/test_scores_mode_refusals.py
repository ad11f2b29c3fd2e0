"""Score-keeper mode's refusals are shown (and said) in the players' language."""

from __future__ import annotations

import pytest

from engine import EndRound, Event, FootOpened, Game, HandPips, NewGame, RuleError, StartRound, Toe
from hubd.text import i18n
from hubd.text.refusals import translate_refusal

SCORES = NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1})
OPEN = [SCORES, StartRound("Ana"), FootOpened()]
OVER = [SCORES, StartRound("Ana"), EndRound({"Ana": HandPips(0), "Ben": HandPips(3)})]
#: Each refusal: the events before, and the one refused.
REFUSED: list[tuple[list[Event], Event]] = [
    (OPEN, FootOpened()),
    ([*OPEN, Toe(), Toe()], FootOpened()),
    ([SCORES, StartRound("Ana")], Toe()),
    (OVER, FootOpened()),
    (OVER, Toe()),
    ([SCORES], FootOpened()),
    ([SCORES], Toe()),
    ([SCORES], StartRound("Ana", {"Ana": 1})),
    ([NewGame(("Ana", "Ben")), StartRound("Ana")], FootOpened()),
    ([NewGame(("Ana", "Ben")), StartRound("Ana")], Toe()),
]


def refusal(before: list[Event], event: Event) -> RuleError:
    game = Game.from_events(before)
    with pytest.raises(RuleError) as refused:
        game.apply(event)
    return refused.value


@pytest.mark.parametrize("code", i18n.available_languages()[1:])
def test_every_refusal_of_the_mode_is_translated(code: str) -> None:
    translator = i18n.load(code)
    refusals = [refusal(before, event) for before, event in REFUSED]
    assert len({r.message for r in refusals}) == len(REFUSED)
    for refused in refusals:
        translated = translate_refusal(refused, translator)
        assert translated != refused.message, f"{code}: {refused.message!r} is shown in English"
