"""One phrase of each kind in every language, as WAV files to listen to: ``make speech-samples``.

    python -m hubd.speech.samples [FOLDER]   # default build/speech: FOLDER/<lang>/<kind>.wav

Prints each file's length and loudness (RMS and peak in dBFS, as ``sox FILE -n stats`` reads
them) beside the cackle's, so a quiet, silent or clipped phrase shows without a speaker, and
writes FOLDER/phonemes.txt: what espeak-ng says in each, in its phoneme mnemonics (``-x``), for
a reviewer to read. The tests render the same phrases.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path

from engine import (
    Block,
    BlockKind,
    EndRound,
    Event,
    Game,
    GameState,
    HandPips,
    NewGame,
    Play,
    RoundEnd,
    StartRound,
    Tile,
)
from engine.refusals import LockedByFoot
from hubd.speech import phrases
from hubd.speech.level import loudness, sound_dbfs
from hubd.speech.output import DEFAULT_RATE
from hubd.speech.render import EspeakRenderer
from hubd.speech.words import Words
from hubd.text import i18n
from hubd.text.labels import ARM_LETTERS, line_labels, named_on_the_map

#: A short game: Ana and Ben, two tiles each, one round; Ana goes out on a double.
_EVENTS: list[Event] = [
    NewGame(("Ana", "Ben"), {"preset": "classic", "hand_size": 2, "rounds": 1}),
    StartRound("Ana"),
    Play("Ana", Tile(4, 9), Tile(9, 9)),
    Play("Ben", Tile(5, 9), Tile(9, 9)),
    Play("Ana", Tile(4, 4), Tile(4, 9)),
    EndRound({"Ana": (), "Ben": (Tile(2, 5),)}),
]
REFUSAL = LockedByFoot(player="Ben", tile="4-2", place="9-4", lock="5-5", n=2)
#: Four names in two scripts, alternating, so that each voice is switched to more than once.
TABLES: dict[str, tuple[str, str, str, str]] = {
    "he": ("Ana", "דנה", "Ben", "נועה"),
    "uk": ("Ana", "Олена", "Ben", "Тарас"),
}
LATIN_TABLE = ("Ana", "Олена", "Ben", "Тарас")
HEBREW_NAMES = ("Ana", "דנה", "Ben", "נועה")  # Hebrew names at a table in another script


#: Why a round is blocked, one of each kind (the census's values, not a played position).
REASONS = (
    Block(BlockKind.FOOT, (1,), Tile(1, 1), 7), Block(BlockKind.ENDS, (5,), None, 3),
    Block(BlockKind.ENDS, (2, 3, 6, 9), None, 0), Block(BlockKind.PASSES, (5,), None, 0),
    Block(BlockKind.PASSES, (6,), None, 2),
)  # fmt: skip
#: Four arms needing 4, 6, 3 and 2; plays on ends whose number another end also needs: on
#: arm A after the 4-3 (arm C needs a 3), then a foot on 4-4 and a 6 on its second toe (arm B).
_PLACED: list[tuple[str, int, int, int, int]] = [
    ("Ana", 9, 4, 9, 9), ("Ben", 9, 6, 9, 9), ("Chen", 9, 3, 9, 9), ("Dee", 9, 2, 9, 9),
    ("Ana", 4, 3, 9, 4), ("Ben", 3, 5, 4, 3), ("Chen", 5, 5, 3, 5), ("Dee", 5, 1, 5, 5),
    ("Ana", 5, 6, 5, 5), ("Ben", 5, 0, 5, 5), ("Chen", 6, 2, 5, 6),
]  # fmt: skip


def placed(words: Words, letters: bool = True) -> list[str]:
    """Where a tile went when its end's number was shared: on an arm, then on a toe; the arm
    by its letter (the map shows every letter) or (``letters`` false: it shows none) by the
    tile it follows."""
    game = Game.from_events([NewGame(("Ana", "Ben", "Chen", "Dee")), StartRound("Ana")])
    said: list[str] = []
    for player, a, b, c, d in _PLACED:
        play = Play(player, Tile.of(a, b), Tile.of(c, d))
        game.apply(play)
        table = game.state.table
        assert table is not None
        shown = named_on_the_map(line_labels(table), ARM_LETTERS if letters else ())
        said += phrases.placed(words, game.state, play, shown)
    return said


def table(language: str) -> tuple[str, str, str, str]:
    return TABLES.get(language, LATIN_TABLE)


def _states() -> tuple[GameState, GameState, GameState]:
    """(Ana just went out, the round scored and the game won, the same with a shared win)."""
    game = Game.from_events(_EVENTS[:-1])
    out = game.state.copy()
    game.apply(_EVENTS[-1])
    won = game.state
    shared = won.copy()
    shared.scores = [[7, 7]]
    return out, won, shared


def scored(names: Sequence[str], pips: Sequence[int], rounds: int = 2) -> GameState:
    """A score-keeper game of ``names`` after one round of ``pips`` (over, when ``rounds`` is 1)."""
    game = Game.from_events([
        NewGame(tuple(names), {"mode": "scores", "rounds": rounds}),
        StartRound(names[0]),
        EndRound({name: HandPips(p) for name, p in zip(names, pips, strict=True)}),
    ])  # fmt: skip
    return game.state


def sample_texts(language: str) -> dict[str, str]:
    """Each kind of phrase the hub says, in ``language``, as the voice gets it."""
    words = Words(i18n.load(language))
    out, won, shared = _states()
    blocked = out.copy()
    blocked.round_end = RoundEnd.BLOCKED
    four = table(language)
    kinds = {
        "lock": [phrases.lock(words, Tile(5, 5), 3)],
        "two_toes": [phrases.lock(words, Tile(8, 8), 2)],
        "toes_owed": [phrases.lock(words, Tile(12, 12), 1)],
        "double_blank": [phrases.lock(words, Tile(0, 0), 3)],
        "foot": [phrases.foot(words, 2)],
        "foot_complete": [words.tr("The foot is complete")],
        "turn": [phrases.turn(words, "Ben")],
        "out": phrases.round_over(words, out, "Ana"),
        "blocked": phrases.round_over(words, blocked, None),
        "blocked_why": [phrases.reason(words, block) for block in REASONS],
        "placed": placed(words),
        "placed_by_tile": placed(words, letters=False),
        "scores": phrases.scores(words, won),
        "winner": phrases.winner(words, won),
        "shared_win": phrases.winner(words, shared),
        "refusal": phrases.refusal(words, REFUSAL),
        "big_numbers": [words.tr("{player}: {score}, total {total}").format(
            player="Ben", score=words.number(118), total=words.number(1047))],
        "four_names": phrases.scores(words, scored(four, (0, 2, 118, 21))),
        "four_names_won": phrases.winner(words, scored(four, (12, 47, 0, 1), rounds=1)),
        "hebrew_names": phrases.scores(words, scored(HEBREW_NAMES, (2, 0, 13, 5))),
        "sample": [phrases.sample(words)],
    }  # fmt: skip
    return {kind: phrases.utterance(said) for kind, said in kinds.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hubd.speech.samples",
                                     description=__doc__.splitlines()[0])  # fmt: skip
    parser.add_argument("out", nargs="?", type=Path, default=Path("build/speech"),
                        help="the folder to write to (default: build/speech)")  # fmt: skip
    out: Path = parser.parse_args(argv).out
    cackle = sound_dbfs()
    print(f"the cackle: RMS {cackle:5.1f} dBFS; each phrase's RMS and its difference from it")
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="hubd-speech-samples-") as cache:
        renderer = EspeakRenderer(Path(cache))
        for language in i18n.available_languages():
            folder = out / language
            folder.mkdir(parents=True, exist_ok=True)
            for kind, text in sample_texts(language).items():
                wav = renderer.render(text, language, DEFAULT_RATE)
                (folder / f"{kind}.wav").write_bytes(wav)
                seconds, rms, peak = loudness(wav)
                print(f"{language} {kind:14} {seconds:5.2f} s  RMS {rms:5.1f} dBFS "
                      f"({rms - cackle:+4.1f} dB)  peak {peak:5.1f} dBFS  {text}")  # fmt: skip
                lines += [f"{language} {kind}: {text}",
                          f"    {renderer.phonemes(text, language, DEFAULT_RATE)}"]  # fmt: skip
    (out / "phonemes.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote the samples under {out}, their phonemes in {out / 'phonemes.txt'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
