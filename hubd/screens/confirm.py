"""A question before something that takes back or leaves a lot: the undo of a scored round or
a round's start, and a new game while one is being played. Keep is on the start side, the
warned action on the end side, both large; the question says exactly what would go."""

from __future__ import annotations

from collections.abc import Callable

from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.base import Overlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.values.intents import Intent, Submit


class Confirm(Overlay):
    """``question(b, ctx)`` (None: nothing to ask any more), Keep, and ``go`` with its words
    (``go`` None: a notice, Keep alone across the box)."""

    def __init__(
        self,
        ui: Host,
        question: Callable[[Builder, UiContext], str | None],
        go_words: str,
        go: Action | None,
        go_key: str = "confirm:go",
        keep_words: str | None = None,
        keep: Action | None = None,
    ) -> None:
        self.ui = ui
        self.keep_words = keep_words
        self.keep = keep
        self.question = question
        self.go_words = go_words
        self.go = go
        self.go_key = go_key

    def build(self, b: Builder, ctx: UiContext) -> None:
        question = self.question(b, ctx)
        if question is None:
            return
        size = b.px(28) if b.landscape else b.px(40)
        width = min(b.w - 2 * b.gap, b.px(640) if b.landscape else b.w)
        pad = 2 * b.gap
        lines = b.measure.fit(question, width - 2 * pad, 10**6, size, size, True, True)[1]
        text_h = len(lines) * b.measure.line_height(size, True) + b.gap
        button_h = b.target + b.px(8)
        height = min(b.h - 2 * b.gap, text_h + button_h + 2 * pad + 2 * b.gap)
        panel = Rect(0, 0, width, height)
        panel.center = (b.w // 2, b.h // 2)
        inner = b.dialog(panel)
        text_box = Rect(inner.x, inner.y, inner.w, inner.h - button_h - b.gap)
        buttons = Rect(inner.x, inner.bottom - button_h, inner.w, button_h)
        b.label(text_box, question, size, wrap=True, bold=True, key="confirm:text")
        keep_words = self.keep_words or b.tr("Keep it")
        if self.go is None:
            b.button(buttons, keep_words, self._keep, key="confirm:keep")
            return
        keep, go = split_h(buttons, 1, 1, gap=2 * b.gap)
        b.button(keep, keep_words, self._keep, key="confirm:keep")
        b.button(go, self.go_words, self._go, style=Style.WARN, key=self.go_key)

    def _keep(self, pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(None)
        return self.keep(pos) if self.keep is not None else []

    def _go(self, pos: tuple[int, int]) -> list[Intent]:
        assert self.go is not None  # (its button is drawn only with a go)
        self.ui.open_overlay(None)
        return self.go(pos)


def confirm_undo(ui: Host, ctx: UiContext) -> Confirm:
    """Undoing a scored round or a round's start takes back a lot: say what, and ask."""
    from engine import Undo
    from hubd.text.wording import undo_question

    what, state = ctx.last_entry, ctx.state

    def question(b: Builder, _ctx: UiContext) -> str | None:
        return None if what is None else undo_question(what, state, b.tr)

    return Confirm(ui, question, ui.tr("Take it back"), lambda pos: [Submit(Undo(), pos)],
                   go_key="confirm:undo")  # fmt: skip
