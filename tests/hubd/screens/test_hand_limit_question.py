"""A hand above the most its tiles could hold is taken only after a second question that says
the limit, on the hub's keypad and on the phones' page; the last hand from a phone leaves the
round for the hub's one tap to score (issue 37, point 4).

The family round (tests/helpers/family_round.jsonl) ends with Mum out and Dad, Ben and Ana holding
3, 5 and 3 tiles: with the tiles on the table, Ana's 3 tiles hold at most 45 pips."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from family_round import FAMILY_ROUND
from hub_harness import Hub, hub  # noqa: F401 - the fixture
from web_table import Table as WebTable

from engine import EndRound, Event, Game, HandLimit, HandPips, Phase, parse_line
from hubd.loop.inbox import PhoneRequest
from hubd.screens import Ui, UiContext
from hubd.screens.shots.screenshots import tap_widget
from hubd.values.intents import Go, Submit
from hubd.web.desk import PhoneDesk
from hubd.web.guard import Limits

ROUND = [parse_line(line) for line in FAMILY_ROUND.splitlines()]
PLAYED = ROUND[:-1]  # every play; the round's end not yet scored
PHONES = {"Dad": "d" * 32, "Ben": "b" * 32, "Ana": "a" * 32}
SEATS = {"Mum": 0, "Dad": 1, "Ben": 2, "Ana": 3}


def played() -> Game:
    return Game.from_events(PLAYED)


# -- the phones' page ----------------------------------------------------------------------


@pytest.fixture
def web(tmp_path: Path) -> Iterator[WebTable]:
    table = WebTable(tmp_path, Limits(writes_per_s=100))
    table.game = played()
    table.publish()
    for name, phone in PHONES.items():
        answer = table.post("claim", phone=phone, seat=SEATS[name])
        assert answer["ok"], answer
    yield table
    table.close()


def hand(table: WebTable, name: str, pips: int, lang: str = "en", **more: Any) -> dict[str, Any]:
    body = {"seat": SEATS[name], "round": 1, "pips": pips, **more}
    status, _headers, data = table.request(
        "POST", f"/t/{table.token}/hand?lang={lang}", json.dumps(body).encode(), True, PHONES[name]
    )
    assert status == 200, data
    return dict(json.loads(data))


def test_a_phone_sending_500_for_3_tiles_is_asked_again_in_its_language(web: WebTable) -> None:
    answer = hand(web, "Ana", 500, lang="pt")
    assert answer["ok"] is False and answer["problem"] is None
    assert answer["confirm"] == "Ana tem 3 peças: no máximo 45 pintas. 500 está certo?"
    assert (answer["yes"], answer["change"]) == ("Sim, 500", "Mudar o número")
    assert "Ana" not in web.desk.hands  # nothing is taken before the second answer
    assert hand(web, "Ana", 500, lang="en")["confirm"] == (
        "Ana holds 3 tiles: at most 45 pips. Is 500 right?"
    )
    assert hand(web, "Ana", 500, confirmed=True) == {"ok": True, "problem": None}
    assert web.desk.hands["Ana"] == HandPips(500)


def test_a_sane_hand_goes_straight_through(web: WebTable) -> None:
    assert hand(web, "Ana", 23) == {"ok": True, "problem": None}
    assert hand(web, "Ben", 70) == {"ok": True, "problem": None}  # 5 tiles: at most 70
    assert web.desk.hands == {"Ana": HandPips(23), "Ben": HandPips(70)}


def test_the_last_hand_from_a_phone_leaves_the_round_unscored(web: WebTable) -> None:
    for name, pips in (("Dad", 16), ("Ben", 53), ("Ana", 23)):
        assert hand(web, name, pips)["ok"]
    assert web.submitted == []  # the hub's tap scores it
    assert web.game.state.phase is Phase.ROUND_OVER
    assert web.desk.hands == {"Dad": HandPips(16), "Ben": HandPips(53), "Ana": HandPips(23)}


def test_the_limit_is_a_check_of_its_own_not_a_refusal() -> None:
    desk = PhoneDesk(b"s" * 32, lambda _snapshot: None, "http://127.0.0.1:8080")
    game = played()
    answers: list[object] = []

    def ask(action: str, name: str, pips: int = 0, confirmed: bool = False) -> bool:
        request = PhoneRequest(action, PHONES[name], SEATS[name], 1, pips, False, 1,
                               answers.append, confirmed=confirmed)  # fmt: skip
        return desk.handle(request, game.state, 1)

    from hubd.values.snapshot import Snapshot

    desk.publish(Snapshot(game_id=1, state=game.state))
    for name in PHONES:
        ask("claim", name)
    assert not ask("hand", "Dad", 46)
    assert answers[-1] == HandLimit("Dad", 3, 45)
    assert not ask("hand", "Dad", 46, confirmed=True) and answers[-1] is None
    assert not ask("hand", "Ben", 53)
    assert ask("hand", "Ana", 23)  # every hand is in: the hub shows them
    assert answers[-1] is None


# -- the hub ------------------------------------------------------------------------------


class Keypad:
    """The hub's round end, by taps, on the family round's last position."""

    def __init__(self, size: tuple[int, int] = (800, 480), language: str = "en") -> None:
        pygame.display.init()
        self.game = played()
        self.ui = Ui(size)
        self.ctx = UiContext(state=self.game.state, language=language)
        self.ui.set_language(language)
        self.ui.state_changed(self.ctx)
        self.ui.show_screen("round_end")
        self.submitted: list[Event] = []

    def tap(self, *keys: str) -> None:
        for key in keys:
            for intent in tap_widget(self.ui, self.ctx, key):
                if isinstance(intent, Submit):
                    self.game.apply(intent.event)
                    self.submitted.append(intent.event)
                elif isinstance(intent, Go):
                    self.ui.show_screen(intent.screen)

    def texts(self) -> list[str]:
        return [w.text for w in self.ui.layout(self.ctx, 0.0) if w.text]

    def type_hands(self, hands: dict[str, int]) -> None:
        for name, pips in hands.items():
            self.tap(f"hand:{name}", *(f"pad:{digit}" for digit in str(pips)))


@pytest.mark.parametrize("language", ["en", "uk"])
def test_the_hubs_keypad_asks_again_above_the_limit(language: str) -> None:
    table = Keypad(language=language)
    table.type_hands({"Dad": 16, "Ben": 53, "Ana": 500})
    table.tap("round_end:save")
    assert table.submitted == []
    question = {
        "en": "Ana holds 3 tiles: at most 45 pips. Is 500 right?",
        "uk": "Ana має 3 кісточки: сума очок щонайбільше 45. 500 — правильно?",
    }[language]
    assert question in table.texts()
    table.tap("confirm:keep")  # Change it: Ana's hand is chosen again, nothing scored
    assert table.submitted == []
    table.tap("round_end:save", "round_end:over")  # asked again, and said right
    assert table.submitted == [EndRound({"Mum": HandPips(0), "Dad": HandPips(16),
                                         "Ben": HandPips(53), "Ana": HandPips(500)})]  # fmt: skip


def test_a_sane_hand_on_the_keypad_is_scored_at_once() -> None:
    table = Keypad()
    table.type_hands({"Dad": 16, "Ben": 53, "Ana": 45})
    table.tap("round_end:save")
    assert table.game.state.scores == [[0, 16, 53, 45]]


def test_phones_hands_wait_on_the_hubs_round_end_for_its_tap(hub: Hub) -> None:  # noqa: F811
    hub.app.core.phones = PhoneDesk(b"s" * 32, lambda snapshot: None, "http://127.0.0.1:8080")
    for event in PLAYED:
        assert hub.app.core.submit(event), event
    game_id = hub.app.core.game_id
    assert game_id is not None
    hub.app.ui.show_screen("scores")  # the hub shows something else meanwhile

    def post(action: str, name: str, pips: int = 0, confirmed: bool = False) -> None:
        request = PhoneRequest(action, PHONES[name], SEATS[name], 1, pips, False, game_id,
                               lambda _answer: None, confirmed=confirmed)  # fmt: skip
        hub.app.inbox.post(request)

    for name in PHONES:
        post("claim", name)
    post("hand", "Dad", 16)
    post("hand", "Ben", 53)
    post("hand", "Ana", 500, confirmed=True)  # said right on Ana's phone
    hub.run()
    state = hub.app.core.game.state if hub.app.core.game is not None else None
    assert state is not None and state.phase is Phase.ROUND_OVER and state.scores == []
    assert hub.app.ui.current == "round_end"  # the round's hands, and one tap to score
    assert hub.store.load(game_id).state.scores == []
    ctx = hub.app.core.context()
    for intent in tap_widget(hub.app.ui, ctx, "round_end:save"):
        hub.app.handle_intent(intent)  # type: ignore[arg-type]
    assert hub.store.load(game_id).state.scores == [[0, 16, 53, 500]]  # no second question
