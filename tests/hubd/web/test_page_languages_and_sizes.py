"""The phones' page at three phone sizes in all six languages, in Debian's chromium: names
never broken inside a word, the players' columns aligned, a value being typed that survives
20 updates, the page's own refusal in its language and the hub's shown as the hub's, a seat
given back, and the phone that lost a claim told whose seat it is.

The hub's loop is stood in for by the phones' desk itself, answering each request as it
comes (the desk is the loop's part that answers phones: tests/hubd/web/test_phones_panel_and_desk.py
runs it on the real loop); one browser, one page per phone and size, every language in turn."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from phones_page import NAMES, Hub, scores_game, until
from web_harness import browser

from engine import FootOpened, Game, NewGame, StartRound, Toe
from hubd.screens.shots.scripted_games import autoplay
from hubd.text import i18n
from hubd.text.refusals import translate_refusal
from hubd.web.desk import SeatTaken
from hubd.web.page_data import MAX_PIPS, words

pytestmark = pytest.mark.slow

SIZES = ((320, 640), (360, 800), (390, 844))
OTHER_PHONE = "f" * 32

#: Per element showing a name or a number: whether a word of it spans two lines (measured
#: with DOM ranges: a word's rects on more than one line), whether it is cut with "…", and
#: where each cell of the players' table stands.
MEASURE_JS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const holder = node.parentElement;
    if (!holder || holder.closest('[hidden], script, style, svg')) continue;
    const text = node.textContent;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects(), r => Math.round(r.bottom)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  const cut = Array.from(document.querySelectorAll('.word'))
    .filter(w => w.scrollWidth > w.clientWidth + 1)
    .map(w => [w.textContent, !!w.closest('table.tight')]);
  const rows = Array.from(document.querySelectorAll('table.players tr'), tr =>
    Array.from(tr.cells, c => { const r = c.getBoundingClientRect(); return [r.left, r.right]; }));
  const numbers = Array.from(document.querySelectorAll('table.players tbody tr'), tr =>
    Array.from(tr.querySelectorAll('td.number'), c => {
      const range = document.createRange();
      range.selectNodeContents(c);
      const r = range.getBoundingClientRect();
      return getComputedStyle(c).direction === 'rtl' ? r.left : r.right;
    }));
  return {broken, cut, rows, numbers, width: document.documentElement.scrollWidth};
}"""


def played_game() -> Game:
    """A round being played with tiles counted: the players' table has four columns."""
    game = Game.from_events([NewGame(NAMES, {"rounds": 3, "hand_size": 3}),
                             StartRound(NAMES[0])])  # fmt: skip
    autoplay(game, plays=4)
    return game


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return tuple(request.param)  # type: ignore[return-value]


def open_phone(chromium: Any, size: tuple[int, int]) -> Any:
    viewport = {"width": size[0], "height": size[1]}
    context = chromium.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def shown(page: Any, hub: Hub, language: str) -> None:
    """Open (or reload) the page in ``language`` and wait for the hub's latest snapshot."""
    page.goto(f"{hub.address}?lang={language}")
    until(page, hub.version)


def check_layout(page: Any, where: str, size: tuple[int, int]) -> list[str]:
    got = page.evaluate(MEASURE_JS)
    problems = [f"{where}: {word!r} broken across lines" for word in got["broken"]]
    problems += [f"{where}: {word!r} cut with room to spare" for word, tight in got["cut"]
                 if not tight]  # fmt: skip
    if got["width"] > size[0]:
        problems.append(f"{where}: the page is {got['width']} px wide")
    rows = got["rows"]
    if not rows or any(row != rows[0] for row in rows):
        problems.append(f"{where}: the players' columns stand apart: {rows}")
    for column in zip(*got["numbers"], strict=True):
        if max(column) - min(column) > 1:
            problems.append(f"{where}: a column's numbers end at {column}")
    return problems


