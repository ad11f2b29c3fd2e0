"""``hubd --help`` for newcomers: the run flags, the commands, and ``--size`` / ``--portrait``."""

from __future__ import annotations

from typing import Any

import pytest

from hubd import cli
from hubd.config import HubConfig


def _help(capsys: Any, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(list(argv))
    assert stop.value.code == 0
    return str(capsys.readouterr().out)


def _refusal(capsys: Any, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(list(argv))
    assert stop.value.code == cli.EXIT_USAGE
    return str(capsys.readouterr().err)


def test_top_help_lists_the_run_flags_and_the_commands(capsys: Any) -> None:
    text = _help(capsys, "--help")
    for flag in ("--mock-pins", "--windowed", "--size WxH", "--portrait", "--headless", "--demo"):
        assert flag in text
    for command in cli.COMMANDS:
        assert command in text


def test_no_command_still_runs_the_hub() -> None:
    args = cli.parse_args([])
    assert args.command == "run" and args.size is None


@pytest.mark.parametrize(
    ("argv", "size"),
    [
        (["--size", "720x1280"], (720, 1280)),
        (["run", "--size", "800X480"], (800, 480)),
        (["--size", " 1024 x 600 "], (1024, 600)),
        (["--portrait"], (720, 1280)),
        (["run", "--portrait", "--mock-pins"], (720, 1280)),
    ],
)
def test_size_and_portrait_choose_the_window(argv: list[str], size: tuple[int, int]) -> None:
    assert cli.parse_args(argv).size == size


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("12", "argument --size: '12' is not WIDTHxHEIGHT in pixels, e.g. 800x480 or 720x1280"),
        ("axb", "argument --size: 'axb' is not WIDTHxHEIGHT in pixels"),
        ("720x", "argument --size: '720x' is not WIDTHxHEIGHT"),
        ("0x0", "argument --size: 0x0: the width must be a whole number from 200 to 4096 (pixels)"),
        ("720x9000", "argument --size: 720x9000: the height must be a whole number from 200"),
    ],
)
def test_a_bad_size_is_refused_with_one_clear_line(capsys: Any, value: str, message: str) -> None:
    err = _refusal(capsys, "--size", value)
    assert err.startswith("usage: hubd run")
    assert f"hubd run: error: {message}" in err


def test_size_and_portrait_together_are_refused(capsys: Any) -> None:
    err = _refusal(capsys, "--size", "800x480", "--portrait")
    assert "not allowed with argument --size" in err


def test_size_makes_a_window_of_that_size_even_when_the_config_says_full_screen() -> None:
    kiosk = HubConfig().override("display", fullscreen=True)
    assert cli.window_mode(cli.parse_args([]), kiosk) == ((800, 480), True)
    assert cli.window_mode(cli.parse_args(["--portrait"]), kiosk) == ((720, 1280), False)
    assert cli.window_mode(cli.parse_args(["--windowed"]), kiosk) == ((800, 480), False)
    wide = HubConfig().override("display", width=1024, height=600)
    assert cli.window_mode(cli.parse_args(["--headless"]), wide) == ((1024, 600), False)
