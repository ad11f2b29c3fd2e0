"""A desktop keyboard types into the screens' text fields (the new player's name, the Wi-Fi
passphrase) as their on-screen keys do; outside them its keys are commands."""

from __future__ import annotations

from screens_loop import Loop

from hubd.screens.kit.passkeys import PassphraseKeyboard
from hubd.values.intents import Intent


def test_a_name_typed_on_the_keyboard_takes_a_seat() -> None:
    loop = Loop()
    loop.tap("tab:players")
    loop.tap("keyboard")
    assert loop.ui.typing
    loop.handle(loop.ui.text("zoë", loop.ctx, loop.now))
    loop.handle(loop.ui.key("d", loop.ctx, loop.now))  # no game to draw in: nothing
    loop.handle(loop.ui.key("return", loop.ctx, loop.now))
    assert not loop.ui.typing
    loop.frame()
    assert "1. Zoë" in loop.texts()


def test_a_passphrase_keeps_its_case_and_enter_joins() -> None:
    loop = Loop()
    joined: list[str] = []

    def join(passphrase: str) -> list[Intent]:
        joined.append(passphrase)
        return []

    loop.ui.open_overlay(PassphraseKeyboard(loop.ui, "Home", join))
    loop.ui.text("Secret pass\t!", loop.ctx, loop.now)  # a tab is no passphrase character
    loop.ui.key("return", loop.ctx, loop.now)
    assert joined == ["Secret pass!"]


def test_keys_are_commands_when_nothing_is_typed() -> None:
    loop = Loop()
    assert not loop.ui.typing
    assert loop.ui.text("abc", loop.ctx, loop.now) == []


def test_the_pairing_keypad_takes_a_typed_id_in_its_capitals() -> None:
    """The club's pairing keypad is a text field too: typed letters are its capitals, a
    second space in a row is not typed, and Enter pairs."""
    from hubd.screens.club_pair import PairKeypad
    from hubd.values.intents import ClubChoice

    loop = Loop()
    loop.ui.open_overlay(PairKeypad(loop.ui))
    assert loop.ui.typing
    loop.handle(loop.ui.text(" abc2  10.0.0.2", loop.ctx, loop.now))
    keypad = loop.ui.overlay
    assert isinstance(keypad, PairKeypad) and keypad.text == "ABC2 10.0.0.2"
    assert loop.ui.key("return", loop.ctx, loop.now) == [ClubChoice("pair", "ABC2 10.0.0.2")]


def test_one_typed_field_keeps_its_cap_and_its_rule_for_spaces() -> None:
    from hubd.screens.kit.typed import TypedText

    name = TypedText(5, words=True)
    for char in " Ana  Bea":
        name.add(char)
    assert name.text == "Ana B"  # no space first, none twice, five characters at most
    name.delete()
    name.delete()
    assert name.text == "Ana"
    passphrase = TypedText(63)
    for char in "  two  spaces ":
        passphrase.add(char)
    assert passphrase.text == "  two  spaces "
    empty = TypedText(3)
    empty.delete()
    assert empty.text == ""
