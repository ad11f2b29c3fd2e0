"""The touchscreen: pygame screens that read the game and return intents.

The contract with the main loop (hubd/app.py):

- ``UiContext``: what the main loop hands the UI each frame (read-only for the UI).
- ``Ui(size, font_path=None)``: ``tap(pos, ctx, now)`` and ``key(key, ctx, now)`` return
  intents (``Submit``, ``Go``, ``ChangeSetting``, ``HubButton``); the loop applies them and
  calls ``show_refusal`` / ``state_changed`` / ``show_notice``; ``render(surface, ctx, now)``
  draws what changed and returns the dirty rects ([] when nothing changed);
  ``next_deadline()`` says when a timed change (a message fading, a flash) needs a render.
- ``describe_event(event, tr)``: a translated one-line description of an engine event, for
  the "Undid: ..." notice (``describe_undo``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine import (
    AmendRound,
    Draw,
    EndRound,
    Event,
    NewGame,
    Pass,
    Play,
    StartRound,
    Undo,
)
from hubd.screens.context import UiContext
from hubd.screens.ui import Ui

__all__ = ["Ui", "UiContext", "describe_event", "describe_undo"]


def describe_event(event: Event, tr: Callable[[str], str]) -> str:
    """``event`` in a few words for the players, e.g. "Ben played 4-2"."""
    if isinstance(event, Play):
        return tr("{player} played {tile} on {on}").format(
            player=event.player, tile=event.tile, on=event.on
        )
    if isinstance(event, Draw):
        return tr("{player} drew a tile").format(player=event.player)
    if isinstance(event, Pass):
        return tr("{player} passed").format(player=event.player)
    if isinstance(event, StartRound):
        return tr("{player} opened the round").format(player=event.opener)
    if isinstance(event, EndRound):
        return tr("the round's scores")
    if isinstance(event, AmendRound):
        return tr("the correction to round {n}").format(n=event.round)
    if isinstance(event, NewGame):
        return tr("the new game")
    if isinstance(event, Undo):
        return tr("an undo")
    return str(event)  # pragma: no cover - the Event union is closed


def describe_undo(event: Event, tr: Callable[[str], str]) -> str:
    """The notice after an undo: "Undid: Ben played 4-2 on 4-9"."""
    return tr("Undid: {what}").format(what=describe_event(event, tr))
