"""The status line in Hebrew (issue 35's family game by touch): a Latin name and the numbers
after it read in the line's order, the name first (rightmost), then its colon, then the
numbers: "Ben: 3 ..." came out with the 3 glued to the name's left-to-right run."""

from __future__ import annotations

from pathlib import Path

import pytest
from screens_loop import SIZES, shown

from engine import Game
from engine.log import apply_lines
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.shots.screenshots import tap_widget
from hubd.text import i18n
from hubd.text.wording import status_text

LOG = Path(__file__).parents[2] / "helpers" / "family_touch_game.jsonl"
HEBREW = i18n.load("he")


def reads_name_first(text: str, name: str) -> bool:
    """``text`` shown right to left starts (at its right end) with ``name`` and what the
    template puts right after it (a colon or a word), never with a number."""
    shown_line = HEBREW.visual(text).replace(i18n.RIGHT_TO_LEFT_MARK, "").rstrip()
    shown_name = HEBREW.visual(name)
    return shown_line.endswith(shown_name) or shown_line.endswith(f":{shown_name}")


def game_upto(count: int) -> Game:
    game = Game()
    lines = LOG.read_text(encoding="utf-8").splitlines()
    assert apply_lines(game, lines[:count]) is None
    return game


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_status_line_of_the_family_game_reads_the_name_first(size: tuple[int, int]) -> None:
    """At every turn of the family game: the status line as it stands, then after a first
    number ("Ben: 3 and which number?"), then while an end is chosen ("Ben: 2-8 on which
    end?"), each read from the right with the player's name first."""
    lines = LOG.read_text(encoding="utf-8").splitlines()
    seen: set[str] = set()
    for count in range(3, len(lines) + 1, 3):
        game = game_upto(count)
        state = game.state
        if not state.in_round or state.current_player is None or state.rules is None:
            continue
        player = state.current_player
        ui, ctx = shown(game, "play", size, "he")
        status = [w for w in ui.layout(ctx, 0.0) if w.key == "status"]
        texts = [" ".join(status[0].lines)]
        usable = ui.screens["play"].entry.usable(state)  # type: ignore[attr-defined]
        first = next((n for n, why in usable.items() if why is None), None)
        if first is not None:
            tap_widget(ui, ctx, f"half:{first}")
            texts += [" ".join(w.lines) for w in ui.layout(ctx, 0.0) if w.key == "status"]
        for text in texts:
            assert reads_name_first(text, player), (count, HEBREW.visual(text))
            seen.add(text.split(i18n.RIGHT_TO_LEFT_MARK, 1)[-1][:6])
    assert len(seen) >= 3  # more than one kind of status line was read


@pytest.mark.parametrize("name", ["Ben", "Maria-Helena", "Ян", "בן"])
def test_every_kind_of_status_line_in_hebrew_keeps_the_name_apart(name: str) -> None:
    """Each status template with a number or a tile after the name, whatever the name's
    script: a foot's toes, the opening's arms, a drawn tile."""
    game = game_upto(7)  # the 7-7's foot is open: "Ben: 3 toes on the 7-7"
    state = game.state
    assert state.lock is not None
    renamed = {state.current_player: name}

    class Named:
        """The state with the player to play renamed (status_text reads only these)."""

        def __getattr__(self, field: str) -> object:
            value = getattr(state, field)
            return renamed.get(value, value) if field == "current_player" else value

    text = status_text(Named(), HEBREW.gettext, HEBREW.ngettext)  # type: ignore[arg-type]
    assert any(ch.isdigit() for ch in text)
    assert reads_name_first(text, name), HEBREW.visual(text)
    for template, values in (
        ("{player}: {n} and which number?", {"n": 3}),
        ("{player}: {tile} on which end?", {"tile": "2-8"}),
        ("{player}: start an arm ({done} of {arms})", {"done": 2, "arms": 4}),
    ):
        line = HEBREW.gettext(template).format(player=name, **values)
        assert reads_name_first(line, name), HEBREW.visual(line)


@pytest.mark.parametrize("name", ["Margaret", "Maria-Helena Pereira", "Ana María"])
def test_a_latin_name_cut_in_hebrew_keeps_its_ellipsis_at_its_end(name: str) -> None:
    """A Latin name cut in a right-to-left screen: the ellipsis, a neutral mark, took the
    line's order and stood before the name ("…Ma")."""
    measure = TextMeasure()
    for width in (60, 90, 140):
        cut = measure.shorten(name, width, 32, False)
        shown_line = HEBREW.visual(cut).replace("\u200e", "")
        assert shown_line.endswith("…") and name.startswith(shown_line[:-1]), shown_line
