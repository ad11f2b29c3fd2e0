"""The store's commands: ``hubd export``, ``hubd import`` and ``hubd backup``."""

from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path
from typing import TextIO

from hubd.cli.args import EXIT_ERROR, EXIT_OK
from hubd.config.files import FileRefused, write_new


def _own_files(folder: Path, config_path: Path | None) -> list[tuple[Path, str]]:
    """The files of the hub's a command must never write over, besides the store's own."""
    from hubd.config.settings import SETTINGS_FILE

    files = [(folder / SETTINGS_FILE, f"the hub's settings file {SETTINGS_FILE}")]
    if config_path is not None:
        files.append((config_path, f"the hub's config file {config_path.name}"))
    return files


def _say(text: str, stream: TextIO | None = None) -> None:
    """One line to a terminal of any encoding (a path may hold bytes it cannot show)."""
    stream = stream or sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")
    stream.flush()


def run_export(args: argparse.Namespace, folder: Path) -> int:
    """The whole export is made first, so an unknown game leaves no file behind; a log is
    UTF-8 whatever the terminal's encoding."""
    from hubd.store import GameStore

    store = GameStore.open(folder, readonly=True)
    try:
        game_id = store.latest_game() if args.game is None else args.game
        if game_id is None:
            _say("hubd: there are no games to export", sys.stderr)
            return EXIT_ERROR
        text = io.StringIO()
        (store.export_csv if args.format == "csv" else store.export_jsonl)(game_id, text)
        own = store.own_files()
    finally:
        store.close()
    data = _utf8(text.getvalue())
    if args.output is None:
        try:
            sys.stdout.flush()
            binary = getattr(sys.stdout, "buffer", None)
            if binary is None:  # a stream without bytes underneath (an IDE's console)
                sys.stdout.write(data.decode("utf-8"))
                sys.stdout.flush()
            else:
                binary.write(data)
                binary.flush()
        except OSError as err:  # > /dev/full, a closed pipe
            _say(f"hubd: cannot write the export: {err.strerror or err}", sys.stderr)
            _drop_stdout()
            return EXIT_ERROR
        return EXIT_OK
    try:
        write_new(args.output, data, [*own, *_own_files(folder, args.config_path)])
    except FileRefused as err:
        _say(f"hubd: cannot write {args.output}: {err.reason}", sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


def _utf8(text: str) -> bytes:
    """The export's bytes: a byte that was not UTF-8 in the store is written back as it was;
    a lone surrogate (from a log stored before the name rules) becomes a visible escape."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace")


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file underneath: nothing to flush
        pass


def run_import(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import AlreadyStoredError, GameStore, ImportRefusedError

    store = GameStore.open(folder)
    try:
        if store.cannot_save:  # the store opened view-only: say why, do not try
            _say(f"hubd: cannot import {args.file}: {store.cannot_save}", sys.stderr)
            return EXIT_ERROR
        game_id = store.import_log(args.file)
    except ImportRefusedError as err:
        _say(f"hubd: cannot import {args.file}: {err.message}", sys.stderr)
        return EXIT_ERROR
    except AlreadyStoredError as err:  # nothing to do: the game counts once
        _say(f"{args.file} is stored already, as game {err.game_id}: nothing imported")
        return EXIT_OK
    finally:
        store.close()
    _say(f"imported {args.file} as game {game_id}")
    return EXIT_OK


def run_backup(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import GameStore

    store = GameStore.open(folder, readonly=True)
    try:
        written = store.backup(args.dest, protect=_own_files(folder, args.config_path))
    finally:
        store.close()
    _say(f"backed up {folder} to {written}")
    return EXIT_OK
