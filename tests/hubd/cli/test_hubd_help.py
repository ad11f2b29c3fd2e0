"""For newcomers: ``hubd --help`` lists the run flags, ``--size`` / ``--portrait`` choose the
window, and the README's commands and pictures are the real ones."""

from __future__ import annotations

import re
import struct
from typing import Any

import pytest
from checkout import REPO as ROOT

from hubd.cli import run as cli
from hubd.cli.args import COMMANDS, EXIT_USAGE, parse_args
from hubd.config.loading import HubConfig


def _help(capsys: Any, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 0
    return str(capsys.readouterr().out)


def _refusal(capsys: Any, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == EXIT_USAGE
    return str(capsys.readouterr().err)


def test_top_help_lists_the_run_flags_and_the_commands(capsys: Any) -> None:
    text = _help(capsys, "--help")
    for flag in ("--mock-pins", "--windowed", "--size WxH", "--portrait", "--headless", "--demo"):
        assert flag in text
    for command in COMMANDS:
        assert command in text


def test_no_command_still_runs_the_hub() -> None:
    args = parse_args([])
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
    assert parse_args(argv).size == size


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
    assert cli.window_mode(parse_args([]), kiosk) == ((800, 480), True)
    assert cli.window_mode(parse_args(["--portrait"]), kiosk) == ((720, 1280), False)
    assert cli.window_mode(parse_args(["--windowed"]), kiosk) == ((800, 480), False)
    wide = HubConfig().override("display", width=1024, height=600)
    assert cli.window_mode(parse_args(["--headless"]), wide) == ((1024, 600), False)


def test_the_readme_s_hubd_commands_parse() -> None:
    readme = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")  # the command table
    commands = [
        chunk
        for row in re.findall(r"^\| (.*?) \|", readme, re.M)
        for chunk in re.findall(r"`(hubd(?: [^`]*)?)`", row)
        if "[" not in chunk
    ]
    assert "hubd --size 720x1280" in commands
    for command in commands:
        try:
            parse_args(command.split()[1:])
        except SystemExit as stop:  # --help
            assert stop.code == 0, command


def test_the_readme_s_pictures_are_the_ones_make_pictures_copies() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = re.findall(r'src="docs/pictures/([\w-]+)\.png"', readme)
    for guide in sorted((ROOT / "docs").glob("*.md")):  # the guides beside the pictures
        named += re.findall(r'src="pictures/([\w-]+)\.png"', guide.read_text(encoding="utf-8"))
    makefile = (ROOT / "Makefile").read_text()
    listed = re.search(r"^PICTURES := (.*)$", makefile, re.M)
    web = re.search(r"^WEB_PICTURES := (.*)$", makefile, re.M)  # the phones' page, as web_*
    assert listed is not None and web is not None
    copied = listed[1].split() + [f"web_{shot.rsplit('/', 1)[-1]}" for shot in web[1].split()]
    assert sorted(named) == sorted(copied)
    for name in named:  # a shot not rendered yet is skipped by `make pictures`, with a warning
        picture = ROOT / "docs" / "pictures" / f"{name}.png"
        if picture.exists():
            header = picture.read_bytes()[:24]
            assert header[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", header[16:24])
            if name.startswith("web_") and name != "web_phones_panel":
                assert width == 780, name  # a 390 px phone's page, whole, at 2 device px a px
            else:
                assert (width, height) == (800, 480), name
