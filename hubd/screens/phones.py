"""The Phones panel (from the menu): the QR code and the address of this game's page, and
the seats phones hold, each with Release. Keys: "phones:release:<player>", "phones:close"."""

from __future__ import annotations

from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.base import Builder, Overlay
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.widgets import Action, Kind, Style, Widget
from hubd.screens.ui import Ui
from hubd.values.intents import Intent, ReleaseSeat


class PhonesPanel(Overlay):
    def __init__(self, ui: Ui) -> None:
        self.ui = ui

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = Rect(0, 0, b.w - 4 * b.gap, b.h - 4 * b.gap)
        panel.center = (b.w // 2, b.h // 2)
        inner = b.dialog(panel)
        title = Rect(inner.x, inner.y, inner.w, b.px(48))
        b.label(title, b.tr("Phones"), b.px(28), bold=True)
        bottom = Rect(inner.x, inner.bottom - b.target, inner.w, b.target)
        b.button(bottom, b.tr("Close"), self.ui.close_overlay, style=Style.QUIET,
                 key="phones:close")  # fmt: skip
        body = Rect(inner.x, title.bottom + b.gap, inner.w, bottom.y - title.bottom - 2 * b.gap)
        if ctx.web_address is None:
            b.label(body, b.tr("The phones' page is off"), b.px(24), wrap=True)
            return
        if b.landscape:
            code_w = min(body.h, body.w // 2)
            left, right = split_h(body, code_w, body.w - code_w - b.gap, gap=b.gap)
        else:
            side = min(body.w, body.h // 2)
            left = Rect(body.x, body.y, body.w, side)
            right = Rect(body.x, left.bottom + b.gap, body.w, body.bottom - left.bottom - b.gap)
        _code(b, ctx.web_address, left)
        self._seats(b, ctx, right)

    def _seats(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        size = b.min_text
        line = b.painter.line_height(size, True) + b.px(2)
        hint = Rect(area.x, area.y, area.w, 3 * line)  # three lines: every language fits
        b.label(hint, b.tr("Scan with a phone's camera to follow the game on it"), size,
                wrap=True, align="start", floor=size)  # fmt: skip
        # The address on two lines, the host and the game's part, so that neither is cut.
        host, _sep, path = (ctx.web_address or "").partition("/t/")
        address = Rect(area.x, hint.bottom, area.w, line)
        b.label(address, host, size, bold=True, align="start", role="address")
        token = Rect(area.x, address.bottom, area.w, line)
        b.label(token, f"/t/{path}", size, bold=True, align="start", role="address")
        rows = Rect(area.x, token.bottom + b.gap, area.w, area.bottom - token.bottom - b.gap)
        if not ctx.phone_seats:
            b.label(Rect(rows.x, rows.y, rows.w, b.target), b.tr("No phone holds a seat yet"),
                    size, align="start", wrap=True)  # fmt: skip
            return
        release = b.tr("Release")
        button_w = max(b.target, b.painter.width(release, size, True) + 2 * max(3, b.px(6)) + 4)
        y = rows.y
        for player in ctx.phone_seats:
            if y + b.target > rows.bottom:
                break
            row = Rect(rows.x, y, rows.w, b.target)
            name, button = split_h(row, rows.w - button_w - b.gap, button_w, gap=b.gap)
            b.label(name, player, size, bold=True, align="start")
            b.button(button, release, self._release(player), size=size,
                     key=f"phones:release:{player}")  # fmt: skip
            y += b.target + b.gap

    def _release(self, player: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ReleaseSeat(player)]

        return action


def _code(b: Builder, address: str, area: Rect) -> None:
    """The QR code, as large as fits, on a light square with its quiet zone."""
    side = min(area.w, area.h)
    box = Rect(0, 0, side, side)
    box.center = area.center
    b.add(Widget(box, Kind.QR, lines=(address,), key="phones:qr", role="qr"))
