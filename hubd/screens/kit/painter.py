"""Drawing widgets with pygame: fonts, caches of rendered text and dominoes, QR codes.

Text is measured as the layout measures it (kit/measure.py), so what is drawn is what was laid
out."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

from hubd.picture.pips import SPOTS, digit_rooms
from hubd.screens.kit.measure import FONT_PATH, TextMeasure
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.widgets import (
    FILL,
    INK,
    PIP,
    TEXT,
    TILE_EDGE,
    TILE_FACE,
    Color,
    Kind,
    Style,
    Widget,
)

log = logging.getLogger(__name__)


def _lighter(color: Color, amount: int = 40) -> Color:
    r, g, b = color
    return (min(255, r + amount), min(255, g + amount), min(255, b + amount))


#: What the caches of rendered text and dominoes may hold, in pixel bytes. A count was no
#: bound: a text's surface is 55 kB on average (big numbers), so 1,500 of them grew a hub
#: playing all evening by 60 MB. Each screen's texts and dominoes fit many times over.
TEXT_CACHE_BYTES = 6 * 1024 * 1024

#: U+200E LEFT-TO-RIGHT MARK: no glyph, no width; the bidi order of what follows it is left
#: to right.
LEFT_TO_RIGHT = "\u200e"
TILE_CACHE_BYTES = 4 * 1024 * 1024


class SurfaceCache:
    """Surfaces by key, the least recently used dropped once they hold more than ``limit``
    bytes of pixels."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._surfaces: OrderedDict[object, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._surfaces)

    def get(self, key: object) -> pygame.Surface | None:
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
        return surface

    def put(self, key: object, surface: pygame.Surface) -> None:
        old = self._surfaces.pop(key, None)
        if old is not None:
            self.size -= _bytes(old)
        self._surfaces[key] = surface
        self.size += _bytes(surface)
        while self.size > self.limit and len(self._surfaces) > 1:
            self.size -= _bytes(self._surfaces.popitem(last=False)[1])


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class Painter(TextMeasure):
    """Fonts, a cache of rendered text, cached dominoes, and drawing widgets."""

    def __init__(self, font_path: str | None = None) -> None:
        super().__init__()
        pygame.font.init()
        regular = Path(font_path) if font_path else FONT_PATH
        bold = regular.with_name(regular.stem + "-Bold" + regular.suffix)
        self._paths: dict[bool, str | None] = {False: None, True: None}
        if regular.exists():
            self._paths[False] = str(regular)
            self._paths[True] = str(bold) if bold.exists() else str(regular)
        else:
            log.warning(
                "font %s is missing (install fonts-dejavu-core); using pygame's default font, "
                "which lacks Hebrew and Cyrillic",
                regular,
            )
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text = SurfaceCache(TEXT_CACHE_BYTES)  # by (text, size, bold, color)
        self._tiles = SurfaceCache(TILE_CACHE_BYTES)  # by (a, b, w, h, vertical, lit, digits)
        self._codes: dict[tuple[str, int], pygame.Surface] = {}
        self._shades: dict[tuple[int, int], pygame.Surface] = {}
        self.visual: Callable[[str], str] = lambda text: text

    # -- text ----------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(self._paths[bold], size)
            if bold and self._paths[True] == self._paths[False] and self._paths[False]:
                font.bold = True
            self._fonts[key] = font
        return font

    def render(
        self, text: str, size: int, bold: bool, color: Color, squeeze: float = 1.0
    ) -> pygame.Surface:
        key: tuple[object, ...] = (text, size, bold, color)
        if squeeze < 1:
            key += (squeeze,)
        surface = self._text.get(key)
        if surface is not None:
            return surface
        surface = self.font(size, bold).render(self.visual(text), True, color)
        if squeeze < 1:
            w, h = surface.get_size()
            surface = pygame.transform.smoothscale(surface, (max(1, int(w * squeeze)), h))
        self._text.put(key, surface)
        return surface

    # -- dominoes ------------------------------------------------------------------------

    def domino(
        self, a: int, b: int, w: int, h: int, vertical: bool, lit: bool, digits: int = 0
    ) -> pygame.Surface:
        """A domino ``a|b`` (left|right, or top/bottom when vertical) of size w x h; its
        numbers as digits of ``digits`` px instead of pips (a tile too small for pips)."""
        key = (a, b, w, h, vertical, lit, digits)
        surface = self._tiles.get(key)
        if surface is not None:
            return surface
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, min(w, h) // 7)
        face = (255, 236, 170) if lit else TILE_FACE
        pygame.draw.rect(surface, face, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(surface, TILE_EDGE, surface.get_rect(), 1, border_radius=radius)
        # Between digits the bar is dark and thick: "8|3", never a number "83".
        bar, bar_w = (PIP, 3) if digits else (TILE_EDGE, 1)
        if vertical:
            halves = [pygame.Rect(0, 0, w, h // 2), pygame.Rect(0, h - h // 2, w, h // 2)]
            pygame.draw.line(surface, bar, (3, h // 2), (w - 4, h // 2), bar_w)
        else:
            halves = [pygame.Rect(0, 0, w // 2, h), pygame.Rect(w - w // 2, 0, w // 2, h)]
            pygame.draw.line(surface, bar, (w // 2, 3), (w // 2, h - 4), bar_w)
        rooms = digit_rooms(w, h, vertical)
        for value, half, room in zip((a, b), halves, rooms, strict=True):
            if digits:  # the ink centred in its room, off the tile's edge and off the bar
                text = self.font(digits, True).render(str(value), True, PIP)
                ink = text.get_bounding_rect()
                spot = ink.copy()
                spot.center = pygame.Rect(room).center
                surface.blit(text, (spot.x - ink.x, spot.y - ink.y))
            else:
                self._half(surface, value, half)
        self._tiles.put(key, surface)
        return surface

    def _half(self, surface: pygame.Surface, value: int, box: pygame.Rect) -> None:
        side = min(box.w, box.h)
        if value > 9:  # too many pips to read: the number itself, with a margin
            size = max(8, int(side * 0.6))
            while size > 8 and self.font(size, True).size(str(value))[0] > box.w * 0.8:
                size -= 1
            text = self.font(size, True).render(str(value), True, PIP)
            surface.blit(text, text.get_rect(center=box.center))
            return
        cell = side / 3.4
        radius = max(1, int(side / 11))
        cx, cy = box.center
        spots = SPOTS[value]
        for dx, dy in spots:
            pygame.draw.circle(surface, PIP, (round(cx + dx * cell), round(cy + dy * cell)), radius)

    # -- widgets -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, widget: Widget) -> None:
        rect = widget.rect
        style = widget.style
        pressed = widget.pressed
        if widget.kind is Kind.SHADE:
            key = (rect.w, rect.h)
            shade = self._shades.get(key)
            if shade is None:
                shade = pygame.Surface(key, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 150))
                self._shades[key] = shade
            surface.blit(shade, rect)
            return
        if widget.kind is Kind.RIPPLE:
            pygame.draw.circle(surface, TEXT, rect.center, rect.w // 2, 3)
            return
        if widget.kind is Kind.QR and widget.lines:
            surface.blit(self.qr(widget.lines[0], rect.w), rect)
            return
        if widget.kind is Kind.MARK:
            width = max(3, min(rect.w, rect.h) // 8)
            pygame.draw.rect(surface, FILL[Style.SELECTED], rect, width, border_radius=width * 2)
            return
        if widget.kind is Kind.LINK and widget.points is not None:
            x1, y1, x2, y2 = widget.points
            ink = FILL[Style.SELECTED] if widget.style is Style.SELECTED else TEXT  # a leader
            pygame.draw.line(surface, ink, (x1, y1), (x2, y2), max(1, widget.pad))
            return
        if widget.kind in (Kind.BUTTON, Kind.PANEL, Kind.BANNER, Kind.TARGET):
            fill = FILL[style]
            if pressed:
                fill = _lighter(fill, 55)
            # A target is a rounded square: its number over its label, both whole.
            radius = (
                min(rect.w, rect.h) // 4 if widget.kind is Kind.TARGET else min(12, rect.h // 4)
            )
            if widget.kind is Kind.BANNER:
                radius = 0
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            if widget.kind is Kind.BUTTON and style is not Style.DISABLED:
                pygame.draw.rect(surface, _lighter(fill, 25), rect, 2, border_radius=radius)
            if widget.kind is Kind.TARGET and style is not Style.CLOSED:
                pygame.draw.rect(surface, TEXT, rect, 3, border_radius=radius)
            if pressed:
                pygame.draw.rect(surface, TEXT, rect, 3, border_radius=radius)
        elif widget.kind is Kind.TILE and widget.tile is not None:
            a, b = widget.tile
            lit = style is Style.SELECTED
            image = self.domino(a, b, rect.w, rect.h, widget.vertical, lit, widget.size)
            surface.blit(image, rect)
        if widget.locked:
            self._padlock(surface, rect)
        if widget.lines:
            self._text_lines(surface, widget)

    def qr(self, text: str, side: int) -> pygame.Surface:
        """``text``'s QR code on a light square ``side`` px wide, with a quiet zone."""
        key = (text, side)
        surface = self._codes.get(key)
        if surface is not None:
            return surface
        from hubd.screens.kit.qr import qr_modules  # segno only when a code is shown

        modules = qr_modules(text)
        count = len(modules) + 8  # four light modules on every side
        cell = max(1, side // count)
        surface = pygame.Surface((side, side))
        surface.fill((255, 255, 255))
        margin = (side - cell * len(modules)) // 2
        for y, row in enumerate(modules):
            for x, dark in enumerate(row):
                if dark:
                    surface.fill((0, 0, 0), (margin + x * cell, margin + y * cell, cell, cell))
        self._codes[key] = surface
        return surface

    def _text_lines(self, surface: pygame.Surface, widget: Widget) -> None:
        color = widget.color or INK[widget.style]
        lh = self.line_height(widget.size, widget.bold)
        rect = widget.rect
        if widget.lead or widget.head:  # the text beside or under a badge: centred in the rest
            rect = rect.copy()
            rect.w -= abs(widget.lead)
            rect.x += max(0, widget.lead)
            rect.h -= widget.head
            rect.y += widget.head
        top = rect.centery - lh * len(widget.lines) // 2
        for i, line in enumerate(widget.lines):
            image = self.render(self.in_order(widget, line), widget.size, widget.bold, color,
                                widget.squeeze)  # fmt: skip
            box = image.get_rect()
            box.centery = top + i * lh + lh // 2
            if widget.align == "start":
                box.left = rect.left + widget.pad
            elif widget.align == "end":
                box.right = rect.right - widget.pad
            else:
                box.centerx = rect.centerx
            surface.blit(image, box)

    def in_order(self, widget: Widget, line: str) -> str:
        """``line`` as ``widget`` shows it: a widget that is not mirrored (the map: a picture of
        the table) reads left to right in every language, so a text of no right-to-left
        letters that the right-to-left order would turn ("+2" shown "2+" in Hebrew) keeps
        its order behind a left-to-right mark (which takes no room)."""
        if widget.mirror or any("\u0590" <= ch <= "\u08ff" for ch in line):
            return line
        return line if self.visual(line) == line else LEFT_TO_RIGHT + line

    def _padlock(self, surface: pygame.Surface, rect: Rect) -> None:
        side = max(10, min(rect.w, rect.h) // 4)
        body = pygame.Rect(0, 0, side, side * 3 // 4)
        # The top corner, small: a two-digit number fills the target's width below it. The
        # shackle rises 5/12 of a side above the body: all of it stays inside the target, so
        # that a redraw of the target's place takes the whole padlock away.
        body.topright = (rect.right - 2, rect.top + 2 + (5 * side + 11) // 12)
        shackle = pygame.Rect(0, 0, side * 2 // 3, side * 2 // 3)
        shackle.midbottom = (body.centerx, body.top + side // 4)
        pygame.draw.rect(surface, (40, 40, 40), shackle, max(2, side // 6), border_radius=side)
        pygame.draw.rect(surface, (235, 200, 90), body, border_radius=3)
        pygame.draw.rect(surface, (40, 40, 40), body, 1, border_radius=3)
