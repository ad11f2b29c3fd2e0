#!/usr/bin/env python3
"""Synthesise the hub's sounds as small WAV files (16-bit mono, 22050 Hz).

Standard library only, and deterministic: every run writes the same bytes, so the WAVs in the
repository can always be rebuilt from this script. Usage:

    python3 sounds/generate.py [--out DIR]
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

SAMPLE_RATE = 22050
TAU = 2.0 * math.pi
FULL_SCALE = 32767

Samples = list[float]


# ----------------------------------------------------------------------------- building blocks


def seconds_to_samples(seconds: float) -> int:
    return round(seconds * SAMPLE_RATE)


def blank(seconds: float) -> Samples:
    return [0.0] * seconds_to_samples(seconds)


def mix_into(track: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `track` starting at `at` seconds, growing the track if needed."""
    start = seconds_to_samples(at)
    end = start + len(sound)
    if end > len(track):
        track.extend([0.0] * (end - len(track)))
    for index, value in enumerate(sound, start):
        track[index] += value * gain


def envelope(seconds: float, attack: float, decay_time: float, release: float) -> Samples:
    """Quick linear attack, exponential decay (time constant `decay_time`), linear release."""
    count = seconds_to_samples(seconds)
    attack_n = max(1, seconds_to_samples(attack))
    release_n = max(1, seconds_to_samples(release))
    levels = []
    for n in range(count):
        t = n / SAMPLE_RATE
        level = min(1.0, n / attack_n) * math.exp(-max(0.0, t - attack) / decay_time)
        if n >= count - release_n:
            level *= (count - n) / release_n
        levels.append(level)
    return levels


def formant_weight(frequency: float, centre: float, width: float) -> float:
    """A resonance: how much a harmonic at `frequency` is boosted by a vocal-tract peak."""
    return 1.0 / (1.0 + ((frequency - centre) / width) ** 2)


@dataclass(frozen=True)
class Voice:
    """A harmonic timbre: partial amplitudes, optionally shaped by a (moving) formant."""

    partials: tuple[float, ...]
    formant: Callable[[float], float] | None = None  # formant centre (Hz) at time t (s)
    formant_width: float = 600.0

    def render(
        self, pitch: Callable[[float], float], seconds: float, env: Sequence[float]
    ) -> Samples:
        """A note whose frequency follows `pitch(t)`, integrated so glides stay smooth."""
        out: Samples = []
        phase = 0.0
        nyquist = SAMPLE_RATE / 2
        for n in range(seconds_to_samples(seconds)):
            t = n / SAMPLE_RATE
            f0 = pitch(t)
            centre = self.formant(t) if self.formant else None
            value = 0.0
            for number, amplitude in enumerate(self.partials, 1):
                frequency = f0 * number
                if frequency >= nyquist:
                    break
                weight = amplitude
                if centre is not None:
                    weight *= 0.15 + formant_weight(frequency, centre, self.formant_width)
                value += weight * math.sin(number * phase)
            out.append(value * env[n])
            phase = (phase + TAU * f0 / SAMPLE_RATE) % TAU
        return out


def glide(start: float, end: float, seconds: float) -> Callable[[float], float]:
    """An exponential pitch glide (sounds even to the ear, unlike a linear one)."""
    ratio = end / start
    return lambda t: start * math.pow(ratio, min(1.0, t / seconds))


def steady(
    frequency: float, vibrato_hz: float = 0.0, depth: float = 0.0
) -> Callable[[float], float]:
    return lambda t: frequency * (1.0 + depth * math.sin(TAU * vibrato_hz * t))


def noise_burst(rng: random.Random, seconds: float, decay_time: float) -> Samples:
    """Bright noise (first difference of white noise) with a fast exponential decay."""
    out: Samples = []
    previous = 0.0
    for n in range(seconds_to_samples(seconds)):
        white = rng.uniform(-1.0, 1.0)
        out.append((white - previous) * 0.5 * math.exp(-n / SAMPLE_RATE / decay_time))
        previous = white
    return out


