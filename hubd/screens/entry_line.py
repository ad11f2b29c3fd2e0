"""Pieces the play screens share: the last entry with Undo beside it, and the menu button.

The last entry says what was entered last ("Dad played 9-6 on arm B") so it can be checked and
taken back; a notice (the undo's "Undid: ...") takes its place for a moment, never a button's.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Tile
from hubd.intents import Intent
from hubd.screens.base import Builder, Rect, split_h
from hubd.screens.context import UiContext
from hubd.screens.ui import Ui
from hubd.screens.widgets import Action, Style
from hubd.screens.wording import entry_text


def last_entry_line(
    b: Builder, ui: Ui, ctx: UiContext, box: Rect, labels: Mapping[Tile, str]
) -> None:
    """Undo, then the last entry in words, in ``box``; notices go where the words are."""
    undo_w = b.px(140) if b.landscape else b.px(200)
    undo, text_box = split_h(box, undo_w, box.w - undo_w - b.gap, gap=b.gap)
    enabled = ctx.last_entry is not None
    b.button(
        undo,
        b.tr("Undo"),
        ui.undo_action(ctx) if enabled else None,
        style=Style.NORMAL if enabled else Style.DISABLED,
        key="undo",
        size=b.px(24) if b.landscape else b.px(34),
        enabled=enabled,
    )
    b.panel(text_box, Style.QUIET)
    b.label(
        text_box.inflate(-b.gap, -b.px(2)),
        entry_text(ctx.last_entry, labels, b.tr),
        b.px(22) if b.landscape else b.px(32),
        align="start",
        wrap=True,
        role="last_entry",
        key="last_entry",
    )
    ui.notice_box = Rect(text_box)


def open_menu(ui: Ui) -> Action:
    """The Menu button: the overlay with the round's other choices."""

    def action(_pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.menu import Menu

        ui.open_overlay(Menu(ui))
        return []

    return action
