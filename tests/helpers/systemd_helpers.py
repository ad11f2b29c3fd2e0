"""A systemd unit file read as its settings, for the units' tests."""

from __future__ import annotations


def unit_settings(text: str) -> dict[str, list[str]]:
    """``Section.Key`` -> every value it is given, in order (systemd allows repeats)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


def one(unit: dict[str, list[str]], key: str) -> str:
    values = unit.get(key, [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def words(unit: dict[str, list[str]], key: str) -> list[str]:
    return [word for value in unit.get(key, []) for word in value.split()]
