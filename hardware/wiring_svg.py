"""What wiring.svg shows: the header, each part with its wires and resistors, and the notes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from hardware.drawing import (
    CHANNEL_OFFSET,
    CHANNEL_STEP,
    CHAR_WIDTH,
    EVEN_X,
    HEIGHT,
    LABEL_GAP,
    LED_HEIGHT,
    ODD_X,
    PIN_RADIUS,
    PITCH,
    TERMINAL_GAP,
    TERMINAL_OFFSET,
    TOP,
    WIDTH,
    Point,
    Svg,
    pin_xy,
    side_of,
)
from hubd.config.pinmap import (
    GPIO_PIN_LIMIT_MILLIAMPS,
    GPIO_VOLTS,
    GROUND_PINS,
    I2S_AMP_WIRING,
    I2S_PINS,
    LED_FORWARD_VOLTS,
    LED_RESISTOR_OHMS,
    PIN_MAP,
    POWER_PINS,
    PinAssignment,
    header_pin_name,
    led_current_milliamps,
)

#: What each part is called in the diagram and the table.
DEVICE_TITLES: dict[str, str] = {
    "button": "Arcade button",
    "light": "Hub LED",
    "dfplayer": "DFPlayer Mini",
}

#: The DFPlayer Mini's own pin numbers (pin 1 is VCC, next to the notch).
DFPLAYER_MODULE_PINS: dict[str, int] = {
    "VCC": 1, "RX": 2, "TX": 3, "DAC_R": 4, "DAC_L": 5, "SPK_1": 6, "GND": 7, "SPK_2": 8,
}  # fmt: skip

WIRE_HEX: dict[str, str] = {
    "black": "#222222",
    "red": "#d62728",
    "orange": "#ff8c1a",
    "yellow": "#f2d300",
    "green": "#2ca02c",
    "blue": "#1f5fd6",
    "white": "#f4f4f4",
    "purple": "#8e44ad",
    "brown": "#8c564b",
    "grey": "#888888",
}
DARK_WIRES = frozenset({"black", "red", "green", "blue", "purple", "brown"})


def ohms_text(ohms: int) -> str:
    if ohms >= 1000 and ohms % 1000 == 0:
        return f"{ohms // 1000} kΩ"
    if ohms >= 1000:
        return f"{ohms / 1000:g} kΩ"
    return f"{ohms} Ω"


def terminal_text(assignment: PinAssignment) -> str:
    """The part's terminal as the docs name it, with the DFPlayer's pin number."""
    name = assignment.part_pin
    if assignment.device == "dfplayer" and name in DFPLAYER_MODULE_PINS:
        return f"{name} (pin {DFPLAYER_MODULE_PINS[name]})"
    return name


@dataclass(frozen=True)
class Terminal:
    assignment: PinAssignment
    point: Point


def draw_wire(svg: Svg, points: list[Point], wire: str, physical: int) -> None:
    colour = WIRE_HEX.get(wire, "#888888")
    svg.add(f'<g class="wire" data-pin="{physical}" data-colour="{escape(wire)}">')
    svg.line(points, "#222222", 6)  # a dark edge keeps yellow visible on white
    svg.line(points, colour, 3.5)
    svg.add("</g>")


def draw_resistor(svg: Svg, centre: Point, ohms: int) -> None:
    x, y = centre
    svg.rect(x - 17, y - 7, 34, 14, fill="#f5e6c8", rx=3)
    for dx in (-9, -2, 5):  # colour bands, just for the look
        svg.rect(x + dx, y - 7, 3, 14, fill="#7a5230", stroke="none", width=0)
    svg.text(x, y - 12, ohms_text(ohms), size=11, anchor="middle", weight="bold")


def draw_header(svg: Svg, used: dict[int, PinAssignment]) -> None:
    svg.rect(ODD_X - 22, TOP - 22, EVEN_X - ODD_X + 44, 19 * PITCH + 44, fill="#2b2b2b", rx=6)
    for physical in range(1, 41):
        x, y = pin_xy(physical)
        name = header_pin_name(physical)
        assignment = used.get(physical)
        if assignment is not None:
            fill = WIRE_HEX.get(assignment.wire, "#888888")
        elif physical in POWER_PINS:
            fill = "#f3b0b0"
        elif physical in GROUND_PINS:
            fill = "#9a9a9a"
        else:
            fill = "#f7f7f7"
        if physical == 1:  # pin 1 has the square pad
            svg.rect(x - PIN_RADIUS, y - PIN_RADIUS, 2 * PIN_RADIUS, 2 * PIN_RADIUS, fill=fill)
        else:
            svg.circle(x, y, PIN_RADIUS, fill=fill, width=2.5 if assignment else 1)
        number_fill = "#ffffff" if assignment and assignment.wire in DARK_WIRES else "#222222"
        svg.text(x, y + 3.5, str(physical), size=9, anchor="middle", fill=number_fill)
        side = side_of(physical)
        label_x = x + side * LABEL_GAP
        anchor = "start" if side > 0 else "end"
        if assignment is None:
            svg.text(label_x, y + 4, name, size=11, anchor=anchor, fill="#8a8a8a", mono=True)
            continue
        width = len(name) * CHAR_WIDTH + 10
        box_x = label_x - 5 if side > 0 else label_x - width + 5
        svg.rect(box_x, y - 9, width, 18, fill=WIRE_HEX.get(assignment.wire, "#888888"), rx=4)
        text_fill = "#ffffff" if assignment.wire in DARK_WIRES else "#222222"
        svg.text(label_x, y + 4, name, size=11, anchor=anchor, weight="bold", fill=text_fill,
                 mono=True)  # fmt: skip


def route(start: Point, end: Point, channel_x: float) -> list[Point]:
    """Straight across when the rows line up, else out, along a channel, and in."""
    if start[1] == end[1]:
        return [start, end]
    return [start, (channel_x, start[1]), (channel_x, end[1]), end]


def place_terminals(wires: list[PinAssignment], top: float, gap: float) -> list[float]:
    """Terminal heights: level with their header pins where possible, never closer than gap."""
    heights: list[float] = []
    for a in wires:
        lowest = top if not heights else heights[-1] + gap
        heights.append(max(pin_xy(a.physical)[1], lowest))
    return heights


def draw_button(svg: Svg, terminals: list[Terminal], side: int) -> float:
    ys = [t.point[1] for t in terminals]
    centre_y = (ys[0] + ys[-1]) / 2
    x_term = terminals[0].point[0]
    cap_x = x_term + side * 90
    for t in terminals:
        svg.line([(cap_x, t.point[1]), t.point], "#555555", 2)
        svg.text(x_term + side * 30, t.point[1] - 5, t.assignment.part_pin, size=10,
                 anchor="middle", weight="bold")  # fmt: skip
    svg.circle(cap_x, centre_y, 42, fill="#c0392b", width=2)
    svg.circle(cap_x, centre_y, 30, fill="#e74c3c", width=1)
    svg.text(cap_x, centre_y - 54, DEVICE_TITLES["button"], size=13, anchor="middle",
             weight="bold")  # fmt: skip
    svg.text(cap_x, centre_y + 60, "30 or 60 mm, microswitch", size=10, anchor="middle")
    return max(ys[-1], centre_y + 64)


def draw_light(svg: Svg, terminals: list[Terminal], side: int) -> float:
    (x, anode_y), (_, cathode_y) = terminals[0].point, terminals[-1].point
    svg.line([(x, anode_y), (x, cathode_y)], "#555555", 2)
    mid = (anode_y + cathode_y) / 2
    svg.polygon([(x - 13, mid - 11), (x + 13, mid - 11), (x, mid + 11)], fill="#ffb347")
    svg.line([(x - 13, mid + 11), (x + 13, mid + 11)], "#222222", 2.5)
    for dy in (-8, 2):  # light arrows
        svg.line([(x + 16, mid + dy), (x + 30, mid + dy - 10)], "#222222", 1.5)
        svg.polygon([(x + 30, mid + dy - 10), (x + 23, mid + dy - 9), (x + 28, mid + dy - 4)],
                    fill="#222222")  # fmt: skip
    text_x = x + side * 42
    anchor = "start" if side > 0 else "end"
    svg.text(text_x, mid - 6, DEVICE_TITLES["light"], size=13, anchor=anchor, weight="bold")
    svg.text(text_x, mid + 10, "red 5 or 10 mm", size=10, anchor=anchor)
    for t in terminals:
        svg.text(x + side * 8, t.point[1] + (-6 if t is terminals[0] else 16),
                 t.assignment.part_pin, size=10, anchor=anchor)  # fmt: skip
    return cathode_y + 20


def draw_dfplayer(svg: Svg, terminals: list[Terminal], side: int) -> float:
    ys = [t.point[1] for t in terminals]
    x_term = terminals[0].point[0]
    box_w = 190
    box_x = x_term if side > 0 else x_term - box_w
    box_top, box_bottom = ys[0] - 40, ys[-1] + 24
    svg.rect(box_x, box_top, box_w, box_bottom - box_top, fill="#dfe9f5", rx=4, width=2)
    svg.text(box_x + box_w / 2, box_top + 18, DEVICE_TITLES["dfplayer"], size=13,
             anchor="middle", weight="bold")  # fmt: skip
    svg.text(box_x + box_w / 2, box_top + 31, "only for a Pi Zero 2 W", size=10, anchor="middle")
    near_x = x_term + side * 8
    anchor = "start" if side > 0 else "end"
    for t in terminals:
        svg.text(near_x, t.point[1] + 4, terminal_text(t.assignment), size=10, anchor=anchor)
    # The speaker hangs off the far side of the module.
    far_x = x_term + side * box_w
    speaker_x = far_x + side * 60
    middle = (box_top + box_bottom) / 2
    far_anchor = "end" if side > 0 else "start"
    for name, y in (("SPK_1", middle - 14), ("SPK_2", middle + 14)):
        svg.text(far_x - side * 8, y + 4, f"{name} (pin {DFPLAYER_MODULE_PINS[name]})",
                 size=10, anchor=far_anchor)  # fmt: skip
        svg.line([(far_x, y), (speaker_x, y)], "#555555", 2.5)
    svg.rect(min(speaker_x, speaker_x + side * 12), middle - 20, 12, 40, fill="#555555")
    cone = [(speaker_x + side * 12, middle - 20), (speaker_x + side * 40, middle - 38),
            (speaker_x + side * 40, middle + 38), (speaker_x + side * 12, middle + 20)]  # fmt: skip
    svg.polygon(cone, fill="#bbbbbb")
    svg.text(speaker_x + side * 20, middle + 58, "speaker 3 W, 4-8 Ω", size=10, anchor="middle")
    svg.text(box_x + box_w / 2, box_bottom + 16, "microSD: /mp3/0001.mp3 ...", size=10,
             anchor="middle")  # fmt: skip
    return box_bottom + 22


DRAWERS: dict[str, Callable[[Svg, list[Terminal], int], float]] = {
    "button": draw_button,
    "light": draw_light,
    "dfplayer": draw_dfplayer,
}


def draw_parts(svg: Svg, pin_map: tuple[PinAssignment, ...]) -> None:
    """Lay the parts out beside the header, each on the side its pins are on."""
    devices: dict[str, list[PinAssignment]] = {}
    for a in sorted(pin_map, key=lambda a: a.physical):
        devices.setdefault(a.device, []).append(a)
    next_top = {-1: 40.0, 1: 40.0}
    channels_used = {-1: 0, 1: 0}
    for device, wires in sorted(devices.items(), key=lambda item: item[1][0].physical):
        sides = [side_of(a.physical) for a in wires]
        side = 1 if sum(sides) >= 0 else -1
        column_x = EVEN_X if side > 0 else ODD_X
        gap = LED_HEIGHT if device == "light" else TERMINAL_GAP
        first_gap = 50.0 if device == "dfplayer" else 40.0
        heights = place_terminals(wires, next_top[side] + first_gap, gap)
        terminal_x = column_x + side * TERMINAL_OFFSET
        terminals = [Terminal(a, (terminal_x, y)) for a, y in zip(wires, heights, strict=True)]
        # Wires that bend take channels; the lowest pin takes the channel nearest the header,
        # so that bends going down do not cross each other.
        bending = [t for t in terminals if t.point[1] != pin_xy(t.assignment.physical)[1]]
        for t in sorted(bending, key=lambda t: -t.assignment.physical):
            channel_x = column_x + side * (CHANNEL_OFFSET + channels_used[side] * CHANNEL_STEP)
            channels_used[side] += 1
            points = route(pin_xy(t.assignment.physical), t.point, channel_x)
            draw_wire(svg, points, t.assignment.wire, t.assignment.physical)
        for t in terminals:
            if t not in bending:
                points = route(pin_xy(t.assignment.physical), t.point, 0)
                draw_wire(svg, points, t.assignment.wire, t.assignment.physical)
            if t.assignment.series_resistor_ohms:
                centre = (terminal_x - side * 48, t.point[1])
                draw_resistor(svg, centre, t.assignment.series_resistor_ohms)
        drawer = DRAWERS.get(device)
        if drawer is None:
            raise ValueError(f"the diagram cannot draw a part called {device!r}")
        next_top[side] = drawer(svg, terminals, side)


def render_svg(pin_map: tuple[PinAssignment, ...] = PIN_MAP) -> str:
    """The whole wiring diagram as SVG text (deterministic: same pin map, same bytes)."""
    svg = Svg()
    svg.rect(0, 0, WIDTH, HEIGHT, fill="#ffffff", stroke="none", width=0)
    svg.text(20, 30, "Chicken Foot Hub: wiring", size=20, weight="bold")
    svg.text(20, 52, "40-pin header seen from above, pin 1 (square pad) at the top left. "
             "Coloured pins are used; names are BCM GPIO numbers.", size=12)  # fmt: skip
    used = {a.physical: a for a in pin_map}
    draw_parts(svg, pin_map)
    svg.text((ODD_X + EVEN_X) / 2, TOP - 30, "Raspberry Pi 40-pin header", size=12,
             anchor="middle", weight="bold")  # fmt: skip
    draw_header(svg, used)
    foot = TOP + 19 * PITCH + 50
    led_current = led_current_milliamps()
    notes = [
        f"LED: {GPIO_VOLTS:.1f} V - {LED_FORWARD_VOLTS:.1f} V = "
        f"{GPIO_VOLTS - LED_FORWARD_VOLTS:.1f} V across {ohms_text(LED_RESISTOR_OHMS)} "
        f"= {led_current:.1f} mA (a pin may give {GPIO_PIN_LIMIT_MILLIAMPS:.0f} mA at most).",
        "Button: 1 kΩ in series, so a slip onto 3.3 V (pin 1 or 17) is no short. "
        "Never wire to pins 2 and 4 (5 V).",
        'DFPlayer Mini and its speaker only with speaker = "dfplayer" (Pi Zero 2 W); '
        "the other Pis play through the jack, USB, HDMI or an I2S amplifier.",
        # The amplifier's terminals, not the Pi's pin names (its DIN is the Pi's DOUT).
        "I2S amp instead (Pi 5, Zero 2 W): its "
        + ", ".join(
            f"{a.part_pin} to GPIO{a.bcm} (pin {a.physical})"
            for a in I2S_AMP_WIRING
            if a.bcm is not None
        )
        + f"; keep GPIO{min(I2S_PINS)}-{max(I2S_PINS)} free.",
        "5 V for three parts: pin 2 feeds the DFPlayer or the amp; pin 4 the screen and, "
        "spliced, the lamp's transistor (the guide: 5 V).",
        "Legend: pink = power pin, grey = ground pin, white = free GPIO.",
    ]
    for i, note in enumerate(notes):
        svg.text(20, foot + i * 18, note, size=12)
    return svg.render()
