"""At a crowded round's start the phone's map is as high as its few tiles need, in Debian's
chromium: its 720x1040 frame of empty felt pushed the players' table below the first screen
of a 320-390 px phone (the first player 684 px down at 320 x 640 in Ukrainian)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from phones_page import Hub, crowded_start, until
from web_harness import browser, phone

pytestmark = pytest.mark.slow

PHONES = ((320, 640, "uk"), (360, 800, "en"), (390, 844, "he"), (390, 844, "pt"))


def test_the_players_stand_on_the_first_screen_at_a_rounds_start(tmp_path: Path) -> None:
    hub = Hub(tmp_path, crowded_start())
    below: list[str] = []
    try:
        with browser() as chromium:
            for width, height, language in PHONES:
                page: Any = phone(chromium, width, height)
                page.goto(f"{hub.address}?lang={language}")
                until(page, hub.version)
                page.wait_for_selector("#map:not([data-waits]) svg", state="attached")
                top = page.evaluate(
                    "() => document.querySelector('table.players tbody tr')"
                    ".getBoundingClientRect().top + window.scrollY"
                )
                if top > height:
                    below.append(f"{width} {language}: the first player {top:.0f} px down")
                page.context.close()
    finally:
        hub.close()
    assert below == []
