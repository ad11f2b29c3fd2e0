"""The hub button: debounce and hold logic with explicit times, and the gpiozero adapter."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hubd.clock import FakeClock
from hubd.hardware.button import ButtonEdge, ButtonLogic, ButtonSignal, GpioButton

PRESS, HOLD, RELEASE = ButtonSignal.PRESS, ButtonSignal.HOLD, ButtonSignal.RELEASE


def feed(logic: ButtonLogic, edges: Iterable[tuple[bool, float]]) -> list[ButtonSignal]:
    signals: list[ButtonSignal] = []
    for pressed, t in edges:
        signals += logic.edge(pressed, t)
    return signals


def bounce(
    start: float, settle: bool, edges: int = 10, span: float = 0.005
) -> list[tuple[bool, float]]:
    """``edges`` alternating contact changes within ``span`` seconds, ending at ``settle``."""
    step = span / (edges - 1)
    first = settle if edges % 2 else not settle
    return [(first if i % 2 == 0 else not first, start + i * step) for i in range(edges)]


def test_press_is_reported_on_the_first_edge() -> None:
    logic = ButtonLogic()
    assert logic.edge(True, 1.0) == [PRESS]
    assert logic.is_pressed


def test_bounce_on_press_and_release_gives_one_press_and_one_release() -> None:
    logic = ButtonLogic(debounce_s=0.02)
    assert feed(logic, bounce(1.0, settle=True)) == [PRESS]
    assert feed(logic, bounce(1.3, settle=False)) == []
    assert logic.poll(1.305 + 0.019) == []
    assert logic.poll(1.305 + 0.021) == [RELEASE]
    assert logic.poll(2.0) == []


def test_bounce_ending_up_is_a_short_press() -> None:
    """A tap so short the contacts settle open: still one press, then a release."""
    logic = ButtonLogic(debounce_s=0.02)
    assert feed(logic, bounce(0.0, settle=False, edges=6)) == [PRESS]
    assert logic.poll(1.0) == [RELEASE]


def test_second_real_press_after_release() -> None:
    logic = ButtonLogic(debounce_s=0.02)
    signals = feed(logic, [(True, 0.0), (False, 0.1)])
    signals += logic.poll(0.13)
    signals += feed(logic, [(True, 0.2), (False, 0.3)])
    signals += logic.poll(0.4)
    assert signals == [PRESS, RELEASE, PRESS, RELEASE]


def test_release_found_late_by_the_next_press() -> None:
    """If nobody polled, the next edge still closes the old press before the new one."""
    logic = ButtonLogic(debounce_s=0.02)
    assert feed(logic, [(True, 0.0), (False, 0.1), (True, 0.5)]) == [PRESS, RELEASE, PRESS]


def test_gap_shorter_than_debounce_is_not_a_new_press() -> None:
    logic = ButtonLogic(debounce_s=0.02)
    assert feed(logic, [(True, 0.0), (False, 0.1), (True, 0.115)]) == [PRESS]


def test_stuck_button_gives_one_press_and_one_hold() -> None:
    logic = ButtonLogic(debounce_s=0.02, hold_s=3.0)
    signals = logic.edge(True, 0.0)
    for tenth in range(1, 3000):  # five minutes of a loop polling ten times a second
        signals += logic.poll(tenth / 10)
    assert signals == [PRESS, HOLD]
    assert logic.next_deadline() is None


def test_hold_is_due_at_its_deadline_and_not_a_second_press() -> None:
    logic = ButtonLogic(debounce_s=0.02, hold_s=3.0)
    assert logic.edge(True, 10.0) == [PRESS]
    assert logic.next_deadline() == pytest.approx(13.0)
    assert logic.poll(12.999) == []
    assert logic.poll(13.0) == [HOLD]
    assert logic.edge(False, 14.0) == []
    assert logic.poll(14.02) == [RELEASE]


def test_release_before_hold_deadline_gives_no_hold() -> None:
    logic = ButtonLogic(debounce_s=0.02, hold_s=3.0)
    signals = feed(logic, [(True, 0.0), (False, 2.9)])
    assert logic.next_deadline() == pytest.approx(2.92)
    signals += logic.poll(5.0)
    assert signals == [PRESS, RELEASE]


def test_hold_reported_by_an_edge_when_nobody_polled() -> None:
    logic = ButtonLogic(hold_s=3.0)
    assert feed(logic, [(True, 0.0), (False, 4.0)]) == [PRESS, HOLD]


def test_bounce_across_the_hold_deadline_still_holds() -> None:
    logic = ButtonLogic(debounce_s=0.02, hold_s=3.0)
    assert feed(logic, [(True, 0.0), (False, 2.995)]) == [PRESS]
    assert logic.poll(3.001) == []  # open right now: not a hold yet, not a release either
    assert logic.edge(True, 3.005) == [HOLD]
    assert logic.poll(60.0) == []


def test_next_deadline_is_none_when_idle() -> None:
    logic = ButtonLogic()
    assert logic.next_deadline() is None
    assert logic.poll(100.0) == []


def test_out_of_order_and_equal_timestamps() -> None:
    logic = ButtonLogic(debounce_s=0.02, hold_s=3.0)
    assert feed(logic, [(True, 5.0), (False, 4.0), (True, 4.0), (False, 5.0)]) == [PRESS]
    assert logic.poll(5.01) == []  # time "went back": the release counts from 5.0
    assert logic.poll(5.02) == [RELEASE]


def test_repeated_level_is_not_an_edge() -> None:
    logic = ButtonLogic(debounce_s=0.02)
    assert feed(logic, [(True, 0.0), (True, 0.5), (False, 1.0), (False, 1.01)]) == [PRESS]
    assert logic.poll(1.02) == [RELEASE]


def test_bad_timings_are_refused() -> None:
    with pytest.raises(ValueError, match="debounce_s"):
        ButtonLogic(debounce_s=3.0, hold_s=3.0)


def test_gpio_button_posts_raw_edges_with_clock_times(mock_factory: object) -> None:
    from gpiozero.pins.mock import MockFactory

    assert isinstance(mock_factory, MockFactory)
    clock = FakeClock(100.0)
    posted: list[ButtonEdge] = []
    button = GpioButton(17, posted.append, clock, pin_factory=mock_factory)
    pin = mock_factory.pin(17)
    try:
        assert not button.is_pressed
        pin.drive_low()
        assert button.is_pressed
        clock.set(100.001)
        pin.drive_high()
        clock.set(100.002)
        pin.drive_low()
        assert posted == [
            ButtonEdge(True, 100.0),
            ButtonEdge(False, 100.001),
            ButtonEdge(True, 100.002),
        ]
    finally:
        button.close()
    pin.drive_high()  # closed: no more posts
    assert len(posted) == 3


def test_gpio_edges_through_the_logic_give_one_press(mock_factory: object) -> None:
    """The whole path a press takes: mock pin -> adapter -> queue -> logic."""
    from gpiozero.pins.mock import MockFactory

    assert isinstance(mock_factory, MockFactory)
    clock = FakeClock()
    posted: list[ButtonEdge] = []
    button = GpioButton(17, posted.append, clock, pin_factory=mock_factory)
    pin = mock_factory.pin(17)
    try:
        for _ in range(5):
            pin.drive_low()
            clock.advance(0.0005)
            pin.drive_high()
            clock.advance(0.0005)
        pin.drive_low()
    finally:
        button.close()
    logic = ButtonLogic()
    signals = [s for e in posted for s in logic.edge(e.pressed, e.t)]
    assert len(posted) == 11
    assert signals == [PRESS]
