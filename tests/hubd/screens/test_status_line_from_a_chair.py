"""Issue 35, point 4: the status line read from a chair (6 mm: 43 px at 800x480, 67 px at
720x1280) on every screen that has one: the play screen (with an entry's choices, the Menu, an
undo's notice), the round end (who went out, a blocked round and why, a round of a game that
keeps the scores only) and the scores-only screen, at a table of eight with long names, in
every language. The 800x480 round end drew its status at 34-37 px beside Undo, and the
portrait one at 51-53 px where a name or a blocked round took the room.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from screens_loop import SIZES, shown
from table_walk import walk

from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.scripted_games import blocked_game, scores_only_game
from hubd.text.i18n import available_languages

CHAIR_PX = {(800, 480): 43, (720, 1280): 67}
#: The screens a status line stands on.
WITH_A_STATUS = ("play", "choices", "menu", "undo notice", "round end", "keypad")


def frames(size: tuple[int, int], language: str) -> Iterator[tuple[str, list[Widget]]]:
    for frame in walk(8, size, language):
        if frame.label.startswith(WITH_A_STATUS):
            yield frame.label, frame.widgets
    scores_only = scores_only_game()
    for label, game, screen in (("blocked round end", blocked_game(), "round_end"),
                                ("scores only", scores_only, "scores_mode"),
                                ("scores only, round end", scores_only, "round_end")):  # fmt: skip
        ui, ctx = shown(game, screen, size, language)
        yield label, ui.layout(ctx, 0.0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_every_status_line_is_read_from_a_chair(size: tuple[int, int], language: str) -> None:
    found = []
    for label, widgets in frames(size, language):
        status = [w for w in widgets if w.role == "status"]
        if len(status) != 1:
            found.append(f"{label}: {len(status)} status lines")
            continue
        (line,) = status
        if line.size < CHAIR_PX[size] or line.truncated:
            found.append(f"{label}: {line.lines} at {line.size} px, cut {line.truncated}")
    assert not found, "\n".join(found)
