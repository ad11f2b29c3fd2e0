"""The hub's Wi-Fi on its screen: the Phones panel's two codes in order (the hub's own Wi-Fi,
then the page) with the passphrase, the Wi-Fi panel joining a home network with a passphrase
typed on the screen's keyboard, every language fitting, and the loop carrying it out on its
worker while the page's address follows the hub onto its own network."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hub_harness import Hub, hub  # noqa: F401 - the fixture
from layout_checks import problems

from engine import NewGame
from hubd.devices.network import FakeWifi
from hubd.loop.wifi import WifiKeeper, WifiReport
from hubd.screens import Ui, UiContext
from hubd.screens.kit.passkeys import PassphraseKeyboard
from hubd.screens.kit.qr import qr_modules
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.phones import PhonesPanel
from hubd.screens.wifi import WifiPanel
from hubd.text.i18n import SHIPPED
from hubd.values.intents import WifiChoice
from hubd.values.network import WifiAround, WifiMode, WifiStatus, WifiView
from hubd.web.desk import PhoneDesk

ADDRESS = "http://10.42.0.1:8080/t/0123456789abcdef0123"
AROUND = (WifiAround("Home 5G", 80, True, known=False), WifiAround("Cafe", 40, False),
          WifiAround("Flat 2", 30, True, known=True))  # fmt: skip
OWN = WifiView(WifiStatus(WifiMode.OWN, "Chicken Foot Table 3", "10.42.0.1"),
               "Chicken Foot Table 3", "abcd-efgh-jkmn", AROUND,
               local_name="chickenfoot.local")  # fmt: skip
SIZES = [(800, 480), (720, 1280)]


def layout(size: tuple[int, int], ctx: UiContext, overlay: Any = PhonesPanel,
           language: str = "en") -> tuple[Ui, list[Widget]]:  # fmt: skip
    pygame.init()
    ui = Ui(size)
    ui.set_language(language)
    ui.open_overlay(overlay(ui) if isinstance(overlay, type) else overlay)
    return ui, ui.layout(ctx, 0.0)


def tap(ui: Ui, ctx: UiContext, key: str) -> list[Any]:
    """A finger on the widget ``key``, as the loop hands it to the screens."""
    [widget] = [w for w in ui.layout(ctx, 0.0) if w.key == key]
    assert widget.action is not None, key
    return list(ui.tap(widget.rect.center, ctx, 0.0))


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", SIZES)
def test_with_its_own_wifi_the_panel_shows_the_wifi_code_then_the_pages(
    size: tuple[int, int], language: str
) -> None:
    ctx = UiContext(web_address=ADDRESS, wifi=OWN, language=language)
    _ui, widgets = layout(size, ctx, language=language)
    codes = [w for w in widgets if w.kind is Kind.QR]
    assert [w.key for w in codes] == ["phones:qr:wifi", "phones:qr"]
    wifi, page = codes
    assert wifi.lines == ("WIFI:T:WPA;S:Chicken Foot Table 3;P:abcd-efgh-jkmn;;",)
    assert page.lines == (ADDRESS,)
    first = wifi.rect.x < page.rect.x if language == "en" else wifi.rect.x > page.rect.x
    assert first, "the Wi-Fi code comes first in the reading order"
    for code in codes:
        modules = len(qr_modules(code.lines[0]))
        assert code.rect.w // (modules + 8) >= 4, f"{code.key}: under 4 px a module"
    texts = " ".join(" ".join(w.lines) for w in widgets)
    assert "abcd-efgh-jkmn" in texts and "http://chickenfoot.local:8080" in texts


def test_on_port_80_the_panel_shows_the_plain_local_name_first() -> None:
    plain = "http://10.42.0.1/t/0123456789abcdef0123"
    _ui, widgets = layout((800, 480), UiContext(web_address=plain, wifi=OWN))
    addresses = [" ".join(w.lines) for w in widgets if w.role == "address"]
    assert addresses[:2] == ["http://chickenfoot.local", "http://10.42.0.1"]
    [page] = [w for w in widgets if w.key == "phones:qr"]
    assert page.lines == (plain,)  # the code needs no name service: any phone opens it


def test_the_pages_address_follows_the_hub_and_keeps_its_port() -> None:
    plain = PhoneDesk(b"s" * 32, lambda _s: None, "http://192.168.1.20")
    assert plain.moved("10.42.0.1") and plain.base_url == "http://10.42.0.1"
    assert not plain.moved("10.42.0.1")
    other = PhoneDesk(b"s" * 32, lambda _s: None, "http://192.168.1.20:8080")
    assert other.moved("10.42.0.1") and other.base_url == "http://10.42.0.1:8080"


def test_on_a_home_network_the_panel_shows_only_the_pages_code() -> None:
    home = WifiView(WifiStatus(WifiMode.HOME, "Home 5G", "192.168.1.20"), "Chicken Foot",
                    "abcd-efgh-jkmn")  # fmt: skip
    _ui, widgets = layout((800, 480), UiContext(web_address=ADDRESS, wifi=home))
    assert [w.key for w in widgets if w.kind is Kind.QR] == ["phones:qr"]
    texts = " ".join(" ".join(w.lines) for w in widgets)
    assert "Home 5G" in texts and "abcd-efgh-jkmn" not in texts


@pytest.mark.parametrize("size", SIZES)
def test_joining_a_home_network_from_the_panel_with_a_typed_passphrase(
    size: tuple[int, int],
) -> None:
    ctx = UiContext(web_address=ADDRESS, wifi=OWN)
    ui, _widgets = layout(size, ctx)
    assert tap(ui, ctx, "phones:wifi") == [WifiChoice("scan")]
    assert isinstance(ui.overlay, WifiPanel)
    # A network the hub knows joins at once; a secured new one asks for its passphrase.
    assert tap(ui, ctx, "wifi:net:Flat 2") == [WifiChoice("join", "Flat 2")]
    assert tap(ui, ctx, "wifi:net:Home 5G") == []
    keyboard = ui.overlay
    assert isinstance(keyboard, PassphraseKeyboard)
    for key in ["pass:shift", "pass:key:k", "pass:shift", *(f"pass:key:{c}" for c in "itchen"),
                "pass:space", "pass:symbols", "pass:key:#", "pass:key:1"]:  # fmt: skip
        tap(ui, ctx, key)
    assert keyboard.text == "Kitchen #1"
    assert tap(ui, ctx, "pass:done") == [WifiChoice("join", "Home 5G", "Kitchen #1")]
    assert isinstance(ui.overlay, WifiPanel)  # back to see it join, or why not
    short = PassphraseKeyboard(ui, "Cafe", lambda text: [WifiChoice("join", "Cafe", text)])
    short.text = "1234567"  # WPA needs 8 or more: the key does nothing
    ui.open_overlay(short)
    assert tap(ui, ctx, "pass:done") == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", SHIPPED)
def test_the_wifi_panels_fit_in_every_language(size: tuple[int, int], language: str) -> None:
    busy = WifiView(WifiStatus(WifiMode.NONE), "Chicken Foot Table 3", "abcd-efgh-jkmn",
                    AROUND, busy="join", joining="Home 5G")  # fmt: skip
    failed = WifiView(WifiStatus(WifiMode.HOME, "Home 5G"), "Chicken Foot", "abcd-efgh-jkmn",
                      AROUND, problem="Secrets were required, but not provided.")  # fmt: skip
    found = []
    for view, overlay in [(OWN, PhonesPanel), (OWN, WifiPanel), (busy, WifiPanel),
                          (failed, WifiPanel)]:  # fmt: skip
        ctx = UiContext(web_address=ADDRESS, wifi=view, language=language,
                        phone_seats=("Maria-Helena", "Ben"))  # fmt: skip
        ui, widgets = layout(size, ctx, overlay, language)
        found += problems(ui, widgets, official=True)
    ui = Ui(size)
    ui.set_language(language)
    keys = PassphraseKeyboard(ui, "Neighbour's network", lambda text: [])
    ui, widgets = layout(size, UiContext(language=language), keys, language)
    found += problems(ui, widgets, official=True)
    assert found == []


def test_the_loop_opens_its_own_wifi_off_the_loop_and_the_page_follows(hub: Hub) -> None:  # noqa: F811
    published: list[Any] = []
    desk = PhoneDesk(b"s" * 32, published.append, "http://192.168.1.20:8080")
    hub.app.core.phones = desk
    fake = FakeWifi(around=list(AROUND), passphrases={"Home 5G": "Kitchen #1"})
    hub.app.core.wifi = WifiKeeper(fake, hub.app.inbox.post, "Table 3", "abcd-efgh-jkmn",
                              hub.clock.now(), open_by_itself=False)  # fmt: skip
    assert hub.app.core.submit(NewGame(("Ana", "Ben")))
    hub.app.handle_intent(WifiChoice("own"))
    assert hub.app.core.context().wifi is not None and hub.app.core.context().wifi.busy == "own"
    reports = hub.app.inbox.wait(10)  # the worker's report; the loop never waited for it
    assert [type(r) for r in reports] == [WifiReport]
    for report in reports:
        hub.app.handle_hub_event(report)
    view = hub.app.core.context().wifi
    assert view is not None and view.status.mode is WifiMode.OWN and view.busy is None
    assert hub.app.core.context().web_address == desk.address(hub.app.core.game_id)
    assert desk.base_url == "http://10.42.0.1:8080"
    assert published[-1].version == desk._version  # the page's code follows at once
    hub.app.handle_intent(WifiChoice("join", "Home 5G", "Kitchen #1"))
    for report in hub.app.inbox.wait(10):
        hub.app.handle_hub_event(report)
    assert fake.current.mode is WifiMode.HOME and desk.base_url == "http://192.168.1.20:8080"
