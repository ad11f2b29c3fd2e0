"""The round end's Tiles page (hubd/screens/round_end.py): the whole screen picks the tiles
left in one hand, every tile of the set in a place of its own, the hand's value as picked so
far, Pips and OK along the top, what the hub's camera read of the hand still asks over them.
Keys: "left:<tile>", "left:more", "left:ok", "mode:pips"."""

from __future__ import annotations

from collections.abc import Mapping

from engine import GameState, Tile, all_tiles
from hubd.screens.hand_entry import HandEntry, camera_words, tile_cells, tile_choice
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Kind, Style, Widget
from hubd.values.intents import Intent


def tile_page(
    b: Builder,
    state: GameState,
    name: str,
    entries: Mapping[str, HandEntry],
    page: int,
    to_pips: Action,
    ok_action: Action,
    next_page: Action,
) -> int:
    """The whole screen picks the tiles left in ``name``'s hand: the hand and its value,
    Pips (``to_pips``) and OK along the top; under them every tile of the set in a cell
    of its own that never moves (see ``tile_cells``), ``page`` of them where they take
    pages (turned by ``next_page``): a tile on the table is not offered, one picked for
    another hand is greyed. Returns the page shown."""
    entry = entries[name]
    assert state.rules is not None
    rules, table = state.rules, state.table  # no table: a scores-only game, every tile
    count_px = b.chair_text
    head_w = b.w - 2 * b.gap
    pips_w, ok_w = b.button_widths([b.tr("Pips"), b.tr("OK")], b.min_text, head_w // 2)
    number_w = b.measure.width("888", count_px, True) + b.px(12)
    title_w = head_w - number_w - pips_w - ok_w - 3 * b.gap
    head_h = max(b.target, b.measure.line_height(count_px, True) - 2)
    title_text = b.tr("{player}'s hand").format(player=name)
    if not b.landscape and b.squeeze_scale(title_text, title_w, b.min_text, True) < MIN_SQUEEZE:
        # portrait has height to spare: two lines rather than the name cut ("Рука: M…")
        head_h = max(head_h, 2 * b.measure.line_height(b.min_text, True))
    head = Rect(b.gap, b.gap // 2, head_w, head_h)
    area = Rect(0, head.bottom + b.gap // 2, b.w, b.h - head.bottom - b.gap // 2)
    if entry.photo_count is not None:  # the camera's reading: what it asks, until OK
        area = camera_words(b, entry.reading_words(b.tr), area)
    offered = None if table is None else {t for t in all_tiles(rules.highest) if t not in table}
    cells, pages = tile_cells(b, rules.highest, area, offered)
    page %= pages
    value = entry.value(state, name)
    title, number, pips, ok = split_h(head, title_w, number_w, pips_w, ok_w, gap=b.gap)
    b.label(title, title_text, b.px(26), bold=True, align="start", wrap=True, squeeze=True,
            squeeze_lines=True)  # fmt: skip
    if pages > 1:  # a set too large for one page: the page turns where the value was
        b.button(number, f"{page + 1}/{pages} ▸", next_page, key="left:more")
    else:  # the hand's value as picked so far (the hand row shows it after OK)
        b.label(number, "–" if value is None else str(value), count_px, bold=True,
                floor=count_px, reading=True, role="count", key=f"count:{name}")  # fmt: skip
    b.button(pips, b.tr("Pips"), to_pips, key="mode:pips")
    b.button(ok, b.tr("OK"), ok_action, key="left:ok", style=Style.PRIMARY)
    taken = {t for n, e in entries.items() if n != name and e.by_tiles for t in e.tiles}
    likely = {tile for asked in entry.open_questions() for tile in asked.choices}
    for tile, (on, box) in cells.items():
        if on != page or (table is not None and tile in table):
            continue  # not offered: its cell stays empty
        toggle = None if tile in taken else _toggle(entry, tile)
        tile_choice(b, box, tile, tile in entry.tiles, toggle)
        if tile in likely and toggle is not None:  # what a question asks between: ringed
            b.add(Widget(Rect(box), Kind.MARK, key=f"likely:{tile}", role="mark",
                         mirror=False))  # fmt: skip
    return page


def _toggle(entry: HandEntry, tile: Tile) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        entry.touched = True
        if tile in entry.tiles:
            entry.tiles.remove(tile)
        else:
            entry.tiles.append(tile)
        return []

    return action
