"""The hub's Wi-Fi, decided on the loop and done off it.

The loop owns the decision: a while after start and then every minute it asks which network
is up; with none up, no cable, and no network it knows around it, it opens its own (named
after the table, with a passphrase it made once and keeps), so phones can always reach the
page. The Phones panel asks for the rest: the networks around, a home network to join, the
hub's own network. Every nmcli call runs on one worker thread, one at a time, and posts a
``WifiReport`` to the loop's inbox: the loop never waits on NetworkManager.
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from hubd.config.loading import HubConfig
from hubd.devices.network import NmcliWifi, Wifi, WifiError
from hubd.values.network import WifiAround, WifiMode, WifiStatus, WifiView

log = logging.getLogger("hubd.wifi")

START_GRACE_S = 45.0  # NetworkManager joins a known network by itself after boot: let it
CHECK_EVERY_S = 60.0
RECHECK_S = 5.0
PASSPHRASE_FILE = "wifi-passphrase"
#: Letters and digits no one mistakes for another when typing the passphrase by hand.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
SSID_BYTES = 32


@dataclass(frozen=True)
class WifiReport:
    """A worker's job done: what it found, or why it failed (a HubEvent for the inbox)."""

    job: str  # "check", "scan", "join", "own"
    status: WifiStatus | None = None
    around: tuple[WifiAround, ...] | None = None
    problem: str | None = None


def should_open_own(status: WifiStatus, around: Sequence[WifiAround]) -> bool:
    """Open the hub's own network: no Wi-Fi up, no cable, and no known network around."""
    return status.mode is WifiMode.NONE and not status.wired and not any(w.known for w in around)


def own_name(table: str) -> str:
    """The hub's own network's name: "Chicken Foot <table>", cut to Wi-Fi's 32 bytes."""
    name = f"Chicken Foot {table}".strip()
    while len(name.encode()) > SSID_BYTES:
        name = name[:-1]
    return name.rstrip()


def load_passphrase(folder: Path) -> str:
    """The hub's own network's passphrase: made once (about 60 bits, three groups of four
    easy letters and digits) and kept in the data folder, so phones that joined once join
    again. In memory only when the folder cannot be written."""
    path = folder / PASSPHRASE_FILE
    try:
        kept = path.read_text(encoding="ascii").strip()
        if 8 <= len(kept) <= 63:
            return kept
    except (OSError, UnicodeDecodeError):
        pass
    import secrets  # here: the daemon loads it only with the Wi-Fi managed (start memory)

    made = "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(3))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(made + "\n")
    except OSError as err:
        log.warning("wifi: cannot keep the passphrase in %s (%s)", path, err.strerror or err)
    return made


def make_keeper(
    config: HubConfig, folder: Path, post: Callable[[WifiReport], None], now: float
) -> WifiKeeper | None:
    """The keeper for the daemon: None when [wifi] manage is off or there is no nmcli (the
    system keeps its network as it is; the Phones panel then shows no Wi-Fi part)."""
    if not config.wifi.manage:
        return None
    if shutil.which("nmcli") is None:
        log.info("wifi: no nmcli (NetworkManager): the hub leaves the network to the system")
        return None
    return WifiKeeper(NmcliWifi(), post, own_table(config), load_passphrase(folder), now,
                      open_by_itself=config.wifi.own_network)  # fmt: skip


def own_table(config: HubConfig) -> str:
    """The table the hub's own network is named after: [club] table, else the host name."""
    return config.club.table or socket.gethostname()


def own_network(config: HubConfig, folder: Path) -> tuple[str, str]:
    """The hub's own network's name and passphrase, as its Phones panel shows them."""
    return own_name(own_table(config)), load_passphrase(folder)


