"""What espeak-ng actually says (its phonemes, ``espeak-ng -x``): names in two scripts each read
whole by their own voice however often the voice switches, every number in the table's
language, and the grammar points each language gets wrong when said carelessly."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Tile
from hubd.speech import phrases
from hubd.speech.render import EspeakRenderer, espeak_available
from hubd.speech.samples import HEBREW_NAMES, sample_texts, scored, table
from hubd.speech.ssml import readers
from hubd.speech.words import Words
from hubd.text import i18n

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
LANGUAGES = i18n.available_languages()


@pytest.fixture(scope="module")
def espeak(tmp_path_factory: pytest.TempPathFactory) -> EspeakRenderer:
    return EspeakRenderer(Path(tmp_path_factory.mktemp("cache")))


def said(espeak: EspeakRenderer, text: str, language: str) -> list[str]:
    return espeak.phonemes(text, language).split()


def words(language: str) -> Words:
    return Words(i18n.load(language))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("names", ["table", "hebrew"])
def test_four_names_in_two_scripts_are_each_read_whole(
    espeak: EspeakRenderer, language: str, names: str
) -> None:
    """Each voice is switched to twice: every switch is honoured (espeak-ng ignored a second
    xml:lang switch to a voice it had used, and spelled the name letter by letter)."""
    four = table(language) if names == "table" else HEBREW_NAMES
    text = phrases.utterance(phrases.scores(words(language), scored(four, (0, 2, 118, 21))))
    tokens = said(espeak, text, language)
    for name in four:
        (reader, _), *_ = readers(name, language)
        alone = said(espeak, name, reader)
        assert len(alone) == 1, (name, alone)  # one word, not letters
        assert tokens.count(alone[0]) == 1, (name, alone, tokens)
    # The whole phrase is the pieces each voice says: no switch lost on the way.
    pieces = [t for reader, chunk in readers(text, language) for t in said(espeak, chunk, reader)]
    assert tokens == pieces


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_is_said_in_the_tables_language_whatever_name_is_before_it(
    espeak: EspeakRenderer, language: str
) -> None:
    w = words(language)
    four = table(language)
    text = phrases.utterance(phrases.scores(w, scored(four, (0, 2, 118, 21))))
    tokens = said(espeak, text, language)
    for n in (0, 2, 118, 21):
        number = said(espeak, w.number(n), language)
        at = [i for i in range(len(tokens)) if tokens[i : i + len(number)] == number]
        assert len(at) >= 2, (n, number, tokens)  # the score and the total
    if language != "en":  # no English number after a Latin name
        for english in ("z'i@roU", "t'u:", "w'0nh'VndrI2d@n"):
            assert english not in tokens, (english, tokens)


def test_hebrew_says_two_toes_and_the_first_round_correctly(espeak: EspeakRenderer) -> None:
    w = words("he")
    tokens = said(espeak, phrases.lock(w, Tile(5, 5), 2), "he")
    assert "St'ej" in tokens and "St'ajim" not in tokens  # שתי אצבעות, not שתיים אצבעות
    foot = said(espeak, phrases.foot(w, 2), "he")
    assert "St'ej" in foot
    texts = sample_texts("he")
    out = said(espeak, texts["out"], "he")
    assert "basib'uv" in out and "haQ\"iS'on" in out  # בסיבוב הראשון, not סיבוב אחת
    assert "?aX'at" not in out
    blocked = said(espeak, texts["blocked"], "he")
    assert blocked[:2] == ["Xas'um", "hasib'uv"]  # the news first: blocked


@pytest.mark.parametrize("language", ["he", "uk"])
def test_the_winner_and_who_went_out_are_gender_neutral(
    espeak: EspeakRenderer, language: str
) -> None:
    texts = sample_texts(language)
    spoken = " ".join(
        t for k in ("winner", "out", "shared_win") for t in said(espeak, texts[k], language)
    )
    for masculine in ("menats'eaX", "si'jem", "Xolk'im", "vij'Sov", "vijSov"):
        assert masculine not in spoken
    words_said = " ".join(texts[k] for k in ("winner", "out", "shared_win"))
    for marked in ("מנצח", "סיים", "חולקים", "вийшов", "вийшла"):
        assert marked not in words_said


def test_ukrainian_agreement_and_stress(espeak: EspeakRenderer) -> None:
    texts = sample_texts("uk")
    refusal = said(espeak, texts["refusal"], "uk")
    assert "dv'ox" in refusal and "dv'A" not in refusal[-3:]  # бракує ще двох пальчиків
    assert "p'AltS;iki" in said(espeak, texts["lock"], "uk")  # па́льчики
    assert "pirem'ohu" in said(espeak, texts["shared_win"], "uk")  # перемо́гу
    assert "b'Ali" in said(espeak, texts["scores"], "uk")  # ба́ли, not о́чки


@pytest.mark.parametrize(
    ("language", "blank"),
    [("en", "bl'aNk"), ("pt", "bR'&~NkU"), ("uk", "p'ustV"), ("id", "k'osoN"), ("he", "Q\"'ek"),
     ("et", "t'yhI1")],
)  # fmt: skip
def test_the_double_blank_is_said_as_players_say_it(
    espeak: EspeakRenderer, language: str, blank: str
) -> None:
    tokens = said(espeak, sample_texts(language)["double_blank"], language)
    assert blank in tokens, tokens


@pytest.mark.parametrize(
    ("name", "phonemes"),
    [("דנה", "dan'a"), ("נועה", "no'a"), ("דוד", "d'avid"), ("תמר", "tam'aQ\""),
     ("מיכל", "miX'al"), ("שָׁלוֹם", "Sal'om")],
)  # fmt: skip
def test_hebrew_script_names_keep_their_vowels(
    espeak: EspeakRenderer, name: str, phonemes: str
) -> None:
    for language in ("he", "en"):  # at a Hebrew table, and read by the Hebrew voice elsewhere
        text = phrases.utterance([phrases.turn(words(language), name)])
        assert phonemes in said(espeak, text, language)


def test_a_name_typed_as_it_sounds_is_said_that_way(espeak: EspeakRenderer) -> None:
    w = Words(i18n.load("en"), {"Siobhan": "Shivawn"})
    text = phrases.utterance([phrases.turn(w, "Siobhan")])
    assert text == "Shivawn's turn."
    refusal = phrases.refusal(w, "Siobhan cannot draw: the chicken yard is empty; pass instead")
    assert refusal[0].startswith("Shivawn cannot draw")


@pytest.mark.parametrize(
    ("name", "phonemes"),
    [("Νίκος", "n'ikos"), ("محمد", "muH'ammad"), ("민수", "m'insu"), ("ნინო", "n'ino"),
     ("Олена", "Vl'ena")],
)  # fmt: skip
def test_a_name_in_any_other_script_is_read_by_a_voice_that_knows_it(
    espeak: EspeakRenderer, name: str, phonemes: str
) -> None:
    """Greek, Arabic, Korean, Georgian, ... names too; an English "'s" after one is left out
    (no voice can say it), so "Олена's turn" is "Олена turn", not "Олена ess turn"."""
    for language in ("en", "pt", "he"):
        text = phrases.utterance([phrases.turn(words(language), name)])
        tokens = said(espeak, text, language)
        assert phonemes in tokens, (language, tokens)
    assert said(espeak, f"{name}'s turn.", "en") == [phonemes, "t'3:n"]
