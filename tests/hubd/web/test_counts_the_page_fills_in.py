"""A count the phones' page fills in itself ("Confirm: 32 pips" under the tiles read from a
photo, changing as they are corrected) takes the plural form its catalog gives that count, in
every language, as the hub's own sentences do: the page said "Confirm: 1 pips" and, in
Ukrainian, "Підтвердити: 32 очок" (32 takes "очки"). In Debian's chromium: the page's own
code picks the form, for counts past the table the server sends as well."""

from __future__ import annotations

from pathlib import Path

import pytest
from phones_page import Hub, scores_game, until
from web_harness import browser, phone

from hubd.text import i18n

pytestmark = pytest.mark.slow

COUNTS = [0, 1, 2, 3, 5, 11, 12, 21, 22, 32, 45, 101, 111, 112, 121, 199, 200, 201, 1021, 1025]

#: What the page's code says for each count, from the page data it is served.
SAID_JS = """async ([address, counts]) => {
  const got = await (await fetch(address + '/state?lang=' + document.documentElement.lang)).json();
  return counts.map(n => window.cfDom.counted(got.counted.confirm, n, {pips: n}));
}"""


def test_the_confirm_line_takes_each_counts_plural_form_in_every_language(tmp_path: Path) -> None:
    hub = Hub(tmp_path, scores_game())
    said: dict[str, list[str]] = {}
    try:
        with browser() as chromium:
            page = phone(chromium, 360, 800)
            for language in i18n.SHIPPED:
                page.goto(f"{hub.address}?lang={language}")
                until(page, hub.version)
                said[language] = page.evaluate(SAID_JS, [hub.address, COUNTS])
    finally:
        hub.close()
    for language, lines in said.items():
        t = i18n.load(language)
        wanted = [t.ngettext("Confirm: {pips} pip", "Confirm: {pips} pips", n).format(pips=n)
                  for n in COUNTS]  # fmt: skip
        assert lines == wanted, language
    assert said["en"][COUNTS.index(1)] == "Confirm: 1 pip"
    assert said["uk"][COUNTS.index(32)] == "Підтвердити: 32 очки"
    assert said["uk"][COUNTS.index(1021)] == "Підтвердити: 1021 очко"
