"""The config file's sections, one dataclass each: every key a field with its default and rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from hubd.config.pinmap import default_pins
from hubd.config.rules import (
    BCM,
    BOOL,
    Rule,
    check_address,
    check_folder,
    check_text,
    key,
    number,
    one_of,
    whole,
)
from hubd.text.i18n import available_languages

Speaker = Literal["mixer", "dfplayer", "none"]
#: The mixer's buffer in samples (hubd.hardware.mixer.MIXER_BUFFERS; a test checks they agree).
MixerBuffer = Literal[128, 256, 512, 1024, 2048]
Rotation = Literal[0, 90, 180, 270]
Preset = Literal["classic", "hub", "four-arm"]  # engine.rules.PRESETS; a test checks they agree

APP_FOLDER_NAME = "chickenfoot-hub"


# --- the settings -------------------------------------------------------------------------------

_PINS = default_pins()


@dataclass(frozen=True)
class PinsConfig:
    """GPIO pins, as BCM numbers (the wiring guide in hardware/ shows where they are)."""

    button: int = field(
        default=_PINS["button"],
        metadata=key(BCM, "The hub button, wired to ground (the internal pull-up is used)."),
    )
    light: int = field(
        default=_PINS["light"],
        metadata=key(
            BCM,
            "The hub LED. GPIO13 since I2S sound takes 18-21; a hub wired on the old default "
            "keeps light = 18 here.",
        ),
    )


@dataclass(frozen=True)
class SoundConfig:
    """The speaker."""

    speaker: Speaker = field(
        default="mixer",
        metadata=key(
            one_of(get_args(Speaker)),
            "mixer: the Pi's audio output; dfplayer: a DFPlayer Mini on the UART; none: silent.",
        ),
    )
    serial_port: str = field(
        default="/dev/serial0",
        metadata=key(
            Rule('a serial device path in quotes, e.g. "/dev/serial0"', check_text),
            'The DFPlayer\'s serial port (only with speaker = "dfplayer").',
        ),
    )
    volume: int = field(default=80, metadata=key(whole(0, 100), "Volume in percent."))
    muted: bool = field(
        default=False, metadata=key(BOOL, "Start muted (holding the hub button toggles it).")
    )
    buffer: MixerBuffer = field(
        default=256,
        metadata=key(
            one_of(get_args(MixerBuffer)),
            "The mixer's buffer in samples: 256 starts a sound within 12 ms; take 512 or "
            "1024 for a sound card that crackles.",
        ),
    )
    device: str | None = field(
        default=None,
        metadata=key(
            Rule('an ALSA device name in quotes, e.g. "default:CARD=MAX98357A"', check_text),
            'The ALSA device for speaker = "mixer" (aplay -L lists them); leave it out for '
            "$AUDIODEV or ALSA's default.",
            example="default:CARD=Headphones",
        ),
    )


@dataclass(frozen=True)
class ButtonConfig:
    """The hub button's timing."""

    hold_seconds: float = field(
        default=3.0, metadata=key(number(0.5, 10), "How long a hold toggles mute, in seconds.")
    )
    debounce_ms: int = field(
        default=20,
        metadata=key(
            whole(1, 100),
            "How long the button must stay up to end a press, in milliseconds (contact bounce).",
        ),
    )
    glitch_ms: int = field(
        default=2,
        metadata=key(
            whole(0, 20),
            "How long the line must stay low before a press counts, in milliseconds: spikes "
            "on a long wire are shorter (0 counts the first edge).",
        ),
    )
    shutdown_seconds: float = field(
        default=8.0,
        metadata=key(
            number(0, 60),
            "Hold the button this long to shut the Pi down cleanly (0: never); longer than "
            "hold_seconds.",
        ),
    )


@dataclass(frozen=True)
class DisplayConfig:
    """The touchscreen."""

    width: int = field(default=800, metadata=key(whole(200, 4096), "Width in pixels."))
    height: int = field(default=480, metadata=key(whole(200, 4096), "Height in pixels."))
    rotation: Rotation = field(
        default=0,
        metadata=key(one_of(get_args(Rotation)), "Turn the picture clockwise, in degrees."),
    )
    fullscreen: bool = field(
        default=False, metadata=key(BOOL, "Fill the screen (true on the Pi's kiosk).")
    )
    enabled: bool = field(
        default=True,
        metadata=key(
            BOOL,
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
        metadata=key(one_of(tuple(available_languages())), "The screens' language."),
    )
    preset: Preset = field(
        default="classic", metadata=key(one_of(get_args(Preset)), "The default rules preset.")
    )


@dataclass(frozen=True)
class DataConfig:
    """Where the games are kept."""

    folder: Path | None = field(
        default=None,
        metadata=key(
            Rule(
                'an absolute folder path in quotes, e.g. "/var/lib/chickenfoot-hub"', check_folder
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
        metadata=key(BOOL, "Say the chicken foot, its toes, the round's end and the scores."),
    )
    turns: bool = field(default=False, metadata=key(BOOL, "Also say whose turn it is."))
    refusals: bool = field(default=False, metadata=key(BOOL, "Also say why an entry was refused."))
    rate: int = field(
        default=160, metadata=key(whole(80, 260), "How fast it speaks, in words per minute.")
    )
    volume: int = field(
        default=100,
        metadata=key(whole(0, 100), "Speech volume, in percent of the sounds' volume."),
    )


@dataclass(frozen=True)
class WebConfig:
    """The phones' page: the map, the turn and the scores on every phone at the table."""

    enabled: bool = field(
        default=True, metadata=key(BOOL, "Serve the page to phones on the same network.")
    )
    port: int = field(default=8080, metadata=key(whole(1, 65535), "The page's TCP port."))
    bind: str = field(
        default="0.0.0.0",
        metadata=key(
            Rule('an IP address in quotes, e.g. "0.0.0.0" (every network) or "127.0.0.1"',
                  check_address),
            "The address to listen on: 0.0.0.0 for every network the hub is on.",
        ),
    )  # fmt: skip


@dataclass(frozen=True)
class ClubConfig:
    """Club nights: several hubs share their games through Syncthing (README, "Club night")."""

    enabled: bool = field(
        default=False,
        metadata=key(BOOL, "Write this hub's games to the club folder and read the others'."),
    )
    table: str | None = field(
        default=None,
        metadata=key(
            Rule('a name in quotes, e.g. "Table 3"', check_text),
            "This hub's table, as the other hubs show it; leave it out for the host name.",
            example="Table 3",
        ),
    )
    syncthing_config: Path | None = field(
        default=None,
        metadata=key(
            Rule('an absolute path in quotes, e.g. "/var/lib/chickenfoot/syncthing/config.xml"',
                  check_folder),
            "Syncthing's config.xml (its address and API key); leave it out to look in the "
            "data folder's syncthing/, then the user's.",
            example="/var/lib/chickenfoot/syncthing/config.xml",
        ),
    )  # fmt: skip
