"""Why a round is blocked, in words a family uses (hubd/text/plain_words.py): the engine's
reason in every language, on the round end in one line that still fits, and said aloud. Which
end a tile went on: tests/hubd/text/test_which_end_words.py."""

from __future__ import annotations

import functools
import re

import pygame
import pytest
from engine_helpers import ALL_FOURS_DOWN, FOUR_NUMBERS_GONE, THREE_FOURS_OPEN, run, started
from layout_checks import problems
from screen_texts import LANGUAGES, SIZES, TWO, said_after, tr

from engine import Game, GameState, RoundEnd
from engine.simulate import Simulator
from hubd.screens import Ui
from hubd.screens.kit.context import UiContext
from hubd.speech.words import Words
from hubd.text import i18n
from hubd.text.plain_words import (
    block_text,
)


def first_blocked(players: int, preset: str = "classic", kind: str | None = None) -> GameState:
    """The first blocked round (of ``kind``) in seeded random games: a real crowded table."""
    for seed in range(200):
        played = Simulator(players, {"preset": preset}, seed, check=False).play_game()
        game = Game()
        for event in played.log:
            game.apply(event)
            block = game.state.block
            if block is not None and (kind is None or block.kind == kind):
                return game.state
    raise AssertionError(f"no blocked round with {players} players")  # pragma: no cover


@functools.cache
def blocked() -> dict[str, GameState]:
    """Every kind of block: a foot, one number, four numbers, passes; 2, 5 and 8 players."""
    return {
        "foot": run(started(TWO, hub_arms=1), *ALL_FOURS_DOWN, "Ben 4-4 on 8-4").state,
        "one number": run(started(TWO, hub_arms=1), *THREE_FOURS_OPEN).state,
        "four numbers": run(started(TWO, hub_arms=2, hand_size=26), *FOUR_NUMBERS_GONE).state,
        "passes": run(started(TWO, hand_size=26), "Ana passes", "Ben passes").state,
        "yard empty": run(
            started(TWO, search_draws={"Ana": 2}, preset="hub", hand_size=26),
            *("Ben 9-4 on 9-9", "Ana passes", "Ben passes"),
        ).state,
        "five players": first_blocked(5, "four-arm"),
        "eight players, foot": first_blocked(8, kind="foot"),
        "eight players, passes": first_blocked(8, kind="passes"),
    }


ENGLISH = {
    "foot": "Every 4 is on the table, so the 4-4 can never get its toes",
    "one number": "Every 4 is on the table, so no end can be played",
    "four numbers": "Every tile with 2, 3, 6 or 9 is on the table, so no end can be played",
    "passes": "Everyone passed with the chicken yard at its reserve of 2",
    "yard empty": "Everyone passed and the chicken yard is empty",
}


@pytest.mark.parametrize("name", list(ENGLISH))
def test_the_reason_in_english_is_the_engines(name: str) -> None:
    block = blocked()[name].block
    assert block is not None
    assert block_text(block, tr("en")) == ENGLISH[name]
    assert block.message == ENGLISH[name][0].lower() + ENGLISH[name][1:]


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_reason_is_translated_with_its_numbers(language: str) -> None:
    for name, state in blocked().items():
        block = state.block
        assert block is not None
        text = block_text(block, tr(language))
        assert text != block_text(block, tr("en")), f"{language} {name}: still English"
        assert "{" not in text and "}" not in text
        said = block.numbers if block.kind != "passes" else (block.yard,) if block.yard else ()
        for number in said:
            assert re.search(rf"\b{number}\b", text), f"{language} {name}: {number} missing"
        if block.double is not None and block.kind == "foot":
            assert str(block.double) in text


def test_the_numbers_are_joined_in_the_language() -> None:
    block = blocked()["four numbers"].block
    assert block is not None
    assert "2, 3, 6 або 9" in block_text(block, tr("uk"))
    assert "2, 3, 6 או 9" in block_text(block, tr("he"))
    assert "2, 3, 6 ou 9" in block_text(block, tr("pt"))


def test_a_broken_translation_falls_back_to_the_engines_english() -> None:
    block = blocked()["foot"].block
    assert block is not None
    broken = {block.template: "every {nombre} is down"}
    assert block_text(block, lambda text: broken.get(text, text)) == ENGLISH["foot"]


def frame(state: GameState, language: str, size: tuple[int, int], screen: str) -> Ui:
    pygame.display.init()
    ui = Ui(size)
    ctx = UiContext(state=state, language=language)
    ui.set_language(language)
    ui.state_changed(ctx)
    ui.show_screen(screen)
    ui.layout(ctx, 1.0)
    return ui


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_round_end_says_why_in_one_line_and_still_fits(
    language: str, size: tuple[int, int]
) -> None:
    found = []
    for name, state in blocked().items():
        ui = frame(state, language, size, "round_end")
        widgets = ui.layout(UiContext(state=state, language=language), 1.0)
        # The same hands ended by agreement: the reason may add no problem of its own.
        agreed = state.copy()
        agreed.round_end = RoundEnd.AGREED
        plain = frame(agreed, language, size, "round_end")
        widgets_before = plain.layout(UiContext(state=agreed, language=language), 1.0)
        before = set(problems(plain, widgets_before, official=True))
        assert state.block is not None
        clause = block_text(state.block, tr(language), sentence=False)
        reasons = [w for w in widgets if clause in w.text or clause[1:] in w.text]
        assert len(reasons) == 1, name
        assert reasons[0].key == "round_end:reason" and reasons[0].role == "reason"
        # A line of its own under the title ("Round 1 is blocked", a status at 6 mm).
        assert reasons[0].text == block_text(state.block, tr(language))
        assert len(reasons[0].lines) <= 3, f"{name}: {reasons[0].lines}"
        found += [f"{name}: {p}" for p in problems(ui, widgets, official=True) if p not in before]
    assert not found, "\n".join(found)


def test_no_reason_when_the_round_was_not_blocked() -> None:
    out = run(started(TWO, hand_size=1), "Ana 9-4 on 9-9").state
    assert out.round_end is RoundEnd.OUT
    ui = frame(out, "en", (800, 480), "round_end")
    assert not any(w.key == "round_end:reason" for w in ui.layout(UiContext(state=out), 1.0))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hub_says_why_a_round_is_blocked(language: str) -> None:
    game = run(started(TWO, hub_arms=1), *ALL_FOURS_DOWN)
    said = said_after(game, "Ben 4-4 on 8-4", language)
    words = Words(i18n.load(language))
    block = game.state.block
    assert block is not None
    assert said[-1] == words.spoken(block_text(block, words.tr))
    assert said[-2] == words.tr("Blocked: round {n} is over").format(n=words.round(1))
    if language == "en":
        assert said[-1] == "Every 4 is on the table, so the 4 4 can never get its toes"
    if language == "he":  # the voice reads no digits in Hebrew: numbers in words
        assert not re.search(r"\d", said[-1]) and "ארבע" in said[-1]
