"""The pin map against the header, the config defaults, the wiring guide and its diagram."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from checkout import REPO

from hubd.config.pinmap import (
    BCM_TO_PHYSICAL,
    BUTTON_RESISTOR_OHMS,
    FIVE_VOLT_PINS,
    GPIO_DEFAULT_DRIVE_MILLIAMPS,
    GPIO_PIN_LIMIT_MILLIAMPS,
    GPIO_VOLTS,
    GROUND_PINS,
    I2S_AMP_WIRING,
    I2S_PINS,
    ID_EEPROM_PINS,
    LED_FORWARD_VOLTS,
    LED_RESISTOR_OHMS,
    LED_TARGET_MILLIAMPS,
    PIN_MAP,
    POWER_PINS,
    THREE_VOLT_PINS,
    PinAssignment,
    default_pins,
    header_pin_name,
    led_current_milliamps,
)

HARDWARE = REPO / "hardware"
SVG = "{http://www.w3.org/2000/svg}"
E12 = (10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82)


@pytest.fixture(scope="module")
def diagram(load_script: Callable[[str, Path], ModuleType]) -> ModuleType:
    """hardware/diagram.py, a script rather than a package module."""
    return load_script("hardware_diagram", HARDWARE / "diagram.py")


@pytest.fixture(scope="module")
def wiring_svg(diagram: ModuleType) -> ModuleType:
    """hardware/wiring_svg.py, which diagram.py imports once it has put the checkout on sys.path."""
    return importlib.import_module("hardware.wiring_svg")


# --- the header --------------------------------------------------------------------------------


def test_the_header_tables_cover_the_40_pins_once() -> None:
    gpio_pins = list(BCM_TO_PHYSICAL.values())
    assert len(BCM_TO_PHYSICAL) == 26
    assert len(set(gpio_pins)) == 26
    groups = [set(gpio_pins), POWER_PINS, GROUND_PINS, ID_EEPROM_PINS]
    assert sum(len(g) for g in groups) == 40
    assert set().union(*groups) == set(range(1, 41))
    assert POWER_PINS == FIVE_VOLT_PINS | THREE_VOLT_PINS


@pytest.mark.parametrize(
    ("physical", "name"),
    [(1, "3V3"), (2, "5V"), (6, "GND"), (11, "GPIO17"), (12, "GPIO18"), (27, "ID_SD"),
     (40, "GPIO21")],
)  # fmt: skip
def test_header_pin_names(physical: int, name: str) -> None:
    assert header_pin_name(physical) == name


@pytest.mark.parametrize("physical", [0, 41])
def test_header_pin_name_refuses_a_pin_that_is_not_there(physical: int) -> None:
    with pytest.raises(ValueError, match="pins 1 to 40"):
        header_pin_name(physical)


# --- the pin map -------------------------------------------------------------------------------


def test_no_header_pin_is_used_twice() -> None:
    pins = [a.physical for a in PIN_MAP]
    assert len(pins) == len(set(pins)), sorted(pins)


def test_no_gpio_is_used_twice() -> None:
    gpios = [a.bcm for a in PIN_MAP if a.bcm is not None]
    assert len(gpios) == len(set(gpios))


def test_roles_are_unique() -> None:
    roles = [a.role for a in PIN_MAP]
    assert len(roles) == len(set(roles))


@pytest.mark.parametrize("assignment", [a for a in PIN_MAP if a.bcm is not None], ids=str)
def test_a_gpio_role_sits_on_its_gpio_pin_never_on_power_or_ground(
    assignment: PinAssignment,
) -> None:
    bcm, physical = assignment.bcm, assignment.physical
    assert bcm is not None
    assert BCM_TO_PHYSICAL[bcm] == physical
    assert physical not in POWER_PINS | GROUND_PINS | ID_EEPROM_PINS


@pytest.mark.parametrize("assignment", [a for a in PIN_MAP if a.bcm is None], ids=str)
def test_a_power_or_ground_role_sits_on_such_a_pin(assignment: PinAssignment) -> None:
    role, physical = assignment.role, assignment.physical
    if role.endswith("_ground"):
        assert physical in GROUND_PINS
    else:
        assert role.endswith("_power")
        assert physical in FIVE_VOLT_PINS, "the DFPlayer's amplifier wants 5 V"


def test_every_wire_has_a_colour_the_diagram_knows_and_a_terminal(wiring_svg: ModuleType) -> None:
    for a in PIN_MAP:
        assert a.wire in wiring_svg.WIRE_HEX, a
        assert a.part_pin, a
        assert a.device in wiring_svg.DEVICE_TITLES, a


def test_default_pins_are_the_configurable_roles_of_the_pin_map() -> None:
    by_role = {a.role: a.bcm for a in PIN_MAP}
    assert default_pins() == {"button": by_role["button"], "light": by_role["light"]}


def test_the_default_config_takes_its_pins_from_the_pin_map() -> None:
    from hubd.config.loading import load_config

    assert dataclasses.asdict(load_config(None).pins) == default_pins()


def test_the_default_pins_leave_the_i2s_pins_free_for_an_amplifier() -> None:
    assert not set(default_pins().values()) & set(I2S_PINS)
    assert default_pins()["light"] == 13  # a PWM pin I2S does not use


def test_the_i2s_amplifier_uses_the_i2s_pins_and_only_the_dfplayers_power() -> None:
    """It replaces the DFPlayer (a Pi has one or the other), so it may share its 5 V and
    ground; every other pin is its own."""
    gpios = {a.bcm: a.part_pin for a in I2S_AMP_WIRING if a.bcm is not None}
    assert gpios == {18: "BCLK", 19: "LRC", 21: "DIN"}
    assert all(I2S_PINS[bcm] in ("BCLK", "LRCLK", "DOUT") for bcm in gpios)
    for a in I2S_AMP_WIRING:
        if a.bcm is not None:
            assert BCM_TO_PHYSICAL[a.bcm] == a.physical
    hub = {a.physical: a for a in PIN_MAP}
    shared = {a.physical for a in I2S_AMP_WIRING} & set(hub)
    assert {hub[p].device for p in shared} == {"dfplayer"}
    assert {a.physical for a in I2S_AMP_WIRING if a.bcm is None} <= POWER_PINS | GROUND_PINS


def test_the_button_wire_has_its_series_resistor_and_still_reads_low() -> None:
    button = next(a for a in PIN_MAP if a.role == "button")
    assert button.series_resistor_ohms == BUTTON_RESISTOR_OHMS == 1000
    assert button.physical == 11 and button.physical not in POWER_PINS
    # Pressed, the pin sees the divider of the resistor and the pull-ups (internal 50 kΩ, and
    # the optional 10 kΩ): far under the 0.8 V a pin reads as low.
    for pull_up in (50_000, 1 / (1 / 50_000 + 1 / 10_000)):
        assert GPIO_VOLTS * BUTTON_RESISTOR_OHMS / (BUTTON_RESISTOR_OHMS + pull_up) < 0.8
    # On 3.3 V by mistake, the resistor keeps the current to a few mA.
    assert GPIO_VOLTS / BUTTON_RESISTOR_OHMS * 1000 < GPIO_PIN_LIMIT_MILLIAMPS


# --- the LED -----------------------------------------------------------------------------------


def test_the_led_resistor_is_the_nearest_standard_value_and_safe_for_the_pin() -> None:
    exact = (GPIO_VOLTS - LED_FORWARD_VOLTS) / (LED_TARGET_MILLIAMPS / 1000)
    standard = [base * 10**decade for decade in range(4) for base in E12]
    assert min(standard, key=lambda r: abs(r - exact)) == LED_RESISTOR_OHMS
    current = led_current_milliamps()
    assert current == pytest.approx(5.9, abs=0.05)
    assert current <= GPIO_DEFAULT_DRIVE_MILLIAMPS < GPIO_PIN_LIMIT_MILLIAMPS
    light = next(a for a in PIN_MAP if a.role == "light")
    assert light.series_resistor_ohms == LED_RESISTOR_OHMS


# --- the docs made from it ---------------------------------------------------------------------


def test_the_generated_docs_and_diagram_are_up_to_date(diagram: ModuleType) -> None:
    for path, text in diagram.expected_files().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(REPO)} is out of date with hubd/config/pinmap.py: "
            "run python3 hardware/diagram.py"
        )
    assert diagram.main(["--check"]) == 0


def test_the_svg_is_deterministic(diagram: ModuleType) -> None:
    assert diagram.render_svg() == diagram.render_svg()


def readme_pin_table(block: str = "pin-table") -> list[dict[str, str]]:
    text = (HARDWARE / "README.md").read_text(encoding="utf-8")
    text = text.split(f"<!-- BEGIN GENERATED {block}", 1)[1].split("<!-- END GENERATED", 1)[0]
    lines = [line for line in text.splitlines() if line.startswith("| ")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header[:3] == ["BCM", "Header pin", "Header name"]
    rows = []
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == len(header) and cells[1].isdigit():
            rows.append(dict(zip(header, cells, strict=True)))
    return rows


@pytest.mark.parametrize(
    ("block", "wiring"), [("pin-table", PIN_MAP), ("i2s-amp-table", I2S_AMP_WIRING)]
)
def test_the_readme_pin_tables_list_every_wire(
    block: str, wiring: tuple[PinAssignment, ...]
) -> None:
    rows = readme_pin_table(block)
    assert len(rows) == len(wiring)
    by_pin = {int(row["Header pin"]): row for row in rows}
    for a in wiring:
        row = by_pin[a.physical]
        assert row["BCM"] == (str(a.bcm) if a.bcm is not None else "-")
        assert row["Header name"] == header_pin_name(a.physical)
        assert row["Wire"] == a.wire
        assert row["Part"] == a.part
        assert row["Part terminal"].startswith(a.part_pin)


def test_the_committed_svg_draws_every_wire_in_its_colour_and_all_40_pins() -> None:
    root = ET.parse(HARDWARE / "wiring.svg").getroot()
    wires = {
        int(g.attrib["data-pin"]): g.attrib["data-colour"]
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == "wire"
    }
    assert wires == {a.physical: a.wire for a in PIN_MAP}
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    for physical in range(1, 41):
        assert str(physical) in texts, f"header pin {physical} is not drawn"
    for a in PIN_MAP:
        assert header_pin_name(a.physical) in texts
        if a.series_resistor_ohms:
            assert any(str(a.series_resistor_ohms // 1000 or a.series_resistor_ohms) in t
                       and "Ω" in t for t in texts)  # fmt: skip


GPIO_MENTION = re.compile(
    r"GPIO ?(\d+)(?:\*\*)?(?: / [TR]XD)?(?:\*\*)?(?:,| =)?\s+\(?(?:physical )?pin (\d+)\)?"
)


@pytest.mark.parametrize("doc", ["README.md", "BOM.md", "TROUBLESHOOTING.md"])
def test_every_gpio_and_pin_named_together_in_the_docs_agree(doc: str) -> None:
    """Prose like "GPIO17 (pin 11)" or "GPIO14 / TXD (pin 8)" must match the header."""
    text = (HARDWARE / doc).read_text(encoding="utf-8")
    mentions = GPIO_MENTION.findall(text)
    for bcm, physical in mentions:
        assert BCM_TO_PHYSICAL[int(bcm)] == int(physical), f"{doc}: GPIO{bcm} is not pin {physical}"
    if doc == "README.md":
        named = {int(bcm) for bcm, _ in mentions}
        assert named >= {a.bcm for a in PIN_MAP if a.bcm is not None}


def test_the_led_resistor_in_the_prose_is_the_pin_maps() -> None:
    readme = (HARDWARE / "README.md").read_text(encoding="utf-8")
    bom = (HARDWARE / "BOM.md").read_text(encoding="utf-8")
    assert f"**{LED_RESISTOR_OHMS} Ω resistor**" in readme
    assert f"**{LED_RESISTOR_OHMS} Ω**, 1/4 W" in bom
