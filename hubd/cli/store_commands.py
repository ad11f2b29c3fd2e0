"""The store's commands: ``hubd export``, ``hubd import`` and ``hubd backup``."""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
import unicodedata
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


def shown(text: str) -> str:
    """``text`` safe to show on one line of a terminal or a journal: control characters,
    line and paragraph separators, direction marks and bytes that were not UTF-8 are
    written as escapes (``\\n``, ``\\x1b``, ``\\u2028``), so a file or player name cannot
    span lines, clear the screen or turn the line around."""
    out = []
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0:
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\x{code:02x}"))
        elif 0xD800 <= code < 0xE000:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}" if code >= 0xDC80 else f"\\u{code:04x}")
        elif unicodedata.category(char) in ("Zl", "Zp", "Cf", "Cn", "Co"):
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


def _say(text: str, stream: TextIO | None = None) -> bool:
    """One line, escaped (:func:`shown`), to a terminal of any encoding; whether it could be
    written (a closed or full standard output is not an error of the command's)."""
    stream = stream or sys.stdout
    if stream is None:  # started with that stream closed (``>&-``)
        return False
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        stream.write(shown(text).encode(encoding, "backslashreplace").decode(encoding) + "\n")
        stream.flush()
    except (OSError, ValueError):
        if stream is sys.stdout:
            _drop_stdout()
        return False
    return True


def say_done(text: str) -> None:
    """What a command did, on stdout; if stdout cannot take it, one line on stderr instead
    (the command's exit status still says what happened to the data)."""
    if not _say(text):
        _say(f"hubd: {text} (standard output could not be written)", sys.stderr)


def say_error(text: str) -> None:
    _say(f"hubd: {text}", sys.stderr)


def run_export(args: argparse.Namespace, folder: Path) -> int:
    """The whole export is made first, so an unknown game leaves no file behind; a log is
    UTF-8 whatever the terminal's encoding. From a damaged file, what could be read is
    written and what could not is said, with a non-zero exit."""
    from hubd.store import open_store

    store = open_store(folder, readonly=True)
    try:
        game_id = store.latest_game() if args.game is None else args.game
        if game_id is None:
            say_error("there are no games to export")
            return EXIT_ERROR
        text = io.StringIO()
        (store.export_csv if args.format == "csv" else store.export_jsonl)(game_id, text)
        damage = store.damage()
        own = store.own_files()
    finally:
        store.close()
    data, unreadable = _utf8(text.getvalue())
    if args.output is None:
        if not _write_stdout(data):
            return EXIT_ERROR
    else:
        try:
            write_new(args.output, data, [*own, *_own_files(folder, args.config_path)])
        except FileRefused as err:
            say_error(f"cannot write {args.output}: {err.reason}")
            return EXIT_ERROR
    if damage is not None:
        say_error(
            f"the saved games are damaged ({damage}): game {game_id}'s export holds what could "
            "be read, and more of it may be missing. Start the hub: it sets the file aside and "
            "reads back every game it can."
        )
        return EXIT_ERROR
    if unreadable:
        say_error(
            f"game {game_id} holds {unreadable} line{'' if unreadable == 1 else 's'} that "
            "could not be read as text: written with U+FFFD where the damaged bytes were"
        )
        return EXIT_ERROR
    return EXIT_OK


def _write_stdout(data: bytes) -> bool:
    try:
        if sys.stdout is None:
            raise OSError(errno.EBADF, "standard output is closed")
        sys.stdout.flush()
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:  # a stream without bytes underneath (an IDE's console)
            sys.stdout.write(data.decode("utf-8"))
            sys.stdout.flush()
        else:
            binary.write(data)
            binary.flush()
    except (OSError, ValueError) as err:  # > /dev/full, a closed pipe, >&-
        reason = getattr(err, "strerror", None) or err
        say_error(f"cannot write the export to standard output: {reason}")
        _drop_stdout()
        return False
    return True


def _utf8(text: str) -> tuple[bytes, int]:
    """The export's bytes, always UTF-8, and how many lines held bytes that were not (from
    a damaged file: written as U+FFFD, never raw)."""
    lines = text.split("\n")
    bad = 0
    for i, line in enumerate(lines):
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:
            try:  # the bytes as stored, each that is not UTF-8 shown as U+FFFD
                lines[i] = line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            except UnicodeEncodeError:  # a lone surrogate written by an older hubd
                lines[i] = line.encode("utf-8", "backslashreplace").decode("utf-8")
            bad += 1
    return "\n".join(lines).encode("utf-8", "replace"), bad


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file underneath: nothing to flush
        pass


def run_import(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import AlreadyStoredError, ImportRefusedError, open_store

    store = open_store(folder)
    try:
        if store.cannot_save:  # the store opened view-only: say why, do not try
            say_error(f"cannot import {args.file}: {store.cannot_save}")
            return EXIT_ERROR
        game_id = store.import_log(args.file)
    except ImportRefusedError as err:
        say_error(f"cannot import {args.file}: {err.message}")
        return EXIT_ERROR
    except AlreadyStoredError as err:  # nothing to do: the game counts once
        say_done(f"{args.file} is stored already, as game {err.game_id}: nothing imported")
        return EXIT_OK
    finally:
        store.close()
    say_done(f"imported {args.file} as game {game_id}")  # stored: 0, whatever stdout is
    return EXIT_OK


def run_backup(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import open_store

    store = open_store(folder, readonly=True)
    try:
        damage = store.damage()
        written = store.backup(args.dest, protect=_own_files(folder, args.config_path))
    finally:
        store.close()
    if damage is not None:
        say_error(
            f"the saved games are damaged ({damage}): {written} is a copy of the damaged file, "
            "and what could not be read is not in it either. Start the hub: it sets the file "
            "aside and reads back every game it can."
        )
        return EXIT_ERROR
    say_done(f"backed up {folder} to {written}")
    return EXIT_OK
