"""The Ui: the screens' frames (hubd/screens/frames.py) drawn with pygame, redrawing only
what changed."""

from __future__ import annotations

from collections import Counter

import pygame

from hubd.screens.frames import Frames
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.painter import Painter
from hubd.screens.kit.rect import Rect
from hubd.screens.kit.redraw import merge_dirty, widget_place
from hubd.screens.kit.widgets import BACKGROUND


class Ui(Frames):
    """The touchscreen user interface. See hubd/screens/__init__.py for the contract."""

    def __init__(self, size: tuple[int, int], font_path: str | None = None) -> None:
        super().__init__(size)
        self.painter = Painter(font_path)
        self._drawn: Counter[tuple[object, ...]] = Counter()

    def render(self, surface: pygame.Surface, ctx: UiContext, now: float) -> list[pygame.Rect]:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self._sync(ctx)
        if self._deadline is not None and now >= self._deadline:
            self._stale = True
        if not self._stale and not self._unpainted:
            return []
        self.messages.start_pending_flash(now)
        widgets = self.layout(ctx, now)
        self.painter.visual = self.translator.visual
        drawn = Counter(w.signature() for w in widgets)
        screen = Rect(surface.get_rect())
        if self._full:
            dirty = [screen]
        else:
            # What appeared and what went away; a signature starts with the widget's place.
            changed = (drawn - self._drawn) + (self._drawn - drawn)
            dirty = merge_dirty([widget_place(sig) for sig in changed], screen)
        self._drawn = drawn
        self._full = False
        self._unpainted = False
        for rect in dirty:
            surface.set_clip(tuple(rect))
            surface.fill(BACKGROUND, tuple(rect))
            for widget in widgets:
                if widget.rect.colliderect(rect):
                    self.painter.draw(surface, widget)
        surface.set_clip(None)
        return [pygame.Rect(tuple(rect)) for rect in dirty]
