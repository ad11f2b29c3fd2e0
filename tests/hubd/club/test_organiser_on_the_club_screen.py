"""The organiser on the Club screen, in the main loop: the night's name and seating, pairing
hubs by a tap or by typing an id, which version of a game counts, a table set aside and brought
back, and every text of the screen large and uncut in every language."""

# ruff: noqa: F811  (``hub`` is club_loop's fixture, named in the tests' arguments)

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from club_helpers import game_log, log_text, put_game
from club_loop import NIGHT, OTHER, ClubHub, hub, make_hub, play_a_game  # noqa: F401 - the fixture

from hubd.club.link import LinkStatus, Nearby, Peer
from hubd.screens import Ui, UiContext
from hubd.screens.kit.widgets import Kind
from hubd.text.i18n import SHIPPED
from hubd.values.intents import ClubChoice


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
