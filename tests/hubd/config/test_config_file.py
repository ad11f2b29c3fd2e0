"""The TOML configuration: defaults, every key's refusal message, typos, files, folders."""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

import pytest

from hubd.config.loading import (
    ConfigError,
    HubConfig,
    config_to_toml,
    default_config_path,
    default_data_folder,
    load_config,
    save_config,
)
from hubd.config.pinmap import default_pins


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hub.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_defaults_with_no_file() -> None:
    config = load_config(None)
    assert config == HubConfig()
    assert config.pins.button == default_pins()["button"] == 17
    assert config.pins.light == default_pins()["light"] == 13  # off the I2S pins (18-21)
    assert config.sound.speaker == "mixer"
    assert config.sound.serial_port == "/dev/serial0"
    assert config.sound.volume == 80
    assert config.sound.muted is False
    assert config.sound.buffer == 256
    assert config.sound.device is None
    assert config.button.hold_seconds == 3.0
    assert config.button.debounce_ms == 20
    assert config.button.glitch_ms == 2
    assert config.button.shutdown_seconds == 8.0
    assert (config.display.width, config.display.height) == (800, 480)
    assert config.display.rotation == 0
    assert config.display.fullscreen is False
    assert (config.game.language, config.game.preset) == ("en", "classic")
    assert config.data.folder is None


def test_empty_file_gives_defaults(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "")) == HubConfig()


def test_a_full_file(tmp_path: Path) -> None:
    config = load_config(
        write(
            tmp_path,
            """
            [pins]
            button = 5
            light = 13
            [sound]
            speaker = "dfplayer"
            serial_port = "/dev/ttyAMA0"
            volume = 0
            muted = true
            [button]
            hold_seconds = 2
            debounce_ms = 5
            [display]
            width = 1024
            height = 600
            rotation = 180
            fullscreen = true
            [game]
            language = "he"
            preset = "four-arm"
            [data]
            folder = "/srv/hub"
            """,
        )
    )
    assert (config.pins.button, config.pins.light) == (5, 13)
    assert config.sound == dataclasses.replace(
        HubConfig().sound, speaker="dfplayer", serial_port="/dev/ttyAMA0", volume=0, muted=True
    )
    assert config.button.hold_seconds == 2.0
    assert isinstance(config.button.hold_seconds, float)
    assert config.display.rotation == 180
    assert config.game.language == "he"
    assert config.data_folder() == Path("/srv/hub")


PIN = "a whole number from 0 to 27"
VOLUME = "a whole number from 0 to 100"
HOLD = "a number from 0.5 to 10"
SIZE = "a whole number from 200 to 4096"
ROTATION = "one of 0, 90, 180, 270"
BOOL = "true or false"
ADDRESS = 'an IP address in quotes, e.g. "0.0.0.0" (every network) or "127.0.0.1"'
FOLDER = 'an absolute folder path in quotes, e.g. "/var/lib/chickenfoot-hub"'
SYNCTHING_CONFIG = 'an absolute path in quotes, e.g. "/var/lib/chickenfoot/syncthing/config.xml"'

#: (section, bad line, what the message says is allowed): at least one for every key.
BAD_VALUES = [
    ("pins", "button = 28", PIN),
    ("pins", "button = -1", PIN),
    ("pins", "light = 4.0", PIN),
    ("pins", 'light = "18"', PIN),
    ("sound", 'speaker = "bluetooth"', 'one of "mixer", "dfplayer", "none"'),
    ("sound", "serial_port = 0", 'a serial device path in quotes, e.g. "/dev/serial0"'),
    ("sound", "volume = 101", VOLUME),
    ("sound", "volume = true", VOLUME),  # bool is an int to Python, not to us
    ("sound", "volume = 50.5", VOLUME),
    ("sound", 'muted = "no"', BOOL),
    ("sound", "muted = 0", BOOL),
    ("sound", "buffer = 300", "one of 128, 256, 512, 1024, 2048"),
    ("sound", 'device = ""', 'an ALSA device name in quotes, e.g. "default:CARD=MAX98357A"'),
    ("button", "hold_seconds = 0.2", HOLD),
    ("button", "hold_seconds = true", HOLD),
    ("button", "hold_seconds = nan", HOLD),
    ("button", "debounce_ms = 0", "a whole number from 1 to 100"),
    ("button", "glitch_ms = 21", "a whole number from 0 to 20"),
    ("button", "shutdown_seconds = -1", "a number from 0 to 60"),
    ("display", "width = 100", SIZE),
    ("display", "height = 5000", SIZE),
    ("display", "rotation = 45", ROTATION),
    ("display", "rotation = 90.0", ROTATION),
    ("display", 'fullscreen = "yes"', BOOL),
    ("display", "enabled = 0", BOOL),
    ("game", 'language = "fr"', 'one of "en", "id", "et", "uk", "he", "pt"'),
    ("game", 'preset = "Classic"', 'one of "classic", "hub", "four-arm"'),
    ("data", 'folder = "games"', FOLDER),
    ("data", "folder = [1, 2]", FOLDER),
    ("speech", 'enabled = "yes"', BOOL),
    ("speech", "turns = 1", BOOL),
    ("speech", "refusals = 0", BOOL),
    ("speech", "rate = 500", "a whole number from 80 to 260"),
    ("speech", "volume = -5", VOLUME),
    ("web", 'enabled = "no"', BOOL),
    ("web", "port = 0", "a whole number from 1 to 65535"),
    ("web", "port = 70000", "a whole number from 1 to 65535"),
    ("web", "plain_port = -1", "a whole number from 0 to 65535"),
    ("web", 'bind = "hub.local"', ADDRESS),
    ("web", "bind = 127", ADDRESS),
    ("club", "enabled = 1", BOOL),
    ("club", 'table = "  "', 'a name in quotes, e.g. "Table 3"'),
    ("club", 'syncthing_config = "config.xml"', SYNCTHING_CONFIG),
    ("wifi", 'manage = "yes"', BOOL),
    ("wifi", "own_network = 0", BOOL),
]


