"""How big a game and its log may be.

Far beyond any real game, and small enough that a hostile log is refused in a moment instead
of hanging the hub or filling its memory. Measured with ``chickenfoot simulate``: a double-9
game has under 700 events (a real one, with its undos, under 2,000), a double-18 game with 2
players under 6,500; the longest line (an ``end_round`` of 8 hands in a double-18 set) is
under 1,300 characters, under 4,500 with every name escaped to the full.
"""

from __future__ import annotations

#: Events in one game's log, undos included: the event after this many is refused.
MAX_EVENTS = 20_000
#: Characters (or bytes, read from a file) in one line of a log.
MAX_LINE = 16_384
#: Bytes in a whole log file; a longer one is refused at the line that crosses the limit.
MAX_LOG_BYTES = 16 * 1024 * 1024
#: The most players any preset seats.
MAX_PLAYERS = 8
#: The longest player name, in characters.
MAX_NAME = 24