def test_names_whole_and_columns_aligned_in_every_language(
    chromium: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    problems: list[str] = []
    page = open_phone(chromium, size)
    for make in (played_game, scores_game):
        hub = Hub(tmp_path / make.__name__, make())
        try:
            for language in i18n.SHIPPED:
                shown(page, hub, language)
                problems += check_layout(page, f"{make.__name__} {language}", size)
                # With a seat: the same columns, the hand's form above them.
                hub.desk.claims[NAMES[3]] = OTHER_PHONE
                hub.publish()
                until(page, hub.version)
                problems += check_layout(page, f"{make.__name__} {language} seat", size)
                hub.desk.claims.clear()
        finally:
            hub.close()
    page.context.close()
    assert not problems, "\n".join(problems[:20])


def test_typing_survives_updates_refusals_are_the_pages_or_the_hubs_and_seats_come_back(
    chromium: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    hub = Hub(tmp_path, scores_game())
    page = open_phone(chromium, size)
    try:
        for language in i18n.SHIPPED:
            said = words(i18n.load(language))
            tr = i18n.load(language).gettext
            hub.desk.claims.clear()
            hub.desk.hands = {}
            hub.publish()
            if page.url.startswith("http"):
                page.evaluate("localStorage.clear()")  # a new phone: no seat held
            shown(page, hub, language)
            # A lost claim: another phone took the seat a moment before this one asked.
            hub.desk.claims[NAMES[0]] = OTHER_PHONE
            page.click('.claim[data-seat="0"]')
            lost = SeatTaken(player=NAMES[0])
            taken = translate_refusal(lost, i18n.load(language))
            assert NAMES[0] in taken and (language == "en" or taken != lost.message)
            wanted = said["hub_says"].format(problem=taken)
            page.wait_for_function(
                "t => document.querySelector('.seat-problem').textContent === t", arg=wanted
            )
            assert page.locator(".player.me").count() == 0
            # Its own seat, then given back, then claimed again.
            page.click('.claim[data-seat="1"]')
            page.wait_for_selector(".player.me")
            assert hub.desk.claims == {NAMES[0]: OTHER_PHONE, NAMES[1]: hub.desk.claims[NAMES[1]]}
            page.click(".give-back")
            page.wait_for_selector('.claim[data-seat="1"]')
            assert NAMES[1] not in hub.desk.claims and page.locator(".player.me").count() == 0
            page.click('.claim[data-seat="1"]')
            page.wait_for_selector("#pips")
            # Typing while 20 updates arrive: other phones, and the hub's button.
            page.click("#pips")
            page.keyboard.type("4")
            presses: list[Callable[[], None]] = [
                lambda: hub.apply(FootOpened()),
                lambda: hub.apply(Toe()),
                lambda: hub.apply(Toe()),
                lambda: hub.apply(Toe()),
                lambda: hub.publish(),  # another phone's claim, say
            ]
            for n in range(20):
                presses[n % len(presses)]()
                until(page, hub.version)
                if n == 9:
                    page.keyboard.type("2")
            state = page.evaluate(
                "() => [document.getElementById('pips').value, document.activeElement.id]"
            )
            assert state == ["42", "pips"], f"{language} {size}: {state}"
            # The page's own refusal, in its language; never the browser's bubble.
            page.fill("#pips", "4x")
            page.click(".send")
            range_words = said["pips_range"].format(most=MAX_PIPS)
            page.wait_for_function(
                "t => document.querySelector('#mine .problem').textContent === t",
                arg=range_words,
            )
            assert page.evaluate("document.getElementById('pips').validationMessage") == ""
            page.fill("#pips", "")
            page.click(".send")
            assert page.text_content("#mine .problem") == range_words
            # A value the page takes and the hub refuses: the hub's words, as the hub's.
            hub.desk.claims[NAMES[1]] = OTHER_PHONE  # the hub gave the seat to another phone
            page.fill("#pips", "9")
            page.click(".send")
            refused = said["hub_says"].format(problem=tr("Choose your seat to enter your hand"))
            page.wait_for_function(
                "t => document.querySelector('#mine .problem').textContent === t", arg=refused
            )
            assert page.is_hidden("#lost")
    finally:
        page.context.close()
        hub.close()


SIX = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee")
SHEET_CUT_JS = """() => Array.from(document.querySelectorAll('table.sheet .word'))
  .filter(w => w.scrollWidth > w.clientWidth + 1).map(w => w.textContent)"""


def test_a_score_sheet_of_six_cuts_no_name(
    chromium: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    """A six-player double-12 round at 320 px showed "Ben", "Tom" and "Dee" cut on the score
    sheet ("D…"); then "Grandma Rosa" and "Maria-Helena" were cut where one column a player
    could not hold them: the sheet turns (a row a player) where it cannot."""
    game = Game.from_events([NewGame(SIX, {"set": 12, "rounds": 3}), StartRound(SIX[0])])
    autoplay(game, plays=4)
    page = open_phone(chromium, size)
    hub = Hub(tmp_path, game)
    try:
        shown(page, hub, "uk")
        cut = set(page.evaluate(SHEET_CUT_JS))
    finally:
        hub.close()
        page.context.close()
    assert cut == set()
