"""The Phones panel (from the menu): the codes phones scan, in order (the hub's own Wi-Fi's
code while it is open, then this game's page), the address, the Wi-Fi the hub is on, and the
seats phones hold, each with Another seat (a phone holds one seat unless given another here)
and Release. Keys: "phones:another:<player>", "phones:release:<player>", "phones:wifi",
"phones:close"; the codes are "phones:qr:wifi" and "phones:qr"."""

from __future__ import annotations

from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.base import Overlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import TEXT_DIM, Action, Kind, Style, Widget
from hubd.values.intents import AnotherSeat, Intent, ReleaseSeat, WifiChoice
from hubd.values.network import WifiMode, WifiView, url_port, web_url


class PhonesPanel(Overlay):
    def __init__(self, ui: Host) -> None:
        self.ui = ui

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = Rect(0, 0, b.w - 4 * b.gap, b.h - 4 * b.gap)
        panel.center = (b.w // 2, b.h // 2)
        inner = b.dialog(panel)
        title = Rect(inner.x, inner.y, inner.w, b.px(48))
        b.label(title, b.tr("Phones"), b.px(28), bold=True)
        bottom = Rect(inner.x, inner.bottom - b.target, inner.w, b.target)
        if ctx.wifi is not None:
            wifi, close = split_h(bottom, 1, 1, gap=b.gap)
            b.button(wifi, b.tr("Wi-Fi"), self._wifi, key="phones:wifi")
        else:
            close = bottom
        b.button(close, b.tr("Close"), self.ui.close_overlay, style=Style.QUIET,
                 key="phones:close")  # fmt: skip
        body = Rect(inner.x, title.bottom + b.gap, inner.w, bottom.y - title.bottom - 2 * b.gap)
        if ctx.web_address is None:
            b.label(body, b.tr("The phones' page is off"), b.px(24), wrap=True)
            return
        wifi_code = ctx.wifi.wifi_code if ctx.wifi is not None else None
        codes = 2 if wifi_code else 1
        share = 0.55 if codes == 2 else 0.5
        if b.landscape:
            code_w = min(body.w * share, codes * body.h + (codes - 1) * b.gap)
            left, right = split_h(body, code_w, body.w - code_w - b.gap, gap=b.gap)
        else:
            side = min(body.w, body.h // 2)
            left = Rect(body.x, body.y, body.w, side)
            right = Rect(body.x, left.bottom + b.gap, body.w, body.bottom - left.bottom - b.gap)
        if wifi_code:  # the Wi-Fi first: a phone joins the network, then opens the page
            first, second = split_h(left, 1, 1, gap=b.gap)
            _code(b, wifi_code, first, b.tr("1. The Wi-Fi"), "phones:qr:wifi")
            _code(b, ctx.web_address, second, b.tr("2. The page"), "phones:qr")
        else:
            scan = b.tr("Scan with a phone's camera to follow the game on it")
            _code(b, ctx.web_address, left, scan, "phones:qr")
        self._details(b, ctx, right)

    def _details(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        size = b.min_text
        line = b.measure.line_height(size, True) + b.px(2)
        y = area.y
        if ctx.wifi is not None:
            for text, bold in _wifi_lines(b, ctx.wifi):
                b.label(Rect(area.x, y, area.w, line), text, size, bold=bold, align="start",
                        role="wifi", squeeze=True)  # fmt: skip
                y += line
        # The address: its .local name first (the one to type, the same on every network),
        # then the host's address, then the game's part, none of them cut.
        host, _sep, path = (ctx.web_address or "").partition("/t/")
        hosts = [host]
        if ctx.wifi is not None and ctx.wifi.local_name:
            hosts.insert(0, web_url(ctx.wifi.local_name, url_port(host)))
        for text in [*hosts, f"/t/{path}"]:
            if b.rtl:  # an address reads left to right on a right-to-left screen too
                text = f"\u202a{text}\u202c"
            b.label(Rect(area.x, y, area.w, line), text, size, bold=True, align="start",
                    role="address", squeeze=True)  # fmt: skip
            y += line
        rows = Rect(area.x, y + b.gap, area.w, area.bottom - y - b.gap)
        if not ctx.phone_seats:
            if rows.h >= line:
                none = Rect(rows.x, rows.y, rows.w, min(rows.h, b.target))
                b.label(none, b.tr("No phone holds a seat yet"), size, align="start", wrap=True)
            return
        release, another = b.tr("Release"), b.tr("Another seat")
        pad = 2 * b.button_pad + 4
        release_w = max(b.target, b.measure.width(release, size, True) + pad)
        another_w = max(b.target, b.measure.width(another, size, True) + pad)
        name_w = rows.w - release_w - another_w - 2 * b.gap
        for player in ctx.phone_seats:
            # A name too long to stand beside its buttons (a tall screen) gets a line above them.
            apart = b.measure.width(player, size, True) > name_w
            height = b.target + (line if apart else 0)
            if y + b.gap + height > rows.bottom:
                break
            row = Rect(rows.x, y + b.gap, rows.w, height)
            if apart:
                name = Rect(row.x, row.y, row.w, line)
                buttons = Rect(row.right - another_w - release_w - b.gap, row.y + line,
                               another_w + release_w + b.gap, b.target)  # fmt: skip
                more, button = split_h(buttons, another_w, release_w, gap=b.gap)
            else:
                name, more, button = split_h(row, name_w, another_w, release_w, gap=b.gap)
            b.label(name, player, size, bold=True, align="start", squeeze=True)
            given = player in ctx.phone_more  # given, and not taken yet
            b.button(more, another, self._another(player), size=size,
                     style=Style.SELECTED if given else Style.NORMAL,
                     key=f"phones:another:{player}")  # fmt: skip
            b.button(button, release, self._release(player), size=size,
                     key=f"phones:release:{player}")  # fmt: skip
            y += height + b.gap

    def _wifi(self, _pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.wifi import WifiPanel

        self.ui.open_overlay(WifiPanel(self.ui, back=self))
        return [WifiChoice("scan")]  # the networks around, fresh

    def _release(self, player: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ReleaseSeat(player)]

        return action

    def _another(self, player: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [AnotherSeat(player)]

        return action


def _wifi_lines(b: Builder, wifi: WifiView) -> list[tuple[str, bool]]:
    """What the panel says of the Wi-Fi: which network, and the hub's own passphrase."""
    status = wifi.status
    if status.mode is WifiMode.OWN:
        return [
            (b.tr("Wi-Fi: {name}").format(name=wifi.own_ssid), True),
            (b.tr("Passphrase: {passphrase}").format(passphrase=wifi.own_passphrase), True),
        ]
    if status.mode is WifiMode.HOME and status.ssid:
        return [(b.tr("Wi-Fi: {name}").format(name=status.ssid), True)]
    if status.mode is WifiMode.NONE:
        return [(b.tr("No Wi-Fi"), True)]
    return []


def _code(b: Builder, text: str, area: Rect, caption: str, key: str) -> None:
    """A QR code, as large as fits above its caption, on a light square with its quiet zone."""
    size = b.min_text
    line = b.measure.line_height(size, False) + b.px(2)
    lines = min(4, 1 + b.measure.width(caption, size, False) * 4 // (3 * area.w))
    room = Rect(area.x, area.y, area.w, area.h - lines * line)
    side = min(room.w, room.h)
    box = Rect(0, 0, side, side)
    box.center = room.center
    b.add(Widget(box, Kind.QR, lines=(text,), key=key, role="qr"))
    under = Rect(area.x, box.bottom + b.px(2), area.w, lines * line)
    b.label(under, caption, size, wrap=lines > 1, color=TEXT_DIM, role="caption")
