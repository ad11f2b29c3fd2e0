"""Draw the wiring diagram and the generated parts of the wiring docs from ``hubd.config.pinmap``.

Standard library only. ``python3 hardware/diagram.py`` rewrites ``hardware/wiring.svg``,
the pin table in ``hardware/README.md`` and the LED sums in ``hardware/BOM.md``;
``--check`` only reports (exit 1) when any of them is out of date with the pin map.
This file holds the command and the docs' generated blocks; the picture is laid out in
``wiring_svg.py`` with the primitives of ``drawing.py``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

HARDWARE_DIR = Path(__file__).resolve().parent
REPO_ROOT = HARDWARE_DIR.parent
if str(REPO_ROOT) not in sys.path:  # run as a script from a checkout without the venv
    sys.path.insert(0, str(REPO_ROOT))

from hardware.wiring_svg import ohms_text, render_svg, terminal_text  # noqa: E402
from hubd.config.pinmap import (  # noqa: E402
    GPIO_DEFAULT_DRIVE_MILLIAMPS,
    GPIO_PIN_LIMIT_MILLIAMPS,
    GPIO_VOLTS,
    I2S_AMP_WIRING,
    LED_FORWARD_VOLTS,
    LED_RESISTOR_OHMS,
    LED_TARGET_MILLIAMPS,
    PIN_MAP,
    PinAssignment,
    header_pin_name,
    led_current_milliamps,
)

SVG_PATH = HARDWARE_DIR / "wiring.svg"
README_PATH = HARDWARE_DIR / "README.md"
BOM_PATH = HARDWARE_DIR / "BOM.md"


# --------------------------------------------------------------------------- text parts


def pin_table_markdown(pin_map: Iterable[PinAssignment] = PIN_MAP) -> str:
    """The wiring guide's pin table, in header order."""
    lines = [
        "| BCM | Header pin | Header name | Part | Part terminal | In series | Wire | Note |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for a in sorted(pin_map, key=lambda a: a.physical):
        bcm = str(a.bcm) if a.bcm is not None else "-"
        resistor = ohms_text(a.series_resistor_ohms) if a.series_resistor_ohms else ""
        cells = [
            bcm,
            str(a.physical),
            header_pin_name(a.physical),
            a.part,
            terminal_text(a),
            resistor,
            a.wire,
            a.note,
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def led_sums_markdown() -> str:
    """The LED resistor worked out from the pin map's numbers, for the bill of materials."""
    drop = GPIO_VOLTS - LED_FORWARD_VOLTS
    target_amps = LED_TARGET_MILLIAMPS / 1000
    exact_ohms = drop / target_amps
    current = led_current_milliamps()
    share = current / GPIO_PIN_LIMIT_MILLIAMPS * 100
    return "\n".join(
        [
            f"- GPIO high level: {GPIO_VOLTS:.1f} V. Red, amber or yellow LED forward voltage: "
            f"about {LED_FORWARD_VOLTS:.1f} V.",
            f"- Voltage left for the resistor: {GPIO_VOLTS:.1f} V - {LED_FORWARD_VOLTS:.1f} V "
            f"= {drop:.1f} V.",
            f"- For about {LED_TARGET_MILLIAMPS:g} mA: R = {drop:.1f} V / {target_amps:g} A = "
            f"{exact_ohms:.0f} Ω; the nearest "
            f"standard (E12) value is **{LED_RESISTOR_OHMS} Ω**.",
            f"- Check: I = {drop:.1f} V / {LED_RESISTOR_OHMS} Ω = **{current:.1f} mA**: bright "
            f"enough for a diffused 5 mm or 10 mm LED on a table, under the pin's default "
            f"{GPIO_DEFAULT_DRIVE_MILLIAMPS:.0f} mA drive and {share:.0f} % of the "
            f"{GPIO_PIN_LIMIT_MILLIAMPS:.0f} mA a single pin should ever carry.",
            f"- Power in the resistor: {drop:.1f} V x {current / 1000:.4f} A = "
            f"{drop * current:.0f} mW, so any 1/4 W resistor will do.",
        ]
    )


def replace_block(text: str, name: str, body: str) -> str:
    """Put ``body`` between the ``BEGIN GENERATED name`` and ``END GENERATED name`` markers."""
    begin = f"<!-- BEGIN GENERATED {name}"
    end = f"<!-- END GENERATED {name} -->"
    start = text.find(begin)
    stop = text.find(end)
    if start < 0 or stop < start:
        raise ValueError(f"markers for the generated block {name!r} are missing")
    start = text.index("-->", start) + len("-->")
    return text[:start] + "\n" + body + "\n" + text[stop:]


#: file -> generated blocks in it.
GENERATED_BLOCKS: dict[Path, dict[str, Callable[[], str]]] = {
    README_PATH: {
        "pin-table": pin_table_markdown,
        "i2s-amp-table": lambda: pin_table_markdown(I2S_AMP_WIRING),
    },
    BOM_PATH: {"led-resistor": led_sums_markdown},
}


# --------------------------------------------------------------------------- command line


def expected_files() -> dict[Path, str]:
    """Every generated file and the text it should hold now."""
    files = {SVG_PATH: render_svg()}
    for path, blocks in GENERATED_BLOCKS.items():
        text = path.read_text(encoding="utf-8")
        for name, make in blocks.items():
            text = replace_block(text, name, make())
        files[path] = text
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true",
                        help="only report files that are out of date (exit 1)")  # fmt: skip
    args = parser.parse_args(argv)
    stale = []
    for path, text in expected_files().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        verb = "out of date" if args.check else "rewritten"
        print(f"{path.relative_to(REPO_ROOT)}: {verb}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
