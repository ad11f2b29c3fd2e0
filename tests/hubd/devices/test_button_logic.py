"""The hub button: glitch filter, debounce and hold logic with explicit times, and the
gpiozero adapter."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hubd.devices.button import ButtonEdge, ButtonLogic, ButtonSignal, GpioButton
from hubd.devices.clock import FakeClock

PRESS, HOLD, RELEASE = ButtonSignal.PRESS, ButtonSignal.HOLD, ButtonSignal.RELEASE
LONG_HOLD = ButtonSignal.LONG_HOLD
GLITCH_S = 0.002  # the config's default [button] glitch_ms = 2


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
    with pytest.raises(ValueError, match="glitch_s"):
        ButtonLogic(glitch_s=-0.001)
    with pytest.raises(ValueError, match="long_hold_s > hold_s"):
        ButtonLogic(hold_s=3.0, long_hold_s=3.0)


# --- the glitch filter ---------------------------------------------------------------------------


def spikes(start: float, count: int, width: float, gap: float) -> list[tuple[bool, float]]:
    """``count`` low spikes ``width`` s long, ``gap`` s apart: noise on a long wire."""
    edges = []
    for i in range(count):
        t = start + i * (width + gap)
        edges += [(True, t), (False, t + width)]
    return edges


def run(
    logic: ButtonLogic, edges: Iterable[tuple[bool, float]], until: float
) -> list[ButtonSignal]:
    """Feed edges, polling at every deadline on the way, as the main loop does."""
    signals: list[ButtonSignal] = []
    for pressed, t in edges:
        while (deadline := logic.next_deadline()) is not None and deadline <= t:
            signals += logic.poll(deadline)
        signals += logic.edge(pressed, t)
    while (deadline := logic.next_deadline()) is not None and deadline <= until:
        signals += logic.poll(deadline)
    return signals + logic.poll(until)


@pytest.mark.parametrize("width", [0.00001, 0.0005, 0.0019])
def test_spikes_shorter_than_the_filter_are_no_press(width: float) -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S)
    assert run(logic, spikes(1.0, 200, width, 0.003), until=10.0) == []
    assert not logic.is_pressed


def test_a_spike_is_no_press_even_when_nobody_polls_in_between() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S)
    assert feed(logic, [(True, 1.0), (False, 1.0015), (True, 1.5), (False, 1.501)]) == []
    assert logic.poll(5.0) == []


def test_a_press_counts_once_the_line_stayed_low_for_the_filter() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S)
    assert logic.edge(True, 1.0) == []
    assert logic.next_deadline() == pytest.approx(1.002)
    assert logic.poll(1.0019) == []
    assert logic.poll(1.002) == [PRESS]
    assert logic.is_pressed


def test_a_real_press_with_bounce_on_both_edges_is_one_press() -> None:
    logic = ButtonLogic(debounce_s=0.02, glitch_s=GLITCH_S)
    edges = bounce(1.0, settle=True) + bounce(1.2, settle=False)
    assert run(logic, edges, until=2.0) == [PRESS, RELEASE]


def test_bounce_restarts_the_filter_so_the_press_comes_once_it_settles() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S)
    signals = feed(logic, bounce(1.0, settle=True, edges=9, span=0.004))  # settles at 1.004
    assert signals == []
    assert logic.next_deadline() == pytest.approx(1.006)
    assert logic.poll(1.006) == [PRESS]


def test_spikes_then_a_press_then_spikes_give_one_press() -> None:
    logic = ButtonLogic(debounce_s=0.02, glitch_s=GLITCH_S)
    edges = spikes(0.0, 50, 0.001, 0.004)
    edges += bounce(1.0, settle=True) + bounce(1.5, settle=False)
    edges += spikes(2.0, 50, 0.001, 0.004)
    assert run(logic, edges, until=5.0) == [PRESS, RELEASE]


def test_holds_are_timed_from_when_the_line_went_low() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S, hold_s=3.0)
    logic.edge(True, 10.0)
    assert logic.poll(10.002) == [PRESS]
    assert logic.next_deadline() == pytest.approx(13.0)


def test_a_late_poll_reports_the_press_and_the_hold_in_order() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S, hold_s=3.0, long_hold_s=8.0)
    logic.edge(True, 0.0)
    assert logic.poll(9.0) == [PRESS, HOLD, LONG_HOLD]


# --- the long hold (shut down) --------------------------------------------------------------------


def test_a_long_hold_comes_after_the_hold_once() -> None:
    logic = ButtonLogic(glitch_s=GLITCH_S, hold_s=3.0, long_hold_s=8.0)
    signals = logic.edge(True, 0.0)
    for tenth in range(1, 200):
        signals += logic.poll(tenth / 10)
    assert signals == [PRESS, HOLD, LONG_HOLD]
    assert logic.next_deadline() is None
    assert logic.edge(False, 30.0) == []
    assert logic.poll(30.02) == [RELEASE]


def test_letting_go_between_the_holds_is_only_the_hold() -> None:
    logic = ButtonLogic(hold_s=3.0, long_hold_s=8.0)
    assert run(logic, [(True, 0.0), (False, 5.0)], until=20.0) == [PRESS, HOLD, RELEASE]


def test_without_a_long_hold_a_stuck_button_only_holds() -> None:
    logic = ButtonLogic(hold_s=3.0)
    assert run(logic, [(True, 0.0)], until=100.0) == [PRESS, HOLD]


def test_the_button_from_the_config_keeps_the_glitch_filter_and_both_holds() -> None:
    from hubd.config.schema import ButtonConfig

    logic = ButtonLogic.from_config(ButtonConfig())
    assert (logic.debounce_s, logic.hold_s, logic.long_hold_s) == (0.02, 3.0, 8.0)
    assert logic.glitch_s == GLITCH_S
    custom = ButtonLogic.from_config(ButtonConfig(glitch_ms=5, shutdown_seconds=0))
    assert (custom.glitch_s, custom.long_hold_s) == (0.005, None)


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


def test_gpio_button_starts_no_thread(mock_factory: object) -> None:
    """gpiozero's ``Button`` would start a hold thread that wakes 10 times a second for as
    long as the hub runs (idle CPU); the hub times holds itself, so it takes a plain input."""
    import threading

    before = set(threading.enumerate())
    posted: list[ButtonEdge] = []
    button = GpioButton(17, posted.append, FakeClock(), pin_factory=mock_factory)
    try:
        assert set(threading.enumerate()) - before == set()
    finally:
        button.close()
