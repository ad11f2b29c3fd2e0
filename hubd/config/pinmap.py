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

    role: str  # config key under [pins], e.g. "button"; the part is the text before "_"
    bcm: int | None  # BCM GPIO number; None for power and ground pins
    physical: int  # header pin number, 1-40
    part: str
    wire: str  # wire colour used in the guide and the diagram
    note: str = ""
    part_pin: str = ""  # the terminal on the part, as printed on it ("NO", "RX", ...)
    series_resistor_ohms: int = 0  # a resistor in this wire, 0 for none

    @property
    def device(self) -> str:
        """The part this wire goes to: "button", "light" or "dfplayer"."""
        return self.role.split("_", 1)[0]


#: Header pins that carry power or ground: never usable as a GPIO.
FIVE_VOLT_PINS: frozenset[int] = frozenset({2, 4})
THREE_VOLT_PINS: frozenset[int] = frozenset({1, 17})
POWER_PINS: frozenset[int] = FIVE_VOLT_PINS | THREE_VOLT_PINS
GROUND_PINS: frozenset[int] = frozenset({6, 9, 14, 20, 25, 30, 34, 39})

#: BCM number -> physical header pin, for the 26 GPIOs on the 40-pin header.
BCM_TO_PHYSICAL: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip

#: Pins 27 and 28 are the HAT ID EEPROM's I2C bus: reserved, never wired.
ID_EEPROM_PINS: frozenset[int] = frozenset({27, 28})

# The hub LED is driven straight from its GPIO pin through a series resistor. The sums
# (shown in hardware/BOM.md, made from these numbers) keep the current well under what
# one pin may source: the Pi's GPIO pads are set to 8 mA drive by default and 16 mA is
# the most any single pin should ever carry.
GPIO_VOLTS = 3.3
LED_FORWARD_VOLTS = 2.0  # a red, amber or yellow 5 mm or 10 mm LED
LED_TARGET_MILLIAMPS = 6.0  # plenty for a diffused LED on a table
LED_RESISTOR_OHMS = 220  # the E12 value nearest (GPIO_VOLTS - LED_FORWARD_VOLTS) / target
GPIO_PIN_LIMIT_MILLIAMPS = 16.0
GPIO_DEFAULT_DRIVE_MILLIAMPS = 8.0

# The button's wire: a 1 kΩ resistor in series keeps a slip safe (the NO wire on the 3.3 V
# pin, or the pin driven high by mistake, passes 3.3 mA instead of a short); with the
# internal pull-up (about 50 kΩ) a press still reads 3.3 V x 1 / 51 = 0.06 V, far below the
# 0.8 V a pin reads as low. A long run to the table's centre may add a 10 kΩ pull-up to
# 3.3 V and a 100 nF capacitor from the pin to ground at the Pi's end.
BUTTON_RESISTOR_OHMS = 1000
BUTTON_PULL_UP_OHMS = 10_000
BUTTON_CAPACITOR_NF = 100

#: The I2S sound pins (PCM_CLK, PCM_FS, PCM_DIN, PCM_DOUT): an I2S amplifier or sound HAT
#: takes them, so neither the button nor the light may sit on one by default.
I2S_PINS: dict[int, str] = {18: "BCLK", 19: "LRCLK", 20: "DIN", 21: "DOUT"}


def led_current_milliamps(
    resistor_ohms: int = LED_RESISTOR_OHMS,
    forward_volts: float = LED_FORWARD_VOLTS,
    supply_volts: float = GPIO_VOLTS,
) -> float:
    """Ohm's law over the resistor: what the LED draws when the pin is high."""
    return (supply_volts - forward_volts) / resistor_ohms * 1000.0


#: The hub's wiring. Roles with a BCM number are configurable under [pins].
PIN_MAP: tuple[PinAssignment, ...] = (
    PinAssignment("button", 17, 11, "arcade button microswitch", "yellow",
                  "internal pull-up: reads high, low while pressed; the resistor makes a "
                  "slip onto the wrong pin harmless", part_pin="NO",
                  series_resistor_ohms=BUTTON_RESISTOR_OHMS),
    PinAssignment("button_ground", None, 9, "arcade button microswitch", "black",
                  "NC terminal stays unused", part_pin="COM"),
    PinAssignment("light", 13, 33, "hub LED", "orange",
                  "a PWM pin that I2S sound leaves free; a hub built with the LED on GPIO18 "
                  "keeps light = 18 in its config",
                  part_pin="anode (long leg)", series_resistor_ohms=LED_RESISTOR_OHMS),
    PinAssignment("light_ground", None, 39, "hub LED", "black",
                  part_pin="cathode (short leg, flat rim)"),
    PinAssignment("dfplayer_tx", 14, 8, "DFPlayer Mini", "green",
                  "UART TXD, only with speaker = \"dfplayer\"; the series resistor the "
                  "module's makers advise, it also keeps data noise off the speaker",
                  part_pin="RX",
                  series_resistor_ohms=1000),
    PinAssignment("dfplayer_rx", 15, 10, "DFPlayer Mini", "blue",
                  "UART RXD, only with speaker = \"dfplayer\"; the module's TX is 3.3 V logic",
                  part_pin="TX"),
    PinAssignment("dfplayer_power", None, 2, "DFPlayer Mini", "red",
                  "5 V: the module's amplifier drives the 3 W speaker", part_pin="VCC"),
    PinAssignment("dfplayer_ground", None, 6, "DFPlayer Mini", "black", part_pin="GND"),
)  # fmt: skip


#: An I2S amplifier board (MAX98357A and the like) for a Pi with no audio jack (Pi 5, Zero 2 W):
#: the alternative to the DFPlayer Mini, so it takes the same 5 V and ground pins.
I2S_AMP_WIRING: tuple[PinAssignment, ...] = (
    PinAssignment("amp_power", None, 2, "I2S amplifier (MAX98357A)", "red",
                  "5 V: about 3 W into 4 Ω", part_pin="VIN"),
    PinAssignment("amp_ground", None, 6, "I2S amplifier (MAX98357A)", "black", part_pin="GND"),
    PinAssignment("amp_bclk", 18, 12, "I2S amplifier (MAX98357A)", "purple",
                  "I2S bit clock", part_pin="BCLK"),
    PinAssignment("amp_lrclk", 19, 35, "I2S amplifier (MAX98357A)", "brown",
                  "I2S left/right clock", part_pin="LRC"),
    PinAssignment("amp_din", 21, 40, "I2S amplifier (MAX98357A)", "white",
                  "I2S data from the Pi", part_pin="DIN"),
)  # fmt: skip


def default_pins() -> dict[str, int]:
    """The configurable GPIO roles and their default BCM numbers."""
    return {p.role: p.bcm for p in PIN_MAP if p.bcm is not None and p.role in ("button", "light")}


def header_pin_name(physical: int) -> str:
    """The name printed on pinout charts for a header pin: "5V", "GND", "GPIO17", ..."""
    if physical in FIVE_VOLT_PINS:
        return "5V"
    if physical in THREE_VOLT_PINS:
        return "3V3"
    if physical in GROUND_PINS:
        return "GND"
    if physical in ID_EEPROM_PINS:
        return "ID_SD" if physical == 27 else "ID_SC"
    for bcm, pin in BCM_TO_PHYSICAL.items():
        if pin == physical:
            return f"GPIO{bcm}"
    raise ValueError(f"no header pin {physical}: the 40-pin header has pins 1 to 40")
