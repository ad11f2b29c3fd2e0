"""The history's players tab: each player's figures over the finished games.

A table on a wide screen; on a tall one a card per player (its name, then each figure with
its label), since five columns of labels would not fit there at a readable size.
"""

from __future__ import annotations

from collections.abc import Sequence

from hubd.records import PlayerStats
from hubd.screens.base import Builder, Rect, grid, split_h
from hubd.screens.widgets import TEXT_DIM, Style


def players_page(
    b: Builder, stats: Sequence[PlayerStats], area: Rect, header_h: int, row_h: int
) -> None:
    if not stats:
        b.label(area, b.tr("No statistics yet."), b.px(26), wrap=True)
        return
    titles = (
        b.tr("Games"),
        b.tr("Wins"),
        b.tr("Average round"),
        b.tr("Rounds at 0"),
        b.tr("Feet"),
    )
    gap = max(3, b.px(4))
    weights = (3, 2, 2, 2, 2, 2)
    if header_h:
        header = Rect(area.x + b.px(8), area.y, area.w - b.px(16), header_h)
        boxes = split_h(header, *weights, gap=gap)
        b.label(boxes[0], b.tr("Player"), b.min_text, align="start", color=TEXT_DIM)
        for box, text in zip(boxes[1:], titles, strict=True):
            b.label(box, text, b.min_text, color=TEXT_DIM, wrap=True)
    y = area.y + header_h
    for i, player in enumerate(stats):
        row = Rect(area.x, y + i * row_h, area.w, row_h - b.px(6))
        b.panel(row, Style.NORMAL if i % 2 == 0 else Style.QUIET)
        inner = row.inflate(-b.px(16), -b.px(4))
        values = (
            str(player.games),
            str(player.wins),
            f"{player.average_round_score:.1f}",
            str(player.zero_rounds),
            str(player.feet_opened),
        )
        if b.landscape:
            name, *cells = split_h(inner, *weights, gap=gap)
            b.label(name, player.name, b.px(24), align="start")
            for box, value in zip(cells, values, strict=True):
                b.label(box, value, b.px(28), bold=True)
            continue
        name_box = Rect(inner.x, inner.y, inner.w, inner.h // 6)
        b.label(name_box, player.name, b.px(34), bold=True, align="start")
        body = Rect(inner.x, name_box.bottom, inner.w, inner.bottom - name_box.bottom)
        for box, title, value in zip(grid(body, 5, 1, 0), titles, values, strict=True):
            label, number = split_h(box, 4, 1, gap=gap)
            b.label(label, title, b.min_text, align="start", color=TEXT_DIM)
            b.label(number, value, b.px(34), bold=True, align="end")
