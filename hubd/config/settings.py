"""The settings a family changes on the hub (language, volume, speech, ...), kept in the data
folder over the config file's defaults and held to the config file's own checks."""

from __future__ import annotations

import errno
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from hubd.config.files import FileRefused, read_regular, write_new
from hubd.config.loading import ConfigError, HubConfig
from hubd.values.intents import SettingKey

log = logging.getLogger("hubd")

SETTINGS_FILE = "settings.json"
#: The longest settings file read (a real one is under 300 bytes).
MAX_SETTINGS_BYTES = 64 * 1024
_ABSENT = (os.strerror(errno.ENOENT), os.strerror(errno.ENOTDIR))
#: Each setting and the config file's [section] (and key, when it differs from the
#: setting's name) that holds its default and its checks.
SETTING_SECTIONS: dict[SettingKey, str] = {
    "language": "game",
    "volume": "sound",
    "muted": "sound",
    "rotation": "display",
    "preset": "game",
    "speech": "speech.enabled",
    "speech_turns": "speech.turns",
    "speech_refusals": "speech.refusals",
    "speech_rate": "speech.rate",
    "speech_volume": "speech.volume",
}
SETTING_KEYS = tuple(SETTING_SECTIONS)
#: Each setting's (section, key) in the config file.
CONFIG_KEYS: dict[SettingKey, tuple[str, str]] = {
    setting: (where.partition(".")[0], where.partition(".")[2] or setting)
    for setting, where in SETTING_SECTIONS.items()
}


@dataclass
class Settings:
    """What the settings screen changes; saved in the data folder, over the config file."""

    language: str
    volume: int
    muted: bool
    rotation: int
    preset: str
    speech: bool = True
    speech_turns: bool = False
    speech_refusals: bool = False
    speech_rate: int = 160
    speech_volume: int = 100

    @classmethod
    def from_config(cls, config: HubConfig) -> Settings:
        return cls(
            **{
                setting: getattr(getattr(config, section), key)
                for setting, (section, key) in CONFIG_KEYS.items()
            }
        )

    @classmethod
    def load(cls, folder: Path, config: HubConfig) -> Settings:
        """The saved settings over the config's; a bad saved value is ignored with a warning."""
        path = folder / SETTINGS_FILE
        try:  # never blocks (a FIFO, a link to /dev/zero), a regular file only, bounded
            saved = json.loads(read_regular(path, MAX_SETTINGS_BYTES).decode("utf-8"))
        except FileRefused as err:
            if err.reason not in _ABSENT:  # a bad data folder: the store says so
                log.warning("ignoring unreadable %s: %s", path, err.reason)
            saved = {}
        except (ValueError, RecursionError) as err:  # RecursionError: [[[[... JSON
            log.warning("ignoring unreadable %s: %s", path, str(err)[:200])
            saved = {}
        for key, value in saved.items() if isinstance(saved, dict) else ():
            if key not in SETTING_SECTIONS:
                continue
            section, name = CONFIG_KEYS[key]
            try:  # the config file's own checks, so a saved value is held to the same rules
                config = config.override(section, **{name: value})
            except ConfigError as err:
                log.warning("ignoring saved setting in %s: %s", path, err)
        return cls.from_config(config)

    def save(self, folder: Path) -> None:
        """Written beside and renamed into place: a link or a FIFO put where the file was is
        replaced, never written through; OSError if it cannot be saved."""
        data = json.dumps(self.__dict__).encode("utf-8")
        try:
            write_new(folder / SETTINGS_FILE, data, [], ours=True)
        except FileRefused as err:
            raise OSError(f"cannot save {folder / SETTINGS_FILE}: {err.reason}") from None
