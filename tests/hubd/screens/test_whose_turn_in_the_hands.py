"""Issue 35, point 4, in the play screen's hands at 800x480: five to eight players late in a
crowded four-arm double-15 round, each player's turn in turn, in every language. A family must
tell whose hand is whose and whose turn the highlight shows: at eight players, Maria-Helena's
turn showed "Ana Ben C… Dee M…" over "Olek Tamar Putu Yard", her highlight on "M…" (a row of
five cells, the yard's among them). No name is cut to fewer than three letters, the current
player's keeps the most its row can give, and every number stands at 6 mm."""

from __future__ import annotations

import pytest
from hand_tables import crowded_turns, play_screen, shown

from hubd.screens.shots.log_layout import TABLE_NAMES
from hubd.text.i18n import available_languages


@pytest.mark.parametrize("language", available_languages())
def test_whose_turn_it_is_and_whose_hand_is_whose_read_at_every_table(language: str) -> None:
    found = []
    for players in range(5, 9):
        for game in crowded_turns(players):
            _ui, drawn = play_screen(game, language, (800, 480))
            widgets = {w.key: w for w in drawn}
            current = game.state.current
            for seat, name in enumerate(TABLE_NAMES[:players]):
                label, count = widgets[f"name:{seat}"], widgets[f"count:{seat}"]
                text = shown(label)
                where = f"{players} players, {TABLE_NAMES[current]}'s turn: {name!r} as {text!r}"
                assert label.size >= 32 and count.size >= 43, where
                if text == name:
                    continue
                kept = len(text.split("…")[0])
                # Five to seven of these names stand whole; at eight, Maria-Helena's is cut
                # (her row's three other names whole, each over its count), to "Maria…" on
                # her turn, never under three letters.
                if players < 8 or name != "Maria-Helena" or kept < 3 + 2 * (seat == current):
                    found.append(where)
            assert widgets["count:yard"].size >= 43
    assert not found, "\n".join(found)
