"""The phones' page in a real browser (Debian's chromium, headless, driven by Playwright),
beside the whole hub entered through the screen tests' own taps (tests/helpers/family_round.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from family_round import FamilyTable, _enter, family_table, recorded_log
from web_harness import attach_web, browser, phone, pump

from engine import EndRound, HandPips, NewGame
from hubd.picture import picture
from hubd.text import i18n
from hubd.text.wording import status_text
from hubd.web.desk import PhoneDesk
from hubd.web.page_data import whole_tiles
from hubd.web.svg import MapFrame

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path, mock_factory: Any) -> Iterator[FamilyTable]:
    with family_table(tmp_path / "data", mock_factory) as hub:
        yield hub


@pytest.fixture
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


@pytest.fixture
def page(chromium: Any) -> Any:
    """One phone's page (a test with more phones takes ``chromium`` and opens them)."""
    return phone(chromium)


def _start(table: FamilyTable, events: int) -> list[Any]:
    """The new game and the first ``events`` entries of the family round, by taps."""
    log = recorded_log()
    assert isinstance(log[0], NewGame) and table.app.core.submit(log[0])
    for event in log[1 : events + 1]:
        _enter(table, event)
    return log


@contextmanager
def _web(table: FamilyTable, tmp_path: Path) -> Iterator[PhoneDesk]:
    """The page's server for the hub's loop, closed when the block ends."""
    desk, close = attach_web(table.app, tmp_path / "data")
    try:
        yield desk
    finally:
        close()


