"""The table's picture: the table as it lies, laid out by pure code from the engine's table.

No pygame, no store, no screens: the play screen (hubd/screens/map/view.py), the layout
records (``hubd layout``) and the phones' SVG (hubd/web/svg.py) all draw the same
``Picture``, the same for the same table (``Layouts``, hubd/picture/chain.py). See ``layout``
for how the table is laid out.
"""

from hubd.picture.arm_labels import arm_labels
from hubd.picture.chain import Layouts, laid_out, play_picture
from hubd.picture.faithful import note_height
from hubd.picture.layout import picture
from hubd.picture.shapes import (
    Box,
    MapEnd,
    MapFold,
    MapLabel,
    MapLink,
    MapTile,
    Picture,
    Sizes,
)

__all__ = [
    "Box",
    "Layouts",
    "MapEnd",
    "MapFold",
    "MapLabel",
    "MapLink",
    "MapTile",
    "Picture",
    "Sizes",
    "arm_labels",
    "laid_out",
    "note_height",
    "picture",
    "play_picture",
]
