"""Issue 35, point 4 in the play screen's hands, five to eight players, six languages, both
sizes: a name is cut only where the space truly cannot hold it. Where a row of names (800x480:
a row of cells, a name over its count; 720x1280: the strip's row) holds every name on it drawn
as narrow as a label may be, none is cut (portrait's "Олекс…" in 175 px beside "Бабуся
Оксана" and "Іван", 25 px to spare on the line: the boundaries between neighbours moved
locally left the third name short). Where a name is cut, its first word alone is shown
instead if it fits and no one else's name begins with it ("Vovó", not "Vovó C…")."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hand_tables import FAMILIES, cut, moments, play_screen

from engine import Game
from hubd.screens import Ui, UiContext
from hubd.screens.hand_rows import called_by_first_word
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.widgets import MIN_SQUEEZE, Widget
from hubd.screens.play_room import play_room
from hubd.text.i18n import available_languages

SIZES = [(800, 480), (720, 1280)]
NAME_PX = {(800, 480): 32, (720, 1280): 50}
MEASURE = TextMeasure()


def tables(
    language: str, size: tuple[int, int]
) -> Iterator[tuple[int, tuple[str, ...], Ui, Game, list[Widget], dict[str, int]]]:
    """The play screen at each moment of the family's tables of five to eight players: how
    many, their names, the Ui, the game, the names drawn, and how wide each one's cell is
    (its count's box), by its key."""
    for players in range(5, 9):
        names = FAMILIES[language][:players]
        for game in moments(names):
            ui, widgets = play_screen(game, language, size)
            drawn = [w for w in widgets if w.key.startswith("name:")]
            cells = {f"name:{w.key[6:]}": w.rect.w for w in widgets if w.key.startswith("count:")}
            yield players, names, ui, game, drawn, cells


def narrowest(text: str, size: int) -> float:
    return MEASURE.width(text, size, False) * MIN_SQUEEZE


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", available_languages())
def test_a_name_is_cut_only_where_its_row_cannot_hold_it(
    language: str, size: tuple[int, int]
) -> None:
    name_px, found = NAME_PX[size], []
    for players, names, ui, game, drawn, cells in tables(language, size):
        hands = play_room(Builder(ui.measure, size, ui.translator), game.state).hands
        for row in sorted({w.rect.y for w in drawn}):
            on_row = [w for w in drawn if w.rect.y == row]
            whole = [names[int(w.key.split(":")[1])] for w in on_row]
            if size[0] > size[1]:  # cells: their names' boxes and sides, each cell at least
                # the narrowest on the row (it holds a count of two digits)
                floor = min(cells[w.key] for w in on_row)
                needs = sum(max(floor, narrowest(name, name_px) + 1 + cells[w.key] - w.rect.w)
                            for name, w in zip(whole, on_row, strict=True))  # fmt: skip
                room = sum(cells[w.key] for w in on_row)
            else:  # the strip's line, less its edges; names half an em apart
                needs = sum(narrowest(name, name_px) + 1 for name in whole)
                needs += name_px // 2 * (len(on_row) - 1)
                room = hands.w - 8
            for widget, name in zip(on_row, whole, strict=True):
                where = f"{players} players, {name!r} drawn {widget.lines} in {widget.rect.w}"
                if cut(widget) and needs <= room:
                    found.append(f"{where}: the row holds {whole} ({needs:.0f} of {room})")
                seat = int(widget.key.split(":")[1])
                first = called_by_first_word(names, seat)
                if cut(widget) and first and narrowest(first, name_px) <= widget.rect.w:
                    found.append(f"{where}: {first!r} would stand whole")
    assert not found, "\n".join(found)


def test_the_first_word_is_a_name_only_where_no_one_else_has_it() -> None:
    table = ("Grandma Rosa", "Grandpa Joe", "Grandma Lu", "Ben", "Tio Sebastião")
    assert called_by_first_word(table, 0) == ""  # Grandma Lu is "Grandma" too
    assert called_by_first_word(table, 1) == "Grandpa"
    assert called_by_first_word(table, 3) == ""  # one word: nothing shorter to call him
    assert called_by_first_word(table, 4) == "Tio"


@pytest.mark.parametrize("language", available_languages())
def test_score_keepers_totals_call_a_name_by_its_first_word_before_cutting_it(
    language: str,
) -> None:
    """Score-keeper mode's totals at 800x480, five players: "Grandm…" beside its total, where
    "Grandma" stands whole."""
    from engine import NewGame, StartRound

    pygame.display.init()
    names = ("Grandma Rosa", "Ben", "Cleo", "Maria-Helena", "Dee")
    game = Game.from_events([NewGame(names, {"mode": "scores"}), StartRound(names[0])])
    ui = Ui((800, 480))
    ui.set_language(language)
    ctx = UiContext(state=game.state, language=language)
    ui.state_changed(ctx)
    ui.show_screen("scores_mode")
    shown = {w.key: w.lines for w in ui.layout(ctx, 0.0) if w.key.startswith("name:")}
    assert [lines for lines in shown.values() if any("…" in line for line in lines)] == []
    assert shown["name:0"][0].strip("\u200e\u200f") in {"Grandma", "Grandma Rosa"}


@pytest.mark.parametrize("language", available_languages())
def test_a_row_that_cannot_hold_its_names_keeps_the_most_of_them_whole(language: str) -> None:
    """800x480, five to eight players: where a row of cells cannot hold every name on it,
    no name is cut that could stand whole (or by the first word it is called by) beside the
    ones that do while each name cut keeps its first three letters: names narrowed alike
    were all cut where one could stand whole ("Пет…" beside "Дід" and "Оля", seven
    players; "Петро" now whole)."""
    found = []
    for players, names, _ui, _game, drawn, cells in tables(language, (800, 480)):
        for row in sorted({w.rect.y for w in drawn}):
            on_row = [w for w in drawn if w.rect.y == row]
            room, floor = sum(cells[w.key] for w in on_row), min(cells[w.key] for w in on_row)
            sides = {w.key: cells[w.key] - w.rect.w for w in on_row}
            whole = sum(max(floor, shown_least(w, names) + sides[w.key])
                        for w in on_row if not cut(w))  # fmt: skip
            lost = [w for w in on_row if cut(w)]
            for widget in lost:
                others = sum(max(floor, three_letters(w, names) + sides[w.key])
                             for w in lost if w != widget)  # fmt: skip
                if whole + shown_least(widget, names) + sides[widget.key] + others <= room:
                    shown = [w.lines for w in on_row]
                    found.append(f"{players} players: {widget.lines} would stand whole "
                                     f"in {shown}")  # fmt: skip
    assert not found, "\n".join(found)


def shown_least(widget: Widget, names: tuple[str, ...]) -> float:
    """The least a name's box may be for it to stand whole, or by the first word it is
    called by."""
    seat = int(widget.key.split(":")[1])
    first = called_by_first_word(names, seat)
    return narrowest(first or names[seat], NAME_PX[(800, 480)]) + 1


def three_letters(widget: Widget, names: tuple[str, ...]) -> float:
    """The least a name's box may be for its first three letters to stand before the
    ellipsis."""
    name = names[int(widget.key.split(":")[1])]
    return narrowest(name[:3] + "…", NAME_PX[(800, 480)]) + 1


def test_names_that_cannot_stand_whole_share_their_room_above_their_floors() -> None:
    """No name of a row can stand whole: each cell keeps its floor (a count's two digits, the
    yard's word) where the row holds the floors, and they share the rest alike (was: the room
    shared alike, the yard's word cut to "Gali…" beside names cut anyway)."""
    from hubd.screens.hand_rows import most_whole

    widths = most_whole([250, 250, 250], [50, 50, 150], 300)
    assert sum(widths) == 300 and all(w >= f for w, f in zip(widths, [50, 50, 150], strict=True))
    assert most_whole([200, 200], [250, 250], 300) == [150, 150]  # floors past the room: alike


def test_a_name_stands_whole_where_the_others_called_by_their_first_words_leave_it_room() -> None:
    """800x480, the Indonesian family of six late in its round, Wahyuningsih's turn: "Wahy…"
    under her highlight beside "Om" and "Eka", the yard a cell beside them, where the rows
    were chosen by what "Om Bambang" whole beside "Wahy…" lost with no one's turn; with "Om"
    (his first word) the row holds "Wahyuningsih" whole, and the yard takes a line of its
    own."""
    names = FAMILIES["id"][:6]
    late = moments(names)[1]
    assert names[late.state.current] == "Wahyuningsih"
    _ui, widgets = play_screen(late, "id", (800, 480))
    drawn = {w.key: w for w in widgets}
    assert not cut(drawn["name:3"]), drawn["name:3"].lines
    assert drawn["name:4"].lines[0].strip("\u200e\u200f") == "Om"
    assert not any(cut(w) for w in widgets if w.key.startswith("name:"))
