"""Every screen the Ui shows, built for it: the one module that names them all, so that the
Ui imports the screens and no screen imports the Ui (they see it as a ``Host``)."""

from __future__ import annotations

from hubd.screens.club import ClubScreen
from hubd.screens.history import HistoryScreen
from hubd.screens.kit.base import Screen
from hubd.screens.kit.host import Host
from hubd.screens.play import PlayScreen
from hubd.screens.round_end import RoundEndScreen
from hubd.screens.round_start import RoundStartScreen
from hubd.screens.scores import GameOverScreen, ScoresScreen
from hubd.screens.scores_mode import ScoresModeScreen
from hubd.screens.settings import SettingsScreen
from hubd.screens.setup import NewGameScreen
from hubd.values.intents import ScreenName


def build_screens(host: Host) -> dict[ScreenName, Screen]:
    """The screens by name, each holding ``host``."""
    screens: list[Screen] = [
        NewGameScreen(host),
        RoundStartScreen(host),
        PlayScreen(host),
        RoundEndScreen(host),
        ScoresScreen(host),
        GameOverScreen(host),
        HistoryScreen(host),
        SettingsScreen(host),
        ScoresModeScreen(host),
        ClubScreen(host),
    ]
    return {s.name: s for s in screens}
