"""The phones' map (hubd/web/svg.py): the hub's layout, every line's label on it."""

from __future__ import annotations

import re

from engine import Game, PlaceKind, Table
from engine.simulate import Simulator
from hubd.text.labels import line_labels
from hubd.web.svg import map_svg


def a_table_with_a_complete_foot() -> Table:
    events = Simulator(4, {"preset": "classic", "rounds": 1}, 7, check=False).play_game()
    game = Game()
    for event in events.effective:
        game.apply(event)
        table = game.state.table
        if table is not None and any(
            p.kind is PlaceKind.FOOT and p.room == 0 for p in table.placed.values()
        ):
            return table
    raise AssertionError("no foot completed in the sample game")


def test_a_complete_foot_keeps_its_label_and_every_end_carries_its_own() -> None:
    table = a_table_with_a_complete_foot()
    labels = line_labels(table)
    svg = map_svg(table, frozenset(table.open))
    texts = set(re.findall(r'<text class="line"[^>]*>([^<]+)</text>', svg))
    feet = [p.tile for p in table.placed.values() if p.kind is PlaceKind.FOOT and p.room == 0]
    assert {labels[tile] for tile in feet} <= texts
    ends = [p.tile for p in table.placed.values() if p.room > 0 and p.parent is not None]
    assert {labels[tile] for tile in ends} <= texts