def note_frequency(name: str) -> float:
    """Equal-tempered pitch of a note name such as "C5", "F#3" or "Bb4" (A4 = 440 Hz)."""
    semitones = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    offset = semitones[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        offset, rest = offset + 1, rest[1:]
    elif rest.startswith("b"):
        offset, rest = offset - 1, rest[1:]
    octave = int(rest)
    return 440.0 * math.pow(2.0, (offset + 12 * (octave - 4)) / 12)


def finish(samples: Samples, seconds: float, peak: float) -> Samples:
    """Cut to length, normalise to `peak`, fade the last milliseconds so the end never clicks."""
    count = seconds_to_samples(seconds)
    samples = samples[:count] + [0.0] * (count - len(samples))
    loudest = max(abs(value) for value in samples) or 1.0
    scaled = [value * peak / loudest for value in samples]
    fade = min(len(scaled), seconds_to_samples(0.004))
    for n in range(fade):
        scaled[len(scaled) - fade + n] *= (fade - n) / fade
    return scaled


# ----------------------------------------------------------------------------- the sounds

HEN = Voice(partials=(1.0, 0.7, 0.55, 0.45, 0.35, 0.25, 0.18, 0.12), formant_width=700.0)
CHIME = Voice(partials=(1.0, 0.3, 0.12, 0.05))
BRASS = Voice(partials=(1.0, 0.8, 0.6, 0.45, 0.3, 0.2))
SQUARE = Voice(partials=(1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14))


def hen_call(rng: random.Random, pitch: Callable[[float], float], seconds: float) -> Samples:
    """One hen syllable: a nasal, raspy glide with a noisy consonant at its start."""
    voice = Voice(HEN.partials, formant=lambda t: 1500.0 - 500.0 * t / seconds, formant_width=700.0)
    env = envelope(seconds, attack=0.006, decay_time=seconds * 0.9, release=0.015)
    tone = voice.render(pitch, seconds, env)
    # The rasp: a fast flutter of the amplitude, like a hen's throat.
    rasp = [
        value * (0.7 + 0.3 * math.sin(TAU * 75.0 * n / SAMPLE_RATE)) for n, value in enumerate(tone)
    ]
    mix_into(rasp, noise_burst(rng, 0.02, 0.006), 0.0, gain=1.2)
    mix_into(rasp, noise_burst(rng, seconds, seconds / 2), 0.0, gain=0.12)
    return rasp


def cackle(rng: random.Random) -> Samples:
    """ "Buk-buk-buk-buk-BAGAWK": four quick falling chirps, then a long squawk."""
    track = blank(0.8)
    for index in range(4):
        start_pitch = 820.0 - 40.0 * index
        chirp = hen_call(rng, glide(start_pitch, start_pitch * 0.72, 0.07), 0.075)
        mix_into(track, chirp, 0.1 * index)

    def squawk_pitch(t: float) -> float:  # up, then a long fall
        return (
            700.0 * math.pow(1.5, min(1.0, t / 0.06)) * math.pow(0.62, max(0.0, (t - 0.06) / 0.26))
        )

    mix_into(track, hen_call(rng, squawk_pitch, 0.34), 0.43, gain=1.1)
    return track


def released(rng: random.Random) -> Samples:
    """A happy two-note "ding-ding" (a rising fourth) when the third toe frees the foot."""
    track = blank(0.3)
    for start, note in ((0.0, "G5"), (0.11, "C6")):
        length = 0.3 - start
        env = envelope(length, attack=0.003, decay_time=0.07, release=0.02)
        mix_into(track, CHIME.render(steady(note_frequency(note)), length, env), start)
    return track


def out(rng: random.Random) -> Samples:
    """A rising fanfare (C-E-G-C) for a player who has gone out."""
    track = blank(0.6)
    notes = (("C5", 0.0, 0.11), ("E5", 0.1, 0.11), ("G5", 0.2, 0.11), ("C6", 0.3, 0.3))
    for note, start, length in notes:
        env = envelope(length, attack=0.008, decay_time=0.25, release=0.03)
        pitch = steady(note_frequency(note), vibrato_hz=6.0, depth=0.006 if length > 0.2 else 0.0)
        mix_into(track, BRASS.render(pitch, length, env), start)
    return track


def opening_and_closing(low: float, high: float, seconds: float) -> Callable[[float], float]:
    """A formant that sweeps up and back down over a note: the "wah" of a muted trumpet."""
    return lambda t: low + (high - low) * math.sin(math.pi * min(1.0, t / seconds))


def blocked(rng: random.Random) -> Samples:
    """A low, sad "wah-waaah": two descending notes whose brightness opens and closes."""
    track = blank(0.6)
    wah_notes = ((0.0, 0.26, glide(196.0, 185.0, 0.26)), (0.26, 0.34, glide(175.0, 147.0, 0.3)))
    for start, length, pitch in wah_notes:
        voice = Voice(
            partials=(1.0, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.15, 0.1),
            formant=opening_and_closing(350.0, 1250.0, length),
            formant_width=250.0,
        )
        env = envelope(length, attack=0.02, decay_time=0.6, release=0.05)
        mix_into(track, voice.render(pitch, length, env), start)
    return track


def game_over(rng: random.Random) -> Samples:
    """A little "that's the game!" tune, ending on a held chord."""
    track = blank(1.2)
    melody = (
        ("G5", 0.0, 0.12),
        ("E5", 0.12, 0.12),
        ("C5", 0.24, 0.12),
        ("E5", 0.36, 0.12),
        ("G5", 0.48, 0.12),
        ("A5", 0.6, 0.1),
        ("B5", 0.7, 0.1),
        ("C6", 0.8, 0.4),
    )
    for note, start, length in melody:
        env = envelope(length, attack=0.005, decay_time=0.3, release=0.03)
        mix_into(track, SQUARE.render(steady(note_frequency(note)), length, env), start)
    for note in ("C4", "G4", "E5"):  # the chord under the last note
        env = envelope(0.4, attack=0.01, decay_time=0.35, release=0.05)
        mix_into(track, CHIME.render(steady(note_frequency(note)), 0.4, env), 0.8, gain=0.35)
    return track


def tap(rng: random.Random) -> Samples:
    """A very short, soft click for touch feedback."""
    seconds = 0.03
    env = envelope(seconds, attack=0.0005, decay_time=0.005, release=0.005)
    track = CHIME.render(steady(1800.0), seconds, env)
    mix_into(track, noise_burst(rng, 0.004, 0.001), 0.0, gain=0.4)
    return track


@dataclass(frozen=True)
class Recipe:
    make: Callable[[random.Random], Samples]
    seconds: float
    peak: float  # loudness as a share of full scale


SOUNDS: dict[str, Recipe] = {
    "cackle": Recipe(cackle, seconds=0.8, peak=0.9),
    "released": Recipe(released, seconds=0.3, peak=0.7),
    "out": Recipe(out, seconds=0.6, peak=0.7),
    "blocked": Recipe(blocked, seconds=0.6, peak=0.75),
    "game_over": Recipe(game_over, seconds=1.2, peak=0.7),
    "tap": Recipe(tap, seconds=0.03, peak=0.3),
}


# ----------------------------------------------------------------------------- output


def to_wav(samples: Samples) -> bytes:
    """16-bit little-endian mono PCM in a WAV container."""
    pcm = [max(-FULL_SCALE, min(FULL_SCALE, round(value * FULL_SCALE))) for value in samples]
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(struct.pack(f"<{len(pcm)}h", *pcm))
    return buffer.getvalue()


def render(name: str) -> bytes:
    """The WAV bytes of one sound; a fixed per-sound seed makes the noise repeatable."""
    recipe = SOUNDS[name]
    rng = random.Random(f"chicken-foot-hub:{name}")
    return to_wav(finish(recipe.make(rng), recipe.seconds, recipe.peak))


def write_all(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        path.write_bytes(render(name))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent,
        help="folder to write the WAV files to (default: next to this script)",
    )
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
