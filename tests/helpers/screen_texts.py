"""A screen shown on a game, read as its widgets and its texts (the tests of what screens say)."""

from __future__ import annotations

import pygame

from engine import Game
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Widget


def shown(
    screen: str, game: Game | None = None, size: tuple[int, int] = (800, 480), language: str = "en"
) -> tuple[Ui, UiContext]:
    pygame.display.init()
    ui = Ui(size)
    ui.set_language(language)
    ctx = UiContext(state=game.state if game is not None else None, language=language)
    ui.state_changed(ctx)
    ui.show_screen(screen)
    return ui, ctx


def widgets(ui: Ui, ctx: UiContext) -> dict[str, Widget]:
    return {w.key: w for w in ui.layout(ctx, 0.0) if w.key}


def texts(ui: Ui, ctx: UiContext) -> list[str]:
    return [w.text for w in ui.layout(ctx, 0.0) if w.text]
