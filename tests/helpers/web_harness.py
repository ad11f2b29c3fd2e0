"""The phones' page beside a whole hub in this process: the server on 127.0.0.1 (a free
port), its desk on the hub's loop, and Debian's chromium driven by Playwright (the system
browser: nothing is downloaded). Used by tests/hubd/web/ and benchmarks/web_bench.py."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hubd.config.schema import WebConfig
from hubd.web.desk import PhoneDesk
from hubd.web.guard import Limits
from hubd.web.screenshots import chromium
from hubd.web.start import start_web

#: A test's phones all come from 127.0.0.1: each browser context is a phone of its own, so
#: the address may have eight phone ids and eight phones' share of requests and writes (a
#: family's claims, hands and answers within a second or two would otherwise be one phone's,
#: and a fast machine met the write limit where a loaded one never did).
PHONES_AT_ONCE = 8
PHONES_HERE = Limits(
    phones_per_address=PHONES_AT_ONCE,
    requests_per_s=PHONES_AT_ONCE * Limits.requests_per_s,
    writes_per_s=PHONES_AT_ONCE * Limits.writes_per_s,
)


def attach_web(app: Any, folder: Path, limits: Limits | None = None) -> tuple[PhoneDesk, Any]:
    """Start the page's server for ``app`` (a HubApp) and give the loop its desk."""
    desk, close = start_web(
        WebConfig(bind="127.0.0.1", port=0, plain_port=0),
        folder,
        app.inbox.post,
        limits or PHONES_HERE,
    )
    assert desk is not None, "the web server did not start"
    app.core.phones = desk
    app.core.publish()
    return desk, close


def pump(app: Any, done: Callable[[], bool], timeout: float = 10.0, what: str = "it") -> float:
    """Run the hub's loop until ``done()``; returns the seconds it took (fails on timeout)."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"the page did not show {what} in {timeout} s")
        app.step(0.01)
    return time.monotonic() - start


@contextmanager
def browser() -> Iterator[Any]:
    """Headless Debian chromium (skips the test when it or Playwright is missing)."""
    import pytest

    try:
        with chromium() as launched:
            yield launched
    except LookupError as err:
        pytest.skip(f"{err}: .ci/system-deps installs chromium (as root), make the venv")


def phone(chromium: Any, width: int = 390, height: int = 844) -> Any:
    """A new page as a phone shows it (its own storage: its own phone id and seat)."""
    context = chromium.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    return context.new_page()
