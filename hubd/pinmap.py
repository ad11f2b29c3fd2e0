"""The hub's pin map as plain data.

Import-safe anywhere (no gpiozero, no I/O): the daemon's default config, the wiring
guide in ``hardware/`` and its SVG diagram are all made from this one table, and a
test checks that they agree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PinAssignment:
    """One wire from the Pi's 40-pin header to a part of the hub."""

    role: str  # config key under [pins], e.g. "button"
    bcm: int | None  # BCM GPIO number; None for power and ground pins
    physical: int  # header pin number, 1-40
    part: str
    wire: str  # wire colour used in the guide and the diagram
    note: str = ""


#: Header pins that carry power or ground: never usable as a GPIO.
POWER_PINS: frozenset[int] = frozenset({1, 2, 4, 17})
GROUND_PINS: frozenset[int] = frozenset({6, 9, 14, 20, 25, 30, 34, 39})

#: BCM number -> physical header pin, for the 26 GPIOs on the 40-pin header.
BCM_TO_PHYSICAL: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip

#: The hub's wiring. Roles with a BCM number are configurable under [pins].
PIN_MAP: tuple[PinAssignment, ...] = (
    PinAssignment("button", 17, 11, "arcade button (one leg)", "yellow",
                  "internal pull-up; the other leg goes to ground"),
    PinAssignment("button_ground", None, 9, "arcade button (other leg)", "black"),
    PinAssignment("light", 18, 12, "hub LED anode via 68 ohm resistor", "red",
                  "hardware PWM channel 0, so the pulse is smooth"),
    PinAssignment("light_ground", None, 14, "hub LED cathode", "black"),
    PinAssignment("dfplayer_tx", 14, 8, "DFPlayer Mini RX via 1 kohm resistor", "green",
                  "UART TX (only with speaker = \"dfplayer\")"),
    PinAssignment("dfplayer_rx", 15, 10, "DFPlayer Mini TX", "blue",
                  "UART RX (only with speaker = \"dfplayer\")"),
    PinAssignment("dfplayer_power", None, 2, "DFPlayer Mini VCC (5 V)", "orange"),
    PinAssignment("dfplayer_ground", None, 6, "DFPlayer Mini GND", "black"),
)  # fmt: skip


def default_pins() -> dict[str, int]:
    """The configurable GPIO roles and their default BCM numbers."""
    return {p.role: p.bcm for p in PIN_MAP if p.bcm is not None and p.role in ("button", "light")}
