"""The Settings screen says every control in full (the family game by touch, portrait: "Turn
so…" alone on a row with room for three, and "Bahasa Indo…")."""

from __future__ import annotations

import pytest
from screens_loop import SIZES

from hubd.screens import Ui
from hubd.screens.shots.screenshots import context, tap_widget
from hubd.text.i18n import available_languages


@pytest.mark.parametrize("page", ["main", "speech"])
@pytest.mark.parametrize("audio", [True, False], ids=["sound device", "no sound device"])
@pytest.mark.parametrize("muted", [False, True])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_setting_is_cut_in_any_language(
    size: tuple[int, int], muted: bool, audio: bool, page: str
) -> None:
    import pygame

    pygame.display.init()
    cut = []
    for language in available_languages():
        ui = Ui(size)
        ctx = context(language)
        ctx.audio_available, ctx.muted, ctx.version = audio, muted, "0.1.0 (commit 58dd9dd7e8d)"
        ui.set_language(language)
        ui.state_changed(ctx)
        ui.show_screen("settings")
        if page == "speech":  # its button in the bar, or (portrait) its section
            tap_widget(ui, ctx, "bar:0" if size[0] >= size[1] else "setting:speech")
        widgets = ui.layout(ctx, 0.0)
        cut += [(language, w.key, w.lines) for w in widgets if w.truncated and w.key != "version"]
        buttons = [w for w in widgets if w.key.startswith("setting:")]
        assert all(w.rect.right <= size[0] and w.rect.x >= 0 for w in buttons)
    assert cut == []
