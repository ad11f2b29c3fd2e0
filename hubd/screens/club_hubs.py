"""The Club screen's Hubs tab: this hub's Syncthing device id, the paired hubs, the nearby."""

from __future__ import annotations

from hubd.club.link import Nearby, Peer
from hubd.club.view import ClubState
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.base import Builder
from hubd.screens.kit.widgets import Action, Kind, Style, Widget
from hubd.values.intents import ClubChoice, Intent


def seen(b: Builder, peer: Peer) -> str:
    """ "Table 3: connected", "Table 3: seen 2 min ago", "Table 3: never seen"."""
    if peer.connected:
        state = b.tr("connected")
    elif peer.seen_ago_s is None:
        state = b.tr("never seen")
    else:
        minutes = int(peer.seen_ago_s // 60)
        state = b.ntr("seen {n} min ago", "seen {n} min ago", minutes).format(n=minutes)
    return f"{peer.name}: {state}"


def wrapped_id(device: str) -> str:
    """A device id in pairs of its groups, so it wraps between them, never inside one."""
    groups = device.split("-")
    return " ".join("-".join(groups[i : i + 2]) for i in range(0, len(groups), 2))


def hubs_tab(b: Builder, club: ClubState, area: Rect) -> None:
    link = club.link
    line_h = b.min_text + b.px(12)
    if link is None or not link.running:
        problem = link.problem if link is not None else ""
        text = b.tr("Syncthing is not running: this hub's games stay on this hub for now")
        b.label(Rect(area.x, area.y, area.w, 3 * line_h), text, b.min_text, wrap=True,
                role="syncthing")  # fmt: skip
        if problem:
            b.label(Rect(area.x, area.y + 3 * line_h, area.w, 2 * line_h), problem, b.min_text,
                    wrap=True, mirror=False)  # fmt: skip
        return
    if b.landscape:
        side = min(area.h, area.w // 3)
        code, rest = split_h(area, side, area.w - side - b.gap, gap=b.gap)
        code = Rect(code.x, code.y, side, side)
    else:
        side = min(area.w, area.h // 3)
        code = Rect(area.x + (area.w - side) // 2, area.y, side, side)
        rest = Rect(area.x, code.bottom + b.gap, area.w, area.bottom - code.bottom - b.gap)
    b.add(Widget(code, Kind.QR, lines=(link.device_id,), key="club:qr", role="qr"))
    y = rest.y
    title = b.tr("This hub: {table}").format(table=club.table)
    b.label(Rect(rest.x, y, rest.w, line_h), title, b.min_text, bold=True, align="start")
    y += line_h
    device = Rect(rest.x, y, rest.w, (3 if b.landscape else 4) * line_h)
    b.label(device, wrapped_id(link.device_id), b.min_text, wrap=True, align="start",
            mirror=False, role="device")  # fmt: skip
    y = device.bottom + b.gap
    for peer in link.peers:
        if y + line_h > rest.bottom:
            return
        b.label(Rect(rest.x, y, rest.w, line_h), seen(b, peer), b.min_text, align="start",
                role="peer")  # fmt: skip
        y += line_h
    if link.nearby and y + b.target <= rest.bottom:
        b.label(Rect(rest.x, y, rest.w, line_h), b.tr("Nearby: tap to pair"), b.min_text,
                align="start")  # fmt: skip
        y += line_h
    for hub in link.nearby:
        if y + b.target > rest.bottom:
            return
        row = Rect(rest.x, y, rest.w, b.target)
        b.button(row, hub.name or hub.device[:7], _accept(hub), key=f"club:accept:{hub.device}",
                 size=b.min_text, style=Style.PRIMARY)  # fmt: skip
        y += b.target + b.gap


def _accept(hub: Nearby) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        return [ClubChoice("accept", hub.device, hub.name)]

    return action
