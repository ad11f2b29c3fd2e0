"""Render every screen in every language at both screen sizes from a scripted game.

``python -m hubd.screens.shots.screenshots [out_dir]`` writes
``build/screenshots/<lang>/<WxH>/<shot>.png`` with SDL's dummy video driver. The same scripted
shots feed tests/hubd/screens/test_layout_every_screen.py, so the pictures and the layout checks see
the same frames.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import EndRound, Event, FootOpened, Game, NewGame, Play, StartRound, Tile, Toe
from hubd.screens.entry import entry_keys
from hubd.screens.kit.context import UiContext
from hubd.screens.shots.log_layout import layout_record
from hubd.screens.shots.scripted_games import (
    PLAYERS,
    blocked_game,
    double_twelve_game,
    eight_players_game,
    history,
    locked_game,
    long_sheet_game,
    moved_on_game,
    open_table_game,
    round_over_game,
    scored_game,
    scores_only_game,
    shared_end_game,
)
from hubd.screens.shots.sequence import SEQUENCE, hub_picker_game, sequence_game
from hubd.screens.ui import Ui
from hubd.text import i18n
from hubd.values.intents import ScreenName

SIZES: tuple[tuple[int, int], ...] = ((800, 480), (720, 1280))
KNOWN = ("Ana", "Ben", "Chen", "Dee", "Maria-Helena", "Olek", "Tamar", "Putu", "Kadri")


def _ring_last(ui: Ui, ctx: UiContext) -> None:
    """The main loop's mark on the tile just laid (it shows for a few seconds)."""
    if ctx.last_entry is not None:
        ui.mark_entry(ctx.last_entry, 0.0)


@dataclass(frozen=True)
class Shot:
    """One scripted frame: a name and how to set the Ui and context up for it."""

    name: str
    prepare: Callable[[Ui, UiContext], None]


def _with(game: Game | None, screen: ScreenName, then: Callable[[Ui, UiContext], None] | None = None
          ) -> Callable[[Ui, UiContext], None]:  # fmt: skip
    def prepare(ui: Ui, ctx: UiContext) -> None:
        ctx.state = game.state if game is not None else None
        ctx.last_entry = game.last_effective if game is not None else None
        ui.state_changed(ctx)
        ui.show_screen(screen)
        if then is not None:
            then(ui, ctx)

    return prepare


def _club(tab: str) -> Callable[[Ui, UiContext], None]:
    """The Club screen's ``tab`` on the club night guide's sample night (a table still playing on
    the standings)."""

    def then(ui: Ui, ctx: UiContext) -> None:
        from hubd.screens.club import ClubScreen
        from hubd.screens.shots.club_pictures import sample_state

        ctx.club = sample_state(playing=tab == "standings")
        screen = ui.screens["club"]
        assert isinstance(screen, ClubScreen)
        screen.tab = tab
        ui.state_changed(ctx)

    return then


def _tap_key(key: str) -> Callable[[Ui, UiContext], None]:
    """Tap the widget with ``key`` in the current frame."""

    def then(ui: Ui, ctx: UiContext) -> None:
        tap_widget(ui, ctx, key)

    return then


def _speech_page(ui: Ui, ctx: UiContext) -> None:
    """Tap through to the speech settings: the bar's button, or portrait's section."""
    tap_widget(ui, ctx, "bar:0" if ui.size[0] >= ui.size[1] else "setting:speech")


def _no_speech(problem: str) -> Callable[[Ui, UiContext], None]:
    """The hub cannot speak, for ``problem`` (see hubd.speech)."""

    def then(ui: Ui, ctx: UiContext) -> None:
        ctx.speech_problem = problem

    return then


def _steps(*steps: Callable[[Ui, UiContext], None]) -> Callable[[Ui, UiContext], None]:
    def then(ui: Ui, ctx: UiContext) -> None:
        for step in steps:
            step(ui, ctx)

    return then


def tap_widget(ui: Ui, ctx: UiContext, key: str, now: float = 0.0) -> list[object]:
    for widget in ui.layout(ctx, now):
        if widget.key == key and widget.action is not None:
            return list(ui.tap(widget.rect.center, ctx, now))
    raise KeyError(f"no tappable widget {key!r} on {ui.current}")


def _seats(ui: Ui, ctx: UiContext) -> None:
    from hubd.screens.setup import NewGameScreen

    screen = ui.screens["new_game"]
    assert isinstance(screen, NewGameScreen)
    screen.seats = ["Ana", "Ben", "Maria-Helena"]


def _tab(name: str) -> Callable[[Ui, UiContext], None]:
    return _steps(_seats, _tap_key(f"tab:{name}"))


