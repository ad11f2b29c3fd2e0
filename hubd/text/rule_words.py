"""The rule options' names and the house rules in force, in the language of a translation
function: the same on the hub's screens and the phones' page."""

from __future__ import annotations

from collections.abc import Callable


def option_label(tr: Callable[[str], str], key: str) -> str:
    """An option's short name in the language of ``tr`` (a Builder's or a catalog's)."""
    labels = {
        "set": tr("Domino set"),
        "hand_size": tr("Tiles per hand"),
        "hub_arms": tr("Hub arms"),
        "reserve": tr("Yard reserve"),
        "double_in_hands": tr("Double dealt"),
        "double_blank_50": tr("0-0 worth 50"),
        "rounds": tr("Rounds"),
        "first_double": tr("First double"),
        "burn_double": tr("Burn a missing double"),
        "out_on_double_50": tr("Out on a double: 50"),
    }
    return labels.get(key, key)


def house_words(tr: Callable[[str], str], house: tuple[tuple[str, int], ...]) -> str:
    """ "House rules: from the 9-9 · Burn a missing double · …" in the language of ``tr``."""
    said = [
        tr("from the {tile}").format(tile=f"{value}-{value}")
        if key == "first_double"
        else option_label(tr, key)
        for key, value in house
    ]
    return tr("House rules: {rules}").format(rules=" · ".join(said))
