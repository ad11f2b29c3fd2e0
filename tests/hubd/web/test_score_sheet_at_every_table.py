"""The phones' score sheet at every table a family brings, on every phone size, in Debian's
chromium: two to eight players, long names, totals of three digits. Eight players' totals
alone are wider than a 320 px phone: the sheet made the whole page 449 px wide, so the phone
showed it shrunk or sideways, and "Olek" and "Chen" were cut to "O." and "C…". Now the sheet
stands one column a player where that fits with every name and number whole, and is turned
(one row a player) where it does not: every name whole, every total in view, the rounds
scrolling sideways in their own box, the latest in view, and a reader's scroll kept through
the hub's updates."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phones_page import Hub, until
from web_harness import browser

from engine import EndRound, Game, HandPips, NewGame, StartRound

pytestmark = pytest.mark.slow

SIZES = ((320, 640), (360, 800), (390, 844))
NAMES = ("Grandma Rosa", "Ben", "Maria-Helena", "Tom", "Olek", "Dee", "Chen", "Aleksandra")

#: For the sheet: the page's width, its cut words, where each player's name and total stand
#: (the upright sheet's headings and totals row, or the turned sheet's rows), the numbers'
#: least font size, and the rounds' box: its scroll and where the round being played stands.
SHEET_JS = """() => {
  const sheet = document.getElementById('sheet');
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; };
  const cut = Array.from(sheet.querySelectorAll('.word'))
    .filter(w => w.scrollWidth > w.clientWidth + 1).map(w => w.textContent);
  const turned = sheet.querySelector('.sheet-turned');
  const names = Array.from(sheet.querySelectorAll('bdi.name'), rect);
  const totals = Array.from(sheet.querySelectorAll('.number.total, .totals td.number'), rect);
  const sizes = Array.from(sheet.querySelectorAll('.number'),
    n => parseFloat(getComputedStyle(n).fontSize));
  const playing = sheet.querySelector('.playing');
  // Each word of a name on the page's side of the name's box (a wrapped Latin name on a
  // Hebrew page stood on the left, the short names on the right).
  const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
  const astray = Array.from(sheet.querySelectorAll('.sheet-turned bdi.name')).filter(n => {
    const box = n.getBoundingClientRect();
    return Array.from(n.querySelectorAll('.word')).some(w => {
      const r = w.getBoundingClientRect();
      return rtl ? box.right - r.right > 2 : r.left - box.left > 2;
    });
  }).map(n => n.textContent);
  return {width: document.documentElement.scrollWidth, cut, names, totals, astray,
          least: Math.min(...sizes), turned: !!turned,
          scroll: turned ? turned.scrollLeft : null,
          box: turned ? rect(turned) : null, playing: playing ? rect(playing) : null};
}"""


def scored(players: int, rounds: int) -> Game:
    """Score-keeper mode, double-12: ``rounds`` rounds scored with big hands, the next being
    played; by the third round every total has three digits."""
    names = NAMES[:players]
    game = Game.from_events([NewGame(names, {"mode": "scores", "set": 12, "rounds": 13}),
                             StartRound(names[0])])  # fmt: skip
    for round_number in range(rounds):
        out = names[round_number % players]
        hands = {name: HandPips(0 if name == out else 35 + 7 * seat)
                 for seat, name in enumerate(names)}  # fmt: skip
        game.apply(EndRound(hands))
        game.apply(StartRound(names[(round_number + 1) % players]))
    return game


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


def open_phone(chromium: Any, size: tuple[int, int]) -> Any:
    context = chromium.new_context(
        viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}px")
def test_every_name_and_total_whole_and_in_view(
    chromium: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    page = open_phone(chromium, size)
    problems: list[str] = []
    try:
        for players in (2, 4, 6, 8):
            hub = Hub(tmp_path / str(players), scored(players, rounds=5))
            try:
                for language in ("en", "he", "uk"):
                    page.goto(f"{hub.address}?lang={language}")
                    until(page, hub.version)
                    got = page.evaluate(SHEET_JS)
                    where = f"{players} players, {language}"
                    if got["width"] > size[0]:
                        problems.append(f"{where}: the page is {got['width']} px wide")
                    problems += [f"{where}: {word!r} cut" for word in got["cut"]]
                    problems += [f"{where}: {name!r} off its side" for name in got["astray"]]
                    if len(got["names"]) != players or len(got["totals"]) != players:
                        problems.append(f"{where}: {got['names']} names, {got['totals']} totals")
                    for left, right in got["names"] + got["totals"]:
                        if left < 0 or right > size[0]:
                            problems.append(f"{where}: a name or total at {left:.0f}-{right:.0f}")
                    if got["least"] < 24:
                        problems.append(f"{where}: numbers at {got['least']} px")
                    if got["turned"]:
                        left, right = got["box"]
                        p_left, p_right = got["playing"]
                        if p_left < left - 1 or p_right > right + 1:
                            problems.append(f"{where}: the round being played out of view")
            finally:
                hub.close()
    finally:
        page.context.close()
    assert problems == []


def test_a_reader_scrolled_back_stays_there_through_updates(chromium: Any, tmp_path: Path) -> None:
    page = open_phone(chromium, (320, 640))
    hub = Hub(tmp_path, scored(8, rounds=5))
    try:
        page.goto(hub.address)
        until(page, hub.version)
        start = page.evaluate("document.querySelector('.sheet-turned').scrollLeft")
        assert start > 0  # the latest rounds in view
        page.evaluate("document.querySelector('.sheet-turned').scrollLeft = 0")
        for _ in range(3):  # the hub's updates: another phone, the hub's screen
            hub.publish()
            until(page, hub.version)
        assert page.evaluate("document.querySelector('.sheet-turned').scrollLeft") == 0
    finally:
        hub.close()
        page.context.close()
