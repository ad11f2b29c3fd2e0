"""Which end a tile went on, in words a family uses (hubd/text/plain_words.py), when another
end needed the same number: in the last entry line, said aloud, on the phones' page, with the
placed tile ringed on the map for a few seconds. Why a round is blocked:
tests/hubd/text/test_blocked_words.py."""

from __future__ import annotations

import pygame
import pytest
from engine_helpers import run, started
from layout_checks import problems
from screen_texts import LANGUAGES, SIZES, said_after, tr

from engine import GameState, Play, Tile, Undo, dump_line
from hubd.screens import Ui
from hubd.screens.entry import entry_keys
from hubd.screens.frames import MARK_TIME
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.widgets import Widget
from hubd.screens.shots.log_layout import frames
from hubd.speech.words import Words
from hubd.text import i18n
from hubd.text.labels import line_labels, named_on_the_map
from hubd.text.plain_words import (
    choice_words,
    entry_words,
    placed_words,
    shares_number,
)
from hubd.text.wording import describe_event, describe_undo, line_words, toe_words
from hubd.values.intents import Submit

# -- which end, said plainly -------------------------------------------------------------------

#: Four arms needing 4 (A), 6 (B), 3 (C) and 2 (D); a foot on 4-4 whose second toe needs a 6.
FOOT_ON_A = (
    "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
    "Ana 4-4 on 9-4", "Ben 4-1 on 4-4", "Cy 4-6 on 4-4", "Dee 4-0 on 4-4",
)  # fmt: skip


def played(*steps: str) -> tuple[GameState, Play]:
    game = run(started(), *steps)
    last = game.last_effective
    assert isinstance(last, Play)
    return game.state, last


def entry(state: GameState, play: Play, language: str = "en") -> str:
    assert state.table is not None
    return entry_words(play, state, line_labels(state.table), tr(language))


def test_an_end_whose_number_no_other_end_needs_keeps_the_short_words() -> None:
    state, play = played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
                         "Ana 4-5 on 9-4")  # fmt: skip
    assert not shares_number(play, state)
    assert entry(state, play) == "Last: Ana played 4-5 on arm A"


def test_an_arm_is_named_with_the_tile_it_follows() -> None:
    state, play = played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
                         "Ana 4-3 on 9-4", "Ben 3-5 on 4-3")  # fmt: skip
    assert shares_number(play, state)  # arm C's 9-3 needed a 3 too
    assert entry(state, play) == "Last: Ben played 3-5 on arm A, after the 4-3"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_arm_the_map_shows_no_letter_for_is_named_by_its_tile_in_every_line(
    language: str,
) -> None:
    """An arm whose letter the map does not show (its label blanked: named_on_the_map) is
    named by the tile it follows in the last entry, its short forms and the undo notice, or
    by the hub where the tile started it: never "arm" with no letter."""
    words = tr(language)
    state, play = played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
                         "Ana 4-5 on 9-4")  # fmt: skip
    assert state.table is not None and not shares_number(play, state)
    no_letters = named_on_the_map(line_labels(state.table), ())
    by_tile = words("the arm after the {tile}").format(tile="9-4")
    assert by_tile in entry_words(play, state, no_letters, words)
    assert by_tile in describe_event(play, words, no_letters, brief=True)
    assert by_tile in describe_undo(play, words, no_letters)
    state, play = played("Ana 9-4 on 9-9")
    assert state.table is not None
    no_letters = named_on_the_map(line_labels(state.table), ())
    hub = words("the hub {tile}").format(tile="9-9")
    assert hub in describe_undo(play, words, no_letters)


def test_a_place_follows_portugueses_no_without_an_article_of_its_own() -> None:
    """Portuguese says where a tile went with "no" (em + o): "jogou 8-0 no braço depois da
    2-8", never "no o braço" (each place's wording bare, as "braço A" is)."""
    words = tr("pt")
    places = [
        words("the arm after the {tile}").format(tile="9-4"),
        words("arm {arm}, after the {tile}").format(arm="A", tile="9-4"),
        words("the hub {tile}").format(tile="9-9"),
        line_words("A", words),
        toe_words(Tile(4, 4), 1, words),
    ]
    assert not [place for place in places if place.startswith(("o ", "a "))], places


def test_a_toe_is_named_by_its_foot_and_its_place_in_play_order() -> None:
    state, play = played(*FOOT_ON_A, "Ana 6-5 on 4-6")  # arm B's 9-6 needed a 6 too
    assert entry(state, play) == "Last: Ana played 6-5 on the 4-4's second toe"
    state, play = played(*FOOT_ON_A, "Ana 6-5 on 4-6", "Ben 1-5 on 4-1", "Cy 5-3 on 6-5")
    assert entry(state, play) == (  # the first toe's 1-5 needed a 5 too
        "Last: Cy played 5-3 on the 4-4's second toe, after the 6-5"
    )
    state, play = played(*FOOT_ON_A, "Ana 1-2 on 4-1")  # arm D's 9-2... needs a 2, this a 1
    assert not shares_number(play, state)


