"""Counting a hand from a photo on the phones' page, in Debian's chromium: a synthetic photo
larger than a phone sends goes in through the page's own image input, is shrunk to 1,600 px
and sent as JPEG, the tiles come back drawn with their numbers (Hebrew, at 320 px: nothing
wider than the phone, no text under 16 px), one is taken out and put back with taps, and
the confirmed hand reaches the desk as its pips, and the hand's typed field says it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from phones_page import NAMES, Hub, scores_game, until
from web_harness import browser, phone

from engine.photo_hand import HalfGuess, SeenTile
from hubd.text import i18n
from hubd.vision.seen import TileSeen
from hubd.vision.worker import read_in_worker
from hubd.web.page_data import words
from hubd.web.photo import PhotoDesk, picture_size

cv2 = pytest.importorskip("cv2")

pytestmark = pytest.mark.slow

SIZES_JS = """() => ({
  width: document.documentElement.scrollWidth,
  small: Array.from(document.querySelectorAll('.photo *'))
    .filter(e => e.childElementCount === 0 && e.textContent.trim()
                 && parseFloat(getComputedStyle(e).fontSize) < 16)
    .map(e => e.textContent),
})"""


def test_a_photo_through_the_pages_input_is_read_corrected_and_confirmed(tmp_path: Path) -> None:
    from photo_synth import make_photo

    made = make_photo(1, 9, 3)
    big = cv2.resize(made.image, None, fx=2, fy=2)  # a phone's full-size photo
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    hub = Hub(tmp_path / "hub", scores_game())
    sent: list[bytes] = []

    def reader(data: bytes, highest: int) -> list[TileSeen]:
        sent.append(data)
        return read_in_worker(data, highest)

    server = hub.close.__self__  # type: ignore[attr-defined]
    server.photos = PhotoDesk(server.limits, reader)
    try:
        with browser() as chromium:
            page: Any = phone(chromium, 320, 640)
            page.set_default_timeout(20_000)
            page.goto(f"{hub.address}?lang=he")
            until(page, hub.version)
            page.click('.claim[data-seat="1"]')
            page.fill("#pips", "14")  # typed before the photo was thought of
            page.set_input_files("#photo-input", str(path))
            page.wait_for_selector(".tiles-found li")
            shown = page.eval_on_selector_all(
                ".tiles-found li > .tile .domino",
                "ts => ts.map(t => Array.from(t.querySelectorAll('.half'), h => +h.textContent))",
            )
            assert sorted(map(sorted, shown)) == sorted(map(sorted, made.tiles))
            [jpeg] = sent
            assert jpeg[:2] == b"\xff\xd8" and max(picture_size(jpeg) or (0,)) == 1600
            layout = page.evaluate(SIZES_JS)
            assert layout["width"] <= 320 and layout["small"] == []
            # The first tile taken out, then put back with a tap on each of its numbers.
            first = shown[0]
            page.click(".tiles-found li:first-child > .tile")
            page.click(".editor .give-back")
            assert page.locator(".tiles-found li").count() == 2
            page.click(".photo .add")
            for half, number in enumerate(first):
                page.locator(".editor .numbers").nth(half).locator(f"text='{number}'").click()
            assert page.locator(".tiles-found li").count() == 3
            page.click(".photo .confirm")
            deadline = time.monotonic() + 10
            while NAMES[1] not in hub.desk.hands and time.monotonic() < deadline:
                page.wait_for_timeout(50)
            # The hand's field says the hand entered: Send, tapped after, sends it again.
            page.wait_for_function("() => !document.querySelector('.tiles-found li')")
            typed = page.input_value("#pips")
    finally:
        hub.close()
    assert hub.desk.hands[NAMES[1]].pips == sum(a + b for a, b in made.tiles)
    assert typed == str(hub.desk.hands[NAMES[1]].pips)


def test_a_tap_on_confirm_is_answered_under_it_where_the_finger_is(tmp_path: Path) -> None:
    """Confirm tapped with a tile still asked about: "Answer the questions first" stood above
    the tiles, off a 320 px screen, and the tap seemed to do nothing."""
    from photo_synth import make_photo

    def guess(*counts: int) -> HalfGuess:
        return HalfGuess(tuple((n, 1.0 / len(counts)) for n in counts))

    def reader(_data: bytes, _highest: int) -> list[TileSeen]:
        return [TileSeen(SeenTile(guess(2), guess(5)), (100.0, 50.0)),
                TileSeen(SeenTile(guess(3, 5), guess(8)), (200.0, 50.0)),
                TileSeen(SeenTile(guess(1), guess(4)), (300.0, 50.0))]  # fmt: skip

    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), make_photo(3609, 9, 3).image)
    hub = Hub(tmp_path / "hub", scores_game())
    server = hub.close.__self__  # type: ignore[attr-defined]
    server.photos = PhotoDesk(server.limits, reader)
    try:
        with browser() as chromium:
            page: Any = phone(chromium, 320, 640)
            page.goto(f"{hub.address}?lang=uk")
            until(page, hub.version)
            page.click('.claim[data-seat="1"]')
            page.set_input_files("#photo-input", str(path))
            page.wait_for_selector(".photo .question")
            page.click(".photo .confirm", force=True)  # aria-disabled: it still answers
            wanted = words(i18n.load("uk"))["answer_first"]
            said = page.locator(".photo p[role=status]", has_text=wanted)
            said.wait_for()
            tapped = page.locator(".photo .confirm").bounding_box()
            box = said.bounding_box()
    finally:
        hub.close()
    assert tapped is not None and box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box  # on the screen
    assert abs(box["y"] - (tapped["y"] + tapped["height"])) < 120, (box, tapped)


#: "Count my tiles" as a phone shows it: pressable, how it looks beside Send, what it says.
COUNT_JS = """() => {
  const count = document.querySelector('.photo button.count');
  const send = document.querySelector('form.hand button.send');
  const said = document.getElementById(count.getAttribute('aria-describedby') || '');
  return {
    disabled: count.disabled,
    looks: getComputedStyle(count).backgroundColor,
    send: getComputedStyle(send).backgroundColor,
    busy: count.closest('.photo').getAttribute('aria-busy'),
    described: said ? said.textContent : null,
  };
}"""


@pytest.mark.parametrize("answer", ["refused", "failed", "never"])
def test_count_my_tiles_is_inactive_and_looks_it_while_the_photo_is_read(
    answer: str, tmp_path: Path
) -> None:
    """While a photo is read the button was greyed nowhere (only a "Reading…" line said so),
    and an answer that never came left it pressed for good: now it is inactive, looks it and
    says so, and comes back with the hub's answer, a failed request, or after the longest an
    answer may take (the page's clock run on, not waited for)."""
    from photo_synth import make_photo

    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), make_photo(3611, 9, 3).image)
    hub = Hub(tmp_path / "hub", scores_game())
    held: list[Any] = []
    try:
        with browser() as chromium:
            page: Any = phone(chromium, 360, 800)
            page.clock.install()
            page.route("**/photo?*", lambda route: held.append(route))  # the hub reading: no answer
            page.goto(f"{hub.address}?lang=uk")
            until(page, hub.version)
            page.click('.claim[data-seat="1"]')
            page.wait_for_selector(".photo button.count")  # the hand's part, once claimed
            ready = page.evaluate(COUNT_JS)
            page.set_input_files("#photo-input", str(path))
            page.wait_for_function("() => document.querySelector('.photo button.count').disabled")
            while not held:
                page.wait_for_timeout(20)
            reading = page.evaluate(COUNT_JS)
            if answer == "refused":
                held[0].fulfill(status=400, json={"ok": False, "problem": "no"})
            elif answer == "failed":
                held[0].abort()
            else:
                page.clock.run_for(61_000)
            page.wait_for_function("() => !document.querySelector('.photo button.count').disabled")
            after = page.evaluate(COUNT_JS)
    finally:
        hub.close()
    ukrainian = words(i18n.load("uk"))
    assert not ready["disabled"] and ready["looks"] == ready["send"]
    assert reading["disabled"] and reading["looks"] != reading["send"], reading
    assert reading["busy"] == "true" and reading["described"] == ukrainian["reading"]
    assert not after["disabled"] and after["looks"] == after["send"] and after["busy"] == "false"
    assert after["described"] and after["described"] != ukrainian["reading"]
