"""The main loop's speech decisions in one place: after an event, a press, a refusal, a tap.

The loop calls these at the moments it plays its sounds; the narrator picks the phrase
(:mod:`hubd.speech.phrases`), and hands it to the speech output to say once those sounds end.
Every call returns at once: rendering happens on the speech output's own thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from engine import Event, GameState
from hubd.i18n import Translator
from hubd.speech import phrases
from hubd.speech.output import NO_ESPEAK, Speech
from hubd.speech.phrases import Outline
from hubd.speech.words import Words


class SpeechSettings(Protocol):
    """The settings speech follows (hubd.settings.Settings has them)."""

    language: str
    volume: int
    muted: bool
    speech: bool
    speech_turns: bool
    speech_refusals: bool
    speech_rate: int
    speech_volume: int


class Narrator:
    def __init__(
        self,
        speech: Speech,
        settings: SpeechSettings,
        translator: Callable[[], Translator],
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.speech = speech
        self.settings = settings
        self._translator = translator
        self._notify = notify
        self._told = False
        self.apply_settings()

    def apply_settings(self) -> None:
        """Follow the settings: off or muted (the hub button's hold) silences speech too."""
        s = self.settings
        self.speech.set_muted(s.muted or not s.speech)
        self.speech.set_rate(s.speech_rate)
        self.speech.set_volume(s.volume / 100 * s.speech_volume / 100)

    def after_event(
        self, before: Outline, state: GameState, event: Event, now: float, sounds: Sequence[str]
    ) -> None:
        """An accepted event: say what changed after its sounds, or cut the last phrase short."""
        words = self._words()
        turns = self.settings.speech_turns
        self._say(phrases.after_event(before, state, event, words, turns=turns), now, sounds)

    def pressed(self, state: GameState | None, now: float) -> None:
        """The hub button (it has just cackled): the open foot and its toes, if there is one."""
        foot = state.lock if state is not None else None
        said = [phrases.lock(self._words(), foot.tile, foot.room)] if foot is not None else []
        self._say(said, now, ("cackle",))

    def refused(self, message: str, now: float) -> None:
        if self.settings.speech_refusals:
            self._say(phrases.refusal(self._words(), message), now, ())

    def status(self, state: GameState | None, now: float) -> None:
        """A tap on the status line: say it again (turns included: it was asked for)."""
        self._say(phrases.status(state, self._words()), now, ())

    def _words(self) -> Words:
        return Words(self._translator())

    def _say(self, sentences: list[str], now: float, after: Sequence[str]) -> None:
        if not sentences:
            self.speech.hush()
            return
        s = self.settings
        if self.speech.problem == NO_ESPEAK and s.speech and not s.muted and not self._told:
            self._told = True  # said once; the settings screen keeps saying why
            if self._notify is not None:
                self._notify(self._words().tr("The hub cannot speak: espeak-ng is not installed"))
        self.speech.say(phrases.utterance(sentences), self._translator().code, now, after)
