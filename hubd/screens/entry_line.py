"""Pieces the play screens share: the last entry with Undo beside it, and the menu button.

The last entry says what was entered last ("Dad played 9-6 on arm B") so it can be checked and
taken back; a notice (the undo's "Undid: ...") takes its place for a moment, never a button's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine import Tile
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.text.plain_words import entry_choices
from hubd.values.intents import Intent


def last_entry_line(
    b: Builder,
    ui: Host,
    ctx: UiContext,
    box: Rect,
    labels: Mapping[Tile, str],
    undo_w: int | None = None,
    instead: Callable[[Rect], None] | None = None,
) -> None:
    """Undo (``undo_w`` wide, else as wide as its word), then the last entry in words, in
    ``box``; notices go where the words are. ``instead`` draws something else where the
    words go (the entry's Cancel while a play is being entered)."""
    size = b.min_text
    if undo_w is None:
        (undo_w,) = b.button_widths([b.tr("Undo")], size, box.w // 3)
    undo, text_box = split_h(box, undo_w, box.w - undo_w - b.gap, gap=b.gap)
    enabled = ctx.last_entry is not None
    b.button(
        undo,
        b.tr("Undo"),
        ui.undo_action(ctx) if enabled else None,
        style=Style.NORMAL if enabled else Style.DISABLED,
        key="undo",
        size=size,
        enabled=enabled,
    )
    ui.notice_box = Rect(text_box)
    if instead is not None:
        instead(text_box)
        return
    b.panel(text_box, Style.QUIET)
    words_box = text_box.inflate(-b.gap, 0)
    choices = entry_choices(ctx.last_entry, ctx.state, labels, b.tr)
    fits = (t for t in choices if not b.measure.fit(t, words_box.w, words_box.h, b.min_text,
                                                   b.min_text, False, True)[2])  # fmt: skip
    b.label(
        words_box,
        # the fullest words that fit the line, else the shortest (its last line cut)
        next(fits, min(choices, key=lambda text: b.measure.width(text, b.min_text))),
        b.min_text,
        align="start",
        wrap=True,
        role="last_entry",
        key="last_entry",
        squeeze_lines=True,
    )


def open_menu(ui: Host) -> Action:
    """The Menu button: the overlay with the round's other choices."""

    def action(_pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.menu import Menu

        ui.open_overlay(Menu(ui))
        return []

    return action
