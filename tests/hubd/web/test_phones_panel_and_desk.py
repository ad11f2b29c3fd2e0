"""The hub's side of the phones' page: the Phones panel (QR code, address, seats, Release)
and the loop answering a phone's request and releasing a seat."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hub_harness import Hub, hub  # noqa: F401 - the fixture

from engine import HandLimit, NewGame, RuleError, StartRound
from hubd.loop.inbox import PhoneRequest
from hubd.screens import Ui, UiContext
from hubd.screens.kit.qr import qr_modules
from hubd.screens.kit.widgets import Kind
from hubd.screens.phones import PhonesPanel
from hubd.text.i18n import SHIPPED
from hubd.values.intents import AnotherSeat, ReleaseSeat
from hubd.values.snapshot import Snapshot
from hubd.web.desk import OneSeat, PhoneDesk, SeatTaken

ADDRESS = "http://192.168.1.20:8080/t/0123456789abcdef0123"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_panel_shows_the_code_the_address_and_a_release_for_each_seat(
    size: tuple[int, int],
) -> None:
    pygame.init()
    ui = Ui(size)
    ctx = UiContext(web_address=ADDRESS, phone_seats=("Ana", "Ben"))
    ui.open_overlay(PhonesPanel(ui))
    widgets = ui.layout(ctx, 0.0)
    [code] = [w for w in widgets if w.kind is Kind.QR]
    assert code.lines == (ADDRESS,) and code.rect.w == code.rect.h
    modules = len(qr_modules(ADDRESS))
    assert code.rect.w // (modules + 8) >= 4  # at least 4 px a module: a phone reads it
    texts = " ".join(" ".join(w.lines) for w in widgets)
    assert "http://192.168.1.20:8080" in texts and "/t/0123456789abcdef0123" in texts
    release = {w.key: w for w in widgets if w.key.startswith("phones:release:")}
    assert set(release) == {"phones:release:Ana", "phones:release:Ben"}
    assert release["phones:release:Ben"].action is not None
    assert release["phones:release:Ben"].action((0, 0)) == [ReleaseSeat("Ben")]
    [another] = [w for w in widgets if w.key == "phones:another:Ben"]
    assert another.action is not None and another.action((0, 0)) == [AnotherSeat("Ben")]


def test_without_the_page_the_panel_says_it_is_off() -> None:
    pygame.init()
    ui = Ui((800, 480))
    ui.open_overlay(PhonesPanel(ui))
    widgets = ui.layout(UiContext(), 0.0)
    assert not [w for w in widgets if w.kind is Kind.QR]
    assert any("The phones' page is off" in " ".join(w.lines) for w in widgets)


def test_the_loop_answers_a_phone_and_the_hub_releases_its_seat(hub: Hub) -> None:  # noqa: F811
    published: list[Snapshot] = []
    desk = PhoneDesk(b"s" * 32, published.append, "http://127.0.0.1:8080")
    hub.app.core.phones = desk
    assert hub.app.core.submit(NewGame(("Ana", "Ben"))) and hub.app.core.submit(StartRound("Ana"))
    answers: list[RuleError | str | HandLimit | None] = []
    game_id = hub.app.core.game_id
    assert game_id is not None
    for phone in ("a" * 32, "b" * 32):
        hub.app.inbox.post(PhoneRequest("claim", phone, 1, 1, 0, False, game_id,
                                        answers.append))  # fmt: skip
    hub.run()
    taken = answers[1]  # the kind, with whose seat it is, for each phone's language
    assert answers[0] is None and isinstance(taken, SeatTaken) and taken.player == "Ben"
    assert published[-1].claimed == frozenset({"Ben"})
    assert hub.app.core.context().phone_seats == ("Ben",)
    assert hub.app.core.context().web_address == desk.address(game_id)
    hub.app.handle_intent(ReleaseSeat("Ben"))
    assert published[-1].claimed == frozenset()
    assert hub.app.core.context().phone_seats == ()
    # One seat a phone, unless the Phones panel gives it another.
    for seat in (0, 1, 1):
        hub.app.inbox.post(PhoneRequest("claim", "a" * 32, seat, 1, 0, False, game_id,
                                        answers.append))  # fmt: skip
        hub.run()
        if seat == 1 and hub.app.core.context().phone_seats == ("Ana",):
            held = answers[-1]
            assert isinstance(held, OneSeat) and held.player == "Ana"
            hub.app.handle_intent(AnotherSeat("Ana"))
            assert hub.app.core.context().phone_more == ("Ana",)
    assert answers[-1] is None and hub.app.core.context().phone_seats == ("Ana", "Ben")
    assert hub.app.core.context().phone_more == ()


def test_a_published_state_is_a_copy_the_loop_does_not_change(hub: Hub) -> None:  # noqa: F811
    published: list[Any] = []
    hub.app.core.phones = PhoneDesk(b"s" * 32, published.append, "http://127.0.0.1:8080")
    assert hub.app.core.submit(NewGame(("Ana", "Ben"))) and hub.app.core.submit(StartRound("Ana"))
    before = published[-1].state
    hands = list(before.hands)
    assert hub.play("Ana", "9-4", "9-9")
    assert before.hands == hands and before is not hub.app.core.game.state
    assert published[-1].state.hands != hands


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", SHIPPED)
def test_the_panel_fits_in_every_language(size: tuple[int, int], language: str) -> None:
    from layout_checks import problems

    pygame.init()
    ui = Ui(size)
    ui.set_language(language)
    ctx = UiContext(language=language, web_address=ADDRESS, phone_seats=("Maria-Helena", "Ben"))
    ui.open_overlay(PhonesPanel(ui))
    widgets = ui.layout(ctx, 0.0)
    assert problems(ui, widgets, official=True) == []
