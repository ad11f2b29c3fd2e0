"""Speech in score-keeper mode: after the cackle the toes owed, after each toe the toes still
owed, and the third toe completes the foot; the status says the foot too."""

from __future__ import annotations

from engine import EndRound, Event, FootOpened, Game, HandPips, NewGame, StartRound, Toe, Undo
from hubd.speech import phrases
from hubd.speech.phrases import Outline
from hubd.speech.words import Words
from hubd.text import i18n


def said_after(game: Game, event: Event, language: str = "en") -> list[str]:
    before = Outline.of(game.state)
    game.apply(event)
    return phrases.after_event(before, game.state, event, Words(i18n.load(language)), turns=True)


def test_a_foot_says_its_toes_and_the_third_completes_it() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}),
                             StartRound("Ana")])  # fmt: skip
    assert said_after(game, FootOpened()) == ["Chicken foot: 3 toes to go"]
    assert said_after(game, Toe()) == ["Chicken foot: 2 toes to go"]
    assert said_after(game, Undo()) == []  # taking back is quiet, as the sounds are
    assert said_after(game, Toe(), "uk") == ["Куряча лапка: ще 2 пальчики"]
    assert said_after(game, Toe()) == ["Chicken foot: 1 toe to go"]
    words = Words(i18n.load("en"))
    assert phrases.status(game.state, words) == ["Chicken foot: 1 toe to go"]  # no turns kept
    assert said_after(game, Toe()) == ["The foot is complete"]
    assert phrases.status(game.state, words) == []
    said = said_after(game, EndRound({"Ana": HandPips(8), "Ben": HandPips(0)}))
    assert said == ["Ben wins with 0 points!", "Ana: 8 points"]  # the winner first
