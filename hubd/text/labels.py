"""The labels of the table's lines ("B" for an arm, "B2" for a toe under it): the same on the
map, in refusals, in the undo notice and in what the hub says."""

from __future__ import annotations

from collections import Counter

from engine import PlaceKind, Table, Tile

ARM_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def line_labels(table: Table) -> dict[Tile, str]:
    """The label of the line each tile on the table belongs to ("" for the hub): "B" for an
    arm; the toes under arm B are "B1", "B2", ... in the order they were laid, on every foot
    of that arm and on feet laid on its toes alike, so the numbers have no gaps."""
    hub = table.hub_place
    labels: dict[Tile, str] = {hub.tile: ""}
    arm_of: dict[Tile, str] = {}
    toes: Counter[str] = Counter()  # toes laid so far under each arm
    for tile, place in table.placed.items():  # in play order: parents before children
        parent = place.parent
        if parent is None:
            continue
        if parent == hub.tile:
            arm = ARM_LETTERS[hub.children.index(tile) % len(ARM_LETTERS)]
            labels[tile] = arm
        elif table.placed[parent].kind is PlaceKind.FOOT:
            arm = arm_of[parent]
            toes[arm] += 1
            labels[tile] = f"{arm}{toes[arm]}"
        else:
            arm = arm_of[parent]
            labels[tile] = labels[parent]
        arm_of[tile] = arm
    return labels
