"""The history's players tab: each player's figures over the finished games.

A table on a wide screen; on a tall one a card per player (its name, then each figure with
its label), since five columns of labels would not fit there at a readable size. A tap on a
name ("sounds:<name>") types how it sounds, for the hub's voice; it is shown under the name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Action, Style
from hubd.values.records import PlayerStats


def players_page(
    b: Builder,
    stats: Sequence[PlayerStats],
    area: Rect,
    header_h: int,
    row_h: int,
    sounds_like: Mapping[str, str] | None = None,
    on_name: Callable[[str], Action] | None = None,
) -> None:
    if not stats:
        b.label(area, b.tr("No statistics yet."), b.px(26), wrap=True)
        return
    titles = _titles(b)
    gap = max(3, b.px(4))
    weights = columns(b, area.w - b.px(16))
    if header_h:
        header = Rect(area.x + b.px(8), area.y, area.w - b.px(16), header_h)
        # a title may wrap on two lines ("Average" over "round")
        boxes = split_h(header, *weights, gap=gap)
        b.label(boxes[0], b.tr("Player"), b.min_text, align="start")
        for box, text in zip(boxes[1:], titles, strict=True):
            b.label(box, text, b.min_text, wrap=True)
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
        said = (sounds_like or {}).get(player.name)
        if b.landscape:
            name, *cells = split_h(inner, *weights, gap=gap)
            _name(b, name, player.name, said, name_px(b), False, on_name)
            for box, value in zip(cells, values, strict=True):
                b.label(box, value, b.px(28), bold=True)
            continue
        name_box = Rect(inner.x, inner.y, inner.w, name_height(b, said is not None))
        _name(b, name_box, player.name, said, name_px(b), True, on_name)
        body = Rect(inner.x, name_box.bottom, inner.w, inner.bottom - name_box.bottom)
        for box, title, value in zip(grid(body, 5, 1, 0), titles, values, strict=True):
            label, number = split_h(box, 4, 1, gap=gap)
            b.label(label, title, b.min_text, align="start")
            b.label(number, value, b.min_text, bold=True, align="end")


def _titles(b: Builder) -> tuple[str, ...]:
    return (
        b.tr("Games"),
        b.tr("Wins"),
        b.tr("Average round"),
        b.tr("Rounds at 0"),
        b.tr("Feet"),
    )


def columns(b: Builder, width: int) -> tuple[int, ...]:
    """Landscape's columns: each figure as wide as its title's longest word (the title wraps
    on more lines), the names' column takes the rest."""
    pad = b.px(6)
    figures = [
        max(max(b.measure.width(word, b.min_text) for word in title.split()),
            b.measure.width("88.8", b.px(28), True)) + pad
        for title in _titles(b)
    ]  # fmt: skip
    gaps = 5 * max(3, b.px(4))
    return (width - sum(figures) - gaps, *figures)


def header_height(b: Builder, width: int) -> int:
    """Landscape's header: as many lines as the longest title wraps to."""
    widths = columns(b, width)[1:]
    lines = max(
        len(b.measure.wrap(title, w, b.min_text, False) or [title])
        for title, w in zip(_titles(b), widths, strict=True)
    )
    return lines * b.measure.line_height(b.min_text) + b.px(4)


def name_px(b: Builder) -> int:
    """A player's name: 32 px at 800x480, 50 px at 720x1280."""
    return b.floor_text


def name_height(b: Builder, said: bool) -> int:
    """The height of a name, and of how it sounds under it (if it has been typed)."""
    height = b.measure.line_height(name_px(b), True) + b.px(4)
    return max(b.target, height + (b.measure.line_height(b.min_text) if said else 0))


def row_height(b: Builder, said: bool) -> int:
    """A player's row (landscape) or card (portrait): the name (and how it sounds), and on a
    card each of the five figures on a line of its own."""
    if b.landscape:
        return max(b.target, name_height(b, said)) + b.px(10)
    return name_height(b, said) + 5 * b.measure.line_height(b.min_text, True) + b.px(16)


def _name(
    b: Builder,
    box: Rect,
    name: str,
    said: str | None,
    size: int,
    bold: bool,
    on_name: Callable[[str], Action] | None,
) -> None:
    """A player's name, a button to type how it sounds, and how it sounds under it."""
    if on_name is not None:
        b.button(box, "", on_name(name), style=Style.QUIET, key=f"sounds:{name}")
    box = box.inflate(-b.px(8), 0)
    if not said:
        b.label(box, name, size, bold=bold, align="start", key=f"name:{name}")
        return
    line = b.measure.line_height(size, bold)
    top, below = split_v(box, line, box.h - line)
    b.label(top, name, size, bold=bold, align="start", key=f"name:{name}")
    b.label(below, b.tr("Sounds like {said}").format(said=said), b.min_text, align="start",
            )  # fmt: skip
