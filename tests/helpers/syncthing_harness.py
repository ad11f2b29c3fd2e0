"""Real Syncthing instances for the club tests: each its own home, on 127.0.0.1 only.

Static addresses, no discovery (local or global), no relays, no NAT traversal, no usage or
crash reports, no upgrades: the instances find each other only by the addresses the test
pairs them with through the REST API.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from hubd.club.syncthing import Endpoint, Syncthing, SyncthingError, prepare_home
from hubd.club.syncthing import free_local_port as free_port

SYNCTHING = shutil.which("syncthing")
OPTIONS = {"reconnectionIntervalS": "1"}


class Instance:
    """One Syncthing, started and stopped by the test.

    By default on 127.0.0.1 at free ports, without local discovery, quick to reconnect;
    ``host`` puts it at that address with the hub's own defaults otherwise (its port 22000,
    its reconnection interval), ``discovery`` turns local discovery on, ``prefix`` comes
    before the command that starts it (``ip netns exec NAME``) and ``client`` makes the
    REST client (one that calls from inside a network namespace).
    """

    def __init__(
        self,
        home: Path,
        *,
        host: str | None = None,
        discovery: bool = False,
        prefix: Sequence[str] = (),
        client: Callable[[Endpoint], Syncthing] | None = None,
    ) -> None:
        assert SYNCTHING is not None
        self.home = home
        self.prefix = list(prefix)
        self.gui_port = free_port() if host is None else 8384
        self.sync_port = free_port() if host is None else 22000
        self.host = host or "127.0.0.1"
        # The hub's own preparation (LAN only, GUI on localhost), then this test's.
        self.endpoint = prepare_home(
            home,
            gui=f"127.0.0.1:{self.gui_port}",
            listen=f"tcp://{self.host}:{self.sync_port}",
            local_discovery=discovery,
            options=OPTIONS if host is None else {},
            syncthing=SYNCTHING,
        )
        self.client = (client or (lambda e: Syncthing(e, timeout=5)))(self.endpoint)
        self.process: subprocess.Popen[bytes] | None = None
        self.device = ""

    def log(self) -> str:
        return (self.home / "syncthing.log").read_text(errors="replace")

    def failed(self, what: str) -> SyncthingError:
        """An error that shows the end of this instance's log."""
        return SyncthingError(f"Syncthing {what}; the end of its log:\n{self.log()[-2000:]}")

    @property
    def address(self) -> str:
        return f"tcp://{self.host}:{self.sync_port}"

    def start(self) -> None:
        """Syncthing started and answering, retried while it cannot open its database:
        just after a kill the old one may still hold the lock for a moment."""
        deadline = time.monotonic() + 30
        while True:
            self._launch()
            try:
                self._wait_until_up(deadline)
                return
            except SyncthingError:
                assert self.process is not None
                if time.monotonic() > deadline or self.process.poll() is None:
                    self.stop(signal.SIGKILL)
                    raise self.failed("did not start") from None
                self.process = None
                time.sleep(0.5)

    def _launch(self) -> None:
        assert SYNCTHING is not None
        env = {**os.environ, "STNOUPGRADE": "1", "HOME": str(self.home), "STNORESTART": "1"}
        with (self.home / "syncthing.log").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    *self.prefix,
                    SYNCTHING,
                    "serve",
                    f"--home={self.home}",
                    "--no-browser",
                    "--no-restart",
                    "--no-upgrade",
                    "--skip-port-probing",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )

    def _wait_until_up(self, deadline: float) -> None:
        assert self.process is not None
        while True:
            try:
                self.device = self.client.my_id()
                return
            except SyncthingError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.1)

    def call_when_up(self, method: str, path: str, body: object = None) -> object:
        """A REST call retried for up to 30 s: just after a start (above all after a kill)
        Syncthing may drop a connection or two while it checks its database, or give up
        on a database still locked (then it is started again)."""
        deadline = time.monotonic() + 30
        while True:
            try:
                return self.client.call(method, path, body)
            except SyncthingError:
                if time.monotonic() > deadline:
                    raise self.failed("did not answer") from None
                if self.process is not None and not _alive_in_group(self.process.pid):
                    self.stop()
                    self.start()
                time.sleep(0.2)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Syncthing stopped, its monitor and the process that holds the database both."""
        if self.process is None:
            return
        group = self.process.pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(group, signal.SIGKILL)
            self.process.wait()
        self.process = None
        # The monitor's child (the one with the database open) may outlive it a moment.
        deadline = time.monotonic() + 10
        while _alive_in_group(group) and time.monotonic() < deadline:
            time.sleep(0.05)


def _alive_in_group(group: int) -> bool:
    """Whether a process of ``group`` is still running (zombies hold no files)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                return True
    return False


def pair(instances: list[Instance]) -> None:
    """Every instance paired with every other by static address, the club folder shared.

    The devices are added paused, in one configuration change each, then resumed: a side
    resumed later dials at once and finds itself known, so no pair waits for Syncthing's
    next retry after an "unknown device".
    """
    for mine, one in enumerate(instances):
        config = one.client.call("GET", "/rest/config")
        others = [other for other in instances if other is not one]
        for other in others:
            # Only one side of a pair dials (the other has no address for it): two
            # connections made at the same moment can both be dropped, then wait a retry.
            dials = instances.index(other) > mine
            config["devices"].append(
                {
                    **config["defaults"]["device"],
                    "deviceID": other.device,
                    "paused": True,
                    "name": other.home.name,
                    "addresses": [other.address] if dials else ["dynamic"],
                }
            )
        for folder in config["folders"]:
            folder["devices"] += [{"deviceID": other.device} for other in others]
        one.client.call("PUT", "/rest/config", config)
    for one in instances:
        for other in instances:
            if other is not one:
                one.client.call("PATCH", f"/rest/config/devices/{other.device}", {"paused": False})


def connected(instances: list[Instance]) -> bool:
    """Every instance is connected to every other."""
    for one in instances:
        links = one.client.connections()
        if not all(links.get(o.device, {}).get("connected") for o in instances if o is not one):
            return False
    return True


def dial_now(one: Instance, others: list[Instance]) -> None:
    """Give ``one`` every other's address, so that it dials them at once (a restarted
    instance would otherwise wait for the others' next retry)."""
    for other in others:
        if other is not one:
            path = f"/rest/config/devices/{other.device}"
            one.client.call("PATCH", path, {"addresses": [other.address]})
