"""Issue 9, point 7: the words on the setup, round-start and settings screens say what the
family does at the table, and a button says what a tap does, not a state."""

from __future__ import annotations

import pytest
from screen_texts import shown, texts, widgets

from engine import OPTIONS, Game, NewGame
from hubd.screens.kit.widgets import Style
from hubd.screens.shots.screenshots import SIZES, tap_widget
from hubd.values.intents import ChangeSetting


def test_with_the_double_set_aside_the_one_who_found_it_plays_first() -> None:
    ui, ctx = shown("round_start", Game.from_events([NewGame(("Ana", "Ben", "Chen", "Dee"), {})]))
    said = texts(ui, ctx)
    assert "Who found the 9-9 first? They play first." in said
    assert any("until someone finds the 9-9" in t and "deal 11 tiles each" in t for t in said)
    assert "start:search" not in widgets(ui, ctx)  # nobody searches the yard for it


def test_with_the_double_dealt_its_holder_opens_or_the_yard_is_searched() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben", "Chen"), {"preset": "hub"})])
    ui, ctx = shown("round_start", game)
    said = texts(ui, ctx)
    assert "Who holds the 9-9? They open." in said
    assert (
        "Deal 11 tiles each. The 9-9 goes in the hub; the next player clockwise plays first."
        in said
    )
    tap_widget(ui, ctx, "start:search")
    tap_widget(ui, ctx, "start:found")
    assert "Who drew the 9-9? They open." in texts(ui, ctx)


def test_the_sound_button_says_what_a_tap_does() -> None:
    ui, ctx = shown("settings")
    assert widgets(ui, ctx)["setting:muted"].text == "Turn sound off"
    assert tap_widget(ui, ctx, "setting:muted") == [ChangeSetting("muted", True)]
    ctx.muted = True
    ui.state_changed(ctx)
    assert widgets(ui, ctx)["setting:muted"].text == "Turn sound on"
    assert "Sound off" in texts(ui, ctx)  # the state is said where the volume is
    assert tap_widget(ui, ctx, "setting:volume:+") == [  # a step turns the sound back on
        ChangeSetting("muted", False),
        ChangeSetting("volume", 90),
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "uk", "he"])
def test_the_options_come_in_pages_whose_rows_stay_put(
    language: str, size: tuple[int, int]
) -> None:
    ui, ctx = shown("new_game", size=size, language=language)
    tap_widget(ui, ctx, "tab:options")
    pages: list[dict[str, int]] = []  # each page: option -> the top of its row
    while True:
        page = widgets(ui, ctx)
        rows = {k.split(":")[1]: w.rect.y for k, w in page.items() if k.startswith("option:")}
        if pages and rows == pages[0]:
            break
        pages.append(rows)
        if "options:more" not in page:
            break
        tap_widget(ui, ctx, "options:more")
    shown_options = [name for rows in pages for name in rows]
    # each one once; the game mode is chosen on the Rules tab
    assert sorted(shown_options) == sorted(k for k in OPTIONS if k != "mode")
    tops = sorted(pages[0].values())
    assert all(sorted(rows.values()) == tops[: len(rows)] for rows in pages)
    # three rows a page at 25 px (39 px in portrait), issue 16: as few pages as that allows
    assert len(pages) <= -(-len(shown_options) // 3)


def test_a_yes_or_no_option_shows_both_answers() -> None:
    ui, ctx = shown("new_game")
    tap_widget(ui, ctx, "tab:options")
    while "option:double_in_hands:yes" not in widgets(ui, ctx):
        tap_widget(ui, ctx, "options:more")
    page = widgets(ui, ctx)
    assert page["option:double_in_hands:no"].style is Style.SELECTED  # classic: set aside
    tap_widget(ui, ctx, "option:double_in_hands:yes")
    assert widgets(ui, ctx)["option:double_in_hands:yes"].style is Style.SELECTED
