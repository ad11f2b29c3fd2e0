"""The Wi-Fi panel (Phones → Wi-Fi): which network the hub is on, the networks around to
join (a passphrase typed on the screen's keyboard), and the hub's own network to open.
Keys: "wifi:scan", "wifi:own", "wifi:net:<ssid>", "wifi:back"."""

from __future__ import annotations

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.base import Overlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.passkeys import PassphraseKeyboard
from hubd.screens.kit.widgets import TEXT_DIM, Action, Color, Style
from hubd.values.intents import Intent, WifiChoice
from hubd.values.network import WifiAround, WifiMode, WifiView

PROBLEM: Color = (255, 190, 160)  # a failed step, readable on the dialog's dark green


def _(text: str) -> str:
    return text


#: NetworkManager's commonest failures (nmcli's English) in the players' words.
KNOWN_FAILURES = (
    ("Secrets were required", _("The passphrase was not accepted: type it again")),
    ("No network with SSID", _("That network is out of reach")),
    ("not installed", _("This hub cannot manage its Wi-Fi (no NetworkManager)")),
    ("not running", _("This hub cannot manage its Wi-Fi (no NetworkManager)")),
    ("no Wi-Fi radio", _("This hub has no Wi-Fi radio")),
)


class WifiPanel(Overlay):
    def __init__(self, ui: Host, back: Overlay | None = None) -> None:
        self.ui = ui
        self.back = back

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = Rect(0, 0, b.w - 4 * b.gap, b.h - 4 * b.gap)
        panel.center = (b.w // 2, b.h // 2)
        inner = b.dialog(panel)
        size = b.min_text
        line = b.measure.line_height(size, True) + b.px(2)
        title = Rect(inner.x, inner.y, inner.w, b.px(48))
        b.label(title, b.tr("Wi-Fi"), b.px(28), bold=True)
        rows = 1 if b.landscape else 2  # portrait: the hub's own Wi-Fi on a row of its own
        height = rows * b.target + (rows - 1) * b.gap
        bottom = Rect(inner.x, inner.bottom - height, inner.w, height)
        wifi = ctx.wifi
        if wifi is None:
            b.button(bottom, b.tr("Back"), self._back, style=Style.QUIET, key="wifi:back")
            return
        if b.landscape:
            scan, own, back = split_h(bottom, 1, 1, 1, gap=b.gap)
        else:
            own, lower = split_v(bottom, 1, 1, gap=b.gap)
            scan, back = split_h(lower, 1, 1, gap=b.gap)
        idle = wifi.busy is None
        b.button(scan, b.tr("Look again"), self._ask("scan"), key="wifi:scan", enabled=idle,
                 style=Style.NORMAL if idle else Style.DISABLED)  # fmt: skip
        can_open = idle and wifi.status.mode is not WifiMode.OWN
        b.button(own, b.tr("Open the hub's own Wi-Fi"), self._ask("own"), key="wifi:own",
                 enabled=can_open, style=Style.NORMAL if can_open else Style.DISABLED)  # fmt: skip
        b.button(back, b.tr("Back"), self._back, style=Style.QUIET, key="wifi:back")
        said = Rect(inner.x, title.bottom, inner.w, line)
        b.label(said, _state(b, wifi), size, bold=True, align="start", squeeze=True,
                role="wifi")  # fmt: skip
        news = Rect(inner.x, said.bottom, inner.w, 2 * line)  # a failure may take two lines
        text, color = _news(b, wifi)
        if text:
            b.label(news, text, size, align="start", color=color, wrap=True, role="problem")
        area = Rect(inner.x, news.bottom + b.gap, inner.w, bottom.y - news.bottom - 2 * b.gap)
        self._networks(b, wifi, area)

    def _networks(self, b: Builder, wifi: WifiView, area: Rect) -> None:
        size = b.min_text
        if not wifi.around:
            if wifi.busy is None:
                b.label(area, b.tr("No network found: tap Look again"), size, wrap=True,
                        color=TEXT_DIM)  # fmt: skip
            return
        columns = 2 if b.landscape else 1
        rows = max(1, (area.h + b.gap) // (b.target + b.gap))
        width = (area.w - (columns - 1) * b.gap) // columns
        for n, network in enumerate(wifi.around[: rows * columns]):
            column, row = n // rows, n % rows
            box = Rect(area.x + column * (width + b.gap), area.y + row * (b.target + b.gap),
                       width, b.target)  # fmt: skip
            on = wifi.status.mode is WifiMode.HOME and wifi.status.ssid == network.ssid
            b.button(box, _network_text(network), self._join(network), size=size,
                     style=Style.SELECTED if on else Style.NORMAL, mirror=False, wrap=False,
                     key=f"wifi:net:{network.ssid}", enabled=wifi.busy is None)  # fmt: skip

    def _ask(self, action: str) -> Action:
        def act(_pos: tuple[int, int]) -> list[Intent]:
            return [WifiChoice(action)]

        return act

    def _join(self, network: WifiAround) -> Action:
        def joined(passphrase: str) -> list[Intent]:
            self.ui.open_overlay(self)  # back here, to see it join (or why not)
            return [WifiChoice("join", network.ssid, passphrase)]

        def act(_pos: tuple[int, int]) -> list[Intent]:
            if network.known or not network.secured:  # NetworkManager has its passphrase
                return [WifiChoice("join", network.ssid)]
            self.ui.open_overlay(PassphraseKeyboard(self.ui, network.ssid, joined))
            return []

        return act

    def _back(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(self.back)
        return []


def _network_text(network: WifiAround) -> str:
    """The network's name, its signal, and a tick when the hub knows it already."""
    known = " ✓" if network.known else ""
    return f"{network.ssid} · {network.signal}%{known}"


def _state(b: Builder, wifi: WifiView) -> str:
    status = wifi.status
    if status.mode is WifiMode.OWN:
        return b.tr("The hub's Wi-Fi: {name}").format(name=wifi.own_ssid)
    if status.mode is WifiMode.HOME and status.ssid:
        return b.tr("Wi-Fi: {name}").format(name=status.ssid)
    if status.mode is WifiMode.NONE:
        return b.tr("No Wi-Fi")
    return b.tr("Asking the Wi-Fi…")


def _news(b: Builder, wifi: WifiView) -> tuple[str, Color | None]:
    """What is being done now, or what failed last."""
    if wifi.busy == "join" and wifi.joining:
        return b.tr("Joining {name}…").format(name=wifi.joining), TEXT_DIM
    if wifi.busy == "own":
        return b.tr("Opening the hub's own Wi-Fi…"), TEXT_DIM
    if wifi.busy in ("scan", "check"):
        return b.tr("Looking for networks…"), TEXT_DIM
    if wifi.problem:
        for marker, words in KNOWN_FAILURES:
            if marker in wifi.problem:
                return b.tr(words), PROBLEM
        return b.tr("That did not work: {problem}").format(problem=wifi.problem), PROBLEM
    return "", None
