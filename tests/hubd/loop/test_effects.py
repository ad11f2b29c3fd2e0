"""The effects of a change of state, decided without a speaker or a light."""

from __future__ import annotations

from engine import Game, NewGame, Play, StartRound, Undo
from hubd.loop.effects import EffectState, effects, light_pulses
from hubd.screens.shots.sequence import SEQUENCE, sequence_game


def step(game_steps: int) -> tuple[EffectState, EffectState, object, Game]:
    before = sequence_game(game_steps - 1)
    after = sequence_game(game_steps)
    return (
        EffectState.of(before.state),
        EffectState.of(after.state),
        SEQUENCE[game_steps - 1],
        after,
    )


def test_a_double_cackles_and_the_third_toe_is_the_release() -> None:
    before, after, event, game = step(6)  # Ana's 4-4: a chicken foot
    assert isinstance(event, Play) and event.tile.is_double
    assert effects(before, after, event, scores_only=False).sounds == ("cackle",)
    assert light_pulses(game.state)
    before, after, event, game = step(9)  # the third toe
    assert effects(before, after, event, scores_only=False).sounds == ("released",)
    assert not light_pulses(game.state)


def test_an_undo_is_quiet() -> None:
    before, after, _event, _game = step(6)
    assert effects(after, before, Undo(), scores_only=False).sounds == ()


def test_a_toe_in_score_keeper_mode_clicks_and_flashes_the_toes_owed() -> None:
    from engine.events import FootOpened, Toe

    players = ("Ana", "Ben")
    game = Game.from_events([NewGame(players, {"mode": "scores"}), StartRound("Ana")])
    start = EffectState.of(game.state)
    game.apply(FootOpened())
    opened = EffectState.of(game.state)
    assert effects(start, opened, FootOpened(), scores_only=True).sounds == ("cackle",)
    game.apply(Toe())
    toe = EffectState.of(game.state)
    chosen = effects(opened, toe, Toe(), scores_only=True)
    assert chosen.sounds == ("tap",) and chosen.flash == 2
