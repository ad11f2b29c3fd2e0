"""``hubd club``: the club night from the command line (the club folder alone, no store)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hubd.club.view import ClubView

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
    """``hubd club ...``, on the main parser's subcommands (``common``: --config/--data)."""
    club = commands.add_parser("club", help="a club night: the standings over every hub")
    actions = club.add_subparsers(dest="club_command", metavar="ACTION", required=True)
    board = actions.add_parser(
        "standings",
        help="the night's standings from the club folder (JSON, or CSV)",
        description="Prints a night's standings over every table, from the club folder "
        "(<data>/club) alone, in the order every hub's Club screen shows them.",
    )
    common(board)
    _night_option(board)
    board.add_argument("--csv", action="store_true", help="CSV instead of JSON")
    seating = actions.add_parser(
        "seating",
        help="who sits where next, and which tables the seating waits for",
        description="Prints the next seating of a night by its rule, from the club folder "
        "alone, as every hub's Seating tab shows it: the tables it waits for, the tables set "
        "aside, and who sits at each table next.",
    )
    common(seating)
    _night_option(seating)
    seating.add_argument("--json", action="store_true", help="JSON instead of text")
    aside = actions.add_parser(
        "set-aside",
        help="set a table aside for the night (the seating no longer waits for it)",
        description="Sets a table aside for the night, or brings it back with --back: its "
        "games still count in the standings, but the seating neither waits for it nor seats "
        "at it. Written to this hub's nights.json, so every hub agrees.",
    )
    common(aside)
    aside.add_argument("table", help='the table\'s name, e.g. "Table 3" (or its hub id)')
    _night_option(aside)
    aside.add_argument("--back", action="store_true", help="bring the table back")
    prepare = actions.add_parser(
        "prepare-syncthing",
        help="make Syncthing's home for the hub (LAN only, GUI on localhost)",
        description="Makes Syncthing's keys and config in <data>/syncthing if missing and "
        "holds them to the local network: no global discovery, relays or NAT traversal. "
        "An option not given keeps what was chosen before (the installed "
        "chickenfoot-syncthing.service runs this, without options, before Syncthing starts).",
    )
    common(prepare)
    prepare.add_argument("--gui", metavar="HOST:PORT",
                         help="where its GUI and REST API listen (default: 127.0.0.1 at a "
                         "free port, kept)")  # fmt: skip
    prepare.add_argument("--listen", metavar="URL",
                         help="where it syncs with the other hubs, e.g. tcp://10.0.0.2:22000 "
                         "(default: tcp://0.0.0.0:22000, every local network)")  # fmt: skip
    prepare.add_argument("--local-discovery", choices=("on", "off"),
                         help="announce this hub on the local network and see the hubs "
                         "nearby, to pair with a tap (default: on)")  # fmt: skip


def _night_option(parser: Any) -> None:
    parser.add_argument("--night", type=night_date, metavar="YYYY-MM-DD",
                        help="the night (default: the latest night with games)")  # fmt: skip


def run(args: argparse.Namespace, data: Path) -> int:
    try:
        return _run(args, data)
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        _quiet_stdout()
        return EXIT_OK


