"""What the screens ask the main loop to do.

Screens read the state and return intents; only the main loop acts on them (applies engine
events, commits them to the store, changes settings). A screen never changes state itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine import Event

#: Every screen the hub shows, by name (hubd/screens/registry.py builds one of each).
ScreenName = Literal[
    "new_game", "round_start", "play", "round_end", "scores", "game_over", "history",
    "settings", "scores_mode", "club",
]  # fmt: skip

#: Every setting a family changes on the hub (hubd/config/settings.py: where the config file
#: holds its default and its checks).
SettingKey = Literal[
    "language", "volume", "muted", "rotation", "preset", "speech", "speech_turns",
    "speech_refusals", "speech_rate", "speech_volume",
]  # fmt: skip


@dataclass(frozen=True)
class Submit:
    """Apply an engine event to the game in progress (a NewGame starts a new stored game)."""

    event: Event
    where: tuple[int, int] | None = None  # the tap that made it, to show a refusal there


@dataclass(frozen=True)
class Go:
    """Show another screen."""

    screen: ScreenName


@dataclass(frozen=True)
class ChangeSetting:
    """A setting the user changed, to a value its config key accepts."""

    key: SettingKey
    value: str | int | bool


@dataclass(frozen=True)
class HubButton:
    """Act as if the hub button was pressed (the on-screen hub, or the demo)."""


@dataclass(frozen=True)
class SayStatus:
    """Say the status line again (a tap on it): whose turn, and what the table waits for."""


@dataclass(frozen=True)
class ReleaseSeat:
    """Take a seat back from the phone that holds it (the hub's Phones panel)."""

    player: str


@dataclass(frozen=True)
class AnotherSeat:
    """Let the phone that holds ``player``'s seat take one more (the hub's Phones panel): a
    phone holds one seat otherwise."""

    player: str


@dataclass(frozen=True)
class SoundsLike:
    """How a player's name sounds, typed on the players' page for the hub's voice ("" forgets)."""

    player: str
    said: str


@dataclass(frozen=True)
class ClubChoice:
    """The organiser's choice on the Club screen: a night's (``about``: its ISO date)
    "name", "seating", "movers" or "ranking"; or "accept" a nearby hub (``value``: its
    device id, ``about``: its name)."""

    key: str
    value: str | int
    about: str = ""


@dataclass(frozen=True)
class WifiChoice:
    """The Phones panel's Wi-Fi: "scan" the networks around, open the hub's "own", or
    "join" ``ssid`` with ``passphrase``."""

    action: str
    ssid: str = ""
    passphrase: str = ""


@dataclass(frozen=True)
class LookAtHand:
    """The round-end screen's "Show your tiles to the hub": the camera reads ``player``'s
    hand once the tiles lie still under it."""

    player: str


Intent = (
    Submit | Go | ChangeSetting | HubButton | SayStatus | ReleaseSeat | AnotherSeat | ClubChoice
    | SoundsLike | WifiChoice | LookAtHand
)  # fmt: skip
