"""The store tests' fixtures, as a plugin (``pytest_plugins = ["store_fixtures"]``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_helpers import NOW

from hubd.store import GameStore


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path) -> Iterator[GameStore]:
    with GameStore.open(folder, clock=lambda: NOW) as opened:
        yield opened
