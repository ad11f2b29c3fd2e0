"""An on-screen keyboard for a new player's name (or how a name sounds), in the language's
script (or Latin)."""

from __future__ import annotations

from collections.abc import Callable

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.base import TextOverlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.typed import TypedText
from hubd.screens.kit.widgets import TEXT_DIM, Style
from hubd.text.i18n import LATIN_ROWS
from hubd.values.intents import Intent

MAX_NAME = 16


class Keyboard(TextOverlay):
    """Types one name; ``on_done`` gets it when the player taps Add (and may answer with
    intents for the loop).

    ``text`` starts the field, ``hint`` shows in it while empty, ``done`` names the button,
    and ``empty`` lets an emptied field be saved (to forget what it held)."""

    def __init__(
        self,
        ui: Host,
        on_done: Callable[[str], list[Intent] | None],
        *,
        text: str = "",
        hint: str | None = None,
        done: str | None = None,
        empty: bool = False,
    ) -> None:
        self.ui = ui
        self.on_done = on_done
        self.field = TypedText(MAX_NAME, text, words=True)
        self.latin = False
        self.hint, self.done, self.empty = hint, done, empty

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = b.screen
        b.panel(panel, Style.DARK)
        inner = panel.inflate(-2 * b.gap, -2 * b.gap)
        local = b.tr(LATIN_ROWS)
        rows = (LATIN_ROWS if self.latin or local == LATIN_ROWS else local).split("/")
        field = Rect(inner.x, inner.y, inner.w, b.target + b.px(8))
        gap = max(3, b.gap // 2)
        # The last row (switch, space, delete, cancel, add) is two rows on a narrow screen.
        bottom_rows = 1 if b.landscape else 2
        count = len(rows) + bottom_rows
        below = inner.bottom - field.bottom - b.gap
        row_h = min((below - gap * (count - 1)) // count, b.px(110))
        keys_h = count * row_h + (count - 1) * gap
        # The keys sit at the bottom, under the thumbs; the name field just above them.
        keys_area = Rect(inner.x, inner.bottom - keys_h, inner.w, keys_h)
        field.bottom = keys_area.y - b.gap
        b.panel(field, Style.NORMAL)
        b.label(
            field.inflate(-2 * b.gap, 0),
            self.text or self.hint or b.tr("Type a name"),
            b.px(34),
            bold=bool(self.text),
            color=None if self.text else TEXT_DIM,
        )
        widest = max(10, *(len(r) for r in rows))
        key_w = (keys_area.w - gap * (widest - 1)) // widest
        y = keys_area.y
        for row in rows:
            width = len(row) * key_w + (len(row) - 1) * gap
            x = keys_area.x + (keys_area.w - width) // 2
            for char in row:
                b.button(
                    Rect(x, y, key_w, row_h),
                    self._shown(char),
                    self._type(char),
                    mirror=False,
                    key=f"key:{char}",
                    size=b.px(30),
                    wrap=False,
                )
                x += key_w + gap
            y += row_h + gap
        bottom = Rect(keys_area.x, y, keys_area.w, keys_area.bottom - y)
        if b.landscape:
            switch, space, delete, cancel, done = split_h(bottom, 2, 3, 2, 3, 3, gap=gap)
        else:
            typing, leaving = split_v(bottom, 1, 1, gap=gap)
            switch, space, delete = split_h(typing, 1, 2, 1, gap=gap)
            cancel, done = split_h(leaving, 1, 1, gap=gap)
        can_switch = local != LATIN_ROWS
        b.button(
            switch,
            "ABC" if not self.latin else b.tr("Local"),
            self._switch,
            mirror=False,
            key="key:switch",
            style=Style.NORMAL if can_switch else Style.DISABLED,
        )
        b.button(space, b.tr("Space"), self._type(" "), mirror=False, key="key:space")
        b.button(delete, "⌫", self._delete, mirror=False, key="key:delete", size=b.px(30))
        b.button(cancel, b.tr("Cancel"), self.ui.close_overlay, mirror=False, key="key:cancel")
        b.button(
            done,
            self.done or b.tr("Add"),
            self._done,
            mirror=False,
            key="key:done",
            style=Style.PRIMARY if self.text.strip() or self.empty else Style.DISABLED,
        )

    def _shown(self, char: str) -> str:
        capital = not self.text or self.text[-1] in " -"
        return char.upper() if capital else char

    def _switch(self, _pos: tuple[int, int]) -> list[Intent]:
        self.latin = not self.latin
        return []

    def _done(self, _pos: tuple[int, int]) -> list[Intent]:
        name = self.text.strip()
        if not name and not self.empty:
            return []
        intents = self.on_done(name) or []
        self.ui.open_overlay(None)
        return intents
