"""engine.photo_hand: a hand read from a photo, settled against the tiles it can hold."""

from __future__ import annotations

from engine.photo_hand import HalfGuess, Question, SeenTile, settle
from engine.tiles import Tile, all_tiles


def sure(a: int, b: int) -> SeenTile:
    return SeenTile(HalfGuess.sure(a), HalfGuess.sure(b))


def unsure(first: dict[int, float], b: int) -> SeenTile:
    return SeenTile(HalfGuess(tuple(first.items())), HalfGuess.sure(b))


WHOLE_12 = frozenset(all_tiles(12))


def test_sure_halves_in_the_set_are_settled_and_counted() -> None:
    reading = settle([sure(3, 12), sure(0, 0)], WHOLE_12, expected=2)
    assert reading.tiles == (Tile(3, 12), Tile(0, 0))
    assert reading.questions == () and not reading.count_differs
    assert reading.pips == 15


def test_an_unsure_half_in_score_keeper_mode_is_a_question_never_a_guess() -> None:
    reading = settle([unsure({5: 0.55, 6: 0.45}, 8)], WHOLE_12)
    assert reading.tiles == (None,)
    assert reading.questions == (Question(0, (Tile(5, 8), Tile(6, 8))),)
    assert reading.questions[0].asked() == "Is this 5-8 or 6-8?"
    assert reading.pips == 0


def test_the_table_decides_an_unsure_half_when_only_one_reading_is_left() -> None:
    """6-8 is on the table (not among the tiles the hand can hold): the half is a 5."""
    can_hold = WHOLE_12 - {Tile(6, 8)}
    reading = settle([unsure({6: 0.6, 5: 0.4}, 8)], can_hold, expected=1)
    assert reading.tiles == (Tile(5, 8),) and reading.questions == ()


def test_a_tile_already_read_elsewhere_in_the_hand_is_not_read_twice() -> None:
    """Two tiles read 4-4, one of them unsure 3-4: a set holds one 4-4, so the other is 3-4."""
    reading = settle([sure(4, 4), unsure({4: 0.7, 3: 0.3}, 4)], WHOLE_12)
    assert sorted(reading.settled) == [Tile(3, 4), Tile(4, 4)]


def test_a_tile_the_hand_cannot_hold_is_asked_with_no_choice() -> None:
    reading = settle([sure(2, 2), sure(9, 9)], WHOLE_12 - {Tile(9, 9)}, expected=2)
    assert reading.tiles == (Tile(2, 2), None)
    assert reading.questions == (Question(1, ()),)
    assert reading.questions[0].asked() == "Tile 2: which tile is this?"


def test_a_photo_with_a_tile_too_few_says_so() -> None:
    reading = settle([sure(1, 2)], WHOLE_12, expected=3)
    assert reading.count_differs and reading.expected == 3 and len(reading.tiles) == 1


def test_a_photo_at_odds_with_the_hubs_count_settles_nothing() -> None:
    """Three tiles seen, each sure, in a hand the hub counts two: one of them is not a tile of
    the hand (a reflection, a neighbour's tile), and nobody knows which; each is asked, its
    reading offered first. The same for a tile too few (two read as one)."""
    for seen, expected in (([sure(1, 2), sure(3, 12), sure(0, 0)], 2), ([sure(5, 6)], 2)):
        reading = settle(seen, WHOLE_12, expected)
        assert reading.settled == () and reading.pips == 0
        assert [q.choices[0] for q in reading.questions] == [
            Tile.of(t.first.best, t.second.best) for t in seen
        ]
    one = settle([sure(1, 2), sure(3, 4)], WHOLE_12, expected=3).questions[0]
    assert one.asked() == "Is this 1-2?"


def test_a_tile_chosen_past_its_four_likeliest_is_weighed_against_one_as_likely() -> None:
    """A 3 beside a half read 1, 2 or 0 (the 6-4 of a photo whose 4 lost a column), the 1-3,
    2-3 and 0-3 counted in other places: the 3-3 chosen, fourth at its place, and a 3-4
    nearly as likely behind it. It was settled (only the four likeliest were weighed): it is
    asked."""
    other = HalfGuess(((1, 0.4), (2, 0.33), (0, 0.16), (3, 0.1), (4, 0.08), (5, 0.06)))
    seen = [sure(1, 3), sure(2, 3), sure(0, 3), SeenTile(HalfGuess.sure(3), other)]
    reading = settle(seen, WHOLE_12, expected=4)
    assert reading.tiles[:3] == (Tile(1, 3), Tile(2, 3), Tile(0, 3))
    assert reading.tiles[3] is None
    assert reading.questions[0].choices[:2] == (Tile(3, 3), Tile(3, 4))


def test_a_sure_reading_is_not_overruled_by_an_unlikely_one() -> None:
    reading = settle([SeenTile(HalfGuess(((7, 0.97), (6, 0.03))), HalfGuess.sure(1))], WHOLE_12)
    assert reading.tiles == (Tile(1, 7),)


def test_many_tiles_settle_quickly_and_each_once() -> None:
    """A double-15 hand of 30 unsure tiles: the search is bounded and no tile is used twice."""
    whole = frozenset(all_tiles(15))
    seen = [SeenTile(HalfGuess(((a, 0.6), (a + 1, 0.4))), HalfGuess.sure(15)) for a in range(14)]
    reading = settle(seen * 2, whole)
    assert len(reading.tiles) == 28
    assert len(reading.settled) == len(set(reading.settled))
