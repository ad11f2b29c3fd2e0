"""The phones' page while the hub's plays arrive every fraction of a second (a crowded round, a
game dealt by the engine's simulator), in Debian's chromium: a tap whose finger is down when an
update lands still does what it was for; a hand being typed outlives the hub taking back the
round's last play and entering it again; and a tap on the map enlarges the place tapped in a
right-to-left language as in any other.

A tap is a press and a release on the same element: a page that draws its buttons anew on
every update swapped the button under the finger for its copy, and the tap did nothing (a
family member claiming a seat during play met it about one tap in four)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from phones_page import NAMES, Hub, scores_game, until
from web_harness import browser, phone

from engine import EndRound, Event, FootOpened, Game, Toe, Undo
from engine.simulate import Simulator

pytestmark = pytest.mark.slow


def dealt_round(seed: int = 3605) -> list[Event]:
    """A classic double-9 game among the helpers' four names, played by the simulator."""
    rules = {"preset": "classic", "set": 9, "rounds": 2}
    return list(Simulator(4, rules, seed, check=False, names=NAMES).play_game().effective)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


@pytest.fixture
def events() -> list[Event]:
    return dealt_round()


@contextmanager
def followed(
    chromium: Any, folder: Path, game: Game, language: str, width: int = 390, height: int = 844
) -> Iterator[tuple[Hub, Any]]:
    """The hub serving ``game`` and a phone's page showing it in ``language``."""
    hub = Hub(folder, game)
    page = phone(chromium, width, height)
    try:
        page.goto(f"{hub.address}?lang={language}")
        until(page, hub.version)
        if game.state.table is not None:  # its map drawn: arriving later, it moves what is under
            page.wait_for_selector("#map:not([data-waits]) svg", state="attached")
        yield hub, page
    finally:
        page.context.close()
        hub.close()


