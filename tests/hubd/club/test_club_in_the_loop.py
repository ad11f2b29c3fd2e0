"""The club night in the main loop: this hub's file follows the store, the others' games
arrive through the inbox, the Club screen shows them and takes the organiser's choices."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pygame
import pytest
from club_helpers import EVENING, game_log, log_text, put_game

from engine import EndRound, Game, HandPips, NewGame, StartRound
from hubd.club.importer import ClubImporter
from hubd.club.link import LinkStatus, Nearby, Peer
from hubd.club.night import ClubNight
from hubd.config.settings import Settings
from hubd.devices.button import ButtonLogic
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.light import FakeLight
from hubd.devices.notify import FakeNotifier
from hubd.devices.speaker import FakeSpeaker
from hubd.loop.app import HubApp
from hubd.loop.core import Devices, Extras, HubCore
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import Inbox
from hubd.screens import Ui, UiContext
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Kind, Widget
from hubd.screens.menu import Menu
from hubd.store import GameStore
from hubd.text.i18n import SHIPPED
from hubd.values.intents import ClubChoice

OTHER = "bbbb0002"
NIGHT = date(2026, 12, 1)


class FakeSync:
    def __init__(self) -> None:
        self.accepted: list[tuple[str, str]] = []
        self.paired: list[tuple[str, tuple[str, ...]]] = []

    def accept(self, device: str, name: str) -> None:
        self.accepted.append((device, name))

    def pair(self, device: str, addresses: tuple[str, ...]) -> None:
        self.paired.append((device, addresses))


@dataclass
class ClubHub:
    app: HubApp
    club: ClubNight
    inbox: Inbox
    clock: FakeClock
    data: Path

    def arrive(self) -> None:
        """What the importer thread would post, then a turn of the loop."""
        news = ClubImporter(self.club.club, self.inbox.post).scan()
        if news is not None:
            self.inbox.post(news)
        self.app.step(0)

    def widgets(self) -> list[Widget]:
        return self.app.ui.layout(self.app.core.context(), self.clock.now())

    def tap(self, key: str) -> None:
        widget = next(w for w in self.widgets() if w.key == key)
        self.app._intents(self.app.ui.tap(widget.rect.center, self.app.core.context(), 0.0))


def make_hub(tmp_path: Path, size: tuple[int, int]) -> tuple[ClubHub, GameStore, Display]:
    pygame.init()
    clock = FakeClock(100.0)
    inbox = Inbox()
    data = tmp_path / "data"
    store = GameStore.open(data, clock=lambda: EVENING.astimezone())
    club = ClubNight(data, store, "Table 1", wall=lambda: EVENING.replace(hour=20).astimezone())
    club.open()
    club.sync = FakeSync()  # type: ignore[assignment]
    display = Display(size)
    devices = Devices(speaker=FakeSpeaker(), light=FakeLight(clock), notifier=FakeNotifier())
    core = HubCore(
        display=display, ui=Ui(display.logical_size), store=store, devices=devices, clock=clock,
        settings=Settings("en", 80, False, 0, "classic"), data_folder=data,
        extras=Extras(club=club),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic(0.02, 3.0)), inbox)
    return ClubHub(app, club, inbox, clock, data), store, display


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[ClubHub]:
    made, store, display = make_hub(tmp_path, (800, 480))
    yield made
    store.close()
    display.close()


def play_a_game(hub: ClubHub) -> None:
    pips = {"Ana": 9, "Ben": 4}
    assert hub.app.core.submit(NewGame(tuple(pips), {"mode": "scores", "rounds": 1}))
    assert hub.app.core.submit(StartRound("Ana"))
    assert hub.app.core.submit(EndRound({name: HandPips(p) for name, p in pips.items()}))


def test_this_hubs_file_follows_the_store_event_by_event(hub: ClubHub) -> None:
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}))
    path = hub.club.folder / "2026-12-01T193000-g1.jsonl"
    assert path.read_text().count("\n") == 1
    assert hub.app.core.submit(StartRound("Ana"))
    exported = []
    hub.app.core.store.export_jsonl(1, type("Out", (), {"write": exported.append})())
    assert path.read_text() == "".join(exported)


def test_a_file_changed_under_the_hub_is_written_whole_again(hub: ClubHub) -> None:
    assert hub.app.core.submit(NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}))
    path = hub.club.folder / "2026-12-01T193000-g1.jsonl"
    path.write_text("garbage")
    assert hub.app.core.submit(StartRound("Ana"))
    assert path.read_text().splitlines()[1] == '{"type": "start_round", "opener": "Ana"}'


def test_other_tables_games_arrive_and_show_in_the_standings(hub: ClubHub) -> None:
    play_a_game(hub)
    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    hub.arrive()
    state = hub.app.core.context().club
    assert state is not None
    board = state.view.standings(NIGHT)
    assert [row.name for row in board.players] == ["Cy", "Ben", "Ana", "Dee"]
    assert board.tables == 2
    hub.arrive()  # the same files again: nothing new is stored
    assert len(hub.app.core.store.club_games()) == 2
    hub.app.ui.go("club")
    texts = [w.text for w in hub.widgets()]
    assert "Cy" in texts and "2026-12-01 · 2 tables" in texts


def test_the_organiser_names_the_night_and_chooses_the_seating(hub: ClubHub) -> None:
    play_a_game(hub)
    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    hub.arrive()
    hub.app.handle_intent(ClubChoice("name", "Tuesday club", "2026-12-01"))
    hub.app.ui.go("club")
    hub.tap("club:tab:seating")
    hub.tap("club:movers:-")
    hub.tap("club:movers:-")
    state = hub.app.core.context().club
    assert state is not None
    night = state.view.night(NIGHT)
    assert (night.name, night.seating, night.movers) == ("Tuesday club", "11-3", 1)
    assert '"Tuesday club"' in (hub.club.folder / "nights.json").read_text()
    # The lowest at each table moves on: Ben comes here, Cy stays... at the other table.
    next_here = [w for w in hub.widgets() if w.role == "next"]
    assert next_here and next_here[0].text == "Ana, Cy"
    hub.tap("club:rule:winners")
    assert hub.app.core.context().club.view.night(NIGHT).seating == "winners"  # type: ignore[union-attr]


def test_the_hubs_tab_says_when_syncthing_is_not_running_and_pairs_with_a_tap(
    hub: ClubHub,
) -> None:
    hub.app.ui.go("club")
    hub.tap("club:tab:hubs")
    hub.inbox.post(LinkStatus(False, "Syncthing is not running (Connection refused)"))
    hub.app.step(0)
    assert any(w.role == "syncthing" for w in hub.widgets())
    device = "ABCDEFG-" * 7 + "ABCDEFG"
    status = LinkStatus(True, "", device, (Peer("P" * 63, "Table 2", False, 150.0),),
                        (Nearby("N" * 63, "Table 3", "127.0.0.1:22000"),))  # fmt: skip
    hub.inbox.post(status)
    hub.app.step(0)
    widgets = hub.widgets()
    assert [w.lines for w in widgets if w.kind is Kind.QR] == [(device,)]
    assert [w.text for w in widgets if w.role == "peer"] == ["Table 2: seen 2 min ago"]
    hub.tap("club:accept:" + "N" * 63)
    assert hub.club.sync.accepted == [("N" * 63, "Table 3")]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("size", "least"), [((800, 480), (25, 32, 43)), ((720, 1280), (39, 50, 67))]
)
def test_the_club_screen_keeps_its_text_large(
    tmp_path: Path, size: tuple[int, int], least: tuple[int, int, int]
) -> None:
    hub, store, display = make_hub(tmp_path, size)
    try:
        play_a_game(hub)
        put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
        hub.arrive()
        hub.app.ui.go("club")
        for tab in ("standings", "seating", "night", "hubs"):
            hub.tap(f"club:tab:{tab}")
            texts = [w for w in hub.widgets() if w.text and w.kind in (Kind.LABEL, Kind.BUTTON)]
            assert texts and min(w.size for w in texts) >= least[0]
        hub.tap("club:tab:standings")
        widgets = hub.widgets()
        names = [w for w in widgets if w.text in ("Ana", "Ben", "Cy", "Dee")]
        numbers = [w for w in widgets if w.text in ("30", "9", "4", "2.0")]
        assert len(names) == 4 and min(w.size for w in names) >= least[1]
        assert numbers and min(w.size for w in numbers) >= least[2]
        assert not any(w.truncated for w in names + numbers)
    finally:
        store.close()
        display.close()


def test_without_club_nights_the_menu_has_no_club() -> None:
    ui = Ui((800, 480))
    b = Builder(ui.painter, (800, 480), ui.translator)
    Menu(ui).build(b, UiContext())
    assert not any(w.key == "menu:club" for w in b.widgets)
    b = Builder(ui.painter, (800, 480), ui.translator)
    Menu(ui).build(b, UiContext(club=object()))  # type: ignore[arg-type]
    assert any(w.key == "menu:club" for w in b.widgets)


def test_the_name_picker_offers_who_sits_here_next_first(hub: ClubHub) -> None:
    play_a_game(hub)
    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")
    hub.arrive()
    hub.app.handle_intent(ClubChoice("movers", 1, "2026-12-01"))
    # 11-3 with one mover: Ben (this table's lowest) leaves, Cy comes from Table 2.
    assert list(hub.app.core.context().known_players)[:2] == ["Ana", "Cy"]
    assert "Ben" in hub.app.core.context().known_players  # still there, after them


def test_news_the_store_cannot_take_is_kept_and_stored_later(
    hub: ClubHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hubd.store import StoreFullError

    put_game(hub.club.club, OTHER, 1, {"Cy": 2, "Dee": 30}, table="Table 2")

    def full(_rows: object) -> int:
        raise StoreFullError("the disk is full")

    real = hub.app.core.store.keep_club_games
    monkeypatch.setattr(hub.app.core.store, "keep_club_games", full)
    hub.arrive()  # refused by the store: still counted, never a crash
    state = hub.app.core.context().club
    assert state is not None and [r.name for r in state.view.standings(NIGHT).players] == [
        "Cy",
        "Dee",
    ]
    monkeypatch.setattr(hub.app.core.store, "keep_club_games", real)
    put_game(hub.club.club, OTHER, 2, {"Cy": 5, "Dee": 1}, started=EVENING.replace(hour=21))
    hub.arrive()
    assert len(hub.app.core.store.club_games()) == 2  # the refused game was stored with the next
    state = hub.app.core.context().club
    assert state is not None and len(state.view.games) == 2


def test_tonights_games_are_written_at_start_and_earlier_nights_are_not(tmp_path: Path) -> None:
    data = tmp_path / "data"
    events = [NewGame(("Ana", "Ben"), {"mode": "scores", "rounds": 1}), StartRound("Ana")]
    with GameStore.open(data, clock=lambda: EVENING.astimezone()) as store:
        tonight = store.new_game(events[0])
        store.append(tonight, events[1])
    with GameStore.open(data, clock=lambda: EVENING.replace(day=2).astimezone()) as store:
        store.new_game(events[0])  # the night after: not tonight's
        club = ClubNight(data, store, "Table 1", wall=lambda: EVENING.replace(hour=23))
        club.open()
        written = sorted(p.name for p in club.folder.glob("*.jsonl"))
        assert written == ["2026-12-01T193000-g1.jsonl"]
        assert (club.folder / written[0]).read_text().count("\n") == 2
        club.committed(tonight, Game.from_events(events))  # nothing new: the file stays
        assert (club.folder / written[0]).read_text().count("\n") == 2


@pytest.mark.parametrize("language", SHIPPED)
def test_no_text_on_the_club_screen_is_cut_in_any_language(language: str) -> None:
    from hubd.screens.shots.club_pictures import sample_state

    pygame.init()
    cut = []
    for size in ((800, 480), (720, 1280)):
        for tab, rules in (("standings", ["11-3"]), ("seating", ["11-3", "winners", "random"]),
                           ("night", ["11-3"]), ("hubs", ["11-3"])):  # fmt: skip
            for rule in rules:
                ui = Ui(size)
                ui.set_language(language)
                ui.go("club")
                ui.screens["club"].tab = tab  # type: ignore[attr-defined]
                ctx = UiContext(language=language, club=sample_state(rule, playing=False))
                cut += [(size, tab, w.text) for w in ui.layout(ctx, 1.0) if w.truncated]


DEVICE = "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD"


def test_the_organiser_pairs_by_typing_another_hubs_id(hub: ClubHub) -> None:
    hub.app.ui.go("club")
    hub.tap("club:tab:hubs")
    hub.inbox.post(LinkStatus(True, "", "Q" * 63, addresses=("tcp://10.0.0.1:22000",)))
    hub.app.step(0)
    [looking] = [w.text for w in hub.widgets() if w.role == "looking"]
    assert looking.startswith("Looking for hubs nearby")
    hub.inbox.post(LinkStatus(True, "", "Q" * 63, discovery=False))
    hub.app.step(0)
    [looking] = [w.text for w in hub.widgets() if w.role == "looking"]
    assert looking == "Local discovery is off: pair by typing another hub's id"
    hub.inbox.post(LinkStatus(True, "", "Q" * 63, addresses=("tcp://10.0.0.1:22000",)))
    hub.app.step(0)
    assert [w.lines for w in hub.widgets() if w.kind is Kind.QR] == [
        ("Q" * 63 + " 10.0.0.1:22000",)
    ]
    for attempt in ("NOT AN ID", f"{DEVICE} 10.0.0.3"):
        hub.tap("club:pair")
        for char in attempt:
            hub.tap("key:space" if char == " " else f"key:{char}")
        hub.tap("key:done")
        hub.app.step(0)
    assert hub.club.sync.paired == [(DEVICE, ("tcp://10.0.0.3:22000",))]  # type: ignore[union-attr]
    hub.tap("club:pair")
    hub.tap("key:X")
    hub.tap("key:done")
    hub.app.step(0)
    notice = [w.text for w in hub.widgets() if w.role == "notice"]
    assert notice and "not a device id" in notice[0]


def test_the_organiser_chooses_which_version_of_a_game_counts(hub: ClubHub) -> None:
    real = put_game(hub.club.club, OTHER, 3, {"Kim": 3, "Eve": 20}, table="Table 2")
    hub.arrive()
    copy = real.with_name(real.stem + ".sync-conflict-20261201-200000-ABCDEFG.jsonl")
    copy.write_text(log_text(game_log({"Kim": 50, "Eve": 1}, rounds=2)))
    hub.arrive()
    assert hub.club.view.standings().players[0].name == "Kim"
    hub.app.ui.go("club")
    hub.tap("club:tab:hubs")
    hub.inbox.post(LinkStatus(True, "", "Q" * 63))
    hub.app.step(0)
    [title] = [w.text for w in hub.widgets() if w.role == "conflict"]
    assert title == "Two versions of Table 2's game of 19:30"
    [conflict] = hub.club.view.conflicts
    hub.tap(f"club:version:{conflict.other.digest[:12]}")
    assert hub.club.view.standings().players[0].name == "Eve"
    hub.tap(f"club:version:{conflict.counted.digest[:12]}")  # and back
    assert hub.club.view.standings().players[0].name == "Kim"


def test_the_organiser_sets_a_table_aside_and_brings_it_back(hub: ClubHub) -> None:
    put_game(hub.club.club, OTHER, 1, {"Kim": 3, "Eve": 20}, table="Table 2")
    put_game(hub.club.club, "cccc0003", 1, {"Ida": 3, "Jo": 20}, over=False, table="Table 3")
    hub.arrive()
    hub.app.ui.go("club")
    hub.tap("club:tab:seating")
    assert [w.text for w in hub.widgets() if w.role == "waiting"] == ["Waiting for Table 3"]
    hub.tap("club:aside:cccc0003")
    assert [w.text for w in hub.widgets() if w.role == "waiting"] == ["Table 3: set aside"]
    proposal = hub.club.view.seating(NIGHT)
    assert proposal is not None and [h for h, _ in proposal.tables] == [OTHER]
    hub.tap("club:aside:cccc0003")
    assert [w.text for w in hub.widgets() if w.role == "waiting"] == ["Waiting for Table 3"]


@pytest.mark.parametrize("language", SHIPPED)
def test_no_text_of_the_nights_new_states_is_cut(language: str) -> None:
    """The Hubs tab alone and looking (discovery on and off), with two versions of a game,
    and with a typed id refused; the Seating tab waiting for a table and with one set aside;
    the keypad."""
    from dataclasses import replace

    from hubd.club.club_game import Conflict
    from hubd.screens.club_pair import PairKeypad
    from hubd.screens.shots.club_pictures import sample_state

    pygame.init()
    base = sample_state("11-3", playing=False)
    alone = replace(base.link, peers=(), nearby=(), addresses=("tcp://192.168.1.23:22000",))
    first, second = base.view.games[:2]
    two_versions = replace(base.view, conflicts=(Conflict(first, second, "a", "b"),), _memo={})
    night = base.view.night(NIGHT)
    aside = {NIGHT: replace(night, aside=(first.hub,), set_at="2")}
    states = [
        ("hubs", replace(base, link=alone)),
        ("hubs", replace(base, link=replace(alone, discovery=False), notice="not a device id")),
        ("hubs", replace(base, view=two_versions)),
        ("seating", sample_state("11-3", playing=True)),
        ("seating", replace(base, view=replace(base.view, named=aside, _memo={}))),
    ]
    cut = []
    for size in ((800, 480), (720, 1280)):
        for tab, state in states:
            ui = Ui(size)
            ui.set_language(language)
            ui.go("club")
            ui.screens["club"].tab = tab  # type: ignore[attr-defined]
            ctx = UiContext(language=language, club=state)
            widgets = ui.layout(ctx, 1.0)
            shown = any(w.role in ("looking", "conflict", "waiting", "notice") for w in widgets)
            assert shown, (size, tab, [w.text for w in widgets])
            cut += [(size, tab, w.text) for w in widgets if w.truncated]
        ui = Ui(size)
        ui.set_language(language)
        ui.open_overlay(PairKeypad(ui))
        cut += [(size, "keypad", w.text) for w in ui.layout(UiContext(language=language), 1.0)
                if w.truncated]  # fmt: skip

    assert cut == [], "\n".join(map(str, cut))
