"""Speech: numbers and phrases in six languages, the SSML, the latest-only scheduling, and
every phrase rendered by espeak-ng to a WAV that is not silent and not absurdly long."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from engine import Draw, EndRound, Event, Game, HandPips, NewGame, Play, StartRound, Tile, Undo
from hubd.speech import phrases, ssml
from hubd.speech.fakes import FakeRenderer, RecordingPlayer, silent_wav
from hubd.speech.level import loudness, sound_dbfs
from hubd.speech.output import GAP_S, Clip, HubSpeech
from hubd.speech.phrases import Outline
from hubd.speech.render import EspeakRenderer, espeak_available, wav_seconds
from hubd.speech.samples import sample_texts
from hubd.speech.ssml import pronounce, readers, runs, to_ssml
from hubd.speech.words import Words, hebrew_number, hebrew_round
from hubd.text import i18n

LANGUAGES = i18n.available_languages()
T = Tile.parse
needs_espeak = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")


def words(language: str = "en") -> Words:
    return Words(i18n.load(language))


# -- numbers and words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (0, "אפס"),
        (1, "אחת"),
        (12, "שתים עשרה"),
        (21, "עשרים ואחת"),
        (100, "מאה"),
        (113, "מאה ושלוש עשרה"),
        (120, "מאה ועשרים"),
        (347, "שלוש מאות ארבעים ושבע"),
        (2005, "אלפיים וחמש"),
        (3400, "שלושת אלפים וארבע מאות"),
        (12345, "אחת שתיים שלוש ארבע חמש"),
    ],
)
def test_hebrew_numbers_are_words(n: int, said: str) -> None:
    assert hebrew_number(n) == said


def test_only_the_voice_that_needs_it_gets_numbers_in_words() -> None:
    assert words("en").number(14) == "14"
    assert words("he").number(14) == "ארבע עשרה"
    assert words("en").spoken("Ben cannot play 4-2 on 9-4") == "Ben cannot play 4 2 on 9 4"
    assert words("he").spoken("5-5, 2") == "חמש חמש, שתיים"
    assert words("pt").names(["Ana", "Ben", "Cy"]) == "Ana, Ben e Cy"


# -- the SSML ------------------------------------------------------------------------------


def test_a_name_in_another_script_is_read_by_that_scripts_voice() -> None:
    assert runs("Vez de Олена.") == [("latin", "Vez de "), ("cyrillic", "Олена.")]
    ssml = to_ssml("התור של Ben.", "he")
    assert '<voice name="en">Ben. </voice>' in ssml
    assert to_ssml("Ben's turn.", "en") == '<speak><voice name="en">Ben\'s turn. </voice></speak>'


def test_every_run_has_its_own_voice_and_numbers_go_to_the_tables_voice() -> None:
    """espeak-ng ignores a second xml:lang switch to a voice it has used, and keeps the inner
    voice's numbers after </voice>: each run is named, and digits never follow a name."""
    assert readers("Ana: 0, разом 0. Ben: 7, разом 7.", "uk") == [
        ("en", "Ana: "), ("uk", "0, разом 0. "), ("en", "Ben: "), ("uk", "7, разом 7."),
    ]  # fmt: skip
    ssml = to_ssml("Ana: 0. Олена: 2. Ben: 3.", "pt")
    assert ssml.count('<voice name="pt-br">') == 2 and ssml.count('<voice name="uk">') == 1
    assert "xml:lang" not in ssml


def test_a_players_name_cannot_inject_markup_or_phonemes() -> None:
    ssml = to_ssml("<b>&[[ha]]'s turn", "en")
    assert "<b>" not in ssml and "[[" not in ssml and "&amp;" in ssml