def test_toes_of_the_foot_itself_and_the_hub_are_never_ambiguous() -> None:
    state, play = played(*FOOT_ON_A[:6])  # a toe: the foot was the only place open
    assert not shares_number(play, state)
    state, play = played("Ana 9-4 on 9-9")  # the opening: only the hub
    assert not shares_number(play, state)
    assert placed_words(play, state, {}, tr("en")) is None


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_the_end_is_named_in_every_language(language: str) -> None:
    cases = [
        played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
               "Ana 4-3 on 9-4", "Ben 3-5 on 4-3"),
        played(*FOOT_ON_A, "Ana 6-5 on 4-6"),
        played(*FOOT_ON_A, "Ana 6-5 on 4-6", "Ben 1-5 on 4-1", "Cy 5-3 on 6-5"),
    ]  # fmt: skip
    for state, play in cases:
        text, english = entry(state, play, language), entry(state, play)
        assert state.table is not None
        shown = play.tile.shown(state.table.placed[play.on].end)  # as it lies: 3-5 on the 4-3
        assert text != english and "{" not in text
        assert play.player in text and shown in text, text
    toe = entry(*cases[1], language)
    assert tr(language)("second toe") in toe and "4-4" in toe
    assert "A" in entry(*cases[0], language) and "4-3" in entry(*cases[0], language)


def ambiguous_ui(size: tuple[int, int] = (800, 480)) -> tuple[Ui, UiContext, Play]:
    game = run(started(), "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9",
               "Dee 9-2 on 9-9", "Ana 4-3 on 9-4", "Ben 3-5 on 4-3")  # fmt: skip
    last = game.last_effective
    assert isinstance(last, Play)
    pygame.display.init()
    ui = Ui(size)
    ctx = UiContext(state=game.state, last_entry=last)
    ui.state_changed(ctx)
    ui.show_screen("play")
    return ui, ctx, last


def by_key(widgets: list[Widget], key: str) -> list[Widget]:
    return [w for w in widgets if w.key == key]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_placed_tiles_end_is_ringed_for_a_few_seconds(size: tuple[int, int]) -> None:
    ui, ctx, play = ambiguous_ui(size)
    ui.mark_entry(play, 50.0)
    widgets = ui.layout(ctx, 50.0)
    (ring,) = by_key(widgets, "mark:3-5")
    (tile,) = by_key(widgets, "end:3-5")  # the end that lies on it now
    assert ring.role == "mark" and not ring.tappable
    assert ring.rect.contains(tile.rect) or ring.rect.colliderect(tile.rect)
    # Portrait's two lines leave out "Last:" (hubd/text/plain_words.py entry_choices).
    words = by_key(widgets, "last_entry")[0].text
    assert words.removeprefix("Last: ") == "Ben played 3-5 on arm A, after the 4-3", words
    plain = Ui(size)  # the same frame without the ring: the ring adds no problem of its own
    plain.state_changed(ctx)
    plain.show_screen("play")
    before = set(problems(plain, plain.layout(ctx, 50.0), official=True))
    assert set(problems(ui, widgets, official=True)) <= before
    assert ui.next_deadline() == 50.0 + MARK_TIME  # the frame is drawn again when it goes
    assert by_key(ui.layout(ctx, 50.0 + MARK_TIME - 0.1), "mark:3-5")
    assert not by_key(ui.layout(ctx, 50.0 + MARK_TIME), "mark:3-5")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_while_an_entry_asks_for_an_end_its_choices_are_the_only_rings(
    size: tuple[int, int],
) -> None:
    """A quick next player: the tile laid a moment ago is still marked when the next tile's
    numbers are tapped, and its ring, drawn as the choices' are, read as one choice more."""
    ui, ctx, play = ambiguous_ui(size)
    ui.mark_entry(play, 50.0)
    assert by_key(ui.layout(ctx, 50.0), "mark:3-5")
    for key in entry_keys(ctx.state, Tile(5, 6), Tile(3, 5))[:2]:  # Cy's 5-6: arm A or B
        (target,) = [w for w in ui.layout(ctx, 50.5) if w.key == key and w.tappable]
        ui.tap(target.rect.center, ctx, 50.5)
        if key == "half:5":  # the first number tapped: no ring but those of this entry
            assert not by_key(ui.layout(ctx, 50.6), "mark:3-5")
    widgets = ui.layout(ctx, 51.0)
    assert {w.key for w in widgets if w.key.startswith("choice:")} >= {"choice:3-5", "choice:6-9"}
    rings = {w.key for w in widgets if w.role == "mark"}
    assert rings == {"mark:end:3-5", "mark:end:6-9"}


