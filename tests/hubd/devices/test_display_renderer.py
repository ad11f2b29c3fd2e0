"""Which SDL renderer shows the screen: GLES 2 under kmsdrm, SDL's own choice elsewhere.

The kmsdrm driver cannot open here, so SDL's init runs with the dummy driver and the screen's
``set_mode`` only notes what $SDL_RENDER_DRIVER was when the real screen was asked for.
"""

from __future__ import annotations

import os

import pygame
import pytest

from hubd.devices.display import KMSDRM_RENDERER, Display

SIZE = (320, 200)
REAL_INIT = pygame.display.init


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """$SDL_RENDER_DRIVER at each try of the real screen (which fails: the dummy takes over)."""

    def init() -> None:  # whatever driver was asked for, SDL starts with the dummy here
        driver = os.environ.get("SDL_VIDEODRIVER")
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        try:
            REAL_INIT()
        finally:
            if driver is not None:
                os.environ["SDL_VIDEODRIVER"] = driver

    monkeypatch.setattr(pygame.display, "init", init)
    monkeypatch.delenv("SDL_RENDER_DRIVER", raising=False)
    return []


def open_display(asked: list[str | None]) -> Display:
    def set_mode(size: tuple[int, int], flags: int) -> pygame.Surface:
        asked.append(os.environ.get("SDL_RENDER_DRIVER"))
        raise pygame.error("no screen here")

    return Display(SIZE, set_mode=set_mode)


@pytest.mark.parametrize("driver", ["kmsdrm", "KMSDRM"])
def test_kmsdrm_shows_the_screen_through_gles2(
    asked: list[str | None], monkeypatch: pytest.MonkeyPatch, driver: str
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", driver)
    display = open_display(asked)
    try:
        assert asked == [KMSDRM_RENDERER] == ["opengles2"]
        assert not display.available  # the dummy stands in; the renderer asked for stays
    finally:
        display.close()


def test_a_renderer_named_in_the_environment_is_kept(
    asked: list[str | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.setenv("SDL_RENDER_DRIVER", "opengl")  # e.g. a drop-in's Environment=
    display = open_display(asked)
    display.close()
    assert asked == ["opengl"]


@pytest.mark.parametrize("driver", [None, "x11", "wayland"])
def test_a_desktop_keeps_sdls_own_choice(
    asked: list[str | None], monkeypatch: pytest.MonkeyPatch, driver: str | None
) -> None:
    if driver is None:
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    else:
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
    display = open_display(asked)
    display.close()
    assert asked == [None]
