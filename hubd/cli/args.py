"""What ``hubd`` takes and gives back: its commands, their options, its exit statuses."""

from __future__ import annotations

import argparse
import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path

from hubd.config.schema import DisplayConfig
from hubd.text import i18n

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
#: The daemon stopped because the hub button was held to shut down: systemd/hubd.service
#: powers the Pi off on this exit status (and does not restart the daemon).
EXIT_POWEROFF = 3
COMMANDS = ("run", "export", "import", "backup", "check-hardware", "club", "layout", "count-tiles")
PORTRAIT = (720, 1280)  # the Touch Display 2, upright
#: A desktop keyboard's keys (hubd/screens/frames.py: Frames.key), shown by `hubd --help`.
KEYS = (
    "Keys, in a window: the space bar is the hub button (with --mock-pins; hold it as you would "
    "the button), u undoes the last move, d draws a tile, p passes, Escape goes back; while a "
    "name is typed the keyboard types into it (Backspace deletes, Enter adds)."
)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="TOML config file (default: ~/.config/chickenfoot-hub/hub.toml "
                        "if present, else built-in defaults)")  # fmt: skip
    parser.add_argument("--data", type=Path, metavar="FOLDER",
                        help="data folder (default: $STATE_DIRECTORY "
                        "or ~/.local/share/chickenfoot-hub)")  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    # The run options sit on the top parser too, so that `hubd --help` lists them; parse_args
    # hands them to `run` all the same.
    parser = argparse.ArgumentParser(
        prog="hubd",
        usage="%(prog)s [options]          run the hub\n"
        "       %(prog)s COMMAND [options]  one of the commands below",
        description="The Chicken Foot Hub daemon. With no command it runs the hub, "
        "with the options below (the same as `hubd run [options]`).",
        epilog=f"{KEYS}\n\n`hubd COMMAND --help` shows a command's own options.",
        formatter_class=_Paragraphs,
    )
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="the version and the commit it was installed from")  # fmt: skip
    _run_options(parser)
    commands = parser.add_subparsers(
        dest="command", title="commands", metavar="COMMAND", prog="hubd"
    )
    run = commands.add_parser("run", help="run the hub (the default)", epilog=KEYS)
    _run_options(run)
    export = commands.add_parser("export", help="write a game's log or score sheet")
    _common(export)
    export.add_argument("game", nargs="?", type=game_number, help="game id (default: the latest)")
    export.add_argument("--format", choices=("jsonl", "csv"), default="jsonl",
                        help="the game's log (jsonl, default) or score sheet (csv)")  # fmt: skip
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    load = commands.add_parser("import", help="load a JSON Lines game log into the store")
    _common(load)
    load.add_argument("file", type=Path, help="the JSON Lines game log (hubd export writes one)")
    backup = commands.add_parser("backup", help="copy the database safely, even while running")
    _common(backup)
    backup.add_argument("dest", type=Path, help="the copy to write, e.g. /tmp/hub-backup.sqlite3")
    check = commands.add_parser("check-hardware", help="test the button, light and speaker")
    _common(check)
    check.add_argument("--mock-pins", action="store_true", help="use gpiozero's MockFactory")
    check.add_argument("--seconds", type=float, default=10.0,
                       help="how long to watch the button (default 10)")  # fmt: skip
    layout = commands.add_parser(
        "layout", help="print the screen shown after each line of a game log, as JSON Lines"
    )
    layout.add_argument("log", type=Path, help="a JSON Lines game log")
    layout.add_argument("--size", type=window_size, default=(800, 480), metavar="WxH",
                        help="screen size in pixels (default 800x480)")  # fmt: skip
    layout.add_argument("--lang", default="en", choices=i18n.available_languages(),
                        help="language of the screen (default en)")  # fmt: skip
    from hubd.cli.count_tiles import add_parser as add_count_tiles
    from hubd.club.command import add_parser as add_club

    add_count_tiles(commands)

    add_club(commands, _common)
    return parser


class _Paragraphs(argparse.HelpFormatter):
    """Help whose epilog keeps its paragraphs (argparse joins them into one by default)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        fill = super()._fill_text
        return "\n\n".join(fill(part, width, indent) for part in text.split("\n\n"))


class _Version(argparse.Action):
    """``--version``: read only when asked (a checkout asks git)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from hubd.config.version import this_release

        print(f"hubd {this_release().describe()}")
        parser.exit()


def _run_options(parser: argparse.ArgumentParser) -> None:
    _common(parser)
    parser.add_argument("--mock-pins", action="store_true",
                        help="gpiozero's MockFactory; the space bar is the hub button")  # fmt: skip
    parser.add_argument("--windowed", action="store_true", help="a desktop window, not full screen")
    parser.add_argument("--fake-camera", type=Path, metavar="PHOTO",
                        help="a camera that sees PHOTO (JPEG or PNG), for a desktop: the "
                        "round end offers 'Show your tiles to the hub' (.venv/bin/python "
                        "tests/helpers/photo_synth.py OUT makes photos)")  # fmt: skip
    parser.add_argument("--no-web", action="store_true",
                        help="no phones' page (the same as [web] enabled = false)")  # fmt: skip
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--size", type=window_size, metavar="WxH",
                      help="window size in pixels, e.g. 720x1280 (implies --windowed; "
                      "default: [display] in the config, else 800x480)")  # fmt: skip
    size.add_argument("--portrait", dest="size", action="store_const", const=PORTRAIT,
                      help="the portrait Touch Display 2: the same as --size 720x1280")  # fmt: skip
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no screen (SDL dummy video; dummy audio unless SDL_AUDIODRIVER is set)",
    )
    parser.add_argument("--demo", action="store_true", help="play games by itself")
    parser.add_argument("--demo-fast", action="store_true", help="demo as fast as it can go")
    parser.add_argument("--demo-seed", type=int, metavar="N", help="seed for a repeatable demo")
    parser.add_argument("--demo-events", type=int, metavar="N",
                        help="stop once N events are committed (soak tests)")  # fmt: skip
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``, each side checked by the config's own rule for [display]."""
    found = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if found is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not WIDTHxHEIGHT in pixels, e.g. 800x480 or 720x1280"
        )
    size = (int(found[1]), int(found[2]))
    rules = {f.name: f.metadata["rule"] for f in dataclasses.fields(DisplayConfig)}
    for side, value in zip(("width", "height"), size, strict=True):
        if rules[side].check(value) is None:
            raise argparse.ArgumentTypeError(
                f"{text}: the {side} must be {rules[side].allowed} (pixels)"
            )
    return size


def game_number(text: str) -> int:
    """A game id as SQLite can hold it (a 5,000-digit number is refused, not overflowed)."""
    if not re.fullmatch(r"\s*\d{1,18}\s*", text):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a game number (0 or more)")
    return int(text)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    argv = list(argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "run")  # `hubd --mock-pins` means `hubd run --mock-pins`
    return build_parser().parse_args(argv)