def test_an_unambiguous_play_is_not_ringed_and_an_undo_takes_the_ring_away() -> None:
    ui, ctx, play = ambiguous_ui()
    ui.mark_entry(Undo(), 50.0)
    assert not by_key(ui.layout(ctx, 50.0), "mark:3-5")
    state, plain = played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
                          "Ana 4-5 on 9-4")  # fmt: skip
    plain_ctx = UiContext(state=state, last_entry=plain)
    ui.state_changed(plain_ctx)
    ui.mark_entry(plain, 50.0)
    assert not by_key(ui.layout(plain_ctx, 50.0), "mark:4-5")
    ui, ctx, play = ambiguous_ui()
    ui.mark_entry(play, 50.0)
    assert by_key(ui.layout(ctx, 50.0), "mark:3-5")
    ctx.last_entry = Play("Ana", Tile(4, 3), Tile(9, 4))  # the undo took the 3-5 back
    ui.state_changed(ctx)
    assert not by_key(ui.layout(ctx, 50.1), "mark:3-5")


def test_undo_stays_one_tap_while_the_tile_is_ringed() -> None:
    ui, ctx, play = ambiguous_ui()
    ui.mark_entry(play, 50.0)
    (undo,) = [w for w in ui.layout(ctx, 50.0) if w.key == "undo" and w.tappable]
    intents = ui.tap(undo.rect.center, ctx, 50.5)
    assert [type(i) for i in intents] == [Submit]
    assert isinstance(intents[0], Submit) and isinstance(intents[0].event, Undo)


# -- said aloud ---------------------------------------------------------------------------------


def test_the_hub_says_where_the_tile_went_when_the_number_was_shared() -> None:
    game = run(started(), *FOOT_ON_A, "Ana 6-5 on 4-6", "Ben 1-5 on 4-1")
    assert said_after(game, "Cy 5-3 on 6-5") == [
        "Cy played 5 3 on the 4 4's second toe, after the 6 5"
    ]
    assert said_after(game, "Dee 2-1 on 9-2") == []  # a 2 only arm D needed: nothing to say
    game = run(started(), *FOOT_ON_A)
    assert said_after(game, "Ana 6-5 on 4-6", "he") == ["Ana: שש חמש על האצבע השנייה של ארבע ארבע"]


def test_hubd_layout_shows_the_ring_after_the_line_that_laid_the_tile() -> None:
    game = run(
        started(),
        "Ana 9-4 on 9-9",
        "Ben 9-6 on 9-9",
        "Cy 9-3 on 9-9",
        "Dee 9-2 on 9-9",
        "Ana 4-3 on 9-4",
        "Ben 3-5 on 4-3",
        "undo",
        "Ben 3-5 on 4-3",
        "Cy 6-1 on 9-6",
    )
    lines = [dump_line(event) for event in game.log]
    marks = [
        [(w["key"], w["role"]) for w in frame["widgets"] if w["key"].startswith("mark:")]
        for frame in frames(lines, (800, 480))
        if isinstance(frame, dict)
    ]
    ringed = [("mark:3-5", "mark")]
    assert marks == [[]] * 7 + [ringed, [], ringed, []]


def test_the_phones_page_names_the_end_as_the_hub_does() -> None:
    from hubd.values.snapshot import Snapshot
    from hubd.web.page_data import page_data, whole_tiles

    state, play = played("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9",
                         "Ana 4-3 on 9-4", "Ben 3-5 on 4-3")  # fmt: skip
    snap = Snapshot(version=1, game_id=1, state=state, last_entry=play)
    game = page_data(snap, "en", "2026-12-01")["game"]
    # The hub's words, each tile kept whole and left to right on the page.
    assert game["last"] == whole_tiles("Last: Ben played 3-5 on arm A, after the 4-3")
    assert "\u20663\u20115\u2069" in game["last"]


@pytest.mark.parametrize("language", i18n.available_languages())
def test_a_toe_is_worded_one_way_everywhere(language: str) -> None:
    """The 4-4's second toe (issue 35's family game heard it three ways): the same words in
    the choice offered, the last entry line, the undo notice and what the hub says."""
    game = run(started(), *FOOT_ON_A)
    table = game.state.table
    assert table is not None
    words = tr(language)
    toe = toe_words(Tile(4, 4), 1, words)
    place = next(p for p in game.state.places_for(Tile(5, 6)) if p.tile == Tile(4, 6))
    labels = line_labels(table)
    offered = {choice_words(place, table, labels, words, short) for short in (False, True)}
    assert offered == {toe}
    said = said_after(game, "Ana 6-5 on 4-6", language)  # Ana plays it: arm B needed a 6 too
    state, play = game.state, game.last_effective
    assert isinstance(play, Play) and state.table is not None
    assert toe in entry(state, play, language)
    assert toe in describe_undo(play, words, line_labels(state.table))
    voice = Words(i18n.load(language))
    assert said == [voice.spoken(placed_words(play, state, {}, voice.tr) or "")]
    assert voice.spoken(toe_words(Tile(4, 4), 1, voice.tr)) in said[0]
