"""The question an undo of a scored round asks names the round's scores, each by its player:
"Take back round 1's scores (Vovó 10, João 0, ...)?". Wrapped over three lines it read
"(Vovó" at the end of one line and "10, João 0" at the start of the next (the family game by
touch, Portuguese, five players, 800x480): a name never stands on another line than its
score."""

from __future__ import annotations

import re

import pytest
from screens_loop import shown

from engine import EndRound, Game
from engine.simulate import DoublesFirst
from hubd.screens.shots.screenshots import tap_widget
from hubd.text.i18n import SHIPPED

NAMES = ["Vovó", "João", "Francisca", "Maria-Helena", "Zé", "Grandma Rosa"]


@pytest.fixture(scope="module")
def scored() -> Game:
    """A round of six played to its end and scored: the scores screen's Undo asks first."""
    rules = {"preset": "classic", "set": 12, "rounds": 2}
    game = Game()
    for event in DoublesFirst(6, rules, 3, check=False, names=NAMES).play_game().effective:
        game.apply(event)
        if isinstance(event, EndRound):
            return game
    raise AssertionError("the round never ended")


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", SHIPPED)
def test_each_score_stands_on_the_line_of_its_name(
    scored: Game, size: tuple[int, int], language: str
) -> None:
    ui, ctx = shown(scored, "scores", size, language)
    tap_widget(ui, ctx, "undo")  # a scored round: it asks first, naming the scores
    question = next(w for w in ui.layout(ctx, 0.0) if w.key == "confirm:text")
    lines = question.lines
    assert not question.truncated and len(lines) > 1, lines  # wrapped: the case in question
    for name, score in zip(scored.state.players, scored.state.scores[-1], strict=True):
        last_word = re.split(r"[ -]", name)[-1]  # a name may wrap at its space or hyphen
        said = [line for line in lines if last_word in line]
        assert said, (name, lines)
        for line in said:  # its score right after it, on its line
            after = line.split(last_word, 1)[1].lstrip("\u00a0 ")
            assert after.startswith(str(score)), (name, score, lines)
