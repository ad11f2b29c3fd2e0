"""benchmarks/map_bench.py, whose measures the picture's tests check crowded tables by."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from checkout import REPO


@pytest.fixture(scope="module")
def map_bench(load_script: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
