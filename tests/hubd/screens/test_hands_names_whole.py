"""Issue 35, point 4 on the play screen, 800x480: where each player has a row of their own
beside their tiles and score (up to four players, a table not crowded), every name of the
walk's tables stands whole at 4.5 mm, drawn narrower as a label may be, in every language,
early and late in a round. At four players, 800x480, "Grandma Rosa" was cut to
"Grandma R…": its column was 174 px beside the map's least width, a count and a total kept
44 px apart where a digit's width and more (38 px) keeps "11" and "25" from reading "1125".
From five players the hands are cells, and in portrait (720x1280) they are always cells side
by side over their numbers: a long name is cut where its cell cannot hold it
(tests/hubd/screens/test_words_whole_at_every_table.py)."""

from __future__ import annotations

import pygame
import pytest
from screens_loop import PICTURES
from table_walk import NAMES

from engine import EndRound, Game, Play
from engine.simulate import Simulator
from hubd.screens import Ui, UiContext
from hubd.screens.hands_room import TOTALS_UP_TO
from hubd.screens.kit.builder import Builder
from hubd.screens.play_room import play_room
from hubd.text.i18n import available_languages

SETS = {2: 9, 3: 9, 4: 9}
#: Where in the first round the screen is looked at (a share of its plays).
SHARES = (0.1, 0.5, 0.9)


def first_round(players: int) -> list[Game]:
    rules = {"preset": "classic", "set": SETS[players], "rounds": 1}
    events = Simulator(players, rules, 4, names=NAMES[:players]).play_game().effective
    over = next(i for i, event in enumerate(events) if isinstance(event, EndRound))
    plays = [i for i in range(over) if isinstance(events[i], Play)]
    counts = [plays[round(share * (len(plays) - 1))] for share in SHARES]
    return [Game.from_events(events[:count]) for count in counts]


@pytest.mark.parametrize("language", available_languages())
def test_a_name_in_a_row_of_its_own_stands_whole(language: str) -> None:
    pygame.display.init()
    size = (800, 480)
    found, looked = [], 0
    for players in range(2, TOTALS_UP_TO + 1):
        for game in first_round(players):
            ui = Ui(size)
            ui.set_language(language)
            if play_room(Builder(ui.measure, size, ui.translator), game.state).compact:
                continue  # the crowded table's names have NAME_ROOM (hands_room.py)
            ctx = UiContext(state=game.state, language=language, pictures=PICTURES,
                            last_entry=game.last_effective)  # fmt: skip
            ui.state_changed(ctx)
            ui.show_screen("play")
            for widget in ui.layout(ctx, 0.0):
                if not widget.key.startswith("name:"):
                    continue
                looked += 1
                if widget.truncated or any("…" in line for line in widget.lines):
                    found.append(f"{players} players: {widget.text!r} drawn {widget.lines} "
                                 f"in {widget.rect.size}")  # fmt: skip
                elif widget.size < 32:
                    found.append(f"{players} players: {widget.text!r} at {widget.size} px")
    assert looked >= 20, looked
    assert not found, "\n".join(found)
