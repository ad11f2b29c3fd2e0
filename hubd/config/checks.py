"""What a config key accepts (the rule its value is checked by), its field, a value as TOML."""

from __future__ import annotations

import ipaddress
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

#: The longest text value, in characters (a path, a device name).
MAX_TEXT = 1024

T = TypeVar("T")


def toml_value(value: object) -> str:
    """``value`` written as TOML, for the example file and for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        # JSON's escapes are all valid in a TOML basic string; TOML also forbids a raw DEL.
        return json.dumps(str(value), ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


# --- rules: what a key accepts ------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """``check`` returns the value to keep (maybe converted), or None to refuse it."""

    allowed: str  # completes "use ...", e.g. "a whole number from 0 to 100"
    check: Callable[[object], object | None]


def whole(low: int, high: int) -> Rule:
    def check(value: object) -> object | None:
        # bool is a subclass of int: true must not pass for 1.
        return value if type(value) is int and low <= value <= high else None

    return Rule(f"a whole number from {low} to {high}", check)


def number(low: float, high: float) -> Rule:
    def check(value: object) -> object | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        return float(value) if low <= value <= high else None  # NaN fails too

    return Rule(f"a number from {low:g} to {high:g}", check)


def one_of(options: tuple[object, ...]) -> Rule:
    def check(value: object) -> object | None:
        # Compare types too, or false would pass for 0 and 90.0 for 90.
        return value if any(type(value) is type(o) and value == o for o in options) else None

    return Rule("one of " + ", ".join(toml_value(o) for o in options), check)


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


def check_text(value: object) -> object | None:
    return _plain_text(value)


def check_folder(value: object) -> object | None:
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


def check_address(value: object) -> object | None:
    if not isinstance(value, str):
        return None
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        return None


BCM = whole(0, 27)
BOOL = Rule("true or false", _check_bool)


def setting(default: T, rule: Rule, doc: str, example: object = None) -> T:
    """A key of the file as a section's field: its default, its rule, a one-line explanation for
    the example file, and a sample value to show commented out when the default is None."""
    return field(default=default, metadata={"rule": rule, "doc": doc, "example": example})
