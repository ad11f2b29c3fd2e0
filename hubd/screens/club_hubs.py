"""The Club screen's Hubs tab: this hub's Syncthing device id and address (as text and as a QR
code), the games with two versions to choose between, the paired hubs, the nearby, and a
keypad to pair by typing another hub's id."""

from __future__ import annotations

from hubd.club.club_game import ClubGame, Conflict
from hubd.club.link import Nearby, Peer
from hubd.club.view import ClubState
from hubd.screens.club_pair import PairKeypad
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Kind, Style, Widget
from hubd.values.intents import ClubChoice, Intent


def two_lines(b: Builder) -> int:
    """A button's height for two lines of the smallest text."""
    return max(b.target, b.two_lines)


def seen(b: Builder, peer: Peer) -> str:
    """ "Table 3: connected", "Table 3: seen 2 min ago", or what it waits for."""
    if peer.connected:
        state = b.tr("connected")
    elif peer.seen_ago_s is None:
        state = b.tr("waiting for it to pair with this hub")
    else:
        minutes = int(peer.seen_ago_s // 60)
        state = b.ntr("seen {n} min ago", "seen {n} min ago", minutes).format(n=minutes)
    return f"{peer.name}: {state}"


def wrapped_id(device: str) -> str:
    """A device id in pairs of its groups, so it wraps between them, never inside one."""
    groups = device.split("-")
    return " ".join("-".join(groups[i : i + 2]) for i in range(0, len(groups), 2))


def version_text(b: Builder, game: ClubGame) -> str:
    """A version of a game as the organiser tells them apart: who won, how long its log is."""
    if not game.over:
        who = b.tr("Not finished")
    else:
        who = b.tr("Won by {names}").format(names=", ".join(game.winners))
    lines = b.ntr("{n} line", "{n} lines", game.lines).format(n=game.lines)
    return f"{who} · {lines}"


def hubs_tab(b: Builder, club: ClubState, area: Rect, ui: Host) -> None:
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
    if b.landscape:  # the code, and under it the button that pairs by typing an id
        side = min(area.h - two_lines(b) - b.gap, area.w // 3)
        code, rest = split_h(area, side, area.w - side - b.gap, gap=b.gap)
        typing = Rect(code.x, code.bottom - two_lines(b), side, two_lines(b))
        code = Rect(code.x, code.y, side, side)
    else:
        side = min(area.w, area.h // 4)  # a phone's camera reads it at any size
        code = Rect(area.x + (area.w - side) // 2, area.y, side, side)
        rest = Rect(area.x, code.bottom + b.gap, area.w, area.bottom - code.bottom - b.gap)
        typing = Rect(rest.x, rest.bottom - b.target, rest.w, b.target)
        rest = Rect(rest.x, rest.y, rest.w, typing.y - b.gap - rest.y)
    b.add(Widget(code, Kind.QR, lines=(link.pairing_text,), key="club:qr", role="qr"))
    b.button(typing, b.tr("Type a hub's id"), _type_id(ui), key="club:pair",
             size=b.min_text)  # fmt: skip
    y = rest.y
    title = b.tr("This hub: {table}").format(table=club.table)
    b.label(Rect(rest.x, y, rest.w, line_h), title, b.min_text, bold=True, align="start")
    y += line_h
    lines = (2 if b.landscape else 4) + bool(link.addresses)  # the id wraps in two or four
    device = Rect(rest.x, y, rest.w, lines * line_h)
    shown = " ".join((wrapped_id(link.device_id), *link.pairing_text.split()[1:]))
    b.label(device, shown, b.min_text, wrap=True, align="start", mirror=False,
            role="device")  # fmt: skip
    y = device.bottom + b.gap
    if club.notice:
        b.banner(Rect(rest.x, y, rest.w, line_h), club.notice, size=b.min_text, role="notice")
        y += line_h
    for conflict in club.view.conflicts_of(club.tonight):
        if y + 2 * line_h + (two_lines(b) if b.landscape else 2 * b.target) > rest.bottom:
            break
        y = _conflict(b, club, conflict, Rect(rest.x, y, rest.w, rest.bottom - y))
    # The hubs to pair with first (what the organiser taps), then the paired ones.
    if link.nearby and y + line_h + b.target <= rest.bottom:
        b.label(Rect(rest.x, y, rest.w, line_h), b.tr("Nearby: tap to pair"), b.min_text,
                align="start")  # fmt: skip
        y += line_h
    for hub in link.nearby:
        if y + b.target > rest.bottom:
            break
        row = Rect(rest.x, y, rest.w, b.target)
        b.button(row, hub.name or hub.device[:7], _accept(hub), key=f"club:accept:{hub.device}",
                 size=b.min_text, style=Style.PRIMARY)  # fmt: skip
        y += b.target + b.gap
    for peer in link.peers:
        if y + line_h > rest.bottom:
            return
        b.label(Rect(rest.x, y, rest.w, line_h), seen(b, peer), b.min_text, align="start",
                role="peer")  # fmt: skip
        y += line_h
    if not link.peers and not link.nearby and y + 3 * line_h <= rest.bottom:
        waiting = (
            b.tr("Looking for hubs nearby: pair them with a tap as they appear, or type a hub's id")
            if link.discovery
            else b.tr("Local discovery is off: pair by typing another hub's id")
        )
        b.label(Rect(rest.x, y, rest.w, 3 * line_h), waiting, b.min_text, wrap=True,
                align="start", role="looking")  # fmt: skip


def _conflict(b: Builder, club: ClubState, conflict: Conflict, area: Rect) -> int:
    """Two versions of one game, the one counting selected: a tap counts the other. Returns
    the y below them."""
    line_h = b.min_text + b.px(12)
    game = conflict.counted
    title = b.tr("Two versions of {table}'s game of {time}").format(
        table=club.view.table_name(game.hub), time=f"{game.started:%H:%M}"
    )
    b.label(Rect(area.x, area.y, area.w, 2 * line_h), title, b.min_text, align="start",
            bold=True, wrap=True, role="conflict")  # fmt: skip
    top = area.y + 2 * line_h
    if b.landscape:
        row = Rect(area.x, top, area.w, two_lines(b))
        boxes = b.keep_order(split_h(row, 1, 1, gap=b.gap), row)
    else:  # one above the other: each says who won in full
        row = Rect(area.x, top, area.w, 2 * b.target + b.gap)
        boxes = [Rect(area.x, top + i * (b.target + b.gap), area.w, b.target) for i in range(2)]
    for box, version, style in zip(
        boxes, (conflict.counted, conflict.other), (Style.SELECTED, Style.NORMAL), strict=True
    ):
        b.button(box, version_text(b, version), _count(version),
                 key=f"club:version:{version.digest[:12]}", size=b.min_text,
                 style=style)  # fmt: skip
    return row.bottom + b.gap


def _count(version: ClubGame) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        return [ClubChoice("version", version.digest, f"{version.hub}/{version.name}")]

    return action


def _type_id(ui: Host) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        ui.open_overlay(PairKeypad(ui))
        return []

    return action


def _accept(hub: Nearby) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        return [ClubChoice("accept", hub.device, hub.name)]

    return action
