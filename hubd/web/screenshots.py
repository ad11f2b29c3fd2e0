"""The phones' page in every language at two phone sizes, with a layout file for each shot.

``python -m hubd.web.screenshots [out_dir]`` (part of ``make screenshots``) serves scripted
snapshots on 127.0.0.1 and opens them in Debian's chromium through Playwright, writing
``<out>/<lang>/<WxH>/<shot>.png`` and ``<shot>.layout.json``: every element that shows text
(the map's SVG text included) with its rect and its font size in CSS px, so the page's sizes
can be checked like the hub's. Without chromium or Playwright it says so and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game
from hubd.screens.shots import scripted_games as hub_games
from hubd.text import i18n
from hubd.values.records import GameRecord
from hubd.values.snapshot import Snapshot
from hubd.web.server import WebServer

SIZES: tuple[tuple[int, int], ...] = ((390, 844), (360, 800), (320, 640))
TOKEN = "0123456789abcdef0123"
TODAY = "2026-12-05"
#: Chromium as root in a container, with no network beyond loopback and no first-run work.
CHROMIUM_ARGS = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)  # fmt: skip

#: Every element showing text: its selector-like name, rect, font size (CSS px) and text.
#: SVG text is scaled by the map's own scale, as the phone shows it.
LAYOUT_JS = """() => {
  const out = [];
  const classes = (e) => (e.getAttribute('class') || '').trim().split(/\\s+/).filter(Boolean);
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + classes(e).map(c => '.' + c).join('');
  for (const e of document.querySelectorAll('body *')) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) {
      const m = e.getScreenCTM();
      px = parseFloat(e.getAttribute('font-size')) * Math.hypot(m.a, m.b);
    }
    out.push({element: name(e), rect: [r.x, r.y + window.scrollY, r.width, r.height],
              font_px: Math.round(px * 10) / 10, text: e.textContent.trim().slice(0, 80),
              number: e.classList.contains('number') || e.classList.contains('needs')});
  }
  return {width: document.documentElement.scrollWidth, elements: out};
}"""


@dataclass(frozen=True)
class WebShot:
    name: str
    game: Callable[[], Game]
    seat: int | None = None  # the phone's own seat (claimed), if any
    entered: bool = False  # its hand entered already


def shots() -> list[WebShot]:
    return [
        WebShot("play", lambda: hub_games.open_table_game()),
        WebShot("lock", hub_games.locked_game, seat=1),
        WebShot("round_end", hub_games.round_over_game, seat=0),
        WebShot("scores", lambda: hub_games.scored_game(3, 3)),
    ]


def snapshot(shot: WebShot, language: str, version: int) -> Snapshot:
    game = shot.game()
    state = game.state
    records: tuple[GameRecord, ...] = tuple(
        r for r in hub_games.history()[0] if r.started.startswith(TODAY)
    )
    claimed = frozenset() if shot.seat is None else frozenset({state.players[shot.seat]})
    shown = Snapshot(
        game_id=13, state=state, last_entry=game.last_effective, history=records, language=language
    )
    return shown.taken(version, TOKEN, claimed, {})


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium through Playwright; raises LookupError when either is missing."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise LookupError("no chromium (Debian's package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:
        raise LookupError("no Playwright (pip install playwright)") from err
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=list(CHROMIUM_ARGS)
        )
        try:
            yield browser
        finally:
            browser.close()


def capture(browser: Any, server: WebServer, shot: WebShot, language: str,
            size: tuple[int, int], path: Path | None) -> dict[str, Any]:  # fmt: skip
    """Open ``shot`` at ``size``; save its picture to ``path`` (if given); return its layout."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=2, is_mobile=True)  # fmt: skip
    try:
        if shot.seat is not None:
            context.add_init_script(f"localStorage.setItem('cf-seat-{TOKEN}', '{shot.seat}')")
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/t/{TOKEN}?lang={language}")
        page.wait_for_selector("#status:not(:empty)")
        page.wait_for_selector("#map:not([data-waits])", state="attached")  # its map laid out
        page.evaluate("document.fonts.ready")
        if path is not None:
            page.screenshot(path=str(path), full_page=True)
        layout = dict(page.evaluate(LAYOUT_JS))
    finally:
        context.close()
    return {"shot": shot.name, "language": language, "size": list(size), **layout}


def render_all(out: Path, languages: list[str] | None = None) -> int:
    server = WebServer("127.0.0.1", 0, lambda _request: None, today=lambda: TODAY)
    problem = server.start()
    if problem is not None:
        raise OSError(problem)
    written = 0
    try:
        with chromium() as browser:
            version = 0
            for language in languages or i18n.available_languages():
                for shot in shots():
                    version += 1
                    server.publish(snapshot(shot, language, version))
                    while server.serving != version:  # the web thread takes it up
                        time.sleep(0.005)
                    for size in SIZES:
                        folder = out / language / f"{size[0]}x{size[1]}"
                        folder.mkdir(parents=True, exist_ok=True)
                        layout = capture(browser, server, shot, language, size,
                                         folder / f"{shot.name}.png")  # fmt: skip
                        text = json.dumps(layout, ensure_ascii=False, indent=1) + "\n"
                        (folder / f"{shot.name}.layout.json").write_text(text, encoding="utf-8")
                        written += 1
    finally:
        server.stop()
    return written


def panel_pictures(out: Path, languages: list[str] | None = None) -> int:
    """The hub's own Phones panel (the QR code, the address, the seats phones hold) at
    800x480: ``<out>/<lang>/800x480/phones_panel.png``."""
    import pygame

    from hubd.screens.kit.context import UiContext
    from hubd.screens.phones import PhonesPanel
    from hubd.screens.ui import Ui

    pygame.display.init()
    pygame.font.init()
    from hubd.values.network import WifiMode, WifiStatus, WifiView

    state = hub_games.locked_game().state
    address = f"http://10.42.0.1/t/{TOKEN}"
    own = WifiStatus(WifiMode.OWN, "Chicken Foot Table 3", "10.42.0.1")
    wifi = WifiView(own, "Chicken Foot Table 3", "abcd-efgh-jkmn", local_name="chickenfoot.local")
    written = 0
    for language in languages or i18n.available_languages():
        ui = Ui((800, 480))
        ui.set_language(language)
        ctx = UiContext(state=state, language=language, web_address=address,
                        phone_seats=("Ben", "Dee"), wifi=wifi)  # fmt: skip
        ui.state_changed(ctx)
        ui.show_screen("play")
        ui.open_overlay(PhonesPanel(ui))
        surface = pygame.Surface((800, 480))
        ui.render(surface, ctx, 1.0)
        folder = out / language / "800x480"
        folder.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(folder / "phones_panel.png"))
        written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hubd.web.screenshots",
                                     description=__doc__.splitlines()[0])  # fmt: skip
    parser.add_argument("out", nargs="?", type=Path, default=Path("build/screenshots/web"),
                        help="the folder to write to (default: build/screenshots/web)")  # fmt: skip
    out: Path = parser.parse_args(argv).out
    panels = panel_pictures(out)
    print(f"wrote {panels} Phones panels under {out}")
    try:
        written = render_all(out)
    except LookupError as err:
        print(f"web screenshots skipped: {err}", file=sys.stderr)
        return 0
    print(f"wrote {written} phone page screenshots under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
