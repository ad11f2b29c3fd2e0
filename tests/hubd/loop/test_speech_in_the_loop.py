"""Speech in the main loop (mock pins, fake clock): cackle first, then the words; the latest
state only; silent when muted or switched off; the loop never waits for a phrase."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

import threading
from collections.abc import Iterator

import pygame
import pytest
from hub_harness import Hub, hub, start_two_player_game  # noqa: F401 - the fixture

from hubd.config.loading import HubConfig
from hubd.config.settings import Settings
from hubd.speech import NO_ESPEAK, NoSpeech, Speech
from hubd.speech.fakes import FakeRenderer, FakeSpeech, RecordingPlayer
from hubd.speech.output import GAP_S, HubSpeech
from hubd.values.intents import SayStatus

CACKLE = 1.0  # how long the fake speech takes the cackle to be


def with_speech(hub: Hub, speech: Speech) -> None:
    """The hub's speech output replaced (the loop and its narrator use the new one)."""
    hub.app.devices.speech = speech
    hub.app.core.narrator.speech = speech
    hub.app.core.narrator.apply_settings()


@pytest.fixture
def speech(hub: Hub) -> Iterator[FakeSpeech]:
    fake = FakeSpeech(lengths={"cackle": CACKLE, "released": 0.5, "out": 1.5, "game_over": 2.0})
    with_speech(hub, fake)
    yield fake
    fake.close()


def settle(hub: Hub, seconds: float = 5.0) -> None:
    """Let time pass and the loop run, as it would at the table."""
    hub.run()
    hub.wait(seconds)


def press(hub: Hub) -> None:
    """A short press of the hub button, then time for what follows."""
    hub.edge(True)
    hub.run()
    hub.edge(False, after=0.05)
    settle(hub)


def test_the_cackle_comes_first_then_the_foot_is_said(hub: Hub, speech: FakeSpeech) -> None:
    start_two_player_game(hub)
    settle(hub)
    speech.said.clear()
    now = hub.clock.now()
    assert hub.play("Ana", "4-4", "9-4")
    assert hub.speaker.played[-1] == "cackle"
    text, language, start = speech.said[-1]
    assert (text, language) == ("Double 4: 3 toes to go.", "en")
    assert start == pytest.approx(now + CACKLE + GAP_S)
    hub.run()
    assert speech.spoken == []  # the cackle is still playing
    hub.wait(CACKLE + GAP_S)
    assert speech.spoken == ["Double 4: 3 toes to go."]


def test_a_press_while_a_foot_is_open_says_the_toes_owed(hub: Hub, speech: FakeSpeech) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    hub.play("Ben", "4-1", "4-4")
    press(hub)
    assert hub.speaker.played[-1] == "cackle"
    assert speech.spoken[-1] == "Double 4: 2 toes to go."


def test_three_fast_entries_say_only_the_latest(hub: Hub, speech: FakeSpeech) -> None:
    hub.app.core.change_setting("speech_turns", True)
    start_two_player_game(hub)  # four entries, no loop turn between them
    settle(hub)
    assert len(speech.said) == 3  # the new game itself says nothing
    assert speech.spoken == ["Ana's turn."]
    assert [text for text, _, _ in speech.renderer.rendered] == ["Ana's turn."]


def test_the_third_toe_and_the_end_of_the_round(hub: Hub, speech: FakeSpeech) -> None:
    start_two_player_game(hub)
    for player, tile, on in [("Ana", "4-4", "9-4"), ("Ben", "4-1", "4-4"),
                             ("Ana", "4-2", "4-4"), ("Ben", "4-3", "4-4")]:  # fmt: skip
        hub.play(player, tile, on)
    settle(hub)
    assert hub.speaker.played[-1] == "released"
    assert speech.spoken == ["The foot is complete."]


