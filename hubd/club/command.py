"""``hubd club``: the club night from the command line (the club folder alone, no store)."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

# The club folder (tempfile, secrets: OpenSSL's libcrypto, 3 MB resident), the view and
# Syncthing's client (urllib, ssl, xml: 3 MB and a good part of a second on a Pi) are imported
# by the club commands themselves, not by every `hubd` that builds its parser: the daemon's
# start and memory stay the hub's own.

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def night_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-12-01") from None


def add_parser(commands: Any, common: Any) -> None:
    """``hubd club standings``, on the main parser's subcommands (``common``: --config/--data)."""
    club = commands.add_parser("club", help="a club night: the standings over every hub")
    actions = club.add_subparsers(dest="club_command", metavar="ACTION", required=True)
    board = actions.add_parser(
        "standings",
        help="the night's standings from the club folder (JSON, or CSV)",
        description="Prints a night's standings over every table, from the club folder "
        "(<data>/club) alone, in the order every hub's Club screen shows them.",
    )
    common(board)
    board.add_argument("--night", type=night_date, metavar="YYYY-MM-DD",
                       help="the night (default: the latest night with games)")  # fmt: skip
    board.add_argument("--csv", action="store_true", help="CSV instead of JSON")
    prepare = actions.add_parser(
        "prepare-syncthing",
        help="make Syncthing's home for the hub (LAN only, GUI on localhost)",
        description="Makes Syncthing's keys and config in <data>/syncthing if missing and "
        "holds them to LAN only, the GUI and REST API on 127.0.0.1:8384 (the installed "
        "chickenfoot-syncthing.service runs this before Syncthing starts).",
    )
    common(prepare)


def run(args: argparse.Namespace, data: Path) -> int:
    if args.club_command == "prepare-syncthing":
        return _prepare(data / "syncthing")
    from hubd.club.folder import club_folder
    from hubd.club.view import view_of_folder

    club = club_folder(data)
    if not club.is_dir():
        print(f"hubd: there is no club folder at {club}", file=sys.stderr)
        return EXIT_ERROR
    view = view_of_folder(club)
    for line in view.set_aside:
        print(f"hubd: set aside: {line}", file=sys.stderr)
    if args.night is not None and args.night not in view.days():
        known = ", ".join(d.isoformat() for d in view.days()[:5]) or "none"
        print(f"hubd: no games on the night of {args.night} (nights: {known})", file=sys.stderr)
        return EXIT_ERROR
    board = view.standings(args.night)
    if args.csv:
        board.write_csv(sys.stdout)
    else:
        json.dump(board.to_json(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    sys.stdout.flush()
    return EXIT_OK


def _prepare(home: Path) -> int:
    from hubd.club.syncthing import SyncthingError, prepare_home

    try:
        endpoint = prepare_home(home)
    except SyncthingError as err:
        print(f"hubd: {err}", file=sys.stderr)
        return EXIT_ERROR
    print(f"Syncthing's home is {home}; its GUI and REST API: {endpoint.url} (LAN only)")
    return EXIT_OK
