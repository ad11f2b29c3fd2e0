"""The last entry line says where a play went in every language, even in a narrow box: the
family game by touch in Hebrew at 720x1280 read "Last: Maria-Hel…" for "Maria-Helena played
2-1 on the 7-7's first toe": the fullest wording cut to one line of a box with room for three."""

from __future__ import annotations

import pytest
from screens_loop import SIZES, shown

from engine import Game, Play
from engine.simulate import DoublesFirst
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.widgets import Widget
from hubd.text.i18n import available_languages

NAMES = ("שרה", "Maria-Helena", "Ben", "אברהם")
MEASURE = TextMeasure()


def crowded_round() -> list[Play | object]:
    """A double-9 round of four players who lay every double they can (six feet)."""
    rules = {"preset": "classic", "set": 9, "rounds": 1}
    return list(DoublesFirst(4, rules, 3, check=False, names=NAMES).play_game().effective)


def last_entry(game: Game, size: tuple[int, int], language: str) -> Widget:
    ui, ctx = shown(game, "play", size, language)
    return next(w for w in ui.layout(ctx, 0.0) if w.key == "last_entry")


@pytest.mark.parametrize("language", ["he", "pt"])
def test_a_toe_play_in_a_narrow_box_is_said_whole_in_fewer_words(language: str) -> None:
    log = crowded_round()
    game = Game.from_events(log[:40])  # Maria-Helena's 2-1 on the 7-7's first toe
    shown_words = last_entry(game, (720, 1280), language)
    assert not shown_words.truncated, shown_words.lines
    assert "Maria-Helena" in shown_words.text and "7-7" in shown_words.text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_a_cut_last_entry_keeps_every_line_its_box_holds(
    size: tuple[int, int], language: str
) -> None:
    log = crowded_round()
    game = Game()
    cut = 0
    for event in log:
        game.apply(event)
        if not isinstance(event, Play) or not game.state.in_round:
            continue
        words = last_entry(game, size, language)
        rows = words.rect.h // MEASURE.line_height(words.size, words.bold)
        if words.truncated:
            cut += 1
            assert len(words.lines) == rows, (event, words.lines)
        assert len(words.lines) <= rows
    assert cut < 10