def _shown(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => ({
        status: document.getElementById('status').textContent,
        tiles: Array.from(document.querySelectorAll('tr.player .tiles'),
                          e => Number(e.textContent)),
        turn: Array.from(document.querySelectorAll('tr.player.turn td.name'), e => e.textContent),
        yard: (e => e && Number(e.textContent))(document.querySelector('#yard .number')),
        ends: Array.from(document.querySelectorAll('#map .end, #map .foot'), e =>
            [e.dataset.on, Number(e.dataset.needs), e.classList.contains('open')]),
        tiles_on_map: document.querySelectorAll('#map .tile').length,
        dir: getComputedStyle(document.body).direction,
    })"""
        )
    )


def test_the_page_shows_the_hubs_turn_counts_and_map_and_follows_each_entry(
    table: FamilyTable, page: Any, tmp_path: Path
) -> None:
    log = _start(table, 12)
    with _web(table, tmp_path) as desk:
        page.goto(desk.address(table.app.core.game_id) + "?lang=en")
        state = table.app.core.game.state
        pump(table.app, lambda: _shown(page)["status"] == whole_tiles(status_text(
            state, i18n.load("en").gettext, i18n.load("en").ngettext)))  # fmt: skip
        for event in log[13:30]:
            _enter(table, event)
            state = table.app.core.game.state
            t = i18n.load("en")
            expected = whole_tiles(status_text(state, t.gettext, t.ngettext))
            wanted = (expected, list(state.hands))

            def arrived(wanted: tuple[str, list[int]] = wanted) -> bool:
                shown = _shown(page)
                return (shown["status"], shown["tiles"]) == wanted

            # How soon it arrives is benchmarks/web_bench.py's and phone_follow.py's figure.
            pump(table.app, arrived, what=f"{event}: {wanted}")
            shown = _shown(page)
            assert shown["yard"] == state.yard
            assert shown["turn"] == [state.current_player]
            frame = MapFrame.phone()
            drawn = picture(state.table, frame.area, frame.sizes)
            open_now = {str(p.tile) for p in state.open_places()}
            ends = sorted([str(e.on), e.needs, str(e.on) in open_now] for e in drawn.ends)
            # The map follows once laid out off the web loop (hubd/web/phone_map.py).
            pump(table.app, lambda ends=ends: sorted(_shown(page)["ends"]) == ends,
                 what=f"the map after {event}")  # fmt: skip
            assert _shown(page)["tiles_on_map"] == len(drawn.tiles)
        assert shown["dir"] == "ltr"


def test_without_the_games_token_the_page_shows_nothing_and_a_new_game_changes_it(
    table: FamilyTable, page: Any, tmp_path: Path
) -> None:
    _start(table, 3)
    with _web(table, tmp_path) as desk:
        for path in ("/", "/t/0123456789abcdef0123", "/t/", "/t/x/state", "/s/../desk.py"):
            answer = page.goto(desk.base_url + path)
            assert answer is not None and answer.status == 404, path
            text = page.content()
            assert not any(name in text for name in ("Mum", "Dad", "Ben", "Ana")), path
        old = desk.address(table.app.core.game_id)
        page.goto(old)
        pump(table.app, lambda: "Mum" in page.content())
        players = table.app.core.game.state.players
        assert table.app.core.submit(NewGame(players))
        new = desk.address(table.app.core.game_id)
        assert new != old
        pump(table.app, lambda: page.is_visible("#lost"))
        answer = page.goto(old + "/state")
        assert answer is not None and answer.status == 404


def test_hands_entered_on_two_phones_land_in_the_store_with_the_hubs_own(
    table: FamilyTable, chromium: Any, tmp_path: Path
) -> None:
    log = _start(table, len(recorded_log()) - 2)  # every entry but the round's scores
    end = log[-1]
    assert isinstance(end, EndRound)
    with _web(table, tmp_path) as desk:
        players = list(table.app.core.game.state.players)
        phones = {name: phone(chromium) for name in ("Dad", "Ben", "Mum")}
        for name, page in phones.items():
            page.goto(desk.address(table.app.core.game_id) + "?lang=en")
            pump(table.app, lambda page=page: page.locator(".claim").count() > 0)
            seat = players.index(name)
            page.locator(f'.claim[data-seat="{seat}"]').click()
            pump(table.app, lambda page=page: page.locator(".player.me").count() == 1)
        dad, ben, mum = phones.pop("Dad"), phones.pop("Ben"), phones.pop("Mum")
        phones = {"Dad": dad, "Ben": ben}
        # Another phone cannot take Dad's seat.
        assert ben.locator(f'.claim[data-seat="{players.index("Dad")}"]').count() == 0
        # A wrong hand is refused with the engine's words; nothing is entered.
        mum.fill("#pips", "5")
        mum.locator(".send").click()
        pump(table.app, lambda: mum.locator("#mine .problem").text_content() != "")
        assert mum.locator("#mine .problem").text_content() == (
            "The hub says: Mum has no tiles left, so Mum's hand scores 0"
        )
        assert desk.hands == {}
        # A typo above the most Dad's 3 tiles could hold is asked about, and taken on Yes only.
        dad.fill("#pips", "500")
        dad.locator(".send").click()
        pump(table.app, lambda: dad.locator(".confirm").count() == 1)
        assert dad.locator(".confirm .question").text_content() == (
            "Dad holds 3 tiles: at most 45 pips. Is 500 right?"
        )
        assert desk.hands == {}
        dad.locator(".confirm .yes").click()
        pump(table.app, lambda: "Dad" in desk.hands)
        assert desk.hands["Dad"] == HandPips(500) and dad.locator(".confirm").count() == 0
        # Both phones at once: each hand once, neither lost (Dad's 500 corrected).
        for name, page in phones.items():
            hand = end.hands[name]
            assert isinstance(hand, HandPips)
            page.fill("#pips", str(hand.pips))
        dad.locator(".send").click()
        ben.locator(".send").click()
        pump(table.app, lambda: set(desk.hands) == {"Dad", "Ben"})
        pump(table.app, lambda: dad.locator(".entered").count() == 1)
        # The hub's screen shows them; it enters Ana's itself and scores the round.
        assert table.app.ui.current == "round_end"
        ana = end.hands["Ana"]
        assert isinstance(ana, HandPips)
        table.tap("hand:Ana")
        for digit in str(ana.pips):
            table.tap(f"pad:{digit}")
        table.tap("pad:ok")
        table.tap("round_end:save")
        stored = table.store.events(table.app.core.game_id)[-1]
        assert isinstance(stored, EndRound)
        assert {n: h for n, h in stored.hands.items() if h != HandPips(0)} == {
            n: h for n, h in end.hands.items() if h != HandPips(0)
        }
        pump(table.app, lambda: dad.locator("#mine form").count() == 0)


def test_hebrew_reads_right_to_left_and_the_map_does_not(
    table: FamilyTable, page: Any, tmp_path: Path
) -> None:
    _start(table, 8)
    with _web(table, tmp_path) as desk:
        page.goto(desk.address(table.app.core.game_id) + "?lang=he")
        pump(table.app, lambda: page.locator("#map svg").count() == 1)
        time.sleep(0.1)
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        assert page.evaluate("getComputedStyle(document.querySelector('#map svg')).direction") == (
            "ltr"
        )
        t = i18n.load("he")
        assert page.text_content("h2") or page.text_content("#status")
        assert t.gettext("Scores") in page.content()


def test_without_server_sent_events_the_page_polls_and_says_when_the_hub_is_gone(
    table: FamilyTable, page: Any, tmp_path: Path
) -> None:
    log = _start(table, 5)
    with _web(table, tmp_path) as desk:
        page.add_init_script("delete window.EventSource")  # an old browser, or a proxy
        asked: list[str] = []  # the page's questions for the state: polling, not a stream
        page.on("request", lambda request: asked.append(request.url))
        page.goto(desk.address(table.app.core.game_id) + "?lang=uk")
        pump(table.app, lambda: _shown(page)["tiles"] == list(table.app.core.game.state.hands))
        for event in log[6:9]:
            _enter(table, event)
            state = table.app.core.game.state
            seen = (list(state.hands), [state.current_player])  # a pass changes the turn alone
            before = sum("/state?" in url for url in asked)
            pump(table.app, lambda seen=seen: (_shown(page)["tiles"], _shown(page)["turn"]) == seen)
            assert sum("/state?" in url for url in asked) > before  # it came by a poll
        assert not any("/events" in url for url in asked)
        assert page.is_hidden("#lost")
    page.wait_for_selector("#lost:not([hidden])", timeout=5000)
    assert page.text_content("#lost") == i18n.load("uk").gettext(
        "The hub is out of reach: is this phone on the hub's Wi-Fi?"
    )
