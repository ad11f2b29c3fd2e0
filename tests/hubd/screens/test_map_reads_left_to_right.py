"""The map is a picture of the table: its numbers read left to right in Hebrew too (the family
game by touch saw a folded run's "+2" drawn "2+" in Hebrew)."""

from __future__ import annotations

import pytest
from screens_loop import shown

from engine import Game
from engine.simulate import DoublesFirst
from hubd.screens.kit.painter import LEFT_TO_RIGHT, Painter
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.text import i18n


def painter(language: str) -> Painter:
    out = Painter()
    out.visual = i18n.load(language).visual
    return out


def shown_as(p: Painter, widget: Widget, line: str) -> str:
    return p.visual(p.in_order(widget, line)).replace(LEFT_TO_RIGHT, "")


@pytest.mark.parametrize("text", ["+2", "+12", "10", "3-3"])
def test_an_unmirrored_text_keeps_its_order_in_hebrew(text: str) -> None:
    hebrew = painter("he")
    unmirrored = Widget(Rect(0, 0, 90, 40), Kind.LABEL, text, mirror=False)
    assert shown_as(hebrew, unmirrored, text) == text
    assert painter("en").in_order(unmirrored, text) == text  # nothing added where not needed


def test_mirrored_and_hebrew_texts_are_left_to_the_bidi_order() -> None:
    hebrew = painter("he")
    mirrored = Widget(Rect(0, 0, 90, 40), Kind.LABEL, "+2")
    assert hebrew.in_order(mirrored, "+2") == "+2"
    words = "רגל 5-5"
    unmirrored = Widget(Rect(0, 0, 90, 40), Kind.LABEL, words, mirror=False)
    assert hebrew.in_order(unmirrored, words) == words


def test_a_folded_run_reads_plus_then_count_on_the_hebrew_map() -> None:
    rules = {"preset": "classic", "rounds": 1}
    names = TABLE_NAMES[:4]
    events = DoublesFirst(4, rules, 10, check=False, names=names).play_game().effective
    game, folds = Game(), []
    for event in events:  # up to the first frame with a run folded
        game.apply(event)
        if game.state.table is None or not game.state.in_round:
            continue
        ui, ctx = shown(game, "play", (720, 1280), "he")
        folds = [w for w in ui.layout(ctx, 0.0) if w.key.startswith("fold:")]
        if folds:
            break
    assert folds
    for fold in folds:
        assert shown_as(ui.painter, fold, fold.lines[0]).startswith("+")