@pytest.mark.parametrize(("section", "line", "allowed"), BAD_VALUES)
def test_bad_values_are_named_in_one_line(
    tmp_path: Path, section: str, line: str, allowed: str
) -> None:
    message = refusal(tmp_path, f"[{section}]\n{line}\n")
    assert message == f"config error: [{section}] {line} is not allowed; use {allowed}"


def test_every_key_has_a_bad_value_case() -> None:
    covered = {(section, line.split(" = ")[0]) for section, line, _ in BAD_VALUES}
    config = HubConfig()
    every_key = {
        (section.name, key.name)
        for section in dataclasses.fields(config)
        for key in dataclasses.fields(getattr(config, section.name))
    }
    assert covered == every_key


def test_button_and_light_on_one_pin(tmp_path: Path) -> None:
    assert refusal(tmp_path, "[pins]\nbutton = 13\n") == (
        "config error: [pins] button = 13 and [pins] light = 13 are one pin; "
        "use a different pin for each"
    )


def test_an_old_config_with_the_light_on_gpio18_still_works(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "[pins]\nbutton = 17\nlight = 18\n")).pins.light == 18


def test_the_shutdown_hold_must_be_longer_than_the_mute_hold(tmp_path: Path) -> None:
    assert refusal(tmp_path, "[button]\nhold_seconds = 5\nshutdown_seconds = 4\n") == (
        "config error: [button] shutdown_seconds = 4.0 is not allowed with hold_seconds = "
        "5.0; use a longer time, or 0 for no shutdown hold"
    )
    config = load_config(write(tmp_path, "[button]\nhold_seconds = 5\nshutdown_seconds = 0\n"))
    assert config.button.shutdown_seconds == 0.0


@pytest.mark.parametrize(("key", "pin"), [("button", 14), ("light", 15)])
def test_uart_pins_with_the_dfplayer(tmp_path: Path, key: str, pin: int) -> None:
    text = f'[sound]\nspeaker = "dfplayer"\n[pins]\n{key} = {pin}\n'
    assert refusal(tmp_path, text) == (
        f'config error: [pins] {key} = {pin} is not allowed with speaker = "dfplayer"; '
        "use a pin other than 14 and 15 (the DFPlayer's UART)"
    )


def test_uart_pins_are_fine_without_the_dfplayer(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "[pins]\nbutton = 14\n")).pins.button == 14


def test_typo_in_a_key(tmp_path: Path) -> None:
    assert refusal(tmp_path, "[sound]\nvolum = 50\n") == (
        "config error: unknown key [sound] volum (did you mean volume?); "
        "known keys in [sound]: speaker, serial_port, volume, muted, buffer, device"
    )


def test_typo_in_a_section(tmp_path: Path) -> None:
    assert refusal(tmp_path, "[dispaly]\nwidth = 800\n") == (
        "config error: unknown section [dispaly] (did you mean [display]?); "
        "known sections: [pins], [sound], [button], [display], [game], [data], [speech], [web], "
        "[club], [wifi]"
    )


def test_key_outside_any_section(tmp_path: Path) -> None:
    assert refusal(tmp_path, "volume = 50\n") == (
        "config error: volume = 50 is outside any section; put it under [sound]"
    )


