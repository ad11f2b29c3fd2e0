"""A phone whose page forgot its seat (its storage cleared: a private tab closed, the browser's
data wiped) is still the phone the hub gave that seat to: tapping any seat brings its own back
on the page, with Count my tiles and the hand's field, instead of a refusal it cannot get past
(the hub keeps one seat a phone). In Debian's chromium, at 360 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from phones_page import NAMES, Hub, scores_game, until
from web_harness import browser, phone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_page_that_forgot_its_seat_gets_it_back_from_the_hub(
    tmp_path: Path, language: str
) -> None:
    hub = Hub(tmp_path, scores_game())
    try:
        with browser() as chromium:
            page = phone(chromium, 360, 800)
            page.goto(f"{hub.address}?lang={language}")
            until(page, hub.version)
            page.click('.claim[data-seat="1"]')
            page.wait_for_selector(".player.me")
            held = dict(hub.desk.claims)
            assert list(held) == [NAMES[1]]
            page.evaluate("localStorage.clear()")  # the page forgets; the phone is the same
            page.reload()
            until(page, hub.version)
            assert page.locator(".player.me").count() == 0
            page.click('.claim[data-seat="2"]')
            page.wait_for_selector(".player.me")
            me = page.text_content(".player.me")
            assert me is not None and NAMES[1] in me
            assert page.is_visible("#pips") and page.is_visible(".give-back")
            assert (page.text_content(".seat-problem") or "").strip() == ""
            assert hub.desk.claims == held  # nothing changed at the hub
            page.context.close()
    finally:
        hub.close()