def _quiet_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _run(args: argparse.Namespace, data: Path) -> int:
    if args.club_command == "prepare-syncthing":
        return _prepare(data / "syncthing", args)
    from hubd.club.folder import club_folder
    from hubd.club.games import view_of_folder

    club = club_folder(data)
    if not club.is_dir():
        print(f"hubd: there is no club folder at {club}", file=sys.stderr)
        return EXIT_ERROR
    view = view_of_folder(club)
    if args.club_command == "set-aside":
        return _set_aside(data, view, args)
    for line in view.set_aside:
        print(f"hubd: set aside: {line}", file=sys.stderr)
    for conflict in view.conflicts:
        print(f"hubd: {conflict.journal_line()}", file=sys.stderr)
    if args.night is not None and args.night not in view.days():
        known = ", ".join(d.isoformat() for d in view.days()[:5]) or "none"
        print(f"hubd: no games on the night of {args.night} (nights: {known})", file=sys.stderr)
        return EXIT_ERROR
    if args.club_command == "seating":
        return _seating(view, args)
    board = view.standings(args.night)
    if args.csv:
        board.write_csv(sys.stdout)
    else:
        json.dump(board.to_json(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    sys.stdout.flush()
    return EXIT_OK


def _seating(view: ClubView, args: argparse.Namespace) -> int:
    day = args.night or view.latest()
    proposal = view.seating(day)
    if day is None or proposal is None:
        print("hubd: no game in the club folder yet", file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        body = {"night": day.isoformat(), **proposal.to_json(view.table_name)}
        json.dump(body, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        night = view.night(day)
        print(f"{day.isoformat()} {night.name}".strip() + f": {proposal.rule}")
        for hub in proposal.waiting:
            print(f"Waiting for {view.table_name(hub)}")
        for hub in proposal.aside:
            print(f"{view.table_name(hub)}: set aside")
        for hub, names in proposal.tables:
            print(f"{view.table_name(hub)}: {', '.join(names)}")
    sys.stdout.flush()
    return EXIT_OK


def _set_aside(data: Path, view: ClubView, args: argparse.Namespace) -> int:
    from datetime import datetime

    from hubd.club.folder import club_folder, hub_id
    from hubd.club.nights import changed, write_night

    day = args.night or view.latest()
    if day is None:
        print("hubd: no game in the club folder yet", file=sys.stderr)
        return EXIT_ERROR
    wanted = args.table.strip().casefold()
    hubs = [h for h in view.order(day) if wanted in (h, view.table_name(h).casefold())]
    if not hubs:
        tables = ", ".join(view.table_name(h) for h in view.order(day)) or "none"
        print(f"hubd: no table {args.table!r} on the night of {day} (tables: {tables})",
              file=sys.stderr)  # fmt: skip
        return EXIT_ERROR
    night = view.night(day)
    aside = set(night.aside) - set(hubs) if args.back else set(night.aside) | set(hubs)
    me = hub_id(data)
    when = datetime.now().astimezone().isoformat()
    try:
        write_night(club_folder(data) / me, changed(night, when, me, aside=tuple(sorted(aside))))
    except OSError as err:
        print(f"hubd: cannot write the night's choices ({err})", file=sys.stderr)
        return EXIT_ERROR
    name = view.table_name(hubs[0])
    print(f"{name} is {'back in' if args.back else 'set aside for'} the night of {day}")
    return EXIT_OK


def _prepare(home: Path, args: argparse.Namespace) -> int:
    from hubd.club.syncthing import SyncthingError, prepare_home

    discovery = None if args.local_discovery is None else args.local_discovery == "on"
    if args.gui is not None and not re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[\w.-]+):\d{1,5}", args.gui):
        print(f"hubd: --gui {args.gui!r} is not HOST:PORT, e.g. 127.0.0.1:8384", file=sys.stderr)
        return EXIT_USAGE
    for listen in (args.listen or "").split(",") if args.listen else ():
        if not re.fullmatch(r"(tcp|quic)://(\[[0-9a-fA-F:]+\]|[\w.-]*):\d{1,5}", listen.strip()):
            print(f"hubd: --listen {listen!r} is not an address like tcp://192.168.1.23:22000",
                  file=sys.stderr)  # fmt: skip
            return EXIT_USAGE
    try:
        endpoint = prepare_home(home, gui=args.gui, listen=args.listen, local_discovery=discovery)
    except SyncthingError as err:
        print(f"hubd: {err}", file=sys.stderr)
        return EXIT_ERROR
    print(f"Syncthing's home is {home}; its GUI and REST API: {endpoint.url} (LAN only)")
    return EXIT_OK
