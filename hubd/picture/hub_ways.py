"""The ways out of the hub its arms take: evenly round it (``ARM_WAYS``), or with its free ways
between the neighbouring arms that crowd each other most (a table the larger areas find no
room for, hubd/picture/faithful.py)."""

from __future__ import annotations

from hubd.picture.grid import ARM_WAYS
from hubd.picture.plan import Plan


def hub_ways(plan: Plan, apart: bool = False) -> tuple[int, ...]:
    """The ways out of the hub its arms take, in order (and the arms to come: kept free);
    ``apart``: with its free ways between its most crowded arms (``apart_ways``)."""
    ways = ARM_WAYS.get(plan.pieces[0].place.capacity, tuple(range(8)))
    return apart_ways(plan, len(ways)) if apart else ways


def apart_ways(plan: Plan, arms: int) -> tuple[int, ...]:
    """The ways out of the hub for ``arms`` arms (in order, clockwise from way 0) with each
    way left free between two neighbouring arms that crowd each other most (the smaller of
    the two needs the most cells; the earlier pair first): a foot two cells out on each of
    two neighbouring arms leaves the other's toes almost no cells, where a free way between
    them lets both fan out (``ARM_WAYS`` spreads the arms evenly, whatever they hold)."""
    free = 8 - arms
    if free <= 0 or free >= arms:  # (four arms or fewer: each already has a free way beside)
        return ARM_WAYS.get(arms, tuple(range(8)))
    need = [0] * arms  # (an arm still to come: none yet)
    for piece in plan.pieces:
        if 0 <= piece.arm < arms:
            need[piece.arm] = piece.need
    pairs = sorted(range(arms), key=lambda a: (-min(need[a], need[(a + 1) % arms]), a))
    after = set(pairs[:free])  # arms followed by a free way
    ways, way = [], 0
    for arm in range(arms):
        ways.append(way)
        way += 2 if arm in after else 1
    return tuple(ways)
