"""``Rect``: a rectangle of whole pixels that works as pygame's does, without pygame.

The screens' geometry (and so ``hubd layout`` and the layout tests) runs on this; the painter
hands it to pygame, which takes any sequence of four numbers as a rectangle. Its arithmetic is
pygame's to the pixel: numbers are cut to whole pixels toward zero, and halves (a centre, an
inflation) are C's integer halves, toward zero too (tests/hubd/screens/test_rect_as_pygame.py
holds it against pygame).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Union

#: What may stand for a rectangle: a Rect or (x, y, w, h).
RectLike = Union["Rect", Sequence[float]]
Point = tuple[int, int]


def _half(n: int) -> int:
    """C's ``n / 2`` for ints: toward zero."""
    return -(-n // 2) if n < 0 else n // 2


def _whole(value: float) -> int:
    return int(value)


def _parts(args: tuple[object, ...]) -> tuple[int, int, int, int]:
    """x, y, w, h from (x, y, w, h), ((x, y), (w, h)), a Rect or one sequence of those."""
    if len(args) == 1 and isinstance(args[0], Rect):
        rect = args[0]
        return rect.x, rect.y, rect.w, rect.h
    if len(args) == 1 and isinstance(args[0], Iterable):  # pygame's Rect is no Sequence
        args = tuple(args[0])
    if len(args) == 2 and all(isinstance(a, Sequence) and len(a) == 2 for a in args):
        args = tuple(value for pair in args for value in pair)  # type: ignore[attr-defined]
    if len(args) != 4 or not all(isinstance(a, (int, float)) for a in args):
        raise TypeError(f"a Rect needs x, y, width and height, not {args!r}")
    x, y, w, h = (_whole(a) for a in args)  # type: ignore[arg-type]
    return x, y, w, h


class Rect:
    """x, y, width and height in pixels, with pygame's names for its sides and points."""

    __slots__ = ("_h", "_w", "_x", "_y")

    def __init__(self, *args: object) -> None:
        self._x, self._y, self._w, self._h = _parts(args)

    @property
    def x(self) -> int:
        return self._x

    @x.setter
    def x(self, value: float) -> None:
        self._x = int(value)

    @property
    def y(self) -> int:
        return self._y

    @y.setter
    def y(self, value: float) -> None:
        self._y = int(value)

    @property
    def w(self) -> int:
        return self._w

    @w.setter
    def w(self, value: float) -> None:
        self._w = int(value)

    @property
    def h(self) -> int:
        return self._h

    @h.setter
    def h(self, value: float) -> None:
        self._h = int(value)

    # -- a sequence of four, as pygame takes it ------------------------------------------

    def __iter__(self) -> Iterator[int]:
        return iter((self.x, self.y, self.w, self.h))

    def __len__(self) -> int:
        return 4

    def __getitem__(self, index: int) -> int:
        return (self.x, self.y, self.w, self.h)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rect):
            return (self.x, self.y, self.w, self.h) == (other.x, other.y, other.w, other.h)
        if isinstance(other, (tuple, list)) and len(other) == 4:
            return (self.x, self.y, self.w, self.h) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as pygame's

    def __bool__(self) -> bool:
        return self.w != 0 and self.h != 0

    def __repr__(self) -> str:
        return f"Rect({self.x}, {self.y}, {self.w}, {self.h})"

    # -- sides, points and size ----------------------------------------------------------

    @property
    def width(self) -> int:
        return self.w

    @width.setter
    def width(self, value: float) -> None:
        self.w = _whole(value)

    @property
    def height(self) -> int:
        return self.h

    @height.setter
    def height(self, value: float) -> None:
        self.h = _whole(value)

    @property
    def size(self) -> Point:
        return self.w, self.h

    @size.setter
    def size(self, value: Sequence[float]) -> None:
        self.w, self.h = _whole(value[0]), _whole(value[1])

    @property
    def left(self) -> int:
        return self.x

    @left.setter
    def left(self, value: float) -> None:
        self.x = _whole(value)

    @property
    def top(self) -> int:
        return self.y

    @top.setter
    def top(self, value: float) -> None:
        self.y = _whole(value)

    @property
    def right(self) -> int:
        return self.x + self.w

    @right.setter
    def right(self, value: float) -> None:
        self.x = _whole(value) - self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @bottom.setter
    def bottom(self, value: float) -> None:
        self.y = _whole(value) - self.h

    @property
    def centerx(self) -> int:
        return self.x + _half(self.w)

    @centerx.setter
    def centerx(self, value: float) -> None:
        self.x = _whole(value) - _half(self.w)

    @property
    def centery(self) -> int:
        return self.y + _half(self.h)

    @centery.setter
    def centery(self, value: float) -> None:
        self.y = _whole(value) - _half(self.h)

    @property
    def center(self) -> Point:
        return self.centerx, self.centery

    @center.setter
    def center(self, value: Sequence[float]) -> None:
        self.centerx, self.centery = value[0], value[1]

    @property
    def topleft(self) -> Point:
        return self.x, self.y

    @topleft.setter
    def topleft(self, value: Sequence[float]) -> None:
        self.left, self.top = value[0], value[1]

    @property
    def topright(self) -> Point:
        return self.right, self.y

    @topright.setter
    def topright(self, value: Sequence[float]) -> None:
        self.right, self.top = value[0], value[1]

    @property
    def bottomleft(self) -> Point:
        return self.x, self.bottom

    @bottomleft.setter
    def bottomleft(self, value: Sequence[float]) -> None:
        self.left, self.bottom = value[0], value[1]

    @property
    def bottomright(self) -> Point:
        return self.right, self.bottom

    @bottomright.setter
    def bottomright(self, value: Sequence[float]) -> None:
        self.right, self.bottom = value[0], value[1]

    @property
    def midtop(self) -> Point:
        return self.centerx, self.y

    @midtop.setter
    def midtop(self, value: Sequence[float]) -> None:
        self.centerx, self.top = value[0], value[1]

    @property
    def midbottom(self) -> Point:
        return self.centerx, self.bottom

    @midbottom.setter
    def midbottom(self, value: Sequence[float]) -> None:
        self.centerx, self.bottom = value[0], value[1]

    @property
    def midleft(self) -> Point:
        return self.x, self.centery

    @midleft.setter
    def midleft(self, value: Sequence[float]) -> None:
        self.left, self.centery = value[0], value[1]

    @property
    def midright(self) -> Point:
        return self.right, self.centery

    @midright.setter
    def midright(self, value: Sequence[float]) -> None:
        self.right, self.centery = value[0], value[1]

    # -- new rectangles ------------------------------------------------------------------

    def copy(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)

    def move(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + _whole(dx), self.y + _whole(dy), self.w, self.h)

    def move_ip(self, dx: float, dy: float) -> None:
        self.x, self.y = self.x + _whole(dx), self.y + _whole(dy)

    def inflate(self, dx: float, dy: float) -> Rect:
        """Grown by ``dx`` and ``dy`` (shrunk if negative) about the same centre."""
        dx, dy = _whole(dx), _whole(dy)
        return Rect(self.x - _half(dx), self.y - _half(dy), self.w + dx, self.h + dy)

    def inflate_ip(self, dx: float, dy: float) -> None:
        self.x, self.y, self.w, self.h = self.inflate(dx, dy)

    def clip(self, other: RectLike) -> Rect:
        """The part inside ``other``; none: a rect of no size at this one's corner."""
        b = other if isinstance(other, Rect) else Rect(other)
        left, right = max(self.x, b.x), min(self.right, b.right)
        top, bottom = max(self.y, b.y), min(self.bottom, b.bottom)
        if left >= right or top >= bottom:
            return Rect(self.x, self.y, 0, 0)
        return Rect(left, top, right - left, bottom - top)

    def union(self, other: RectLike) -> Rect:
        b = other if isinstance(other, Rect) else Rect(other)
        left, top = min(self.x, b.x), min(self.y, b.y)
        return Rect(left, top, max(self.right, b.right) - left, max(self.bottom, b.bottom) - top)

    def union_ip(self, other: RectLike) -> None:
        self.x, self.y, self.w, self.h = self.union(other)

    def unionall(self, others: Sequence[RectLike]) -> Rect:
        whole = self.copy()
        for other in others:
            whole.union_ip(other)
        return whole

    def clamp(self, other: RectLike) -> Rect:
        """Moved to lie inside ``other`` (centred on an axis where it is larger)."""
        b = other if isinstance(other, Rect) else Rect(other)
        if self.w >= b.w:
            x = b.x + _half(b.w) - _half(self.w)
        else:
            x = min(max(self.x, b.x), b.right - self.w)
        if self.h >= b.h:
            y = b.y + _half(b.h) - _half(self.h)
        else:
            y = min(max(self.y, b.y), b.bottom - self.h)
        return Rect(x, y, self.w, self.h)

    def clamp_ip(self, other: RectLike) -> None:
        self.x, self.y, self.w, self.h = self.clamp(other)

    # -- questions -----------------------------------------------------------------------

    def collidepoint(self, point: Sequence[float]) -> bool:
        """Whether the point lies inside (the right and bottom sides are outside)."""
        px, py = point[0], point[1]
        return self.x <= px < self.right and self.y <= py < self.bottom

    def colliderect(self, other: RectLike) -> bool:
        """Whether the two share a pixel (a rect of no size shares none)."""
        b = other if isinstance(other, Rect) else Rect(other)
        if not self.w or not self.h or not b.w or not b.h:
            return False
        return (
            min(self.x, self.right) < max(b.x, b.right)
            and min(self.y, self.bottom) < max(b.y, b.bottom)
            and max(self.x, self.right) > min(b.x, b.right)
            and max(self.y, self.bottom) > min(b.y, b.bottom)
        )

    def collidelist(self, others: Sequence[RectLike]) -> int:
        """The index of the first of ``others`` this shares a pixel with, -1 for none."""
        return next((i for i, other in enumerate(others) if self.colliderect(other)), -1)

    def collidelistall(self, others: Sequence[RectLike]) -> list[int]:
        """The indexes of ``others`` this shares a pixel with."""
        return [i for i, other in enumerate(others) if self.colliderect(other)]

    def contains(self, other: RectLike) -> bool:
        b = other if isinstance(other, Rect) else Rect(other)
        return (
            self.x <= b.x
            and self.y <= b.y
            and self.right >= b.right
            and self.bottom >= b.bottom
            and self.right > b.x
            and self.bottom > b.y
        )
