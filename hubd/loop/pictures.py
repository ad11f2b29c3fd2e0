"""The table's pictures, laid out off the loop: the loop's side of hubd/screens/map/ready.py.

A crowded table's layout takes up to ~240 ms here and about a second on a Pi; laid out on the
loop, the first frame after a play held the hub button's press that long. Now the screens take
the pictures from the keeper's shelf; after each frame the loop asks the keeper's worker (one
thread) for what the frame lacked, and goes on at once. The newest table wins: a new ask drops
the ones still waiting (the one being laid out is finished). After the play map's picture the
worker lays out the whole view's too, so that a tap on the map opens it at once. Each picture
comes back to the loop's inbox as a ``PictureReady``; the loop puts it on the shelf and draws
again.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hubd.picture import Layouts
from hubd.picture.chain import SWITCH_S, Stopped
from hubd.screens.map.ready import PictureAsk, PictureShelf, ReadyPicture, lay_out

log = logging.getLogger("hubd")


@dataclass(frozen=True)
class PictureReady:
    """A picture laid out for ``ask`` (a HubEvent for the inbox)."""

    ask: PictureAsk
    ready: ReadyPicture


class PictureKeeper:
    """The shelf the screens take pictures from, and the worker that fills it.

    ``post`` is the inbox's; ``lay_out`` lays one picture out with the worker's ``Layouts``
    (the tests give a slow one): each table's picture is laid out from its prefixes', the
    same whichever tables the worker skipped, and after a restart the same as before it
    (hubd/picture/chain.py: the first one lays the round's prefixes out first).
    The worker computes beside the loop: the interpreter's switch interval is made short
    (``SWITCH_S``), so the loop never waits long for its turn.
    """

    def __init__(
        self,
        post: Callable[[PictureReady], None],
        lay_out: Callable[[PictureAsk, Layouts], ReadyPicture] = lay_out,
    ) -> None:
        self.shelf = PictureShelf()
        sys.setswitchinterval(min(SWITCH_S, sys.getswitchinterval()))
        self._post = post
        self._lay_out = lay_out
        self._layouts = Layouts()  # the worker's alone
        self._layouts.stop = self._play_map_waits
        self._waiting: list[PictureAsk] = []
        self._busy: PictureAsk | None = None
        self._closed = False
        self._wake = threading.Condition()
        self._worker = threading.Thread(target=self._work, name="hubd-pictures", daemon=True)
        self._worker.start()

    def after_frame(self) -> None:
        """The loop drew a frame: ask for the pictures it lacked (never waits)."""
        asks = self.shelf.wanted()
        if asks:
            self.ask(asks)

    def ask(self, asks: Sequence[PictureAsk]) -> None:
        """Lay ``asks`` out next, then the whole view of each play map's; what was waiting
        is dropped (a newer table's pictures supersede it)."""
        wanted = list(asks) + [ask.whole_view() for ask in asks if ask.area != ask.whole]
        with self._wake:
            busy = self._busy.key if self._busy is not None else None
            self._waiting = list({ask.key: ask for ask in wanted if ask.key != busy}.values())
            self._wake.notify()

    def handle(self, ready: PictureReady) -> None:
        """On the loop: the picture is the screens' from the next frame on."""
        self.shelf.put(ready.ask, ready.ready)

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._waiting = []
            self._wake.notify()
        self._worker.join(5)

    def _play_map_waits(self) -> bool:
        """Whether a play map's picture waits: a table's prefixes being laid out (the hub
        restarted mid-round: up to 21 s here for a fourteen-foot whole view) stop for it."""
        return any(ask.area != ask.whole for ask in self._waiting)

    def _work(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                ask = self._busy = self._waiting.pop(0)
            try:
                ready = self._lay_out(ask, self._layouts)
            except Stopped:  # a play map waits; what was laid out is kept, the rest follows
                pass
            except Exception:  # a bug: the screen keeps the picture it has; the hub goes on
                log.exception("could not lay out the table's picture")
            else:
                self._post(PictureReady(ask, ready))
            finally:
                with self._wake:
                    self._busy = None
