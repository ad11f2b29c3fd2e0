"""The order and the cuts of what the hub says: the news is heard first and not cut in its first
1.5 s by an entry that leaves it as it was, a phrase made untrue stops, a phrase asked for again
is never restarted (a restart is heard as a click), a refusal repeated is said once, and a
change of voice, speed or volume is heard in a short sample."""

from __future__ import annotations

import pytest

from engine import Draw, Game, NewGame, Pass, Play, StartRound, Tile
from engine.refusals import NothingToUndo
from hubd.speech.fakes import FakeRenderer, RecordingPlayer, silent_wav
from hubd.speech.narrator import NEWS_HOLD_S, Narrator
from hubd.speech.output import HubSpeech
from hubd.speech.phrases import Outline
from hubd.text import i18n

T = Tile.parse


class Long(FakeRenderer):
    """Every phrase lasts 3 s, like a long lock phrase."""

    def render(self, text: str, language: str, rate: int) -> bytes:
        super().render(text, language, rate)
        return silent_wav(3.0)


def speech() -> tuple[HubSpeech, RecordingPlayer]:
    player = RecordingPlayer()
    return HubSpeech(Long(), player, threaded=False, lengths={"cackle": 0.8}), player


def heard(player: RecordingPlayer) -> list[str]:
    return [text for text, _volume in player.played]


def test_a_phrase_that_leaves_the_news_waits_for_the_held_one() -> None:
    out, player = speech()
    out.say("Double 4: 3 toes to go.", "en", 0.0, hold=NEWS_HOLD_S)
    out.tick(0.0)
    stops = player.stops
    out.say("Ben's turn.", "en", 0.5, urgent=False)
    assert player.stops == stops  # not cut
    out.tick(1.0)
    assert heard(player) == ["Double 4: 3 toes to go."]
    assert out.next_deadline() == pytest.approx(NEWS_HOLD_S)
    out.tick(NEWS_HOLD_S)
    assert heard(player) == ["Double 4: 3 toes to go.", "Ben's turn."]


def test_the_news_not_yet_heard_is_kept_before_the_phrase_after_it() -> None:
    out, player = speech()
    out.say("Double 4: 3 toes to go.", "en", 0.0, ("cackle",), hold=NEWS_HOLD_S)
    out.say("Ben's turn.", "en", 0.1, urgent=False)  # during the cackle
    for t in (0.5, 1.0, 2.0, 2.5, 3.0, 5.0):
        out.tick(t)
    assert heard(player) == ["Double 4: 3 toes to go.", "Ben's turn."]


def test_an_entry_that_changes_the_news_cuts_it_at_once() -> None:
    out, player = speech()
    out.say("Double 4: 3 toes to go.", "en", 0.0, hold=NEWS_HOLD_S)
    out.tick(0.0)
    stops = player.stops
    out.say("Double 4: 2 toes to go.", "en", 0.4)
    assert player.stops == stops + 1
    out.tick(0.4)
    assert heard(player)[-1] == "Double 4: 2 toes to go."


def test_after_its_hold_the_news_may_be_cut() -> None:
    out, player = speech()
    out.say("Double 4: 3 toes to go.", "en", 0.0, hold=NEWS_HOLD_S)
    out.tick(0.0)
    out.say("Ben's turn.", "en", 2.0, urgent=False)
    out.tick(2.0)
    assert heard(player)[-1] == "Ben's turn."


def test_a_phrase_asked_for_again_is_not_restarted() -> None:
    out, player = speech()
    out.say("Ben cannot draw.", "en", 0.0)
    out.tick(0.0)
    stops = player.stops
    for n in range(50):  # a loop retrying the same entry: one phrase, no clicks
        out.say("Ben cannot draw.", "en", 0.01 * n)
        out.tick(0.01 * n)
    assert heard(player) == ["Ben cannot draw."] and player.stops == stops
    out.say("Ben cannot draw.", "en", 3.5)  # over: asked again, it is said again
    out.tick(3.5)
    assert heard(player) == ["Ben cannot draw."] * 2


# -- the narrator -----------------------------------------------------------------------------