class WifiKeeper:
    """The loop's side: ``tick`` when due, ``handle`` each report, ``ask`` for the panel."""

    def __init__(
        self,
        wifi: Wifi,
        post: Callable[[WifiReport], None],
        table: str,
        passphrase: str,
        now: float,
        *,
        open_by_itself: bool = True,
        local_name: str | None = None,
    ) -> None:
        self.wifi = wifi
        self.post = post
        self.open_by_itself = open_by_itself
        self._view = WifiView(
            own_ssid=own_name(table),
            own_passphrase=passphrase,
            local_name=local_name or f"{socket.gethostname()}.local",
        )
        # Which network is up is asked at once (the page's address depends on it); the hub's
        # own is opened only after the grace, NetworkManager's time to join a known one.
        self._next_check: float | None = now
        self._open_after = now + START_GRACE_S
        self._queue: list[tuple[str, str, str]] = []  # jobs waiting for the worker
        self._busy: str | None = None

    def view(self) -> WifiView:
        return self._view

    def next_deadline(self) -> float | None:
        return None if self._busy else self._next_check

    def tick(self, now: float) -> None:
        if self._next_check is not None and now >= self._next_check and not self._busy:
            self._next_check = now + CHECK_EVERY_S
            self._start("check")

    def ask(self, action: str, ssid: str = "", passphrase: str = "") -> None:
        """The Phones panel's request: "scan", "own", or "join" a network."""
        if action not in ("scan", "own", "join"):
            return
        if action == "join":
            self._view = replace(self._view, joining=ssid)
        self._view = replace(self._view, problem=None)
        self._start(action, ssid, passphrase)

    def handle(self, report: WifiReport, now: float) -> None:
        """A job's report: what the panel shows now, and what to do next."""
        self._busy = None
        view = self._view
        if report.status is not None:
            view = replace(view, status=report.status)
        if report.around is not None:
            view = replace(view, around=report.around)
        if report.job == "join":
            view = replace(view, joining=None)
        self._view = replace(view, busy=None, problem=report.problem)
        if report.problem is not None:
            log.warning("wifi: %s: %s", report.job, report.problem)
        elif report.job in ("join", "own") and report.status is not None:
            log.info("wifi: %s %s", report.status.mode.value, report.status.ssid)
        if (
            report.job == "check"
            and report.problem is None
            and self.open_by_itself
            and report.status is not None
            and report.around is not None
            and should_open_own(report.status, report.around)
            and now >= self._open_after
        ):
            log.info("wifi: no known network around: opening the hub's own")
            self._start("own")
        self._next_check = now + CHECK_EVERY_S
        if now < self._open_after:
            self._next_check = self._open_after
        if report.job == "join" and report.problem is not None:
            self._next_check = now + RECHECK_S  # the radio may be left on no network
        if self._queue and not self._busy:
            self._start(*self._queue.pop(0))

    # -- the worker ------------------------------------------------------------------------

    def _start(self, job: str, ssid: str = "", passphrase: str = "") -> None:
        if self._busy:
            if (job, ssid, passphrase) not in self._queue and job != "check":
                self._queue.append((job, ssid, passphrase))
            return
        self._busy = job
        self._view = replace(self._view, busy=job)
        own = (self._view.own_ssid, self._view.own_passphrase)
        thread = threading.Thread(
            target=self._work, args=(job, ssid, passphrase, own), name=f"hubd-wifi-{job}",
            daemon=True,
        )  # fmt: skip
        thread.start()

    def _work(self, job: str, ssid: str, passphrase: str, own: tuple[str, str]) -> None:
        """On the worker thread: the slow calls, then one report to the loop."""
        try:
            around: tuple[WifiAround, ...] | None = None
            if job == "join":
                self.wifi.join(ssid, passphrase)
            elif job == "own":
                self.wifi.open_own(*own)
            status = self.wifi.status()
            if job == "scan" or (job == "check" and status.mode is WifiMode.NONE):
                around = tuple(self.wifi.scan())
            self.post(WifiReport(job, status, around))
        except WifiError as err:
            self.post(WifiReport(job, problem=str(err)))
        except Exception as err:  # a bug here must not leave the panel busy for ever
            self.post(WifiReport(job, problem=f"{type(err).__name__}: {err}"))
