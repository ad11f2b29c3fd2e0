"""The touchscreen: pygame screens that read the game and return intents.

The contract with the main loop (hubd/loop/app.py):

- ``UiContext``: what the main loop hands the UI each frame (read-only for the UI).
- ``Ui(size, font_path=None)`` (the ``Frames`` of frames.py, drawn with pygame):
  ``tap(pos, ctx, now)`` and ``key(key, ctx, now)`` return intents (``Submit``, ``Go``,
  ``ChangeSetting``, ``HubButton``); the loop applies them and calls ``show_refusal`` /
  ``state_changed`` / ``show_notice``; ``render(surface, ctx, now)`` draws what changed and
  returns the dirty rects ([] when nothing changed); ``next_deadline()`` says when a timed
  change (a message fading, a flash) needs a render.
- ``describe_event(event, tr)``: a translated one-line description of an engine event, for
  the "Undid: ..." notice (``describe_undo``).

The screens themselves sit here; their widget kit in ``kit/``, the table map in ``map/``, the
screenshot tool in ``shots/``. They import the engine, hubd.text, hubd.values and the club's
view; never the devices, the store, speech or the loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hubd.screens.kit.context import UiContext
from hubd.text.wording import describe_event, describe_undo

if TYPE_CHECKING:
    from hubd.screens.ui import Ui

__all__ = ["Ui", "UiContext", "describe_event", "describe_undo"]


def __getattr__(name: str) -> object:
    """``Ui`` is loaded when first asked for: it draws with pygame, which the screens' frames
    (``hubd layout``, the layout tests) never load."""
    if name == "Ui":
        from hubd.screens.ui import Ui

        return Ui
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
