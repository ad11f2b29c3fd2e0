"""``chickenfoot``: replay a game log, or play random games to test the engine."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from statistics import mean
from typing import Any, TextIO

from engine.errors import RuleError
from engine.game import Game, summary
from engine.limits import MAX_LOG_BYTES
from engine.log import Refusal, apply_lines, split_log
from engine.rules import PRESETS
from engine.simulate import InvariantViolation, Simulator

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def replay_lines(lines: Iterable[bytes], cut: Refusal | None = None) -> tuple[dict[str, Any], bool]:
    """Apply a log; return the summary (with ``error`` at the first bad line) and success.

    ``cut`` is the refusal of a log too long to read whole (``split_log``): it stands after
    the lines given, so an earlier bad line is still the one named.
    """
    game = Game()
    refusal = apply_lines(game, lines) or cut
    out = summary(game.state)
    if refusal is None:
        return out, True
    out["error"] = {"line": refusal.line, "message": refusal.message}
    return out, False


def write_json(result: dict[str, Any], out: TextIO) -> None:
    """One JSON object on one line, whatever the output's encoding can hold.

    Names and messages are written as they are when the output can encode them, and as
    ASCII escapes otherwise (a terminal that is not UTF-8), so the object is always whole.
    """
    text = json.dumps(result, ensure_ascii=False)
    encoding = getattr(out, "encoding", None)
    if encoding:
        try:
            text.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            text = json.dumps(result, ensure_ascii=True)
    out.write(text + "\n")
    out.flush()


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        else:
            with open(args.file, "rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as err:
        print(f"chickenfoot: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return EXIT_USAGE
    lines, cut = split_log(data)
    result, ok = replay_lines(lines, cut)
    write_json(result, out)
    return EXIT_OK if ok else EXIT_REFUSED


def _rules_option(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise argparse.ArgumentTypeError(f"--rules must be a JSON object: {err.msg}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("--rules must be a JSON object like '{\"set\": 12}'")
    return value


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    rules = {"preset": args.preset, **args.rules}
    sim = Simulator(args.players, rules, args.seed, check=not args.no_check)
    started = time.perf_counter()
    try:
        for _ in range(args.games):
            sim.play_game()
    except InvariantViolation as err:
        print(f"chickenfoot: invariant violated in game {sim.stats.games + 1}: {err}",
              file=sys.stderr)  # fmt: skip
        return EXIT_REFUSED
    except RuleError as err:
        print(f"chickenfoot: {err.message}", file=sys.stderr)
        return EXIT_USAGE
    elapsed = time.perf_counter() - started
    stats = sim.stats
    rounds = max(stats.rounds, 1)
    endings = ", ".join(f"{k} {v / rounds:.1%}" for k, v in sorted(stats.endings.items()))
    print(f"{stats.games} games ({args.preset}, {args.players} players) in {elapsed:.2f} s: "
          f"{stats.games / elapsed:.1f} games/s, {stats.rounds / elapsed:.0f} rounds/s, "
          f"{stats.events / elapsed:.0f} events/s", file=out)  # fmt: skip
    print(f"rounds: {stats.rounds}; endings: {endings}; events per round "
          f"{stats.events / rounds:.1f}; chicken feet per round {stats.feet / rounds:.2f}; "
          f"mean hand score {mean(stats.round_scores or [0]):.1f}"
          + (f"; doubles burned {stats.burned}" if stats.burned else ""), file=out)  # fmt: skip
    if not args.no_check:
        print(f"invariants checked after all {stats.events} events: 0 violations; "
              f"{stats.refusals_checked} illegal events refused, "
              f"{stats.undos_checked} undos exact", file=out)  # fmt: skip
    return EXIT_OK


DESCRIPTION = "Replay a game log, or play random games to test the engine."


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chickenfoot",
        description=DESCRIPTION,
        epilog="`chickenfoot COMMAND --help` shows a command's own options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                        help="the version of the engine")  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     title="commands")  # fmt: skip
    replay = commands.add_parser("replay", help="apply a JSON Lines game log, print the state",
                                 description="Applies a JSON Lines game log and prints the "
                                 "state as one JSON object (with the first refused line, if "
                                 "any; exit status 1).")  # fmt: skip
    replay.add_argument("file", help="the log file, or - for standard input")
    simulate = commands.add_parser("simulate", help="random legal self-play with checks",
                                   description="Plays random legal games, checking the "
                                   "engine's invariants after every event, and prints "
                                   "the speed and what the games were like.")  # fmt: skip
    simulate.add_argument("-n", "--games", type=int, default=100, metavar="N",
                          help="how many games to play (default 100)")  # fmt: skip
    simulate.add_argument("--preset", choices=sorted(PRESETS), default="classic",
                          help="the rules preset (default classic)")  # fmt: skip
    simulate.add_argument("--players", type=int, default=4, metavar="N",
                          help="players at the table (default 4)")  # fmt: skip
    simulate.add_argument("--rules", type=_rules_option, default={},
                          help="rule options as JSON, e.g. '{\"set\": 12}'")  # fmt: skip
    simulate.add_argument("--seed", type=int, default=1, metavar="N",
                          help="seed for repeatable games (default 1)")  # fmt: skip
    simulate.add_argument("--no-check", action="store_true",
                          help="skip the invariant checks (measures the engine alone)")  # fmt: skip
    return parser


def _version() -> str:
    from importlib import metadata  # only when a parser is built

    try:
        return metadata.version("chicken-foot-hub")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    out = out or sys.stdout
    if args.command == "replay":
        return _replay(args, out)
    return _simulate(args, out)


if __name__ == "__main__":
    sys.exit(main())
