"""Portrait's hands strip: a long name borrows the room a short one beside it leaves (and the
captions' column, empty on the names' line), so it is cut only where its row truly cannot
hold every name on it (a Portuguese family of three: "Vovó M…" over a 183 px column beside
"Ana" and "João", with 300 px to spare on the line)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from screen_texts import LANGUAGES
from screens_loop import shown

from engine import Game, NewGame, StartRound
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.widgets import Widget

SIZE = (720, 1280)
NAME_PX = 50  # 4.5 mm
APART = NAME_PX // 2
#: Families as they write themselves: one long name among short ones, and several long.
FAMILIES = (
    ("Vovó Maria", "Ana", "João", "Ben", "Dee", "Tom", "Olek", "Jo"),
    ("Grandma Rosa", "Ben", "Maria-Helena", "Aleksandra", "Bartholomew", "Dee", "Tom", "Olek"),
)
MEASURE = TextMeasure()


@pytest.mark.parametrize("family", range(len(FAMILIES)))
@pytest.mark.parametrize("players", range(2, 9))
def test_a_name_is_whole_where_its_row_holds_every_name(players: int, family: int) -> None:
    names = FAMILIES[family][:players]
    for opener in (names[0], names[-1]):  # the long name's player's turn, and not
        game = Game.from_events([NewGame(names, {}), StartRound(opener)])
        for language in LANGUAGES:
            ui, ctx = shown(game, "play", SIZE, language)
            drawn = [w for w in ui.layout(ctx, 0.0) if w.key.startswith("name:")]
            assert len(drawn) == players
            for row in {w.rect.y for w in drawn}:
                on_row = [w for w in drawn if w.rect.y == row]
                room = SIZE[0] - 32  # the strip's line, less its edges
                whole = {w.key: names[int(w.key.split(":")[1])] for w in on_row}
                # each name bold, and half an em from the next: not one name of many words
                needs = sum(MEASURE.width(whole[w.key], NAME_PX, True) + APART for w in on_row)
                if needs > room:
                    continue  # truly out of room: a name may be cut, or drawn narrower
                cut = [w.lines for w in on_row if w.lines != (whole[w.key],)]
                assert not cut, (language, players, opener, cut)


def test_two_names_on_a_row_stand_apart() -> None:
    """Half an em at least between two names' letters ("Tom Vovó Maria" read as one)."""
    names = ("Ana", "Grandma Rosa", "Ben", "Dee", "Tom", "Vovó Maria")
    game = Game.from_events([NewGame(names, {}), StartRound(names[1])])
    ui, ctx = shown(game, "play", SIZE, "en")
    drawn = sorted((w for w in ui.layout(ctx, 0.0) if w.key.startswith("name:")),
                   key=lambda w: (w.rect.y, w.rect.x))  # fmt: skip
    for left, right in pairwise(drawn):
        if left.rect.y != right.rect.y:
            continue
        ink_right = left.rect.centerx + drawn_width(left) / 2
        ink_left = right.rect.centerx - drawn_width(right) / 2
        assert ink_left - ink_right >= APART - 1, (left.text, right.text)


def drawn_width(widget: Widget) -> float:
    """A centred one-line label's letters' width as drawn."""
    return MEASURE.width(widget.lines[0], widget.size, widget.bold) * widget.squeeze