def _type(text: str) -> Callable[[Ui, UiContext], None]:
    def then(ui: Ui, ctx: UiContext) -> None:
        from hubd.screens.setup import Keyboard

        assert isinstance(ui.overlay, Keyboard)
        ui.overlay.text = text

    return then


def _refusal(ui: Ui, ctx: UiContext) -> None:
    """A touch on the pad's 9 while the foot on 4-4 waits for its last toe (the 9-4 is down)."""
    tap_widget(ui, ctx, "half:9")


def _notice(ui: Ui, ctx: UiContext) -> None:
    from engine import Play

    ui.layout(ctx, 0)  # the map as it was drawn, so the notice can name the toe
    ui.show_undone(Play("Chen", Tile(4, 6), Tile(4, 4)), 0)


def _pick(ui: Ui, ctx: UiContext) -> None:
    """The first number of a play on the pad: the one the first open end needs."""
    state = ctx.state
    assert state is not None
    tap_widget(ui, ctx, f"half:{state.open_places()[0].end}")


def _choices(ui: Ui, ctx: UiContext) -> None:
    """A tile that fits two or more ends, its two numbers tapped: the choice of end."""
    state = ctx.state
    assert state is not None and state.rules is not None
    highest = state.rules.highest
    tiles = (Tile(a, b) for a in range(highest + 1) for b in range(a, highest + 1))
    tile = next(t for t in tiles if len(state.places_for(t)) > 1)
    for key in entry_keys(state, tile, state.places_for(tile)[0].tile)[:2]:
        tap_widget(ui, ctx, key)


def _doubles(ui: Ui, ctx: UiContext) -> None:
    ui.open_double_picker([Tile(0, 0), Tile(3, 3), Tile(5, 5)])


def _undid(*events: Event) -> Callable[[Ui, UiContext], None]:
    """The notice of ``events`` undone in a row (a double press undoes two at once)."""

    def then(ui: Ui, ctx: UiContext) -> None:
        ui.layout(ctx, 0)
        for event in events:
            ui.show_undone(event, 0)

    return then


