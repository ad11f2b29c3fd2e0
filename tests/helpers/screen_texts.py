"""A screen shown on a game, read as its widgets and its texts, and what the hub says after an
entry (the tests of what screens and the voice say)."""

from __future__ import annotations

import pygame
from engine_helpers import run

from engine import Game
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Widget
from hubd.speech.phrases import Outline, after_event
from hubd.speech.words import Words
from hubd.text import i18n

#: Every language the hub speaks, and the two screen sizes it is built for.
LANGUAGES = i18n.available_languages()
SIZES = [(800, 480), (720, 1280)]
TWO = ("Ana", "Ben")


def tr(language: str) -> i18n.Tr:
    return i18n.load(language).gettext


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


def said_after(game: Game, step: str, language: str = "en") -> list[str]:
    """What the hub says once ``step`` (engine_helpers.run's words) is entered on ``game``."""
    before = Outline.of(game.state)
    run(game, step)
    event = game.last_effective
    assert event is not None
    return after_event(before, game.state, event, Words(i18n.load(language)), turns=False)
