"""The names a Go intent may carry are the screens the Ui builds, and the keys a ChangeSetting
may carry are the settings a family keeps: each list whole, and nothing else (mypy holds every
``Go`` and ``ChangeSetting`` in the code to them)."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pygame

from hubd.config.settings import SETTING_SECTIONS, Settings
from hubd.screens import Ui
from hubd.values.intents import ScreenName, SettingKey


def test_every_screen_the_ui_builds_has_a_screen_name_and_every_name_a_screen() -> None:
    pygame.display.init()
    ui = Ui((800, 480))
    assert sorted(ui.screens) == sorted(get_args(ScreenName))
    assert all(screen.name == name for name, screen in ui.screens.items())


def test_every_kept_setting_is_a_setting_key_held_to_its_config_section() -> None:
    kept = [field.name for field in dataclasses.fields(Settings)]
    assert kept == list(get_args(SettingKey)) == list(SETTING_SECTIONS)
