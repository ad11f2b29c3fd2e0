"""The pygame window or kiosk screen, with rotation done by the program itself.

The kmsdrm video driver ignores the console's rotation, so the screens draw on a logical
canvas (portrait or landscape as the user sees it) and ``present`` turns it onto the panel.
Touch and mouse positions are turned back the same way.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

ROTATIONS = (0, 90, 180, 270)


class Display:
    def __init__(
        self,
        size: tuple[int, int],
        rotation: int = 0,
        fullscreen: bool = False,
        kiosk: bool = False,
        title: str = "Chicken Foot Hub",
    ) -> None:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")
        pygame.display.init()
        pygame.display.set_caption(title)
        flags = pygame.FULLSCREEN if fullscreen else 0
        if fullscreen:
            size = (0, 0)  # the panel's own mode
        self.screen = pygame.display.set_mode(size, flags)
        if kiosk or fullscreen:
            pygame.mouse.set_visible(False)
        self.rotation = rotation
        self._canvas: pygame.Surface | None = None
        self._make_canvas()

    @property
    def physical_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def logical_size(self) -> tuple[int, int]:
        w, h = self.physical_size
        return (h, w) if self.rotation in (90, 270) else (w, h)

    def _make_canvas(self) -> None:
        self._canvas = None if self.rotation == 0 else pygame.Surface(self.logical_size)

    @property
    def surface(self) -> pygame.Surface:
        """Where the screens draw, in logical coordinates."""
        return self.screen if self._canvas is None else self._canvas

    def set_rotation(self, rotation: int) -> None:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")
        self.rotation = rotation
        self._make_canvas()

    def resized(self) -> None:
        """The window changed size (desktop): make the canvas follow."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self._make_canvas()

    def present(self, dirty: list[pygame.Rect]) -> None:
        if not dirty:
            return
        if self._canvas is None:
            pygame.display.update(dirty)
            return
        # ``rotation`` is counter-clockwise, as pygame.transform.rotate turns.
        self.screen.blit(pygame.transform.rotate(self._canvas, self.rotation), (0, 0))
        pygame.display.flip()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A physical pixel position as a position on the logical canvas."""
        px, py = int(pos[0]), int(pos[1])
        w, h = self.physical_size
        if self.rotation == 90:  # the canvas is turned a quarter counter-clockwise
            return h - 1 - py, px
        if self.rotation == 180:
            return w - 1 - px, h - 1 - py
        if self.rotation == 270:
            return py, w - 1 - px
        return px, py

    def to_physical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A position on the logical canvas as a physical pixel (the inverse of to_logical)."""
        lx, ly = pos
        w, h = self.physical_size
        if self.rotation == 90:
            return ly, h - 1 - lx
        if self.rotation == 180:
            return w - 1 - lx, h - 1 - ly
        if self.rotation == 270:
            return w - 1 - ly, lx
        return lx, ly

    def finger_to_logical(self, fx: float, fy: float) -> tuple[int, int]:
        """SDL reports fingers in 0..1 of the panel; turn that into a logical position."""
        w, h = self.physical_size
        return self.to_logical((fx * w, fy * h))

    def close(self) -> None:
        pygame.display.quit()
