"""What the main loop hands the UI each frame (read-only for the UI)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import engine
from hubd.values.camera import CameraView
from hubd.values.network import WifiView
from hubd.values.records import GameRecord, PlayerStats

if TYPE_CHECKING:
    from hubd.club.view import ClubState
    from hubd.screens.map.ready import Pictures


@dataclass
class UiContext:
    state: engine.GameState | None = None  # the game in progress, None when no game
    known_players: Sequence[str] = ()  # names from earlier games, for the name picker
    history: Sequence[GameRecord] = ()  # finished games, newest first
    stats: Sequence[PlayerStats] = ()
    language: str = "en"
    volume: int = 80  # 0-100
    muted: bool = False
    preset: str = "classic"  # default rules preset for a new game
    rotation: int = 0  # 0, 90, 180, 270 (the app rotates, not the UI)
    audio_available: bool = True  # False: the UI flashes a banner where a sound would play
    store_error: str | None = None  # shown as a banner
    last_entry: engine.Event | None = None  # the latest event still in effect (for Undo)
    speech: bool = True  # the hub says the foot, the round's end and the scores aloud
    speech_turns: bool = False  # ... and whose turn it is
    speech_refusals: bool = False  # ... and why an entry was refused
    speech_rate: int = 160  # words per minute
    speech_volume: int = 100  # percent of the sounds' volume
    speech_problem: str | None = None  # why it cannot speak: "espeak", "audio", "dfplayer"
    sounds_like: Mapping[str, str] = field(default_factory=dict)  # how names sound (voice)
    web_address: str | None = None  # the phones' page of this game (None: no web server)
    phone_seats: Sequence[str] = ()  # players whose seat a phone holds
    phone_more: Sequence[str] = ()  # ... whose phone may take another seat (the Phones panel)
    phone_hands: Mapping[str, engine.HandPips] = field(default_factory=dict)  # from phones
    wifi: WifiView | None = None  # the hub's Wi-Fi (None: the hub leaves it to the system)
    camera: CameraView | None = None  # the hub's camera (None: there is none)
    club: ClubState | None = None  # the club night ([club] enabled), None without it
    version: str = ""  # which hub this is, "0.1.0 (commit abc123)": Settings' last line
    #: The table's pictures laid out off the hub's loop (None: laid out as the frame is).
    pictures: Pictures | None = None
