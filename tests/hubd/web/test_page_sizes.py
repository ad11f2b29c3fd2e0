"""The phones' page's sizes, read from the layout the screenshots write (hubd/web/
screenshots.py): no text under 16 CSS px, numbers (counts, scores, the map's ends) at 24 or
more, nothing wider than the phone, in a left-to-right and a right-to-left language."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import browser

from hubd.web.screenshots import SIZES, TODAY, capture, shots, snapshot
from hubd.web.server import WebServer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Any, WebServer]]:
    server = WebServer("127.0.0.1", 0, lambda _request: None, today=lambda: TODAY)
    assert server.start() is None
    try:
        with browser() as chromium:
            yield chromium, server
    finally:
        server.stop()


@pytest.mark.parametrize("language", ["et", "he"])
def test_no_text_under_16_px_numbers_at_24_and_nothing_too_wide(
    served: tuple[Any, WebServer], language: str
) -> None:
    chromium, server = served
    problems = []
    for version, shot in enumerate(shots(), start=1):
        server.publish(snapshot(shot, language, version))
        while server.serving != version:  # the web thread takes it: wait, do not spin
            time.sleep(0.001)
        for size in SIZES:
            layout = capture(chromium, server, shot, language, size, None)
            where = f"{shot.name} {size[0]}x{size[1]}"
            if layout["width"] > size[0]:
                problems.append(f"{where}: the page is {layout['width']} px wide")
            for element in layout["elements"]:
                least = 24 if element["number"] else 16
                if element["font_px"] < least - 0.05:
                    problems.append(f"{where}: {element['element']} {element['text']!r} "
                                    f"at {element['font_px']} px")  # fmt: skip
    assert not problems, "\n".join(problems[:20])
    assert layout["elements"], "the layout lists nothing"
