"""What the photo reader says where it does not read: why, in words for the player (each kind
its own class, so that the reader knows which readings are worth trying again)."""

from __future__ import annotations


class PhotoUnreadable(ValueError):
    """The photo cannot be read: the message says why, in words for the player."""


NOTHING = "No tiles found: lay the tiles face up on a darker table and fill the photo with them."
OUTSIDE = "A tile lies partly outside the photo: take it again with every tile inside it."
TOO_CLOSE = (
    "Some tiles lie too close or on top of each other to tell apart: "
    "lay them face up, a little apart, and take the photo again."
)


class NoTiles(PhotoUnreadable):
    """Nothing in the photo was read as a tile."""


class Outside(PhotoUnreadable):
    """A tile seems to lie partly outside the photo."""


class Stuck(PhotoUnreadable):
    """Pieces of the photo of more than a tile's size would not come apart into tiles."""


class Staggered(Stuck):
    """As :class:`Stuck`, a staggered row of tiles side by side among them (cut evenly, its
    seams askew to the cuts, it is read wrong: said; read again as seen from above, its
    tiles must be the same at two stretches)."""
