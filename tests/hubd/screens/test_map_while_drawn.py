"""A hub restarted mid-round lays the round out before its first picture (hubd/picture/chain.py:
a few seconds on a Pi at a crowded round's end): the map stood empty meanwhile, as if the table
were lost. It says that the table is being drawn; at a round's first tile (laid out at once) it
says nothing."""

from __future__ import annotations

import pytest
from engine_helpers import run, started
from screens_loop import shown

from engine import Game, NewGame, StartRound
from hubd.screens.map.ready import PictureShelf
from hubd.screens.shots.scripted_games import autoplay
from hubd.text.i18n import available_languages, load


def said(game: Game, language: str, size: tuple[int, int]) -> list[str]:
    ui, ctx = shown(game, "play", size, language)
    ctx.pictures = PictureShelf()  # the hub's own: nothing laid out yet
    return [w.text for w in ui.layout(ctx, 0.0) if w.key == "map:drawing"]


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_map_says_the_table_is_being_drawn(size: tuple[int, int]) -> None:
    names = ("Ana", "Ben", "Chen", "Dee")
    game = Game.from_events([NewGame(names, {"rounds": 1}), StartRound("Ana")])
    for language in available_languages():
        assert said(game, language, size) == []  # the round's first tile: at once
    autoplay(game, plays=12)
    for language in available_languages():
        words = said(game, language, size)
        assert len(words) == 1 and words[0].endswith("…"), (language, words)


@pytest.mark.parametrize("language", ["en", "he"])
def test_while_the_table_is_drawn_the_words_name_no_letter(language: str) -> None:
    """No letter stands on a map still being drawn: the last entry names the arm by the tile
    it follows ("Ana played 4-5 on the arm after the 9-4"), not by an A nobody can see."""
    game = run(started(), "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
               "Ana 4-5 on 9-4")  # fmt: skip
    ui, ctx = shown(game, "play", (800, 480), language)
    ctx.pictures = PictureShelf()  # the hub's own: nothing laid out yet
    widgets = ui.layout(ctx, 0.0)
    assert [w for w in widgets if w.key == "map:drawing"]
    last = " ".join(w.text for w in widgets if w.key == "last_entry")
    tr = load(language).gettext
    assert tr("the arm after the {tile}").format(tile="9-4") in last, last
    assert tr("arm {label}").format(label="A") not in last
