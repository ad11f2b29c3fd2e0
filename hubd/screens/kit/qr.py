"""The QR code of the page's address, as rows of dark (True) and light modules."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=8)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """``text`` as a QR code (error correction M, the quiet zone not included)."""
    code = segno.make_qr(text, error="m")
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)
