"""A DFPlayer Mini stand-in on a pseudo-terminal, shared by the serial tests."""

from __future__ import annotations

import os
import select

from hubd.devices.dfplayer import FRAME_SIZE

IO_TIMEOUT_S = 2.0  # only a safety net against a hung test; the data is normally there at once


class PtyModule:
    """The master side of a pseudo-terminal, standing in for the module's UART pins.

    A pty delivers bytes to the other side a moment after the write (through the kernel's
    work queue), so both directions wait for the data itself with select(), never for time.
    """

    def __init__(self) -> None:
        self.master, self._slave = os.openpty()
        self.path = os.ttyname(self._slave)

    def read_frames(self, count: int) -> list[bytes]:
        """The next `count` frames the player wrote."""
        data = b""
        while len(data) < count * FRAME_SIZE:
            if not select.select([self.master], [], [], IO_TIMEOUT_S)[0]:
                break
            data += os.read(self.master, 1024)
        return [data[i : i + FRAME_SIZE] for i in range(0, len(data), FRAME_SIZE)]

    def send(self, data: bytes) -> None:
        """Write as the module, and return once the player's side can read it."""
        os.write(self.master, data)
        select.select([self._slave], [], [], IO_TIMEOUT_S)

    def unplug(self) -> None:
        os.close(self.master)
        self.master = -1

    def close(self) -> None:
        for fd in (self.master, self._slave):
            if fd >= 0:
                os.close(fd)
