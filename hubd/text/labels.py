"""The labels of the table's lines: "B" for an arm, "3-3:2" for the second toe of the 3-3's
foot (a toe is named by the double it grows from, which a family can find on the table, not by
a code). The same in refusals, in the undo notice and in what the hub says."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engine import PlaceKind, Table, Tile

ARM_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def line_labels(table: Table) -> dict[Tile, str]:
    """The label of the line each tile on the table belongs to ("" for the hub): "B" for an
    arm, "3-3:2" for the line of the 3-3 foot's second toe (toes counted in the order they
    were laid on that foot)."""
    hub = table.hub_place
    labels: dict[Tile, str] = {hub.tile: ""}
    for tile, place in table.placed.items():  # in play order: parents before children
        parent = place.parent
        if parent is None:
            continue
        if parent == hub.tile:
            labels[tile] = ARM_LETTERS[hub.children.index(tile) % len(ARM_LETTERS)]
        elif table.placed[parent].kind is PlaceKind.FOOT:
            toe = table.placed[parent].children.index(tile) + 1
            labels[tile] = toe_label(parent, toe)
        else:
            labels[tile] = labels[parent]
    return labels


def toe_label(double: Tile, toe: int) -> str:
    """The label of the ``toe``-th (from 1) toe of ``double``'s foot."""
    return f"{double}:{toe}"


def toe_of(label: str) -> tuple[str, int] | None:
    """The double and the toe (from 1) a toe's label names; None for an arm or the hub."""
    double, colon, toe = label.rpartition(":")
    if not colon or not toe.isdigit():
        return None
    return double, int(toe)


def named_on_the_map(labels: Mapping[Tile, str], letters: Collection[str]) -> dict[Tile, str]:
    """``labels`` with "" for the arms whose letter the map does not show (a crowded table
    left it no place where it reads as its arm's): the words name such an arm by its tile
    ("the arm after the 6-4"), never by a letter a family cannot find. Blanked, not left out:
    the words round the map keep the labels of the last map drawn, one map over another."""
    return {tile: label if not label or toe_of(label) is not None or label in letters else ""
            for tile, label in labels.items()}  # fmt: skip