def test_every_hebrew_word_the_hub_says_has_a_pronunciation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """espeak-ng's Hebrew reads unpointed words without vowels: the lexicon spells each word
    of the phrases (only the players' names are left to the guess from their letters)."""
    monkeypatch.setattr(ssml, "name_phonemes", lambda word: None)
    hebrew = re.compile(r"[\u05d0-\u05ea]+")
    texts = [
        *(t for kind, t in sample_texts("he").items() if "names" not in kind),
        *(hebrew_number(n) for n in range(10_001)),
        *(hebrew_round(n) for n in range(1, 30)),
    ]
    unknown = {
        word
        for text in texts
        for word in hebrew.findall(re.sub(r"\[\[.*?\]\]", "", pronounce(text, "he")))
    }
    assert unknown == set()


# -- what is said ----------------------------------------------------------------------------


def _game() -> Game:
    return Game.from_events(
        [
            NewGame(("Ana", "Ben"), {"preset": "classic", "hand_size": 3, "rounds": 1}),
            StartRound("Ana"),
            Play("Ana", T("9-4"), T("9-9")),
            Play("Ben", T("9-5"), T("9-9")),
        ]
    )


def _after(game: Game, event: Event, turns: bool = False, language: str = "en") -> list[str]:
    before = Outline.of(game.state)
    game.apply(event)
    return phrases.after_event(before, game.state, event, words(language), turns=turns)


def test_a_foot_then_its_toes_then_the_end_of_the_round_and_the_scores() -> None:
    game = _game()
    assert _after(game, Play("Ana", T("4-4"), T("9-4"))) == ["double 4: 3 toes to go"]
    assert _after(game, Undo()) == []  # taking back is quiet, as the sounds are
    said = _after(game, Play("Ana", T("4-4"), T("9-4")), turns=True)
    assert said == ["double 4: 3 toes to go", "Ben's turn"]  # the news first
    assert _after(game, Draw("Ben"), turns=True) == []  # still Ben's turn: nothing new
    assert _after(game, Play("Ben", T("4-1"), T("4-4"))) == ["double 4: 2 toes to go"]
    assert _after(game, Play("Ana", T("4-2"), T("4-4"))) == ["Ana went out in round 1"]
    said = _after(game, EndRound({"Ana": (), "Ben": (T("3-3"), T("2-2"))}))
    assert said == ["Ana wins with 0 points!", "Ben: 10 points"]  # the winner first


def test_a_round_that_does_not_end_the_game_says_who_went_out_then_the_scores() -> None:
    game = Game.from_events([
        NewGame(("Ana", "Ben", "Cy"), {"mode": "scores", "rounds": 2}), StartRound("Ana"),
    ])  # fmt: skip
    said = _after(game, EndRound({"Ana": HandPips(8), "Ben": HandPips(0), "Cy": HandPips(1)}))
    assert said == ["Ben went out in round 1", "Scores for round 1", "Ana: 8, total 8",
                    "Ben: 0, total 0", "Cy: 1, total 1"]  # fmt: skip
    game.apply(StartRound("Ben"))
    said = _after(game, EndRound({"Ana": HandPips(0), "Ben": HandPips(5), "Cy": HandPips(1)}))
    # the winner and their total, then the others from the lowest total
    assert said == ["Cy wins with 2 points!", "Ben: 5 points", "Ana: 8 points"]


def test_the_double_blank_is_called_blank() -> None:
    assert phrases.lock(words(), T("0-0"), 3) == "double blank: 3 toes to go"
    assert phrases.lock(words("pt"), T("0-0"), 1) == "duplo branco: falta 1 dedo"
    assert phrases.lock(words("uk"), T("0-0"), 2) == "дубль пусто: ще 2 пальчики"
    assert phrases.lock(words("id"), T("0-0"), 2) == "balak kosong: kurang 2 jari"
    assert phrases.lock(words("et"), T("0-0"), 2) == "topelt tühi: veel 2 varvast"
    assert phrases.lock(words("he"), T("0-0"), 2) == "כפול ריק: עוד שתי אצבעות"


