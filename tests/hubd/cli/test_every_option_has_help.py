"""Both command lines explain themselves: every option and argument of every command has help,
no raw reStructuredText reaches the screen, and ``--version`` answers."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.cli import build_parser as chickenfoot_parser
from engine.cli import main as chickenfoot
from hubd.cli.args import build_parser as hubd_parser


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every command's under it, however deep (``hubd club standings``)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from parsers(sub)


def unexplained(parser: argparse.ArgumentParser) -> list[str]:
    """The options, arguments and commands of one parser shown without a word of help."""
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            missing += [f"{parser.prog} {c.dest}" for c in action._choices_actions if not c.help]
        elif not action.help or action.help == argparse.SUPPRESS:
            missing.append(f"{parser.prog} {'/'.join(action.option_strings) or action.dest}")
    return missing


CLIS = {"hubd": hubd_parser, "chickenfoot": chickenfoot_parser}


@pytest.mark.parametrize("cli", CLIS)
def test_every_option_of_every_command_has_help(cli: str) -> None:
    every = list(parsers(CLIS[cli]()))
    assert len(every) > 2, "the commands were walked"
    assert [name for parser in every for name in unexplained(parser)] == []


@pytest.mark.parametrize("cli", CLIS)
def test_no_raw_restructuredtext_in_any_help(cli: str) -> None:
    for parser in parsers(CLIS[cli]()):
        text = parser.format_help()
        assert "``" not in text and ":func:" not in text, parser.prog


def test_chickenfoot_version(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        chickenfoot(["--version"])
    assert stop.value.code == 0
    name, version = capsys.readouterr().out.split()
    assert name == "chickenfoot" and version[0].isdigit()


def test_unexplained_finds_an_option_without_help() -> None:
    """The walk is not blind: an option with no help is named."""
    parser = argparse.ArgumentParser(prog="x")
    parser.add_argument("--quiet", action="store_true")
    assert unexplained(parser) == ["x --quiet"]


@pytest.mark.parametrize("argv", [["--help"], ["run", "--help"]])
def test_the_desktop_keys_are_in_the_run_help(capsys: Any, argv: list[str]) -> None:
    from hubd.cli.args import parse_args

    with pytest.raises(SystemExit):
        parse_args(argv)
    text = " ".join(capsys.readouterr().out.split())
    for key in ("the space bar is the hub button", "u undoes", "d draws", "p passes", "Escape"):
        assert key in text


@pytest.mark.parametrize(
    "tool", ["hubd.screens.shots.screenshots", "hubd.web.screenshots", "hubd.speech.samples"]
)
def test_a_developers_tool_answers_help_and_writes_nothing(
    tool: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m TOOL --help`` once wrote every screenshot into a folder named ``--help``."""
    monkeypatch.chdir(tmp_path)
    main = importlib.import_module(tool).main
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    assert f"usage: python -m {tool} [-h] [out]" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
