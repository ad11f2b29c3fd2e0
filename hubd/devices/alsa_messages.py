"""ALSA's own error messages, silenced: the hub says what is wrong with the sound in one line.

With no sound card, each attempt to open the audio device makes libasound print eight
``ALSA lib ...`` lines to standard error (~250 in two minutes of retries, most of the
service's journal). libasound prints them through a handler a program may replace
(``snd_lib_error_set_handler``); SDL loads the library by its soname, ``libasound.so.2``,
so the library is loaded here first, once, and kept loaded with a handler that says nothing.
The speaker's own warning (``No audio device (ALSA: ...)``) still names the cause.
"""

from __future__ import annotations

import ctypes
import logging

SONAME = "libasound.so.2"
#: The handler: a C function that reads none of its arguments and has no effect worth the name.
#: Not a Python callback: SDL's ALSA hot-plug thread calls the handler, and at exit the main
#: thread, holding Python's lock, waits for that thread, which waits for the lock (seen:
#: ``hubd`` hung on SIGTERM with no sound card).
NO_OP = "getpid"
_library: ctypes.CDLL | None = None


def silence_alsa_errors(soname: str = SONAME) -> bool:
    """Replace libasound's error printer with one that prints nothing; True when done.

    False (and nothing changed) where there is no libasound: SDL then uses no ALSA either."""
    global _library
    if _library is not None:
        return True
    try:
        library = ctypes.CDLL(soname)
        no_op = ctypes.cast(getattr(ctypes.CDLL(None), NO_OP), ctypes.c_void_p)
        library.snd_lib_error_set_handler.argtypes = [ctypes.c_void_p]
        library.snd_lib_error_set_handler.restype = ctypes.c_int
        library.snd_lib_error_set_handler(no_op)
    except (OSError, AttributeError) as err:
        logging.getLogger(__name__).debug("ALSA's messages left as they are: %s", err)
        return False
    _library = library  # loaded for good, so SDL's dlopen finds this one, handler and all
    return True