def test_the_third_toe_completes_the_foot() -> None:
    game = Game.from_events(
        [NewGame(("Ana", "Ben"), {"preset": "classic"}), StartRound("Ana"),
         Play("Ana", T("9-4"), T("9-9")), Play("Ben", T("9-5"), T("9-9")),
         Play("Ana", T("4-4"), T("9-4")), Play("Ben", T("4-1"), T("4-4")),
         Play("Ana", T("4-2"), T("4-4"))]
    )  # fmt: skip
    assert _after(game, Play("Ben", T("4-3"), T("4-4"))) == ["The foot is complete"]
    assert phrases.status(game.state, words()) == ["Ana's turn"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phrase_is_in_the_language_with_numbers_it_can_say(language: str) -> None:
    texts = sample_texts(language)
    assert len(set(texts.values())) == len(texts)  # every kind says something of its own
    if language != "en":  # translated: no English sentence left
        assert texts["foot_complete"] != "The foot is complete."
    if language == "he":
        assert not re.search(r"\d", " ".join(texts.values()))


def test_the_status_says_the_foot_and_whose_turn() -> None:
    game = _game()
    game.apply(Play("Ana", T("4-4"), T("9-4")))
    assert phrases.status(game.state, words("uk")) == ["дубль 4: ще 3 пальчики", "Ходить Ben"]
    assert phrases.status(None, words()) == []


# -- the scheduling: after the sound, the latest only ---------------------------------------


def _speech() -> tuple[HubSpeech, FakeRenderer, RecordingPlayer]:
    renderer, player = FakeRenderer(), RecordingPlayer()
    speech = HubSpeech(renderer, player, threaded=False, lengths={"cackle": 1.0})
    return speech, renderer, player


def test_speech_waits_for_the_cackle_to_end() -> None:
    speech, _, player = _speech()
    speech.say("Chicken foot", "en", 10.0, after=("cackle",))
    assert speech.next_deadline() == pytest.approx(11.0 + GAP_S)
    speech.tick(10.9)
    assert player.played == []
    speech.tick(11.0 + GAP_S)
    assert [text for text, _ in player.played] == ["Chicken foot"]
    assert speech.next_deadline() is None


def test_three_fast_phrases_say_only_the_latest() -> None:
    speech, renderer, player = _speech()
    for n in (1, 2, 3):
        speech.say(f"phrase {n}", "en", 10.0)
    speech.tick(10.0)
    speech.tick(20.0)
    assert [text for text, _ in player.played] == ["phrase 3"]
    assert [text for text, _, _ in renderer.rendered] == ["phrase 3"]  # 1 and 2: never made


def test_a_phrase_rendered_for_an_older_state_is_dropped() -> None:
    """The worker is busy with phrase 1 while 2 and 3 come: 2 is never made, 1 never played."""
    release, started = threading.Event(), threading.Event()

    class Slow(FakeRenderer):
        def render(self, text: str, language: str, rate: int) -> bytes:
            if text == "phrase 1":
                started.set()
                assert release.wait(10)
            return super().render(text, language, rate)

    renderer, player = Slow(), RecordingPlayer()
    speech = HubSpeech(renderer, player, lengths={})
    try:
        speech.say("phrase 1", "en", 0.0)
        assert started.wait(10)
        speech.say("phrase 2", "en", 0.0)
        speech.say("phrase 3", "en", 0.0)
        release.set()
        assert speech.wait_idle(10)
        speech.tick(1.0)
    finally:
        speech.close()
    assert [text for text, _ in player.played] == ["phrase 3"]
    assert [text for text, _, _ in renderer.rendered] == ["phrase 1", "phrase 3"]


def test_a_new_phrase_or_a_hush_cuts_the_one_playing() -> None:
    speech, _, player = _speech()
    speech.say("first", "en", 0.0)
    speech.tick(0.0)
    stops = player.stops
    speech.say("second", "en", 1.0)
    assert player.stops == stops + 1
    speech.hush()
    speech.tick(5.0)
    assert [text for text, _ in player.played] == ["first"]


def test_muted_speech_says_nothing_and_stops() -> None:
    speech, renderer, player = _speech()
    speech.say("waiting", "en", 0.0)
    speech.set_muted(True)
    speech.say("ignored", "en", 0.0)
    speech.tick(5.0)
    assert player.played == [] and renderer.rendered == []
    speech.set_muted(False)
    speech.set_volume(0.4)
    speech.say("back", "en", 5.0)
    speech.tick(5.0)
    assert player.played == [("back", 0.4)]


def test_a_failed_render_is_logged_once_and_speech_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Broken(FakeRenderer):
        def render(self, text: str, language: str, rate: int) -> bytes:
            from hubd.speech.render import SpeechError

            if text.startswith("bad"):
                raise SpeechError("espeak-ng -v xx made no sound: unknown voice")
            return super().render(text, language, rate)

    player = RecordingPlayer()
    speech = HubSpeech(Broken(), player, threaded=False, lengths={})
    for text in ("bad 1", "bad 2", "good"):
        speech.say(text, "xx", 0.0)
        speech.tick(0.0)
    assert [t for t, _ in player.played] == ["good"]
    assert len([r for r in caplog.records if "unknown voice" in r.message]) == 1


def test_the_mixer_player_plays_a_clip_on_its_reserved_channel() -> None:
    import pygame

    from hubd.speech.output import SPEECH_CHANNEL, MixerPlayer

    pygame.mixer.init()
    try:
        player = MixerPlayer()
        player.play(Clip("tone", silent_wav(0.5)), 0.5)
        assert pygame.mixer.Channel(SPEECH_CHANNEL).get_busy()
        assert pygame.mixer.find_channel() != pygame.mixer.Channel(SPEECH_CHANNEL)
        player.stop()
    finally:
        pygame.mixer.quit()


# -- espeak-ng: every phrase, every language -------------------------------------------------


@needs_espeak
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phrase_renders_to_a_wav_as_loud_as_the_cackle(language: str, tmp_path: Path) -> None:
    cackle = sound_dbfs()
    assert -16 < cackle < -11  # the cackle's file is there and measured
    renderer = EspeakRenderer(tmp_path / "cache")
    for kind, text in sample_texts(language).items():
        if "names" in kind:
            continue  # long: their words are checked by the phoneme tests
        wav = renderer.render(text, language, 160)
        seconds, rms, peak = loudness(wav)
        # Neither silent nor a voice stuck on one sound: from about 0.03 s to 0.25 s a letter.
        assert 0.5 <= seconds <= 0.25 * len(text) + 1, (kind, seconds, text)
        assert seconds >= 0.03 * len(text), (kind, seconds, text)
        assert abs(rms - cackle) <= 2.0, (kind, rms, cackle, text)  # within 2 dB of the cackle
        assert peak <= 0.0, (kind, peak)


@needs_espeak
def test_a_phrase_is_rendered_once_then_comes_from_the_cache(tmp_path: Path) -> None:
    renderer = EspeakRenderer(tmp_path / "cache")
    first = renderer.render("Ben's turn.", "en", 160)
    assert renderer.render("Ben's turn.", "en", 160) == first
    assert renderer.renders == 1
    renderer.render("Ben's turn.", "en", 200)  # another rate is another file
    renderer.render("Ben's turn.", "pt", 160)  # and another voice
    assert renderer.renders == 3
    assert len(list((tmp_path / "cache").glob("*.wav"))) == 3
    assert wav_seconds(renderer.render("Ben's turn.", "en", 200)) < wav_seconds(first)


@needs_espeak
def test_the_cache_keeps_only_the_newest_phrases(tmp_path: Path) -> None:
    renderer = EspeakRenderer(tmp_path / "cache", keep=3)
    for n in range(5):
        renderer.render(f"Round {n}.", "en", 160)
    assert len(list((tmp_path / "cache").glob("*.wav"))) == 3


def test_a_missing_espeak_is_a_clear_error(tmp_path: Path) -> None:
    from hubd.speech.render import SpeechError

    renderer = EspeakRenderer(tmp_path, command=str(tmp_path / "no-espeak-ng"))
    with pytest.raises(SpeechError, match="cannot run"):
        renderer.render("hello", "en", 160)
