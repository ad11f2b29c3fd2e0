"""The hub's configuration: one TOML file, every key optional and checked.

Each setting is declared once, as a dataclass field carrying its rule and its one-line
explanation; loading, command-line overrides, error messages and the commented example file
(:func:`config_to_toml`) are all made from those declarations. A bad value is a
:class:`ConfigError` whose message is one line naming the key, the value and what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
import errno
import ipaddress
import json
import os
import stat
import tempfile
import textwrap
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, get_args

from hubd.config.files import FileRefused, read_regular
from hubd.config.pinmap import PIN_MAP, default_pins
from hubd.text.i18n import available_languages

Speaker = Literal["mixer", "dfplayer", "none"]
#: The mixer's buffer in samples (hubd.hardware.mixer.MIXER_BUFFERS; a test checks they agree).
MixerBuffer = Literal[128, 256, 512, 1024, 2048]
Rotation = Literal[0, 90, 180, 270]
Preset = Literal["classic", "hub", "four-arm"]  # engine.rules.PRESETS; a test checks they agree

#: The file name under :func:`default_config_path`'s folder.
CONFIG_FILE_NAME = "hub.toml"
APP_FOLDER_NAME = "chickenfoot-hub"

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
#: The longest text value, in characters (a path, a device name).
MAX_TEXT = 1024
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
    return _toml_value(value)


def _toml_value(value: object) -> str:
    """``value`` written as TOML, for the example file and for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        # JSON's escapes are all valid in a TOML basic string; TOML also forbids a raw DEL.
        return json.dumps(str(value), ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


# --- rules: what a key accepts ------------------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    """``check`` returns the value to keep (maybe converted), or None to refuse it."""

    allowed: str  # completes "use ...", e.g. "a whole number from 0 to 100"
    check: Callable[[object], object | None]


def _whole(low: int, high: int) -> _Rule:
    def check(value: object) -> object | None:
        # bool is a subclass of int: true must not pass for 1.
        return value if type(value) is int and low <= value <= high else None

    return _Rule(f"a whole number from {low} to {high}", check)


def _number(low: float, high: float) -> _Rule:
    def check(value: object) -> object | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        return float(value) if low <= value <= high else None  # NaN fails too

    return _Rule(f"a number from {low:g} to {high:g}", check)


def _one_of(options: tuple[object, ...]) -> _Rule:
    def check(value: object) -> object | None:
        # Compare types too, or false would pass for 0 and 90.0 for 90.
        return value if any(type(value) is type(o) and value == o for o in options) else None

    return _Rule("one of " + ", ".join(_toml_value(o) for o in options), check)


def _check_bool(value: object) -> object | None:
    return value if type(value) is bool else None


def _plain_text(value: object) -> str | None:
    """``value`` if it is text a path or a device name can be: not blank, at most MAX_TEXT
    characters, no control character (a NUL would fail every use of it)."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        return None
    if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in value):
        return None
    return value


def _check_text(value: object) -> object | None:
    return _plain_text(value)


def _check_folder(value: object) -> object | None:
    if isinstance(value, Path):
        value = str(value)
    text = _plain_text(value)
    if text is None:
        return None
    if text.startswith("~"):  # ~ or ~user: the user must exist
        expanded = os.path.expanduser(text)
        if expanded.startswith("~"):
            return None
    elif not text.startswith("/"):
        return None
    return Path(text)


_BCM = _whole(0, 27)
_BOOL = _Rule("true or false", _check_bool)


def _key(rule: _Rule, doc: str, example: object = None) -> dict[str, object]:
    """A key's metadata: its rule, a one-line explanation for the example file, and a sample
    value to show commented out when the default is None."""
    return {"rule": rule, "doc": doc, "example": example}


# --- the settings -------------------------------------------------------------------------------

_PINS = default_pins()


@dataclass(frozen=True)
class PinsConfig:
    """GPIO pins, as BCM numbers (the wiring guide in hardware/ shows where they are)."""

    button: int = field(
        default=_PINS["button"],
        metadata=_key(_BCM, "The hub button, wired to ground (the internal pull-up is used)."),
    )
    light: int = field(
        default=_PINS["light"],
        metadata=_key(
            _BCM,
            "The hub LED. GPIO13 since I2S sound takes 18-21; a hub wired on the old default "
            "keeps light = 18 here.",
        ),
    )


@dataclass(frozen=True)
class SoundConfig:
    """The speaker."""

    speaker: Speaker = field(
        default="mixer",
        metadata=_key(
            _one_of(get_args(Speaker)),
            "mixer: the Pi's audio output; dfplayer: a DFPlayer Mini on the UART; none: silent.",
        ),
    )
    serial_port: str = field(
        default="/dev/serial0",
        metadata=_key(
            _Rule('a serial device path in quotes, e.g. "/dev/serial0"', _check_text),
            'The DFPlayer\'s serial port (only with speaker = "dfplayer").',
        ),
    )
    volume: int = field(default=80, metadata=_key(_whole(0, 100), "Volume in percent."))
    muted: bool = field(
        default=False, metadata=_key(_BOOL, "Start muted (holding the hub button toggles it).")
    )
    buffer: MixerBuffer = field(
        default=256,
        metadata=_key(
            _one_of(get_args(MixerBuffer)),
            "The mixer's buffer in samples: 256 starts a sound within 12 ms; take 512 or "
            "1024 for a sound card that crackles.",
        ),
    )
    device: str | None = field(
        default=None,
        metadata=_key(
            _Rule('an ALSA device name in quotes, e.g. "default:CARD=MAX98357A"', _check_text),
            'The ALSA device for speaker = "mixer" (aplay -L lists them); leave it out for '
            "$AUDIODEV or ALSA's default.",
            example="default:CARD=Headphones",
        ),
    )


@dataclass(frozen=True)
class ButtonConfig:
    """The hub button's timing."""

    hold_seconds: float = field(
        default=3.0, metadata=_key(_number(0.5, 10), "How long a hold toggles mute, in seconds.")
    )
    debounce_ms: int = field(
        default=20,
        metadata=_key(
            _whole(1, 100),
            "How long the button must stay up to end a press, in milliseconds (contact bounce).",
        ),
    )
    glitch_ms: int = field(
        default=2,
        metadata=_key(
            _whole(0, 20),
            "How long the line must stay low before a press counts, in milliseconds: spikes "
            "on a long wire are shorter (0 counts the first edge).",
        ),
    )
    shutdown_seconds: float = field(
        default=8.0,
        metadata=_key(
            _number(0, 60),
            "Hold the button this long to shut the Pi down cleanly (0: never); longer than "
            "hold_seconds.",
        ),
    )


@dataclass(frozen=True)
class DisplayConfig:
    """The touchscreen."""

    width: int = field(default=800, metadata=_key(_whole(200, 4096), "Width in pixels."))
    height: int = field(default=480, metadata=_key(_whole(200, 4096), "Height in pixels."))
    rotation: Rotation = field(
        default=0,
        metadata=_key(_one_of(get_args(Rotation)), "Turn the picture clockwise, in degrees."),
    )
    fullscreen: bool = field(
        default=False, metadata=_key(_BOOL, "Fill the screen (true on the Pi's kiosk).")
    )
    enabled: bool = field(
        default=True,
        metadata=_key(
            _BOOL,
            "false: no screen at all (a hub shell with only the button, light and speaker); "
            "the button then keeps a scores-only game's feet and toes.",
        ),
    )


@dataclass(frozen=True)
class GameConfig:
    """New games."""

    language: str = field(
        default="en",
        # Every language with a catalog in hubd/text/locale: a translator adds one by adding a file.
        metadata=_key(_one_of(tuple(available_languages())), "The screens' language."),
    )
    preset: Preset = field(
        default="classic", metadata=_key(_one_of(get_args(Preset)), "The default rules preset.")
    )


@dataclass(frozen=True)
class DataConfig:
    """Where the games are kept."""

    folder: Path | None = field(
        default=None,
        metadata=_key(
            _Rule(
                'an absolute folder path in quotes, e.g. "/var/lib/chickenfoot-hub"', _check_folder
            ),
            "Leave it out for $STATE_DIRECTORY under systemd, else ~/.local/share/chickenfoot-hub.",
            example=f"/var/lib/{APP_FOLDER_NAME}",
        ),
    )


@dataclass(frozen=True)
class SpeechConfig:
    """The hub's voice (espeak-ng, through the mixer; the DFPlayer has none)."""

    enabled: bool = field(
        default=True,
        metadata=_key(_BOOL, "Say the chicken foot, its toes, the round's end and the scores."),
    )
    turns: bool = field(default=False, metadata=_key(_BOOL, "Also say whose turn it is."))
    refusals: bool = field(
        default=False, metadata=_key(_BOOL, "Also say why an entry was refused.")
    )
    rate: int = field(
        default=160, metadata=_key(_whole(80, 260), "How fast it speaks, in words per minute.")
    )
    volume: int = field(
        default=100,
        metadata=_key(_whole(0, 100), "Speech volume, in percent of the sounds' volume."),
    )


def _check_address(value: object) -> object | None:
    if not isinstance(value, str):
        return None
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        return None


@dataclass(frozen=True)
class WebConfig:
    """The phones' page: the map, the turn and the scores on every phone at the table."""

    enabled: bool = field(
        default=True, metadata=_key(_BOOL, "Serve the page to phones on the same network.")
    )
    port: int = field(default=8080, metadata=_key(_whole(1, 65535), "The page's TCP port."))
    bind: str = field(
        default="0.0.0.0",
        metadata=_key(
            _Rule('an IP address in quotes, e.g. "0.0.0.0" (every network) or "127.0.0.1"',
                  _check_address),
            "The address to listen on: 0.0.0.0 for every network the hub is on.",
        ),
    )  # fmt: skip


@dataclass(frozen=True)
class ClubConfig:
    """Club nights: several hubs share their games through Syncthing (README, "Club night")."""

    enabled: bool = field(
        default=False,
        metadata=_key(_BOOL, "Write this hub's games to the club folder and read the others'."),
    )
    table: str | None = field(
        default=None,
        metadata=_key(
            _Rule('a name in quotes, e.g. "Table 3"', _check_text),
            "This hub's table, as the other hubs show it; leave it out for the host name.",
            example="Table 3",
        ),
    )
    syncthing_config: Path | None = field(
        default=None,
        metadata=_key(
            _Rule('an absolute path in quotes, e.g. "/var/lib/chickenfoot/syncthing/config.xml"',
                  _check_folder),
            "Syncthing's config.xml (its address and API key); leave it out to look in the "
            "data folder's syncthing/, then the user's.",
            example="/var/lib/chickenfoot/syncthing/config.xml",
        ),
    )  # fmt: skip


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
        rule: _Rule = known[key].metadata["rule"]
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
            f"[button] shutdown_seconds = {_toml_value(button.shutdown_seconds)} is not allowed "
            f"with hold_seconds = {_toml_value(button.hold_seconds)}; use a longer time, or 0 "
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
            rule: _Rule = key_field.metadata["rule"]
            default = key_field.default
            shown_default = "" if default is None else f"; default {_toml_value(default)}"
            comment = f"{key_field.metadata['doc']} Use {rule.allowed}{shown_default}."
            lines += textwrap.wrap(comment, width=88, initial_indent="# ", subsequent_indent="# ")
            value = getattr(section, key_field.name)
            if value is None:
                example = _toml_value(key_field.metadata["example"])
                lines.append(f"# {key_field.name} = {example}")
            else:
                lines.append(f"{key_field.name} = {_toml_value(value)}")
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
