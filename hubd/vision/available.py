"""Whether this hub can read photos at all (imports nothing heavy: OpenCV is only looked for).

Without OpenCV and numpy (the ``camera`` extra, or Debian's python3-opencv) no photo is
offered anywhere: no "Count my tiles" on the phones' page, no camera on the round end."""

from __future__ import annotations

import functools
import importlib.util


@functools.cache
def photos_readable() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("cv2", "numpy"))