def press_while_updating(page: Any, selector: str, update: Any, hub: Hub) -> None:
    """Press on ``selector``, let ``update()`` reach the page, then lift the finger."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, selector
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    update()
    until(page, hub.version)
    page.mouse.up()


def test_a_tap_on_a_seat_or_give_back_lands_when_an_update_arrives_under_the_finger(
    chromium: Any, events: list[Event], tmp_path: Path
) -> None:
    with followed(chromium, tmp_path, Game.from_events(events[:4]), "en", 360, 800) as (hub, page):
        # A play changes the counts, the turn and the map while the finger is on the seat.
        press_while_updating(page, '.claim[data-seat="1"]', lambda: hub.apply(events[4]), hub)
        page.wait_for_selector(".player.me", timeout=10_000)
        assert list(hub.desk.claims) == [NAMES[1]]
        # Another play while the finger is on "Give back my seat".
        press_while_updating(page, ".give-back", lambda: hub.apply(events[5]), hub)
        page.wait_for_selector('.claim[data-seat="1"]', timeout=10_000)
        assert hub.desk.claims == {}


def test_a_hand_being_typed_outlives_the_hub_taking_back_the_last_play_and_entering_it_again(
    chromium: Any, events: list[Event], tmp_path: Path
) -> None:
    end = next(n for n, event in enumerate(events) if isinstance(event, EndRound))
    over = Game.from_events(events[:end])  # the round is over: the hands may be entered
    with followed(chromium, tmp_path, over, "pt") as (hub, page):
        page.click('.claim[data-seat="2"]')
        page.click("#pips")
        page.keyboard.type("3")
        hub.apply(Undo())  # the going-out tile was entered wrong on the hub
        until(page, hub.version)
        assert page.locator("#pips").count() == 0  # no hand while the round is played
        hub.apply(events[end - 1])
        until(page, hub.version)
        page.keyboard.type("5")
        typed = page.evaluate("() => [document.getElementById('pips').value, "
                              "document.activeElement.id]")  # fmt: skip
        assert typed == ["35", "pips"]


#: Where the frame's visible part stands in the enlarged map, as fractions of its width and
#: height: its centre's place.
SEEN_JS = """() => {
  const frame = document.querySelector('#map .frame');
  const box = frame.getBoundingClientRect();
  const svg = frame.querySelector('svg').getBoundingClientRect();
  return [(box.left + box.width / 2 - svg.left) / svg.width,
          (box.top + box.height / 2 - svg.top) / svg.height,
          document.getElementById('map').classList.contains('zoomed')];
}"""


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("place", [(0.3, 0.5), (0.5, 0.5), (0.7, 0.4)])
def test_a_tap_on_the_map_enlarges_the_place_tapped_in_either_direction(
    chromium: Any, events: list[Event], tmp_path: Path, language: str, place: tuple[float, float]
) -> None:
    with followed(chromium, tmp_path, Game.from_events(events[:20]), language) as (_hub, page):
        frame = page.locator("#map .frame")
        box = frame.bounding_box()
        assert box is not None
        frame.click(position={"x": place[0] * box["width"], "y": place[1] * box["height"]})
        x, y, zoomed = page.evaluate(SEEN_JS)
        assert zoomed
        # The place tapped at the enlarged frame's centre, or as near as the map's edge allows
        # (a quarter of the map from its side, at twice the size).
        wanted = min(max(place[0], 0.25), 0.75)
        assert abs(x - wanted) < 0.02 and abs(y - place[1]) < 0.1, (x, y)


#: The hand's field: where it stands on the screen, whether it has the finger, what it holds.
FIELD_JS = """() => {
  const field = document.getElementById('pips');
  return [field.getBoundingClientRect().top, document.activeElement.id, field.value];
}"""


@pytest.mark.parametrize("scrolled", [0, 90])
def test_the_field_being_typed_in_stays_under_the_finger_as_updates_and_a_photos_answer_come(
    chromium: Any, tmp_path: Path, scrolled: int
) -> None:
    """At the page's top, a status line two lines long after one play and one after the next
    moved the hand's field by a line each time, and the tiles read from a photo, drawn above
    it, pushed it 350 px down while its pips were typed."""
    cv2 = pytest.importorskip("cv2")
    from photo_synth import make_photo

    from hubd.vision.worker import read_in_worker
    from hubd.web.photo import PhotoDesk

    answer = threading.Event()

    def reader(data: bytes, highest: int) -> Any:
        answer.wait(20)  # the answer comes once the test has typed a digit
        return read_in_worker(data, highest)

    photo = tmp_path / "hand.jpg"
    cv2.imwrite(str(photo), make_photo(3607, 9, 4).image)
    hub = Hub(tmp_path / "hub", scores_game())
    server = hub.close.__self__  # type: ignore[attr-defined]
    server.photos = PhotoDesk(server.limits, reader)
    page = phone(chromium, 360, 800)
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{hub.address}?lang=en")
        until(page, hub.version)
        page.click('.claim[data-seat="1"]')
        page.set_input_files("#photo-input", str(photo))  # read while the pips are typed
        page.evaluate(f"scrollTo(0, {scrolled})")
        page.click("#pips")
        top, *_ = page.evaluate(FIELD_JS)
        typed = ""
        for event in (FootOpened(), Toe(), Toe(), Toe(), FootOpened(), Toe()):
            hub.apply(event)  # the last line grows and shrinks by a line
            until(page, hub.version)
            page.keyboard.type("1")
            typed += "1"
            at, *held = page.evaluate(FIELD_JS)
            assert abs(at - top) <= 1 and held == ["pips", typed], (event, at, top)
        answer.set()
        page.wait_for_selector(".tiles-found li")
        page.keyboard.type("2")
        at, *held = page.evaluate(FIELD_JS)
        assert abs(at - top) <= 1 and held == ["pips", typed + "2"], (at, top)
    finally:
        answer.set()
        page.context.close()
        hub.close()


#: A crowded table's names: long ones, two words, a hyphen, three scripts.
EIGHT = ("Олександра", "Grandma Rose", "אבא", "Maximiliano", "João Pedro", "Ben", "Тетяна",
         "Maria-Helena")  # fmt: skip


def crowded_round_over() -> Game:
    """Eight players, double-15, the simulator's first round played to its end."""
    rules = {"preset": "classic", "set": 15, "rounds": 2}
    events = list(Simulator(8, rules, 3601, check=False, names=EIGHT).play_game().effective)
    end = next(n for n, event in enumerate(events) if isinstance(event, EndRound))
    return Game.from_events(events[:end])


