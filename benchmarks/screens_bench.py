"""Touchscreen figures: a full redraw of the play screen, a tap's partial redraw, an idle frame.

    .venv/bin/python benchmarks/screens_bench.py [--frames 300] [--size 800x480]

Uses SDL's dummy video driver and the games of ``hubd.screens.shots.scripted_games`` (a table
with an open foot, and one with play spread over arms and toes). Target: a full redraw of
the play screen under 10 ms at 800x480 on a desktop. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from hubd.screens import Ui, UiContext
from hubd.screens.shots.scripted_games import locked_game, open_table_game


def timed(frames: int, step: Callable[[int], object]) -> list[float]:
    """Milliseconds per call of ``step(i)``."""
    times = []
    for i in range(frames):
        start = time.perf_counter()
        step(i)
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{label:<46} median {statistics.median(times):6.2f} ms   p99 {p99:6.2f} ms   "
        f"max {max(times):6.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    pygame.display.init()
    surface = pygame.Surface((width, height))
    print(f"play screen at {width}x{height}, {args.frames} frames each (SDL dummy driver)")
    for name, game in (("open foot", locked_game()), ("spread table", open_table_game())):
        for language in ("en", "he"):
            ui = Ui((width, height))
            ctx = UiContext(state=game.state, language=language)
            ui.state_changed(ctx)
            ui.show_screen("play")
            ui.render(surface, ctx, 0.0)  # warm the text and domino caches once

            def full(_i: int, ui: Ui = ui, ctx: UiContext = ctx) -> object:
                ui.resize((width, height + 1))  # forces a rebuild and a full redraw
                ui.resize((width, height))
                return ui.render(surface, ctx, 0.0)

            report(f"full redraw, {name}, {language}", timed(args.frames, full))
    ui = Ui((width, height))
    ctx = UiContext(state=open_table_game().state)
    ui.state_changed(ctx)
    ui.show_screen("play")
    ui.render(surface, ctx, 0.0)
    button = next(w for w in ui.layout(ctx, 0.0) if w.key == "pass").rect
    clock = [10.0]

    def tap(_i: int) -> object:
        clock[0] += 1.0  # past the previous highlight: each tap starts from a calm screen
        ui.render(surface, ctx, clock[0])
        ui.tap(button.center, ctx, clock[0])  # the Submit it returns is not applied here
        return ui.render(surface, ctx, clock[0])

    report("tap on a button: its highlight only", timed(args.frames, tap))
    ui.render(surface, ctx, 1e9)
    idle = timed(args.frames, lambda _i: ui.render(surface, ctx, 1e9))
    report("idle frame (nothing changed, returns [])", idle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