def test_no_speech_when_muted_by_the_hubs_hold(hub: Hub, speech: FakeSpeech) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    hub.edge(True)
    hub.run()
    hub.wait(3.1)  # the hold: mute
    hub.edge(False)
    settle(hub)
    assert hub.app.settings.muted
    said = len(speech.said)
    hub.play("Ben", "4-1", "4-4")
    press(hub)
    assert len(speech.said) == said and speech.spoken == []


def test_no_speech_when_switched_off(hub: Hub, speech: FakeSpeech) -> None:
    hub.app.core.change_setting("speech", False)
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    settle(hub)
    assert speech.said == [] and speech.spoken == []


def test_a_tap_on_the_status_line_says_it_again(hub: Hub, speech: FakeSpeech) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    settle(hub)
    hub.app.handle_intent(SayStatus())
    settle(hub)
    assert speech.spoken[-1] == "Double 4: 3 toes to go. Ben's turn."
    where = hub.app._find_widget("status")
    if where is None:
        pytest.skip("the play screen has no status line yet")
    pos = hub.app.display.to_physical(where)
    hub.app.handle_pygame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    settle(hub)
    assert len(speech.spoken) == 3


def test_a_refusal_is_said_when_asked_for(hub: Hub, speech: FakeSpeech) -> None:
    hub.app.core.change_setting("speech_refusals", True)
    hub.app.core.change_setting("language", "pt")
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    assert not hub.play("Ben", "5-2", "9-5")
    settle(hub)
    assert speech.spoken[-1] == (
        "Ben não pode jogar 5 2 no 9 5 enquanto o pé de galinha no 4 4 precisa de mais 3 dedos."
    )


def test_speech_settings_are_kept_and_followed(hub: Hub, speech: FakeSpeech) -> None:
    hub.app.core.change_setting("speech_rate", 130)
    hub.app.core.change_setting("speech_volume", 50)
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    settle(hub)
    assert speech.renderer.rendered[-1][2] == 130
    assert speech.player.played[-1][1] == pytest.approx(0.8 * 0.5)  # sounds at 80 %
    loaded = Settings.load(hub.app.core.data_folder, HubConfig())
    assert (loaded.speech_rate, loaded.speech_volume, loaded.speech) == (130, 50, True)


def test_speech_is_on_and_turns_and_refusals_off_by_default() -> None:
    settings = Settings.from_config(HubConfig())
    assert (settings.speech, settings.speech_turns, settings.speech_refusals) == (
        True, False, False,
    )  # fmt: skip


def test_without_espeak_the_hub_says_once_that_it_cannot_speak(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_speech(hub, NoSpeech(NO_ESPEAK))
    notices: list[str] = []
    monkeypatch.setattr(hub.app.ui, "show_notice", lambda text, now: notices.append(text))
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    hub.play("Ben", "4-1", "4-4")
    press(hub)
    assert notices == ["The hub cannot speak: espeak-ng is not installed"]
    assert hub.app.core.context().speech_problem == NO_ESPEAK


def test_the_loop_never_waits_for_a_phrase(hub: Hub) -> None:
    """Rendering is blocked (a slow Pi, a cold cache): the loop keeps stepping on the fake
    clock, the cackle plays at once, and the words come once the render is done."""
    release = threading.Event()
    threads: list[str] = []

    class Stuck(FakeRenderer):
        def render(self, text: str, language: str, rate: int) -> bytes:
            threads.append(threading.current_thread().name)
            assert release.wait(10)
            return super().render(text, language, rate)

    renderer, player = Stuck(), RecordingPlayer()
    speech = HubSpeech(renderer, player, lengths={"cackle": CACKLE})
    with_speech(hub, speech)
    try:
        start_two_player_game(hub)
        hub.play("Ana", "4-4", "9-4")
        assert hub.speaker.played[-1] == "cackle"
        for _ in range(50):
            hub.wait(0.1)
        assert player.played == []
        release.set()
        assert speech.wait_idle(10)
        hub.run()
    finally:
        speech.close()
    assert [text for text, _ in player.played] == ["Double 4: 3 toes to go."]
    assert threads == ["hubd-speech"]
