"""The hub's sounds by name, the folder of their WAVs, and the volume every speaker clamps to."""

from __future__ import annotations

import math
from pathlib import Path

SOUND_NAMES: tuple[str, ...] = ("cackle", "released", "out", "blocked", "game_over", "tap")

# The WAVs in the source tree (an editable install or a checkout; the config may point elsewhere).
DEFAULT_SOUND_DIR = Path(__file__).resolve().parents[2] / "sounds"

#: What a speaker that lost its device adds to its one warning.
SILENT_NOTICE = "the hub stays silent and shows a visual cue instead"


def clamp_volume(level: float) -> float:
    """A volume in 0.0-1.0 (NaN counts as silent)."""
    if math.isnan(level):
        return 0.0
    return min(1.0, max(0.0, level))
