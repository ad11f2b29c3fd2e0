"""A small network made by a test: a bridge in a namespace of its own and hubs, each in its own
network namespace, joined to it by a veth pair, with private addresses (10.77.0.N/24) that
exist only inside those namespaces. Nothing is added to the machine's own network.

The test process reaches a hub's Syncthing (its REST API on 127.0.0.1 inside the hub's
namespace) from a thread that entered that namespace (``setns``), so the hub's own client
code is used unchanged.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hubd.club.syncthing import Endpoint, Syncthing

CLONE_NEWNET = 0x40000000
SUBNET = "10.77.0"


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


def why_not() -> str | None:
    """Why this machine cannot make the test's network (None: it can)."""
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    if os.geteuid() != 0:
        return "making network namespaces needs root (CI runs as root)"
    probe = f"cfprobe{os.getpid() % 100000}"
    try:
        _ip("netns", "add", probe)
    except (OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", b"") or b""
        return f"no rights for network namespaces here ({detail.decode().strip() or err})"
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        _ip("netns", "del", probe)
    return None


def _enter(name: str) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open(f"/run/netns/{name}", os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setns into {name}: {os.strerror(err)}")
    finally:
        os.close(fd)


class InNamespace(Syncthing):
    """The hub's REST client, every call made from a thread inside the hub's namespace."""

    def __init__(self, endpoint: Endpoint, pool: ThreadPoolExecutor) -> None:
        super().__init__(endpoint, timeout=5)
        self._pool = pool

    def call(
        self, method: str, path: str, body: object = None, query: Mapping[str, str] | None = None
    ) -> Any:
        return self._pool.submit(Syncthing.call, self, method, path, body, query).result()


class Network:
    """The bridge and the hubs' namespaces; :meth:`close` removes them all."""

    def __init__(self) -> None:
        tag = os.getpid() % 100000
        self.tag = tag
        self.bridge = f"cfbr{tag}"
        self.hubs: dict[int, str] = {}
        self._pools: list[ThreadPoolExecutor] = []
        _ip("netns", "add", self.bridge)
        _ip("-n", self.bridge, "link", "add", "br0", "type", "bridge")
        _ip("-n", self.bridge, "link", "set", "br0", "up")

    def add_hub(self, number: int) -> str:
        """Hub ``number``'s namespace, at 10.77.0.<number>; returns its name."""
        name = f"cfhub{number}x{self.tag}"
        _ip("netns", "add", name)
        self.hubs[number] = name
        port = f"vh{number}"
        _ip("-n", self.bridge, "link", "add", port, "type", "veth", "peer", "name", "eth0",
            "netns", name)  # fmt: skip
        _ip("-n", self.bridge, "link", "set", port, "master", "br0", "up")
        _ip("-n", name, "link", "set", "lo", "up")
        _ip("-n", name, "addr", "add", f"{SUBNET}.{number}/24", "dev", "eth0")
        _ip("-n", name, "link", "set", "eth0", "up")
        _ip("-n", name, "route", "add", "default", "dev", "eth0")
        return name

    def client(self, number: int) -> Callable[[Endpoint], Syncthing]:
        pool = ThreadPoolExecutor(1, initializer=_enter, initargs=(self.hubs[number],))
        self._pools.append(pool)
        return lambda endpoint: InNamespace(endpoint, pool)

    def prefix(self, number: int) -> list[str]:
        return ["ip", "netns", "exec", self.hubs[number]]

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=False, cancel_futures=True)
        for name in [*self.hubs.values(), self.bridge]:
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                _ip("netns", "del", name)


@contextlib.contextmanager
def network() -> Iterator[Network]:
    made = Network()
    try:
        yield made
    finally:
        made.close()
