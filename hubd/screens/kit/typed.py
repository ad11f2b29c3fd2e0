"""What an on-screen keyboard has typed: one field, with its length cap and its rule for
spaces. The name keyboard, the Wi-Fi passphrase keyboard and the club's pairing keypad all
type through it (taps on their keys and a physical keyboard's keys alike)."""

from __future__ import annotations


class TypedText:
    """The text typed so far, never longer than ``limit``. ``words``: spaces only between
    words (none first, never two in a row), as a name or an id and address are typed; a
    passphrase keeps every space it is given."""

    def __init__(self, limit: int, text: str = "", *, words: bool = False) -> None:
        self.limit = limit
        self.text = text[:limit]
        self.words = words

    def add(self, char: str) -> None:
        """Type ``char`` at the end, unless the field is full or the space is not wanted."""
        if len(self.text) >= self.limit:
            return
        if self.words and char == " " and (not self.text or self.text.endswith(" ")):
            return
        self.text += char

    def delete(self) -> None:
        """Take back the last character (nothing when the field is empty)."""
        self.text = self.text[:-1]
