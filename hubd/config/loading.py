"""The whole configuration, HubConfig: read from one TOML file and checked, and written back.

Each setting is declared once, in :mod:`hubd.config.schema`, as a dataclass field carrying its
rule (:mod:`hubd.config.checks`) and its one-line explanation; loading, command-line overrides,
error messages and the commented example file (:func:`config_to_toml`) are all made from those
declarations. A bad value is a :class:`ConfigError` whose message is one line naming the key,
the value and what is allowed. The config file and the data folder have default places
(:func:`default_config_path`, :func:`default_data_folder`).
"""

from __future__ import annotations

import dataclasses
import difflib
import errno
import os
import stat
import tempfile
import textwrap
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from hubd.config.checks import Rule, toml_value
from hubd.config.files import FileRefused, read_regular
from hubd.config.pinmap import PIN_MAP
from hubd.config.schema import (
    APP_FOLDER_NAME,
    ButtonConfig,
    ClubConfig,
    DataConfig,
    DisplayConfig,
    GameConfig,
    PinsConfig,
    SoundConfig,
    SpeechConfig,
    WebConfig,
    WifiConfig,
)

#: The file name under :func:`default_config_path`'s folder.
CONFIG_FILE_NAME = "hub.toml"

#: BCM pins the DFPlayer's UART takes, from the pin map.
UART_PINS: frozenset[int] = frozenset(
    p.bcm for p in PIN_MAP if p.role.startswith("dfplayer") and p.bcm is not None
)


class ConfigError(ValueError):
    """A configuration the hub cannot start with; ``str()`` is one line: ``config error: ...``."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"config error: {problem}")


#: The longest config file read, in bytes (a real one is under 4 kB).
MAX_CONFIG_BYTES = 64 * 1024
#: How much of a refused value an error message shows.
_SHOWN = 60


def _shown(value: object) -> str:
    """``value`` as TOML, cut short for a message: a huge number, a long text or a deeply
    nested array must not make the message (or its making) unbounded."""
    return _cut(_bounded(value, 3))


def _cut(text: str) -> str:
    """A name from the file (a key, a section) cut short and printable, for a message."""
    cut = text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in cut)


def _bounded(value: object, depth: int) -> str:
    if type(value) is int and abs(value) >= 10**_SHOWN:  # repr() of it may even fail
        return f"(a whole number of more than {_SHOWN} digits)"
    if isinstance(value, str) and len(value) > _SHOWN:
        value = value[:_SHOWN]
    if isinstance(value, list | tuple):
        if depth == 0:
            return "[...]"
        return "[" + ", ".join(_bounded(v, depth - 1) for v in value[:5]) + "]"
    if isinstance(value, Mapping):
        if depth == 0:
            return "{...}"
        items = list(value.items())[:5]
        return "{" + ", ".join(f"{k} = {_bounded(v, depth - 1)}" for k, v in items) + "}"
    return toml_value(value)


@dataclass(frozen=True)
class HubConfig:
    """The whole configuration; each field is one [section] of the file."""

    pins: PinsConfig = field(default_factory=PinsConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    button: ButtonConfig = field(default_factory=ButtonConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    game: GameConfig = field(default_factory=GameConfig)
    data: DataConfig = field(default_factory=DataConfig)
    speech: SpeechConfig = field(default_factory=SpeechConfig)
    web: WebConfig = field(default_factory=WebConfig)
    club: ClubConfig = field(default_factory=ClubConfig)
    wifi: WifiConfig = field(default_factory=WifiConfig)

    def override(self, section: str, **values: object) -> HubConfig:
        """A copy with some keys changed (e.g. from command-line flags), checked like the file.

        ``cfg.override("display", fullscreen=True)``; raises :class:`ConfigError`.
        """
        return _apply({section: values}, self)

    def data_folder(self, environ: Mapping[str, str] | None = None) -> Path:
        """The data folder: [data] folder if given, else :func:`default_data_folder`."""
        if self.data.folder is not None:
            return self.data.folder.expanduser()
        return default_data_folder(os.environ if environ is None else environ)


# --- loading ------------------------------------------------------------------------------------


def load_config(path: Path | None) -> HubConfig:
    """Read and check ``path``; None means no file, so the defaults."""
    if path is None:
        return HubConfig()
    try:  # never blocks (a FIFO, /dev/zero), a regular file only, bounded
        document = tomllib.loads(read_regular(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except FileRefused as error:
        if error.reason == os.strerror(errno.ENOENT):
            raise ConfigError(f"{path} does not exist") from None
        raise ConfigError(f"cannot read {path}: {error.reason}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path} nests arrays or tables too deeply") from None
    except ValueError as error:  # an integer of more than 4,300 digits
        raise ConfigError(f"{path} holds a value too large to read ({error})"[:200]) from None
    return _apply(document, HubConfig())


def _apply(document: Mapping[str, Any], base: HubConfig) -> HubConfig:
    """``base`` with the sections and keys of ``document`` checked and put in place."""
    sections = {f.name: getattr(base, f.name) for f in fields(base)}
    for name, table in document.items():
        if name not in sections:
            raise ConfigError(_unknown_section(name, table, sections))
        if not isinstance(table, Mapping):
            raise ConfigError(
                f"{name} = {_shown(table)} is not allowed; [{name}] is a section: "
                f"write [{name}] on a line of its own, then its keys"
            )
        sections[name] = _apply_section(name, sections[name], table)
    config = HubConfig(**sections)
    _check_pins(config)
    return config


def _apply_section(name: str, section: Any, table: Mapping[str, Any]) -> Any:
    known = {f.name: f for f in fields(section)}
    changes: dict[str, object] = {}
    for key, value in table.items():
        if key not in known:
            raise ConfigError(
                f"unknown key [{name}] {_cut(key)}{_did_you_mean(key, known)}; "
                f"known keys in [{name}]: {', '.join(known)}"
            )
        rule: Rule = known[key].metadata["rule"]
        checked = rule.check(value)
        if checked is None:
            raise ConfigError(_not_allowed(name, key, value, rule.allowed))
        changes[key] = checked
    return dataclasses.replace(section, **changes)


def _unknown_section(name: str, value: object, sections: Mapping[str, Any]) -> str:
    listed = ", ".join(f"[{s}]" for s in sections)
    if isinstance(value, Mapping):
        hint = _did_you_mean(name, sections, "[{}]")
        return f"unknown section [{_cut(name)}]{hint}; known sections: {listed}"
    owners = [s for s, obj in sections.items() if name in {f.name for f in fields(obj)}]
    where = f"under [{owners[0]}]" if owners else f"in one of {listed}"
    return f"{_cut(name)} = {_shown(value)} is outside any section; put it {where}"


def _did_you_mean(word: str, known: Mapping[str, object], shape: str = "{}") -> str:
    if len(word) > _SHOWN:  # no key is that long; comparing it would only take time
        return ""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {shape.format(close[0])}?)" if close else ""


def _not_allowed(section: str, key: str, value: object, allowed: str) -> str:
    return f"[{section}] {key} = {_shown(value)} is not allowed; use {allowed}"


def _check_pins(config: HubConfig) -> None:
    """The checks that involve more than one key."""
    button = config.button
    if 0 < button.shutdown_seconds <= button.hold_seconds:
        raise ConfigError(
            f"[button] shutdown_seconds = {toml_value(button.shutdown_seconds)} is not allowed "
            f"with hold_seconds = {toml_value(button.hold_seconds)}; use a longer time, or 0 "
            "for no shutdown hold"
        )
    pins = config.pins
    if pins.light == pins.button:
        raise ConfigError(
            f"[pins] button = {pins.button} and [pins] light = {pins.light} are one pin; "
            "use a different pin for each"
        )
    if config.sound.speaker == "dfplayer":
        uart = " and ".join(str(p) for p in sorted(UART_PINS))
        for key in ("button", "light"):
            bcm = getattr(pins, key)
            if bcm in UART_PINS:
                raise ConfigError(
                    f'[pins] {key} = {bcm} is not allowed with speaker = "dfplayer"; '
                    f"use a pin other than {uart} (the DFPlayer's UART)"
                )


# --- folders ------------------------------------------------------------------------------------


def _first_path(value: str | None) -> Path | None:
    """The first of systemd's colon-separated directories, or None if unset or empty."""
    first = (value or "").split(":")[0]
    return Path(first) if first else None