def test_at_a_rounds_end_a_phone_without_a_seat_has_the_seats_on_its_first_screen(
    chromium: Any, tmp_path: Path
) -> None:
    """Eight players, double-15: "Choose your seat to enter your hand" stood at the top and the
    seats' buttons under the map and the players' eight rows, 1,100 px further down at 320 px."""
    names = EIGHT
    with followed(chromium, tmp_path, crowded_round_over(), "uk", 320, 640) as (_, page):
        seats = page.locator("#mine .claim")
        assert seats.count() == len(names)
        box = seats.first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, box
        assert page.locator("#players .claim").count() == 0  # not twice
        seats.nth(4).click()
        page.wait_for_selector(".player.me")
        assert page.locator(".claim").count() == 0 and page.is_visible("#pips")


def test_the_hub_out_of_reach_notice_moves_no_field_being_typed_in(
    chromium: Any, tmp_path: Path
) -> None:
    """The notice "The hub is out of reach" comes over the page's top when the phone's Wi-Fi
    drops for a moment: it pushed the hand's field 73 px down under the finger."""
    with followed(chromium, tmp_path, scores_game(), "en", 360, 800) as (hub, page):
        page.click('.claim[data-seat="1"]')
        page.click("#pips")
        page.keyboard.type("1")
        top, *_ = page.evaluate(FIELD_JS)
        hub.close()  # the hub out of reach: its stream and its polls fail
        page.wait_for_selector("#lost", state="visible")
        page.keyboard.type("2")
        at, *held = page.evaluate(FIELD_JS)
        assert abs(at - top) <= 1 and held == ["pips", "12"], (at, top)


SEATS_JS = """() => Array.from(document.querySelectorAll('.claim'), b => {
  const r = b.getBoundingClientRect();
  return [b.dataset.seat, r.x, r.y, r.width];
})"""


def test_a_seat_another_phone_takes_stays_in_its_place_greyed_so_no_name_moves(
    chromium: Any, tmp_path: Path
) -> None:
    """At a round's end the family claims its seats at once: a seat another phone took was
    taken out of the buttons, and the names after it moved under the fingers about to tap."""
    with followed(chromium, tmp_path, crowded_round_over(), "pt") as (hub, page):
        before = page.evaluate(SEATS_JS)
        hub.desk.claims.update({EIGHT[0]: "e" * 32, EIGHT[3]: "f" * 32})  # two other phones
        hub.publish()
        until(page, hub.version)
        assert page.evaluate(SEATS_JS) == before
        assert page.is_disabled('.claim[data-seat="0"]')
        page.click('.claim[data-seat="5"]')
        page.wait_for_selector(".player.me")
        assert hub.desk.claims[EIGHT[5]] not in ("e" * 32, "f" * 32)


def test_a_tap_lands_when_an_update_moves_what_is_above_the_finger(
    chromium: Any, tmp_path: Path
) -> None:
    """Keeping the scores only, the seats stand under the status lines: the hub's "a chicken foot
    opened" made the last line two lines long while a finger was on a seat, the seat moved 57
    px down from under it, and the tap did nothing."""
    with followed(chromium, tmp_path, scores_game(), "en", 360, 800) as (hub, page):
        press_while_updating(page, '.claim[data-seat="2"]', lambda: hub.apply(FootOpened()), hub)
        page.wait_for_selector(".player.me", timeout=10_000)
        assert list(hub.desk.claims) == [NAMES[2]]
