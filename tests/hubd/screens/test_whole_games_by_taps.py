"""Whole games by taps on both screen sizes: a round to its score, a foot, refusals, undo, ends."""

from __future__ import annotations

import pytest
from screens_loop import SIZES, Loop

from engine import PlaceKind, TieBreak, Tile
from hubd.screens.kit.widgets import Kind


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def loop(request: pytest.FixtureRequest) -> Loop:
    return Loop(request.param)


def test_a_full_round_to_its_score(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben", "Cy"], rounds=1, hand_size=3)
    assert loop.state.players == ("Ana", "Ben", "Cy")
    assert loop.state.rules.rounds == 1 and loop.state.rules.hand_size == 3
    assert loop.ui.current == "round_start"
    loop.tap("player:Ana")
    assert loop.ui.current == "play"
    while loop.state.round_end is None:
        loop.play_lowest()
    assert loop.ui.current == "round_end"
    out = [n for s, n in enumerate(loop.state.players) if loop.state.hands[s] == 0]
    assert out and loop.hand_value(out[0]) == 0  # went out: prefilled 0
    left = {n: 5 + i for i, n in enumerate(loop.state.players) if n not in out}
    loop.enter_pips(left)
    assert loop.ui.current == "game_over"
    assert loop.state.scores == [[left.get(n, 0) for n in loop.state.players]]
    winners = loop.state.outcome.winners
    assert [loop.state.players[s] for s in winners] == out
    assert any("wins" in t for t in loop.texts())


def test_a_chicken_foot_locks_the_table_until_its_third_toe(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.play(Tile(4, 4), Tile(4, 9))  # Ana opens a chicken foot
    assert loop.state.lock is not None
    assert "Ben: 3 toes on the 4-4" in loop.texts()  # whose turn, and what the table waits for
    places = {w.key: w for w in loop.widgets() if w.key.startswith("end:")}
    assert not places["end:4-4"].locked
    assert places["end:7-9"].locked  # the places outside the foot are visibly closed
    loop.tap("menu")
    loop.tap("menu:hub")  # the on-screen hub while the foot is open: how many toes to go
    assert "3 toes to go" in loop.texts()
    loop.play(Tile(1, 4), Tile(4, 4))
    assert "Ana: 2 toes on the 4-4" in loop.texts()
    loop.play(Tile(4, 6), Tile(4, 4))
    loop.play(Tile(3, 4), Tile(4, 4))
    assert loop.state.lock is None
    assert not any(w.locked for w in loop.widgets())
    assert loop.state.table.placed[Tile(4, 4)].kind is PlaceKind.FOOT


def test_a_number_that_makes_no_play_refuses_at_the_touch_beside_the_finger(loop: Loop) -> None:
    """While the foot on 4-4 waits, the map's other ends are padlocked (and no target: the
    pad is); a number on the pad that makes no toe says why beside the finger, greyed in
    its own cell, and changes nothing."""
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    loop.play(Tile(7, 9), Tile(9, 9))
    loop.play(Tile(4, 4), Tile(4, 9))
    before = loop.state.fingerprint()
    assert not loop.has("end:7-9")  # padlocked, and a picture: the pad takes the plays
    for first, second, reason in [
        (None, 9, "The foot on 4-4 needs 3 more toes first"),  # 9-4 is down
        (7, 9, "The 7-9 is already on the table"),
        (7, 5, "The foot on 4-4 needs 3 more toes first"),
    ]:
        if first is not None and loop.ui.screens["play"].entry.first != first:
            loop.tap(f"half:{first}")
        cell = loop.find(f"half:{second}")
        assert not cell.enabled
        loop.tap(f"half:{second}")
        message = next(w for w in loop.widgets() if w.text == reason)
        assert message.kind is Kind.BANNER
        assert abs(message.rect.centerx - cell.rect.centerx) < loop.ui.size[0] // 2
        assert not message.rect.colliderect(loop.find("status").rect)  # the status stays
        assert loop.state.fingerprint() == before  # nothing changed
        loop.settle()
        assert all(w.text != reason for w in loop.widgets())
    assert loop.ui.screens["play"].entry.first == 7  # a refusal keeps the first number


def test_a_refused_play_shows_the_engines_message_where_the_finger_is(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    before = loop.state.fingerprint()
    loop.tap("draw")  # Ben draws...
    loop.tap("draw")  # ...and cannot draw again
    assert loop.refusals and "draw" in loop.refusals[-1]
    message = next(w for w in loop.widgets() if w.role == "tip")
    assert message.kind is Kind.BANNER
    assert loop.state.fingerprint() != before  # the first draw stands, the second changed nothing


def test_undo_is_one_tap_and_says_what_it_undid(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.play(Tile(4, 9), Tile(9, 9))
    before = loop.state.fingerprint()
    loop.play(Tile(7, 9), Tile(9, 9))
    assert "Last: Ben played 9-7 on arm B" in loop.texts()
    loop.tap("undo")
    assert loop.state.fingerprint() == before
    assert loop.notices == ["Undid: Ben played 9-7 on arm B"]  # named as on the map
    notice = next(w for w in loop.widgets() if w.text == loop.notices[0])
    buttons = [w for w in loop.widgets() if w.tappable]
    assert not any(notice.rect.colliderect(w.rect) for w in buttons)


def test_a_blocked_round_is_scored_from_the_hands(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=1)
    loop.tap("player:Ana")
    loop.block_round()
    assert loop.state.round_end.value == "blocked"
    assert loop.ui.current == "round_end"
    said = " ".join(loop.texts())  # and why, in the title or on a line of its own
    assert "Round 1 is blocked" in said
    assert "everyone passed with the chicken yard at its reserve of 2" in said.lower()
    loop.enter_pips({"Ana": 30, "Ben": 41})
    assert loop.state.scores == [[30, 41]]
    assert loop.ui.current == "game_over"


def test_a_finished_game_with_a_tie_broken_by_rounds_scored_zero(loop: Loop) -> None:
    loop.new_game(["Ana", "Ben"], rounds=2)
    loop.tap("player:Ana")
    loop.block_round()
    loop.enter_pips({"Ana": 0, "Ben": 6})
    assert loop.ui.current == "scores"
    loop.tap("bar:1")  # next round
    loop.tap("player:Ben")
    loop.block_round()
    loop.enter_pips({"Ana": 12, "Ben": 6})
    assert loop.state.totals == [12, 12]
    assert loop.state.outcome.decided_by is TieBreak.ZERO_ROUNDS
    assert loop.ui.current == "game_over"
    texts = loop.texts()
    assert "Ana wins!" in texts
    assert "Ana and Ben tied on 12; Ana wins with more rounds scored 0 (1 round)." in texts