def _home(environ: Mapping[str, str]) -> Path:
    return Path(environ["HOME"]) if environ.get("HOME") else Path.home()


def _xdg_base(environ: Mapping[str, str], variable: str, fallback: str) -> Path:
    """An XDG base directory; relative values are invalid by the spec and ignored."""
    value = environ.get(variable, "")
    return Path(value) if value.startswith("/") else _home(environ) / fallback


def default_data_folder(environ: Mapping[str, str]) -> Path:
    """$STATE_DIRECTORY (systemd's StateDirectory=), else the XDG data home's app folder."""
    state = _first_path(environ.get("STATE_DIRECTORY"))
    if state is not None:
        return state
    return _xdg_base(environ, "XDG_DATA_HOME", ".local/share") / APP_FOLDER_NAME


def default_config_path(environ: Mapping[str, str]) -> Path:
    """Where a config file is looked for when none is given, and where settings are saved:
    $CONFIGURATION_DIRECTORY (systemd's ConfigurationDirectory=), else the XDG config home."""
    configuration = _first_path(environ.get("CONFIGURATION_DIRECTORY"))
    if configuration is not None:
        return configuration / CONFIG_FILE_NAME
    return _xdg_base(environ, "XDG_CONFIG_HOME", ".config") / APP_FOLDER_NAME / CONFIG_FILE_NAME


# --- writing ------------------------------------------------------------------------------------


def config_to_toml(config: HubConfig) -> str:
    """The configuration as a commented TOML file that :func:`load_config` reads back."""
    lines = [
        "# Chicken Foot Hub configuration (TOML), read by `hubd --config PATH`.",
        "# Every key is optional: leave one out and it takes the default in its comment.",
    ]
    for section_field in fields(config):
        section = getattr(config, section_field.name)
        lines += ["", f"[{section_field.name}]", f"# {type(section).__doc__}"]
        for key_field in fields(section):
            rule: Rule = key_field.metadata["rule"]
            default = key_field.default
            shown_default = "" if default is None else f"; default {toml_value(default)}"
            comment = f"{key_field.metadata['doc']} Use {rule.allowed}{shown_default}."
            lines += textwrap.wrap(comment, width=88, initial_indent="# ", subsequent_indent="# ")
            value = getattr(section, key_field.name)
            if value is None:
                example = toml_value(key_field.metadata["example"])
                lines.append(f"# {key_field.name} = {example}")
            else:
                lines.append(f"{key_field.name} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def save_config(config: HubConfig, path: Path) -> None:
    """Write ``config`` to ``path`` atomically: a reader sees the old file or the new one.

    Comments written by hand in the old file are not kept. Raises :class:`ConfigError`.
    """
    try:
        _write_atomically(path, config_to_toml(config))
    except OSError as error:
        raise ConfigError(f"cannot save {path}: {error.strerror or error}") from None


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o644
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fchmod(file.fileno(), mode)
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)  # make the rename itself survive a power cut
    finally:
        os.close(directory)
