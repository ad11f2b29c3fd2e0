"""Where the checkout is, for the tests that read its files or run its scripts."""

from __future__ import annotations

from pathlib import Path

#: The repository's root (this file is tests/helpers/checkout.py).
REPO = Path(__file__).resolve().parents[2]
#: The tests' helpers, importable by name (pytest's ``pythonpath``).
HELPERS = REPO / "tests" / "helpers"
