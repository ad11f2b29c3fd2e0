"""A question about a tile read from a photo ("Is this 5-8 or 6-8?"), in the reader's
language: the phones' page and the hub's screen ask it alike."""

from __future__ import annotations

from collections.abc import Callable

from engine.photo_hand import Question


def question_words(question: Question, tr: Callable[[str], str]) -> str:
    """The question in ``tr``'s language, each tile kept whole (isolated, a non-breaking
    hyphen: Hebrew never turns it)."""
    names = ["\u2066" + f"{c.lo}\u2011{c.hi}" + "\u2069" for c in question.choices]
    if not names:
        return tr("Which tile is this?")
    if len(names) == 1:
        return tr("Is this {first}?").format(first=names[0])
    if len(names) == 2:
        return tr("Is this {first} or {second}?").format(first=names[0], second=names[1])
    return tr("Is this {first}, {second} or {third}?").format(
        first=names[0], second=names[1], third=names[2]
    )


def _(message: str) -> str:
    """A message for the catalogs, translated where it is shown (the phones' page)."""
    return message


#: What the photo reader (hubd.vision.reader, no translations there) says when it gives up:
#: the phones' page translates its words.
READER_REFUSALS = (
    _("A tile lies partly outside the photo: take it again with every tile inside it."),
    _(
        "Some tiles lie too close or on top of each other to tell apart: "
        "lay them face up, a little apart, and take the photo again."
    ),
    _("No tiles found: lay the tiles face up on a darker table and fill the photo with them."),
)
