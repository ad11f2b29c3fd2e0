"""Speech: the hub says the lock, the toes, the round's end, the scores and the winner aloud.

An output like the speaker: :mod:`hubd.speech.phrases` decides what to say from a change of
state (pure), :class:`~hubd.speech.output.HubSpeech` renders it with espeak-ng on a worker
thread (:mod:`hubd.speech.render`, cached as WAV) and plays it through pygame.mixer after the
sound it follows. :class:`~hubd.speech.fakes.FakeSpeech` records phrases for tests.

Imports the engine, hubd.text and the speaker; never a screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from hubd.speech.fakes import FakeSpeech
from hubd.speech.output import (
    DFPLAYER,
    NO_AUDIO,
    NO_ESPEAK,
    HubSpeech,
    MixerPlayer,
    NoSpeech,
    Speech,
)
from hubd.speech.render import EspeakRenderer, espeak_available

__all__ = ["DFPLAYER", "NO_AUDIO", "NO_ESPEAK", "FakeSpeech", "HubSpeech", "NoSpeech", "Speech",
           "cache_folder", "make_speech"]  # fmt: skip


def cache_folder(data_folder: Path) -> Path:
    """Where rendered phrases are kept: the data folder's cache."""
    return data_folder / "cache" / "speech"


def make_speech(
    speaker_kind: str,
    data_folder: Path,
    *,
    wanted: bool = True,
    log: logging.Logger | None = None,
    wake: Callable[[], bool] | None = None,
) -> Speech:
    """Speech through the mixer, or :class:`NoSpeech` saying why not.

    With no espeak-ng it says so once (a warning when speech is switched on) and the hub
    carries on with its sounds. The DFPlayer plays only its SD card's files: no speech. A
    mixer that is not open yet is no reason: the speaker may open it later. ``wake`` opens
    the speaker's mixer before a phrase (it closes its device after a quiet spell).
    """
    log = log or logging.getLogger(__name__)
    if speaker_kind == "dfplayer":
        return NoSpeech(DFPLAYER)
    if speaker_kind != "mixer":
        return NoSpeech(NO_AUDIO)
    if not espeak_available():
        (log.warning if wanted else log.info)(
            "speech: espeak-ng is not installed (sudo apt-get install espeak-ng); "
            "the hub plays its sounds only"
        )
        return NoSpeech(NO_ESPEAK)
    renderer = EspeakRenderer(cache_folder(data_folder), log=log)
    # The loop sets rate and volume.
    return HubSpeech(renderer, MixerPlayer(log, wake=wake), log=log)
