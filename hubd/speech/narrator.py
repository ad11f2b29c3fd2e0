"""The main loop's speech decisions in one place: after an event, a press, a refusal, a tap.

The loop calls these at the moments it plays its sounds; the narrator picks the phrase
(:mod:`hubd.speech.phrases`), and hands it to the speech output to say once those sounds end.
Every call returns at once: rendering happens on the speech output's own thread.

The news comes first and is heard: a foot's phrase is not cut in its first
:data:`NEWS_HOLD_S` by an entry that leaves the news as it was (that entry's words wait), an
entry with nothing new to say lets the phrase playing finish unless it has become untrue, and
a refusal repeated (a loop retrying one entry) is said once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Protocol

from engine import Event, GameState, RuleError, Tile
from hubd.speech import phrases
from hubd.speech.output import NO_ESPEAK, Speech
from hubd.speech.phrases import Outline
from hubd.speech.words import Words
from hubd.text.i18n import Translator

#: How long the news (the foot and its toes) plays before an entry that leaves it as it was
#: may cut it.
NEWS_HOLD_S = 1.5
#: The settings whose change the hub lets the family hear with a short sample.
SAMPLED = ("language", "volume", "speech", "speech_rate", "speech_volume")


class SpeechSettings(Protocol):
    """The settings speech follows (hubd.config.settings.Settings has them)."""

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
        sounds_like: Callable[[], Mapping[str, str]] | None = None,
    ) -> None:
        self.speech = speech
        self.settings = settings
        self._translator = translator
        self._notify = notify
        self._sounds_like = sounds_like
        self._told = False
        self._topic: tuple[object, ...] | None = None  # what the last phrase told
        self._with_turn = False  # ... and whether it said whose turn
        self._refusal: str | None = None  # the last refusal said, until something else is
        self._followed = self._sampled()
        self.apply_settings()

    def _sampled(self) -> tuple[object, ...]:
        return tuple(getattr(self.settings, key) for key in SAMPLED)

    def apply_settings(self, now: float | None = None) -> None:
        """Follow the settings: off or muted (the hub button's hold) silences speech too.
        With ``now``, a change of voice, speed or volume is heard at once in a short sample."""
        s = self.settings
        self.speech.set_muted(s.muted or not s.speech)
        self.speech.set_rate(s.speech_rate)
        self.speech.set_volume(s.volume / 100 * s.speech_volume / 100)
        followed, self._followed = self._followed, self._sampled()
        if now is not None and followed != self._followed and s.speech and not s.muted:
            self._say([phrases.sample(self._words())], now, (), topic=None)

    def after_event(
        self,
        before: Outline,
        state: GameState,
        event: Event,
        now: float,
        sounds: Sequence[str],
        labels: Mapping[Tile, str] = MappingProxyType({}),
    ) -> None:
        """An accepted event: say what changed after its sounds; with nothing new, let the
        phrase playing finish unless the event made it untrue. ``labels``: the lines' labels
        as the hub's map shows them now (an arm without a letter there is said by its tile)."""
        self._refusal = None  # the game moved on: the same refusal again is news again
        turns = self.settings.speech_turns
        said = phrases.after_event(before, state, event, self._words(), turns=turns,
                                   labels=labels)  # fmt: skip
        after = Outline.of(state)
        news = phrases.news(after)
        if not said:
            now_true = news + ((after.player,) if self._with_turn else ())
            if self._topic is not None and now_true != self._topic:
                self._topic = None
                self.speech.hush()
            return
        with_turn = turns and said[-1] == phrases.turn(self._words(), after.player or "")
        topic = news + ((after.player,) if with_turn else ())
        urgent = news != phrases.news(before)  # only whose turn: the news playing is heard
        hold = NEWS_HOLD_S if after.lock is not None or after.foot else 0.0
        self._say(said, now, sounds, topic=topic, with_turn=with_turn, urgent=urgent,
                  hold=hold if urgent else 0.0)  # fmt: skip

    def pressed(self, state: GameState | None, now: float) -> None:
        """The hub button (it has just cackled): the open foot and its toes, if there is one."""
        foot = state.lock if state is not None else None
        said = [phrases.lock(self._words(), foot.tile, foot.room)] if foot is not None else []
        topic = phrases.news(Outline.of(state)) if said else None
        self._say(said, now, ("cackle",), topic=topic, hold=NEWS_HOLD_S)

    def refused(self, refusal: RuleError, now: float) -> None:
        """A refused entry's reason, once: the same refusal again says nothing new."""
        if not self.settings.speech_refusals or refusal.message == self._refusal:
            return
        self._say(phrases.refusal(self._words(), refusal), now, (), topic=None)
        self._refusal = refusal.message

    def status(self, state: GameState | None, now: float) -> None:
        """A tap on the status line: say it again (turns included: it was asked for)."""
        said = phrases.status(state, self._words())
        self._say(said, now, (), topic=(*phrases.news(Outline.of(state)), "status"))

    def say_name(self, player: str, now: float) -> None:
        """The family has typed how ``player`` sounds: say it as the hub will."""
        self._say([phrases.turn(self._words(), player)], now, (), topic=None)

    def _words(self) -> Words:
        sounds_like = self._sounds_like() if self._sounds_like is not None else None
        return Words(self._translator(), sounds_like)

    def _say(
        self,
        sentences: list[str],
        now: float,
        after: Sequence[str],
        *,
        topic: tuple[object, ...] | None,
        with_turn: bool = False,
        urgent: bool = True,
        hold: float = 0.0,
    ) -> None:
        self._refusal = None
        if not sentences:
            self._topic = None
            self.speech.hush()
            return
        self._topic, self._with_turn = topic, with_turn
        s = self.settings
        if self.speech.problem == NO_ESPEAK and s.speech and not s.muted and not self._told:
            self._told = True  # said once; the settings screen keeps saying why
            if self._notify is not None:
                self._notify(self._words().tr("The hub cannot speak: espeak-ng is not installed"))
        text = phrases.utterance(sentences)
        self.speech.say(text, self._translator().code, now, after, hold=hold, urgent=urgent)
