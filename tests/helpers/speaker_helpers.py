"""What the speakers' tests share: the warnings a speaker logged."""

from __future__ import annotations

import logging

import pytest


def warnings_in(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