def test_section_written_as_a_key(tmp_path: Path) -> None:
    assert refusal(tmp_path, 'sound = "none"\n') == (
        'config error: sound = "none" is not allowed; [sound] is a section: '
        "write [sound] on a line of its own, then its keys"
    )


def test_bad_toml_names_the_file_and_the_place(tmp_path: Path) -> None:
    message = refusal(tmp_path, "[sound]\nvolume = = 3\n")
    assert message.startswith(f"config error: {tmp_path / 'hub.toml'} is not valid TOML: ")
    assert "line 2, column" in message


def test_missing_file_given_explicitly(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^config error: .*nowhere\.toml does not exist$"):
        load_config(tmp_path / "nowhere.toml")


def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^config error: cannot read .*: Is a directory$"):
        load_config(tmp_path)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "hub.toml"
    path.write_bytes(b'[game]\nlanguage = "\xff"\n')
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_config(path)


def test_override_is_checked_like_the_file() -> None:
    config = HubConfig().override("display", fullscreen=True, rotation=90)
    assert config.display.fullscreen is True
    assert config.display.rotation == 90
    assert config.override("data", folder=Path("/tmp/x")).data.folder == Path("/tmp/x")
    with pytest.raises(ConfigError, match=r"\[display\] rotation = 45 is not allowed"):
        config.override("display", rotation=45)
    with pytest.raises(ConfigError, match="unknown section"):
        config.override("screen", width=800)


def test_data_folder_defaults() -> None:
    home = {"HOME": "/home/pi"}
    assert default_data_folder(home) == Path("/home/pi/.local/share/chickenfoot-hub")
    assert default_data_folder(home | {"XDG_DATA_HOME": "/data"}) == Path("/data/chickenfoot-hub")
    assert default_data_folder(home | {"XDG_DATA_HOME": "relative"}) == Path(
        "/home/pi/.local/share/chickenfoot-hub"
    )
    systemd = home | {"XDG_DATA_HOME": "/data", "STATE_DIRECTORY": "/var/lib/chickenfoot-hub"}
    assert default_data_folder(systemd) == Path("/var/lib/chickenfoot-hub")
    two = {"STATE_DIRECTORY": "/var/lib/a:/var/lib/b"}
    assert default_data_folder(two) == Path("/var/lib/a")


def test_data_folder_from_config_wins() -> None:
    environ = {"STATE_DIRECTORY": "/var/lib/chickenfoot-hub"}
    assert HubConfig().data_folder(environ) == Path("/var/lib/chickenfoot-hub")
    config = HubConfig().override("data", folder="/srv/games")
    assert config.data_folder(environ) == Path("/srv/games")
    home = HubConfig().override("data", folder="~/games")
    assert home.data_folder(environ) == Path("~/games").expanduser()


def test_default_config_path() -> None:
    assert default_config_path({"HOME": "/home/pi"}) == Path(
        "/home/pi/.config/chickenfoot-hub/hub.toml"
    )
    assert default_config_path({"CONFIGURATION_DIRECTORY": "/etc/chickenfoot-hub"}) == Path(
        "/etc/chickenfoot-hub/hub.toml"
    )


def test_example_file_loads_as_the_defaults(tmp_path: Path) -> None:
    text = config_to_toml(HubConfig())
    assert "# folder = " in text  # unset keys are shown commented out
    assert load_config(write(tmp_path, text)) == HubConfig()


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    config = (
        HubConfig()
        .override("sound", speaker="none", volume=35, muted=True, serial_port='/dev/odd "port"')
        .override("button", hold_seconds=1.25)
        .override("display", rotation=270, fullscreen=True)
        .override("game", language="uk", preset="hub")
        .override("data", folder="/srv/chicken foot/ü")
    )
    path = tmp_path / "new" / "hub.toml"
    save_config(config, path)
    assert load_config(path) == config
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in path.parent.iterdir()] == ["hub.toml"]  # no temporary file left


def test_save_keeps_the_file_mode_and_replaces_it(tmp_path: Path) -> None:
    path = write(tmp_path, "[sound]\nvolume = 10\n")
    os.chmod(path, 0o600)
    save_config(HubConfig(), path)
    assert load_config(path) == HubConfig()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_save_failure_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ConfigError, match=r"^config error: cannot save .*hub\.toml: "):
        save_config(HubConfig(), blocker / "hub.toml")


def test_presets_match_the_engine(tmp_path: Path) -> None:
    from engine.rules import PRESETS

    for name in PRESETS:
        assert load_config(write(tmp_path, f'[game]\npreset = "{name}"\n')).game.preset == name
    expected = ", ".join(f'"{name}"' for name in PRESETS)
    assert refusal(tmp_path, '[game]\npreset = "bogus"\n').endswith(f"one of {expected}")
