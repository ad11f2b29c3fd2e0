"""The config file's sections, one dataclass each: every key a field with its default and rule."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from engine.rules import PRESETS
from hubd.config.checks import (
    BCM,
    BOOL,
    Rule,
    check_address,
    check_folder,
    check_text,
    number,
    one_of,
    setting,
    whole,
)
from hubd.config.pinmap import default_pins
from hubd.text.i18n import available_languages

Speaker = Literal["mixer", "dfplayer", "none"]
#: The mixer's buffer in samples (hubd.devices.mixer.MIXER_BUFFERS; a test checks they agree).
MixerBuffer = Literal[128, 256, 512, 1024, 2048]
Rotation = Literal[0, 90, 180, 270]

APP_FOLDER_NAME = "chickenfoot-hub"


# --- the settings -------------------------------------------------------------------------------

_PINS = default_pins()


@dataclass(frozen=True)
class PinsConfig:
    """GPIO pins, as BCM numbers (the wiring guide in hardware/ shows where they are)."""

    button: int = setting(
        _PINS["button"], BCM, "The hub button, wired to ground (the internal pull-up is used)."
    )
    light: int = setting(
        _PINS["light"],
        BCM,
        "The hub LED. GPIO13 since I2S sound takes 18-21; a hub wired on the old default "
        "keeps light = 18 here.",
    )


@dataclass(frozen=True)
class SoundConfig:
    """The speaker."""

    speaker: Speaker = setting(
        "mixer",
        one_of(get_args(Speaker)),
        "mixer: the Pi's audio output; dfplayer: a DFPlayer Mini on the UART; none: silent.",
    )
    serial_port: str = setting(
        "/dev/serial0",
        Rule('a serial device path in quotes, e.g. "/dev/serial0"', check_text),
        'The DFPlayer\'s serial port (only with speaker = "dfplayer").',
    )
    volume: int = setting(80, whole(0, 100), "Volume in percent.")
    muted: bool = setting(False, BOOL, "Start muted (holding the hub button toggles it).")
    buffer: MixerBuffer = setting(
        256,
        one_of(get_args(MixerBuffer)),
        "The mixer's buffer in samples: 256 starts a sound within 12 ms; take 512 or "
        "1024 for a sound card that crackles.",
    )
    device: str | None = setting(
        None,
        Rule('an ALSA device name in quotes, e.g. "default:CARD=MAX98357A"', check_text),
        'The ALSA device for speaker = "mixer" (aplay -L lists them); leave it out for '
        "$AUDIODEV or ALSA's default.",
        example="default:CARD=Headphones",
    )


@dataclass(frozen=True)
class ButtonConfig:
    """The hub button's timing."""

    hold_seconds: float = setting(3.0, number(0.5, 10), "How long a hold toggles mute, in seconds.")
    debounce_ms: int = setting(
        20,
        whole(1, 100),
        "How long the button must stay up to end a press, in milliseconds (contact bounce).",
    )
    glitch_ms: int = setting(
        2,
        whole(0, 20),
        "How long the line must stay low before a press counts, in milliseconds: spikes "
        "on a long wire are shorter (0 counts the first edge).",
    )
    shutdown_seconds: float = setting(
        8.0,
        number(0, 60),
        "Hold the button this long to shut the Pi down cleanly (0: never); longer than "
        "hold_seconds.",
    )


@dataclass(frozen=True)
class DisplayConfig:
    """The touchscreen."""

    width: int = setting(800, whole(200, 4096), "Width in pixels.")
    height: int = setting(480, whole(200, 4096), "Height in pixels.")
    rotation: Rotation = setting(
        0, one_of(get_args(Rotation)), "Turn the picture clockwise, in degrees."
    )
    fullscreen: bool = setting(False, BOOL, "Fill the screen (true on the Pi's kiosk).")
    enabled: bool = setting(
        True,
        BOOL,
        "false: no screen at all (a hub shell with only the button, light and speaker); "
        "the button then keeps a scores-only game's feet and toes.",
    )


@dataclass(frozen=True)
class GameConfig:
    """New games."""

    # Every language with a catalog in hubd/text/locale: a translator adds one by adding a file.
    language: str = setting("en", one_of(tuple(available_languages())), "The screens' language.")
    # The engine's presets, in its order: a preset added to the engine is one the config takes.
    preset: str = setting("classic", one_of(tuple(PRESETS)), "The default rules preset.")


@dataclass(frozen=True)
class DataConfig:
    """Where the games are kept."""

    folder: Path | None = setting(
        None,
        Rule('an absolute folder path in quotes, e.g. "/var/lib/chickenfoot-hub"', check_folder),
        "Leave it out for $STATE_DIRECTORY under systemd, else ~/.local/share/chickenfoot-hub.",
        example=f"/var/lib/{APP_FOLDER_NAME}",
    )


@dataclass(frozen=True)
class SpeechConfig:
    """The hub's voice (espeak-ng, through the mixer; the DFPlayer has none)."""

    enabled: bool = setting(
        True, BOOL, "Say the chicken foot, its toes, the round's end and the scores."
    )
    turns: bool = setting(False, BOOL, "Also say whose turn it is.")
    refusals: bool = setting(False, BOOL, "Also say why an entry was refused.")
    rate: int = setting(160, whole(80, 260), "How fast it speaks, in words per minute.")
    volume: int = setting(100, whole(0, 100), "Speech volume, in percent of the sounds' volume.")


@dataclass(frozen=True)
class WebConfig:
    """The phones' page: the map, the turn and the scores on every phone at the table."""

    enabled: bool = setting(True, BOOL, "Serve the page to phones on the same network.")
    port: int = setting(8080, whole(1, 65535), "The page's TCP port.")
    plain_port: int = setting(
        80,
        whole(0, 65535),
        "Also serve the page on this port, so its address needs none (http://<hub>.local); "
        "the installed unit may listen on 80, a desktop run (not root) stays on port alone. "
        "0 for none.",
    )
    bind: str = setting(
        "0.0.0.0",
        Rule(
            'an IP address in quotes, e.g. "0.0.0.0" (every network) or "127.0.0.1"', check_address
        ),
        "The address to listen on: 0.0.0.0 for every network the hub is on.",
    )


@dataclass(frozen=True)
class WifiConfig:
    """The hub's Wi-Fi, through NetworkManager (Menu → Phones → Wi-Fi)."""

    manage: bool = setting(
        True, BOOL, "Let the Phones panel join Wi-Fi networks and open the hub's own (nmcli)."
    )
    own_network: bool = setting(
        True, BOOL, "Open the hub's own Wi-Fi by itself when it knows no network around it."
    )


@dataclass(frozen=True)
class ClubConfig:
    """Club nights: several hubs share their games through Syncthing (docs/club-night.md)."""

    enabled: bool = setting(
        False, BOOL, "Write this hub's games to the club folder and read the others'."
    )
    table: str | None = setting(
        None,
        Rule('a name in quotes, e.g. "Table 3"', check_text),
        "This hub's table, as the other hubs show it; leave it out for the host name.",
        example="Table 3",
    )
    syncthing_config: Path | None = setting(
        None,
        Rule(
            'an absolute path in quotes, e.g. "/var/lib/chickenfoot/syncthing/config.xml"',
            check_folder,
        ),
        "Syncthing's config.xml (its address and API key); leave it out to look in the "
        "data folder's syncthing/, then the user's.",
        example="/var/lib/chickenfoot/syncthing/config.xml",
    )
