"""A place's short name ("arm D", "toe 2") is read as one thing: its letter or digit never
stands alone at the start of a line (the family game by touch read "on arm / D")."""

from __future__ import annotations

import pytest

from hubd.screens.kit.measure import TextMeasure

MEASURE = TextMeasure()


@pytest.mark.parametrize(
    "text", ["Last: Maria played 9-8 on arm D", "Dad played 2-3 on the 5-5 foot, toe 2"]
)
def test_a_last_letter_or_digit_goes_down_with_the_word_before_it(text: str) -> None:
    broken = 0
    for width in range(120, MEASURE.width(text, 25, False), 4):
        lines = MEASURE.wrap(text, width, 25, False)
        if lines is None:
            continue
        assert " " in lines[-1], (width, lines)
        assert all(MEASURE.width(line, 25, False) <= width for line in lines)
        assert " ".join(lines) == text
        broken += 1
    assert broken > 20


def test_a_one_letter_word_alone_is_still_drawn_where_nothing_can_go_down_with_it() -> None:
    assert MEASURE.wrap("Undo\nD", 200, 25, False) == ["Undo", "D"]
    assert MEASURE.wrap("D", 200, 25, False) == ["D"]
