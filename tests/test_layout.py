"""Every scripted screen, in every language, at both screen sizes (and a few desktop windows),
checked from its layout: no clipped text, tap targets at least 64 px and never overlapping,
numbers read from across the table at least 32 px, nothing outside the screen.
"""

from __future__ import annotations

import pygame
import pytest

from hubd import i18n
from hubd.screens import Ui
from hubd.screens.screenshots import SIZES, context, shots
from hubd.screens.widgets import MIN_READ, MIN_TARGET, Kind, Widget

DESKTOP = [(1024, 600), (1280, 800), (1920, 1080), (600, 1024)]
LANGUAGES = i18n.available_languages()


def frame(language: str, size: tuple[int, int], shot_name: str) -> tuple[Ui, list[Widget]]:
    pygame.display.init()
    ui = Ui(size)
    ctx = context(language)
    ui.set_language(language)
    shot = next(s for s in shots() if s.name == shot_name)
    shot.prepare(ui, ctx)
    return ui, ui.layout(ctx, 1.0)


#: The least font size (px) of any text, at each official size: about 4 mm from a chair.
MIN_TEXT = {(800, 480): 20, (720, 1280): 30}


def problems(ui: Ui, widgets: list[Widget], official: bool) -> list[str]:
    found: list[str] = []
    least = MIN_TEXT.get(ui.size, 0) if official else 0
    screen = pygame.Rect((0, 0), ui.size)
    painter = ui.painter
    shade = max((i for i, w in enumerate(widgets) if w.kind is Kind.SHADE), default=-1)
    for widget in widgets:
        name = f"{widget.kind.value} {widget.key or widget.text!r}"
        if not screen.contains(widget.rect):
            found.append(f"{name} at {widget.rect} leaves the screen")
        if widget.lines:
            if widget.truncated:
                found.append(f"{name}: text cut to {widget.lines[0]!r}")
            width = widget.rect.w - 2 * widget.pad
            for line in widget.lines:
                used = painter.width(line, widget.size, widget.bold)
                if used > width:
                    found.append(f"{name}: {line!r} is {used} px in {width} px")
            height = len(widget.lines) * painter.line_height(widget.size, widget.bold)
            if height > widget.rect.h + 2:
                found.append(
                    f"{name}: {len(widget.lines)} lines need {height} px of {widget.rect.h}"
                )
            if official and widget.reading and widget.size < MIN_READ:
                found.append(f"{name}: a number read at {widget.size} px")
            if widget.size < least:
                found.append(f"{name}: {widget.size} px text (at least {least})")
    targets = [w for i, w in enumerate(widgets) if w.tappable and i > shade]
    for i, widget in enumerate(targets):
        if official and (widget.rect.w < MIN_TARGET or widget.rect.h < MIN_TARGET):
            found.append(f"target {widget.key} is {widget.rect.size}")
        for other in targets[i + 1 :]:
            if widget.rect.colliderect(other.rect):
                found.append(f"targets {widget.key} and {other.key} overlap")
    return found


SHOT_NAMES = [s.name for s in shots()]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fits(language: str, size: tuple[int, int]) -> None:
    found = []
    for shot in SHOT_NAMES:
        ui, widgets = frame(language, size, shot)
        found += [f"{shot}: {p}" for p in problems(ui, widgets, official=True)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", DESKTOP, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "uk", "he"])
def test_desktop_windows_fit(language: str, size: tuple[int, int]) -> None:
    found = []
    for shot in SHOT_NAMES:
        ui, widgets = frame(language, size, shot)
        found += [f"{shot}: {p}" for p in problems(ui, widgets, official=False)]
    assert not found, "\n".join(found)


def test_every_screen_has_a_shot() -> None:
    covered = {name.split("_")[0] for name in SHOT_NAMES} | set(SHOT_NAMES)
    assert all(screen in covered for screen in Ui.SCREENS)


@pytest.mark.parametrize("size", [(320, 240), (240, 320), (3000, 400)], ids=str)
def test_odd_windows_still_draw(size: tuple[int, int]) -> None:
    for shot in SHOT_NAMES:
        ui, _ = frame("he", size, shot)
        assert ui.render(pygame.Surface(size), context("he"), 1.0) is not None


def test_a_missing_font_falls_back_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    pygame.display.init()
    with caplog.at_level("WARNING"):
        ui = Ui((800, 480), font_path="/nonexistent/NoSuchFont.ttf")
        ui.render(pygame.Surface((800, 480)), context("en"), 0.0)
    warnings = [r for r in caplog.records if "NoSuchFont" in r.getMessage()]
    assert len(warnings) == 1
