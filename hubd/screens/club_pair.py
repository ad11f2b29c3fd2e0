"""A keypad for another hub's Syncthing device id and address, read off its Hubs tab.

A device id is eight groups of seven capitals and digits 2-7; an address is digits, dots and
a colon (``10.0.0.2`` or ``10.0.0.2:22000``). The keypad has exactly those keys; the loop
checks what was typed (``hubd.club.link.parse_pairing``) and the Hubs tab says why it was
refused.
"""

from __future__ import annotations

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.base import TextOverlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.typed import TypedText
from hubd.screens.kit.widgets import TEXT_DIM, Style
from hubd.values.intents import ClubChoice, Intent

KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-"
#: A device id with its dashes (63), a space and an address with its port (up to 21).
MAX_TYPED = 90


class PairKeypad(TextOverlay):
    """Types another hub's id and address; Pair hands them to the loop."""

    def __init__(self, ui: Host) -> None:
        self.ui = ui
        self.field = TypedText(MAX_TYPED, words=True)

    def _shown(self, char: str) -> str:
        return char.upper()  # a physical keyboard's letters as the keypad's capitals

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = b.screen
        b.panel(panel, Style.DARK)
        inner = panel.inflate(-2 * b.gap, -2 * b.gap)
        gap = max(3, b.gap // 2)
        per_row = 13 if b.landscape else 7  # keys a row: three rows across, six down
        rows = [KEYS[i : i + per_row] for i in range(0, len(KEYS), per_row)]
        bottom_rows = 1 if b.landscape else 2
        count = len(rows) + bottom_rows
        row_h = min(b.px(90), max(b.target, (inner.h * 3 // 5 - gap * count) // count))
        keys_h = count * row_h + (count - 1) * gap
        keys = Rect(inner.x, inner.bottom - keys_h, inner.w, keys_h)
        field = Rect(inner.x, inner.y, inner.w, keys.y - b.gap - inner.y)
        b.panel(field, Style.NORMAL)
        hint = b.tr("Type the other hub's id and address, as its Hubs tab shows them")
        b.label(field.inflate(-2 * b.gap, -b.gap), self.text or hint, b.min_text, wrap=True,
                bold=bool(self.text), color=None if self.text else TEXT_DIM,
                mirror=not self.text, role="typed")  # fmt: skip
        key_w = (keys.w - gap * (per_row - 1)) // per_row
        y = keys.y
        for row in rows:
            x = keys.x + (keys.w - (len(row) * key_w + (len(row) - 1) * gap)) // 2
            for char in row:
                b.button(Rect(x, y, key_w, row_h), char, self._type(char), mirror=False,
                         key=f"key:{char}", size=b.min_text, wrap=False)  # fmt: skip
                x += key_w + gap
            y += row_h + gap
        last = Rect(keys.x, y, keys.w, keys.bottom - y)
        if b.landscape:
            space, delete, cancel, done = split_h(last, 3, 2, 3, 3, gap=gap)
        else:
            typing, leaving = split_v(last, 1, 1, gap=gap)
            space, delete = split_h(typing, 2, 1, gap=gap)
            cancel, done = split_h(leaving, 1, 1, gap=gap)
        b.button(space, b.tr("Space"), self._type(" "), mirror=False, key="key:space")
        b.button(delete, "⌫", self._delete, mirror=False, key="key:delete")
        b.button(cancel, b.tr("Cancel"), self.ui.close_overlay, mirror=False, key="key:cancel")
        b.button(done, b.tr("Pair"), self._done, mirror=False, key="key:done",
                 style=Style.PRIMARY if self.text.strip() else Style.DISABLED)  # fmt: skip

    def _done(self, _pos: tuple[int, int]) -> list[Intent]:
        typed = self.text.strip()
        if not typed:
            return []
        self.ui.open_overlay(None)
        return [ClubChoice("pair", typed)]