class Settings:
    language = "en"
    volume = 80
    muted = False
    speech = True
    speech_turns = True
    speech_refusals = True
    speech_rate = 160
    speech_volume = 100


def narrated() -> tuple[Narrator, HubSpeech, RecordingPlayer, Game, Settings]:
    out, player = speech()
    settings = Settings()
    narrator = Narrator(out, settings, lambda: i18n.load(settings.language))
    game = Game.from_events([
        NewGame(("Ana", "Ben", "Cy"), {"preset": "classic"}), StartRound("Ana"),
        Play("Ana", T("9-4"), T("9-9")), Play("Ben", T("9-5"), T("9-9")),
        Play("Cy", T("9-6"), T("9-9")),
    ])  # fmt: skip
    return narrator, out, player, game, settings


def enter(narrator: Narrator, game: Game, event: object, now: float) -> None:
    before = Outline.of(game.state)
    game.apply(event)  # type: ignore[arg-type]
    narrator.after_event(before, game.state, event, now, ())  # type: ignore[arg-type]


def test_a_draw_and_a_pass_after_the_lock_let_the_news_be_heard() -> None:
    narrator, out, player, game, _ = narrated()
    enter(narrator, game, Play("Ana", T("4-4"), T("9-4")), 0.0)
    out.tick(0.0)
    enter(narrator, game, Draw("Ben"), 0.3)  # nothing new: the phrase goes on
    enter(narrator, game, Pass("Ben"), 0.6)  # whose turn only: it waits for the hold
    for t in (0.6, 1.0, NEWS_HOLD_S, 2.0):
        out.tick(t)
    assert heard(player) == ["Double 4: 3 toes to go. Ben's turn.", "Cy's turn."]


def test_with_turns_off_a_pass_lets_the_foot_finish_and_a_toe_says_the_new_count() -> None:
    narrator, out, player, game, settings = narrated()
    settings.speech_turns = False
    enter(narrator, game, Play("Ana", T("4-4"), T("9-4")), 0.0)
    out.tick(0.0)
    stops = player.stops
    enter(narrator, game, Draw("Ben"), 0.3)
    enter(narrator, game, Pass("Ben"), 0.6)
    assert player.stops == stops  # still true: not cut
    enter(narrator, game, Play("Cy", T("4-1"), T("4-4")), 0.9)
    out.tick(0.9)
    assert player.stops == stops + 1
    assert heard(player) == ["Double 4: 3 toes to go.", "Double 4: 2 toes to go."]


def test_a_refusal_repeated_is_said_once() -> None:
    narrator, out, player, _game, _ = narrated()
    for n in range(240):
        narrator.refused(NothingToUndo(begun=False), 0.01 * n)
        out.tick(0.01 * n)
    out.tick(10.0)
    assert heard(player) == ["There is nothing to undo."]
    assert len(out._renderer.rendered) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("key", "value"), [("speech_rate", 200), ("speech_volume", 60), ("language", "pt"),
                       ("volume", 40)],
)  # fmt: skip
def test_a_change_of_voice_speed_or_volume_says_a_sample(key: str, value: object) -> None:
    narrator, out, player, _game, settings = narrated()
    narrator.apply_settings(0.0)  # nothing changed: nothing said
    out.tick(0.0)
    assert heard(player) == []
    setattr(settings, key, value)
    narrator.apply_settings(1.0)
    out.tick(1.0)
    sample = "Duplo 6: faltam 3 dedos." if key == "language" else "Double 6: 3 toes to go."
    assert heard(player) == [sample]
    assert out._renderer.rendered[-1][2] == settings.speech_rate  # type: ignore[attr-defined]
    assert player.played[-1][1] == pytest.approx(settings.volume / 100 * settings.speech_volume
                                                 / 100)  # fmt: skip


def test_speech_volume_at_full_plays_at_the_sounds_level() -> None:
    narrator, out, player, _game, settings = narrated()
    settings.volume, settings.speech_volume = 100, 100
    narrator.apply_settings(0.0)
    out.tick(0.0)
    assert player.played[-1][1] == 1.0
