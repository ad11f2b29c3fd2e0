"""The Makefile's set-ups: `make run` installs the hub alone (its own stamp), `make test` and
`make check` the development tools too; `make check` is the fast subset."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from checkout import REPO

DEV_TOOLS = ("[dev]", "playwright", "mypy", "ruff")

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(target: str) -> str:
    """What ``make TARGET`` would run with every stamp out of date (make -n -B)."""
    return subprocess.run(
        ["make", "-C", str(REPO), "--no-print-directory", "-n", "-B", target],
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout  # fmt: skip


def test_make_run_installs_the_hub_without_the_development_tools() -> None:
    plan = planned("run")
    assert "pip install --quiet -e .\n" in plan
    assert not [tool for tool in DEV_TOOLS if tool in plan]
    assert plan.rstrip().endswith("hubd --mock-pins --windowed")


@pytest.mark.parametrize("target", ["test", "check"])
def test_make_test_and_check_install_the_development_tools(target: str) -> None:
    plan = planned(target)
    assert "pip install --quiet -e '.[dev]'" in plan
    assert "ruff check" in plan and "mypy" in plan and "pytest" in plan


def test_make_check_runs_the_fast_tests_not_marked_slow() -> None:
    """Each of its patterns names test files that are there (a renamed file is seen here)."""
    [command] = [line for line in planned("check").splitlines() if "pytest -q" in line]
    assert "-m 'not slow'" in command
    patterns = [word for word in command.split() if word.startswith("tests/")]
    assert patterns
    for pattern in patterns:
        assert sorted(REPO.glob(pattern)), f"{pattern} names no test file"
