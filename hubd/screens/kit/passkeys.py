"""An on-screen keyboard for a Wi-Fi passphrase: letters in both cases, digits and the
symbols passphrases use, typed as is (no capital first letter, up to WPA's 63 characters)."""

from __future__ import annotations

from collections.abc import Callable

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.base import TextOverlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.typed import TypedText
from hubd.screens.kit.widgets import TEXT_DIM, Style
from hubd.values.intents import Intent

MAX_PASSPHRASE = 63
MIN_PASSPHRASE = 8
LETTERS = ("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm")
SYMBOLS = ("1234567890", "!@#$%^&*()", "-_=+[]{};:", "'\",.<>/?\\|", "`~")


class PassphraseKeyboard(TextOverlay):
    """Types a passphrase for ``network``; ``on_done`` gets it (and answers with intents)."""

    def __init__(self, ui: Host, network: str, on_done: Callable[[str], list[Intent]]) -> None:
        self.ui = ui
        self.network = network
        self.on_done = on_done
        self.field = TypedText(MAX_PASSPHRASE)
        self.upper = False
        self.symbols = False

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = b.screen
        b.panel(panel, Style.DARK)
        inner = panel.inflate(-2 * b.gap, -2 * b.gap)
        gap = max(3, b.gap // 2)
        title = Rect(inner.x, inner.y, inner.w, b.measure.line_height(b.min_text, True))
        b.label(title, b.tr("Passphrase for {name}").format(name=self.network), b.min_text,
                bold=True, align="start", squeeze=True, mirror=False)  # fmt: skip
        field = Rect(inner.x, title.bottom + gap, inner.w, b.target)
        b.panel(field, Style.NORMAL)
        b.label(field.inflate(-2 * b.gap, 0), self.text or b.tr("Type the passphrase"),
                b.px(30), bold=bool(self.text), color=None if self.text else TEXT_DIM,
                align="start", squeeze=True, mirror=False, key="pass:field")  # fmt: skip
        rows = SYMBOLS if self.symbols else LETTERS
        bottom_rows = 1 if b.landscape else 2  # portrait: the last row's keys on two rows
        count = len(rows) + bottom_rows
        top = field.bottom + b.gap
        row_h = min((inner.bottom - top - gap * (count - 1)) // count, b.px(110))
        widest = max(len(r) for r in rows)
        key_w = (inner.w - gap * (widest - 1)) // widest
        y = inner.bottom - count * row_h - (count - 1) * gap
        for row in rows:
            width = len(row) * key_w + (len(row) - 1) * gap
            x = inner.x + (inner.w - width) // 2
            for char in row:
                shown = char.upper() if self.upper else char
                b.button(Rect(x, y, key_w, row_h), shown, self._type(shown), mirror=False,
                         key=f"pass:key:{char}", size=b.px(30), wrap=False, bold=False)  # fmt: skip
                x += key_w + gap
            y += row_h + gap
        bottom = Rect(inner.x, y, inner.w, inner.bottom - y)
        if b.landscape:
            shift, switch, space, delete, cancel, done = split_h(bottom, 3, 4, 6, 3, 7, 7, gap=gap)
        else:
            typing, leaving = split_v(bottom, 1, 1, gap=gap)
            shift, switch, space, delete = split_h(typing, 1, 1, 2, 1, gap=gap)
            cancel, done = split_h(leaving, 1, 1, gap=gap)
        b.button(shift, "⇧", self._shift, mirror=False, key="pass:shift",
                 style=Style.SELECTED if self.upper else Style.NORMAL)  # fmt: skip
        b.button(switch, "abc" if self.symbols else "#+=", self._switch, mirror=False,
                 key="pass:symbols")  # fmt: skip
        b.button(space, b.tr("Space"), self._type(" "), mirror=False, key="pass:space")
        b.button(delete, "⌫", self._delete, mirror=False, key="pass:delete")
        b.button(cancel, b.tr("Cancel"), self.ui.close_overlay, mirror=False, key="pass:cancel")
        ready = MIN_PASSPHRASE <= len(self.text) <= MAX_PASSPHRASE
        b.button(done, b.tr("Join"), self._done, mirror=False, key="pass:done",
                 style=Style.PRIMARY if ready else Style.DISABLED)  # fmt: skip

    def _shift(self, _pos: tuple[int, int]) -> list[Intent]:
        self.upper = not self.upper
        return []

    def _switch(self, _pos: tuple[int, int]) -> list[Intent]:
        self.symbols = not self.symbols
        return []

    def _done(self, _pos: tuple[int, int]) -> list[Intent]:
        if not MIN_PASSPHRASE <= len(self.text) <= MAX_PASSPHRASE:
            return []  # WPA's passphrases are 8 to 63 characters: the key stays grey
        return self.on_done(self.text)
