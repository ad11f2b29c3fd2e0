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
