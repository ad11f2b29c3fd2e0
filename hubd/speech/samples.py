"""One phrase of each kind in every language, as WAV files to listen to: ``make speech-samples``.

    python -m hubd.speech.samples [FOLDER]   # default build/speech: FOLDER/<lang>/<kind>.wav

Prints each file's length and loudness (RMS and peak, in percent of full scale), so a silent
or clipped phrase shows without a speaker. The tests render the same phrases.
"""

from __future__ import annotations

import array
import io
import sys
import tempfile
import wave
from pathlib import Path

from engine import EndRound, Event, Game, GameState, NewGame, Play, RoundEnd, StartRound, Tile
from hubd import i18n
from hubd.speech import phrases
from hubd.speech.output import DEFAULT_RATE
from hubd.speech.render import EspeakRenderer
from hubd.speech.words import Words

#: A short game: Ana and Ben, two tiles each, one round; Ana goes out on a double.
_EVENTS: list[Event] = [
    NewGame(("Ana", "Ben"), {"preset": "classic", "hand_size": 2, "rounds": 1}),
    StartRound("Ana"),
    Play("Ana", Tile(4, 9), Tile(9, 9)),
    Play("Ben", Tile(5, 9), Tile(9, 9)),
    Play("Ana", Tile(4, 4), Tile(4, 9)),
    EndRound({"Ana": (), "Ben": (Tile(2, 5),)}),
]
REFUSAL = "Ben cannot play 4-2 on 9-4 while the chicken foot on 5-5 needs 2 more toes"


def _states() -> tuple[GameState, GameState, GameState]:
    """(Ana just went out, the round scored and the game won, the same with a shared win)."""
    game = Game.from_events(_EVENTS[:-1])
    out = game.state.copy()
    game.apply(_EVENTS[-1])
    won = game.state
    shared = won.copy()
    shared.scores = [[7, 7]]
    return out, won, shared


def sample_texts(language: str) -> dict[str, str]:
    """Each kind of phrase the hub says, in ``language``, as the voice gets it."""
    words = Words(i18n.load(language))
    out, won, shared = _states()
    blocked = out.copy()
    blocked.round_end = RoundEnd.BLOCKED
    kinds = {
        "lock": [phrases.lock(words, Tile(5, 5), 3)],
        "toes_owed": [phrases.lock(words, Tile(12, 12), 1)],
        "foot_complete": [words.tr("The foot is complete")],
        "turn": [phrases.turn(words, "Ben")],
        "out": phrases.round_over(words, out, "Ana"),
        "blocked": phrases.round_over(words, blocked, None),
        "scores": phrases.scores(words, won),
        "winner": phrases.winner(words, won),
        "shared_win": phrases.winner(words, shared),
        "refusal": phrases.refusal(words, REFUSAL),
        "big_numbers": [words.tr("{player}: {score}, total {total}").format(
            player="Ben", score=words.number(118), total=words.number(1047))],
    }  # fmt: skip
    return {kind: phrases.utterance(said) for kind, said in kinds.items()}


def loudness(wav: bytes) -> tuple[float, float, float]:
    """(seconds, RMS and peak in percent of full scale) of 16-bit mono WAV bytes."""
    with wave.open(io.BytesIO(wav)) as w:
        frames = w.readframes(w.getnframes())
        seconds = w.getnframes() / w.getframerate()
    samples = array.array("h", frames)
    if not samples:
        return seconds, 0.0, 0.0
    rms = (sum(s * s for s in samples) / len(samples)) ** 0.5
    return seconds, 100 * rms / 32768, 100 * max(map(abs, samples)) / 32768


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("build/speech")
    with tempfile.TemporaryDirectory(prefix="hubd-speech-samples-") as cache:
        renderer = EspeakRenderer(Path(cache))
        for language in i18n.available_languages():
            folder = out / language
            folder.mkdir(parents=True, exist_ok=True)
            for kind, text in sample_texts(language).items():
                wav = renderer.render(text, language, DEFAULT_RATE)
                (folder / f"{kind}.wav").write_bytes(wav)
                seconds, rms, peak = loudness(wav)
                print(f"{language} {kind:13} {seconds:5.2f} s  RMS {rms:4.1f} %  "
                      f"peak {peak:5.1f} %  {text}")  # fmt: skip
    print(f"wrote the samples under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
