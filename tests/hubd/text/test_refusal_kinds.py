"""Every kind of refusal is a class with its fields, worded in English from them and translated
by its kind in all six languages: on the screen, on the phones and in the hub's voice."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import pickle
import re
import typing

import pytest

import engine.refusals
from engine import RuleError
from hubd.speech import phrases
from hubd.speech.words import Words
from hubd.text import i18n
from hubd.text.refusals import translate_refusal
from hubd.web.desk import DESK_KINDS
from hubd.web.guard import in_language

KINDS = (*engine.refusals.KINDS, *DESK_KINDS)
TRANSLATED = [code for code in i18n.SHIPPED if code != i18n.SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Values for each type a field can have: names and tiles as text, counts of one, more, none.
SAMPLES: dict[object, tuple[object, ...]] = {
    str: ("Ana", "6-4"),
    int: (1, 3, 0),
    bool: (False, True),
}


def examples(kind: type[RuleError]) -> list[RuleError]:
    """``kind`` with sample values enough to use every wording: every combination of its
    flags, each with counts of one, more and none, and names alike and not."""
    hints = typing.get_type_hints(kind)
    fields: list[str] = []
    if dataclasses.is_dataclass(kind):
        fields = [f.name for f in dataclasses.fields(kind)]
    flags = [name for name in fields if hints[name] is bool]
    others = [name for name in fields if hints[name] is not bool]
    rows = [  # the samples side by side, and shifted a place per field (names alike or not)
        {name: SAMPLES[hints[name]][(i + shift * k) % len(SAMPLES[hints[name]])]
         for k, name in enumerate(others)}
        for i in range(3) for shift in (0, 1)
    ]  # fmt: skip
    make: typing.Callable[..., RuleError] = kind
    return [
        make(**row, **dict(zip(flags, values, strict=True)))
        for row in rows
        for values in itertools.product((False, True), repeat=len(flags))
    ]


ALL = [(kind.__name__, example) for kind in KINDS for example in examples(kind)]


def test_every_refusal_class_of_the_engine_is_listed_as_a_kind() -> None:
    defined = {
        cls
        for _name, cls in inspect.getmembers(engine.refusals, inspect.isclass)
        if issubclass(cls, RuleError) and cls is not RuleError
    }
    assert defined == set(engine.refusals.KINDS)
    assert all(kind.wordings for kind in KINDS)


def test_every_wording_is_used_and_the_english_message_is_built_from_the_fields() -> None:
    used = {(type(refused), refused.wording()) for _name, refused in ALL}
    for kind in KINDS:
        assert {(kind, wording) for wording in kind.wordings} <= used, kind.__name__
    for _name, refused in ALL:
        text, plural = refused.wording()
        english = plural if plural is not None and refused.count() != 1 else text
        assert refused.message == str(refused) == english.format(**refused.fields())
        assert set(PLACEHOLDER.findall(f"{text} {plural or ''}")) <= set(refused.fields())
        assert "{" not in refused.message


def test_a_refusal_keeps_its_kind_and_fields_through_pickling() -> None:
    for _name, refused in ALL:
        again = pickle.loads(pickle.dumps(refused))
        assert type(again) is type(refused) and again.fields() == refused.fields()
        assert again.message == refused.message


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_refusal_class_is_translated_in_every_language(code: str) -> None:
    """Each wording (each plural form) is in the catalog, with no placeholder beyond the
    kind's fields; filled in, nothing of the English sentence is left."""
    language = i18n.load(code)
    for name, refused in ALL:
        text = translate_refusal(refused, language)
        assert text != refused.message, f"{code}: {name} is shown in English: {text!r}"
        assert "{" not in text and "}" not in text, f"{code}: {name}: {text!r}"
        for value in refused.fields().values():
            if isinstance(value, str):
                assert value in text, f"{code}: {name} lost {value!r}: {text!r}"


def test_english_is_the_engines_own_message() -> None:
    english = i18n.load(i18n.SOURCE_LANGUAGE)
    for _name, refused in ALL:
        assert translate_refusal(refused, english) == refused.message
    plain = RuleError("line 3: not valid JSON")  # bad input, never met at the table
    assert translate_refusal(plain, i18n.load("pt")) == plain.message


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_refusal_reaches_a_player_in_english(code: str) -> None:
    """The three ways a refusal reaches the table: the screen, a phone, the hub's voice."""
    from hubd.screens import Ui

    ui = Ui((800, 480))
    ui.set_language(code)
    words = Words(i18n.load(code))
    for name, refused in ALL:
        ui.show_refusal(refused, (10, 10), 0.0)
        shown = ui.messages.toasts[-1].text
        assert shown == translate_refusal(refused, ui.translator) != refused.message, name
        assert in_language(refused, code) == shown, name
        said = phrases.refusal(words, refused)
        assert said and said[0] != refused.message, name
