"""The phone's own name in the players' table carries a mark ("★") that stays on its last
word's line, inside its cell and the phone's width (its word cut with "…" where the room is
short), at every phone size, in every language and right to left, in Debian's chromium.
At 320 px in Ukrainian the mark after "Олександра" fell onto a line of its own: the row a
line taller, and the name looked like two."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from phones_page import EIGHT, Hub, crowded_start, until
from web_harness import browser, phone

from hubd.text import i18n

pytestmark = pytest.mark.slow


#: In the phone's own row: how far the name's words stand from its cell's top and bottom (a
#: mark on a line of its own leaves a line's height under them: the cell centres its lines).
GAPS_JS = """() => {
  const cell = document.querySelector('tr.me td.name');
  const style = getComputedStyle(cell);
  const box = cell.getBoundingClientRect();
  const words = Array.from(cell.querySelectorAll('.word'), w => w.getBoundingClientRect());
  const top = Math.min(...words.map(r => r.top)) - box.top - parseFloat(style.paddingTop);
  const under = Math.max(...words.map(r => r.bottom));
  const bottom = box.bottom - parseFloat(style.paddingBottom) - under;
  const mark = cell.querySelector('.mark');
  const seen = mark ? mark.getBoundingClientRect() : null;
  const inside = seen !== null && seen.left >= box.left && seen.right <= box.right
    && seen.bottom <= box.bottom;
  return {top, bottom, inside, name: cell.textContent,
          wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_mark_after_the_phones_own_name_stays_on_its_line(width: int, tmp_path: Path) -> None:
    hub = Hub(tmp_path, crowded_start())
    apart: list[str] = []
    try:
        with browser() as chromium:
            phones = []
            for seat in range(len(EIGHT)):
                page: Any = phone(chromium, width, 800)
                page.goto(f"{hub.address}?lang=en")
                until(page, hub.version)
                page.click(f'.claim[data-seat="{seat}"]')
                page.wait_for_selector("tr.me")
                phones.append(page)
            for language in i18n.SHIPPED:
                for page in phones:
                    page.goto(f"{hub.address}?lang={language}")
                    until(page, hub.version)
                    page.wait_for_selector("tr.me")
                    gaps = page.evaluate(GAPS_JS)
                    if (abs(gaps["bottom"] - gaps["top"]) > 3 or not gaps["inside"]
                            or gaps["wide"] > width):  # fmt: skip
                        apart.append(f"{language} {gaps['name']!r}: {gaps}")
    finally:
        hub.close()
    assert apart == []