def shots() -> list[Shot]:
    """Every scripted frame the screenshots and the layout test cover."""
    locked = locked_game()
    spread = open_table_game()
    twelve = double_twelve_game()
    over = round_over_game()
    scored = scored_game()
    finished = scored_game(rounds=2, scored=2)
    opening = Game.from_events(
        [NewGame(PLAYERS, {"rounds": 3}), StartRound("Ana"), Play("Ana", Tile(4, 9), Tile(9, 9))]
    )
    fresh = Game.from_events([NewGame(PLAYERS, {"preset": "hub", "rounds": 2})])
    classic = Game.from_events([NewGame(PLAYERS, {"rounds": 2})])  # the double set aside
    ten = scored_game(rounds=10, scored=10)  # double-9: rounds 9-9 down to 0-0
    keeper = scores_only_game()
    keeper_foot = scores_only_game(FootOpened(), Toe())
    hub_picker = _tap_key("half:9")
    sequence = [
        Shot(f"play_sequence_{step:02d}", _with(sequence_game(step), "play"))
        for step in range(1, len(SEQUENCE) + 1)
    ]
    return [
        *sequence,
        Shot("picker_early", _with(hub_picker_game(1), "play", hub_picker)),
        Shot("picker_late", _with(hub_picker_game(3), "play", hub_picker)),
        Shot("new_game", _with(None, "new_game", _seats)),
        Shot("new_game_rules", _with(None, "new_game", _tab("rules"))),
        Shot("new_game_options", _with(None, "new_game", _tab("options"))),
        Shot("new_game_keyboard", _with(None, "new_game",
                                        _steps(_seats, _tap_key("keyboard"), _type("Kad")))),
        Shot("round_start", _with(fresh, "round_start")),
        Shot("round_start_search", _with(fresh, "round_start", _steps(
            _tap_key("start:search"), _tap_key("player:Ben"), _tap_key("player:Chen"),
            _tap_key("player:Chen")))),
        Shot("round_start_classic", _with(classic, "round_start")),
        Shot("play_opening", _with(opening, "play")),
        Shot("play", _with(locked, "play")),
        Shot("play_table", _with(spread, "play")),
        Shot("play_picker", _with(spread, "play", _pick)),
        Shot("play_choices", _with(spread, "play", _choices)),
        Shot("play_choices12", _with(twelve, "play", _choices)),
        Shot("play_double12", _with(twelve, "play")),
        Shot("play_picker12", _with(twelve, "play", _pick)),
        Shot("play_refused", _with(locked, "play", _refusal)),
        Shot("play_undo_notice", _with(locked, "play", _notice)),
        Shot("play_menu", _with(locked, "play", _tap_key("menu"))),
        Shot("play_doubles", _with(spread, "play", _doubles)),
        # Issue 35: the whole table a tap on the map away, an entry's choices ringed on it.
        Shot("whole_table", _with(spread, "play", _tap_key("map:tap"))),
        Shot("whole_table_choices", _with(twelve, "play", _steps(_choices, _tap_key("map:tap")))),
        Shot("round_end", _with(over, "round_end", _steps(_tap_key("pad:1"), _tap_key("pad:2")))),
        Shot("round_end_tiles", _with(over, "round_end", _tap_key("mode:tiles"))),
        Shot("round_end_blocked", _with(blocked_game(), "round_end")),
        Shot("play_shared_end", _with(shared_end_game(), "play", _ring_last)),
        Shot("scores", _with(scored, "scores")),
        Shot("game_over", _with(finished, "game_over")),
        Shot("scores_10_rounds", _with(ten, "scores")),
        Shot("history", _with(scored, "history")),
        Shot("history_players", _with(scored, "history", _tap_key("bar:1"))),
        Shot("history_sheet", _with(scored, "history", _tap_key("history:game:12"))),
        Shot("scores_amend_round", _with(scored, "scores", _tap_key("bar:0"))),
        Shot("scores_amend", _with(scored, "scores", _steps(
            _tap_key("bar:0"), _tap_key("amend:round:1"), _tap_key("amend:Ben"),
            _tap_key("amend:key:3")))),
        Shot("round_end_next", _with(over, "round_end", _steps(
            _tap_key("pad:1"), _tap_key("pad:2"), _tap_key("pad:ok")))),
        Shot("scores_mode", _with(keeper, "scores_mode")),
        Shot("scores_mode_foot", _with(keeper_foot, "scores_mode")),
        Shot("scores_mode_round_end", _with(keeper, "round_end", _steps(
            _tap_key("pad:1"), _tap_key("pad:7"), _tap_key("pad:ok")))),
        Shot("settings", _with(scored, "settings")),
        Shot("settings_speech", _with(scored, "settings", _speech_page)),
        Shot("settings_speech_dfplayer", _with(scored, "settings", _steps(
            _no_speech("dfplayer"), _speech_page))),
        # Issue 21: a club night of three tables (hubd/screens/shots/club_pictures.py).
        Shot("club", _with(None, "club", _club("standings"))),
        Shot("club_seating", _with(None, "club", _club("seating"))),
        Shot("club_night", _with(None, "club", _club("night"))),
        Shot("club_hubs", _with(None, "club", _club("hubs"))),
        # Issue 16: a full table, a long sheet, a complete foot, undos, the Rules tab's modes.
        Shot("play_eight", _with(eight_players_game(), "play")),
        Shot("play_moved_on", _with(moved_on_game(), "play")),
        Shot("scores_eight_13_rounds", _with(long_sheet_game(), "scores")),
        Shot("scores_undo_notice", _with(scored, "scores", _undid(EndRound({})))),
        Shot("scores_mode_foot_done", _with(scores_only_game(FootOpened(), *[Toe()] * 3),
                                            "scores_mode")),
        Shot("scores_mode_undid_two", _with(keeper_foot, "scores_mode", _undid(Toe(), Toe()))),
        Shot("new_game_rules_scores", _with(None, "new_game", _steps(
            _seats, _tap_key("tab:rules"), _tap_key("mode:scores")))),
    ]  # fmt: skip


def context(language: str) -> UiContext:
    records, stats = history()
    return UiContext(known_players=KNOWN, history=records, stats=stats, language=language)


def render_all(out: Path, languages: list[str] | None = None) -> list[Path]:
    import pygame

    pygame.display.init()
    pygame.font.init()
    written: list[Path] = []
    for language in languages or i18n.available_languages():
        for size in SIZES:
            folder = out / language / f"{size[0]}x{size[1]}"
            folder.mkdir(parents=True, exist_ok=True)
            for shot in shots():
                ui = Ui(size)
                ctx = context(language)
                ui.set_language(language)
                shot.prepare(ui, ctx)
                surface = pygame.Surface(size)
                ui.render(surface, ctx, 1.0)
                path = folder / f"{shot.name}.png"
                pygame.image.save(surface, str(path))
                record = layout_record(shot.name, size, ui.layout(ctx, 1.0))
                layout = folder / f"{shot.name}.layout.json"
                layout.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n")
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    parser = argparse.ArgumentParser(prog="python -m hubd.screens.shots.screenshots",
                                     description=__doc__.splitlines()[0])  # fmt: skip
    parser.add_argument("out", nargs="?", type=Path, default=Path("build/screenshots"),
                        help="the folder to write to (default: build/screenshots)")  # fmt: skip
    out: Path = parser.parse_args(argv).out
    written = render_all(out)
    print(f"wrote {len(written)} screenshots under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
