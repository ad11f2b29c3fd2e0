"""Round end: enter each hand (its pips on a keypad, or the tiles left), then score the round.

The first hand to enter is chosen already and OK moves on to the next one not yet entered, so
a round end of N hands takes the digits, one OK per hand and the final "Score the round" tap
(a player who went out is entered as 0 already). Keys: "hand:<player>", "mode:pips",
"mode:tiles", the keypad's "pad:0" ... "pad:9", "pad:⌫", "pad:0-0", "pad:ok", the tiles
"left:<tile>", "left:more", "left:ok", and "round_end:save".
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import (
    EndRound,
    GameState,
    Hand,
    HandLimit,
    HandPips,
    RoundEnd,
    Tile,
    over_limit,
)
from engine.refusals import HandCount
from hubd.screens.confirm import Confirm
from hubd.screens.hand_entry import HandEntry
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.base import Screen, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.keypad import Digits, entry_layout, entry_least_height, hand_row, number_pad
from hubd.screens.kit.top_bar import notice_page, top_bar
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Style
from hubd.screens.tile_page import tile_page
from hubd.text.plain_words import block_text
from hubd.text.wording import limit_question
from hubd.values.camera import CameraView
from hubd.values.intents import Intent, LookAtHand, Submit


class RoundEndScreen(Screen):
    name = "round_end"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.entries: dict[str, HandEntry] = {}
        self.selected: str | None = None
        self.agreed = False
        self.page = 0
        self.listing = False  # every hand is in: the list (and Score the round), not the tiles
        self._round: int | None = None
        self._from_phones: dict[str, HandPips] = {}  # the phones' hands already taken
        self._camera: CameraView | None = None  # the hub's camera, when it has one
        self._camera_seen = 0  # the last camera reading taken (its serial)

    def enter(self, ctx: UiContext | None) -> None:
        self.entries = {}
        self.selected = None
        self.agreed = False
        self.page = 0
        self.listing = False
        self._round = None

    def _prepare(self, state: GameState) -> None:
        """Enter 0 for the players who went out and choose the first hand to enter."""
        if self._round == state.round and self.entries:
            return
        self._round = state.round
        self.entries = {}
        self._from_phones = {}
        for seat, name in enumerate(state.players):
            held = -1 if state.scores_only else state.hands[seat]  # -1: not known
            self.entries[name] = HandEntry(held, Digits("0" if held == 0 else "", fresh=True))
        waiting = [n for n, e in self.entries.items() if e.held != 0]
        self._choose(waiting[0] if waiting else state.players[0])

    def _choose(self, name: str) -> None:
        """Make ``name`` the hand being entered; what it shows is replaced by the first digit."""
        self.selected = name
        self.page = 0
        self.listing = False
        self.entries[name].pips.fresh = True

    def _next(self, _pos: tuple[int, int]) -> list[Intent]:
        """OK: on to the next hand not yet entered (after this one, round the table)."""
        names = list(self.entries)
        if self.selected is None or not names:
            return []
        here = names.index(self.selected)
        mode = self.entries[self.selected].by_tiles
        for name in names[here + 1 :] + names[: here + 1]:
            entry = self.entries[name]
            if entry.hand() is None:
                if not entry.touched:
                    entry.by_tiles = mode
                self._choose(name)
                break
        return []

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if (
            state is None
            or state.rules is None
            or (state.table is None and not state.scores_only)
            or not (
                state.round_end is not None
                or ((self.agreed or state.scores_only) and state.in_round)
            )
        ):
            notice_page(
                b,
                b.tr("End of round"),
                b.tr("No round is waiting to be scored."),
                self.go("play"),
                [],
            )
            return
        self._prepare(state)
        self._take_phone_hands(ctx.phone_hands)
        self._take_camera(ctx.camera, state)
        picking = self.entries.get(self.selected or "")
        if picking is not None and picking.by_tiles and not self.listing:
            self.page = tile_page(b, state, self.selected or "", self.entries, self.page,
                                  self._mode(picking, False), self._picked,
                                  self._next_page)  # fmt: skip
            return
        back = self.go(default_screen(ctx)) if state.round_end is None else None
        title = self._title(b, state)
        below = self._least_below(b, state)
        area = top_bar(b, title, back, [], undo=True, title_px=b.chair_text, keep_below=below)
        # The bar keeps a gap under its text: half of it more above the hands, and half
        # under them.
        area = Rect(area.x + b.gap, area.y + b.gap // 2, area.w - 2 * b.gap, area.h - b.gap)
        block = state.block
        if block is not None:
            area = _reason_line(b, block_text(block, b.tr), area)
        hands, entry_box, save = entry_layout(b, area, len(state.players), head=b.target,
                                              extra_rows=self._camera_rows)  # fmt: skip
        self._hands(b, state, hands)
        save = self._entry(b, state, entry_box, save)
        b.button(
            save,
            b.tr("Score the round"),
            lambda pos: self._score(state, pos),
            style=Style.PRIMARY,
            key="round_end:save",
            size=b.px(26),
            squeeze=True,
            squeeze_lines=True,
        )

    def _least_below(self, b: Builder, state: GameState) -> int:
        """What a tall screen keeps under its title: why the round is blocked, the hands,
        the keypad with its keys' words whole (and the camera's button), the save button."""
        reason = 0
        if state.block is not None:
            text = block_text(state.block, b.tr)
            reason = _reason_height(b, text, b.w - 2 * b.gap, 10**6) + b.gap // 2
        return b.gap + reason + entry_least_height(b, len(state.players), self._camera_rows)

    @property
    def _camera_rows(self) -> int:
        """The rows of buttons under the keypad: "Show your tiles to the hub" on a hub with a
        camera."""
        return 1 if self._camera is not None else 0

    def _take_phone_hands(self, hands: Mapping[str, HandPips]) -> None:
        """A hand entered on a phone (hubd/web) fills its row as if typed here; the hub's own
        typing afterwards replaces it, and a newer entry from the phone replaces that."""
        for name, hand in hands.items():
            entry = self.entries.get(name)
            if entry is None or self._from_phones.get(name) == hand:
                continue
            self._from_phones[name] = hand
            entry.pips = Digits(str(hand.pips), fresh=True)
            entry.double_blank = hand.double_blank
            entry.by_tiles = False
            entry.touched = True
            entry.confirmed = hand.pips  # the phone asked about its limit already

    def _take_camera(self, camera: CameraView | None, state: GameState) -> None:
        """A hand the camera read: its tiles picked on the tile page for the player to
        confirm (OK) or correct with a tap, as if picked here."""
        self._camera = camera
        reading = camera.reading if camera is not None else None
        if reading is None or reading.serial == self._camera_seen:
            return
        self._camera_seen = reading.serial
        entry = self.entries.get(reading.player)
        if entry is None or reading.round != state.round:
            return
        if reading.problem is not None:  # said until tapped away (a toast went unread)
            self._camera_problem(reading.problem)
            return
        entry.tiles = list(reading.settled)
        entry.photo_count, entry.asked = len(reading.tiles), reading.questions
        entry.by_tiles = entry.touched = True
        self._choose(reading.player)

    def _camera_problem(self, problem: str) -> None:
        """Why the camera read nothing, in a box that stays until a tap (Close; "Show your
        tiles to the hub" under it looks again)."""

        def words(b: Builder, _ctx: UiContext) -> str:
            return b.tr(problem)

        self.ui.open_overlay(Confirm(self.ui, words, "", None, keep_words=self.ui.tr("Close")))

    def _title(self, b: Builder, state: GameState) -> str:
        if state.scores_only:
            return b.tr("Round {n}: enter the scores").format(n=state.round)
        out = [n for s, n in enumerate(state.players) if state.hands[s] == 0]
        if state.round_end is RoundEnd.OUT and out:
            penalty = state.out_penalty(state.seat_of[out[0]])
            if penalty:  # the house rule out_on_double_50: the 50 in the hand's row is why
                return b.tr("Round {n}: {player} went out on a double: +{points}").format(
                    n=state.round, player=out[0], points=penalty
                )
            return b.tr("Round {n}: {player} went out").format(n=state.round, player=out[0])
        if state.round_end is RoundEnd.BLOCKED:
            return b.tr("Round {n} is blocked").format(n=state.round)
        return b.tr("End round {n} by agreement").format(n=state.round)

    def _event(self, state: GameState) -> EndRound:
        return EndRound(self._entered(), agreed=state.round_end is None and not state.scores_only)

    def _entered(self) -> dict[str, Hand]:
        hands: dict[str, Hand] = {}
        for name, entry in self.entries.items():
            hand = entry.hand()
            if hand is not None:
                hands[name] = hand
        return hands

    def _score(self, state: GameState, pos: tuple[int, int]) -> list[Intent]:
        """Score the round, unless a hand is above the most its tiles could hold and was not
        said to be right: then that hand's question first ("Ana holds 3 tiles: at most 51
        pips. Is 500 right?"), and the round is scored once every such hand is confirmed."""
        hands = self._entered()
        for name, hand in hands.items():
            limit = over_limit(state, name, hand, hands)
            confirmed = self.entries[name].confirmed
            if limit is not None and isinstance(hand, HandPips) and confirmed != hand.pips:
                self.ui.open_overlay(self._ask(state, limit, hand.pips))
                return []
        return [Submit(self._event(state), pos)]

    def _ask(self, state: GameState, limit: HandLimit, pips: int) -> Confirm:
        def question(b: Builder, _ctx: UiContext) -> str:
            return limit_question(limit, pips, b.tr, b.ntr)

        def right(pos: tuple[int, int]) -> list[Intent]:
            self.entries[limit.player].confirmed = pips
            return self._score(state, pos)

        return Confirm(self.ui, question, self.ui.tr("Yes, {pips}").format(pips=pips), right,
                       go_key="round_end:over", keep_words=self.ui.tr("Change it"),
                       keep=self._select(limit.player))  # fmt: skip

    def _hands(self, b: Builder, state: GameState, boxes: list[Rect]) -> None:
        assert state.rules is not None
        for name, box in zip(state.players, boxes, strict=True):
            entry = self.entries[name]
            hand_row(
                b,
                box,
                name,
                b.ntr("{n} tile", "{n} tiles", entry.held).format(n=entry.held)
                if entry.held >= 0
                else "",
                entry.value(state, name),
                name == self.selected,
                self._select(name),
                f"hand:{name}",
            )

    def _select(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self._choose(name)
            return []

        return action

    def _entry(self, b: Builder, state: GameState, area: Rect, save: Rect) -> Rect:
        """The hand being entered: its title, Pips and Tiles over the keypad (or the tiles
        picked); returns where the save button stands. A save button placed in the head row
        (seven and eight players on a wide screen) stands where the title would, the hand
        being entered the one lit in the list, its name whole there."""
        name = self.selected or state.players[0]
        entry = self.entries[name]
        head = Rect(area.x, area.y, area.w, b.target)
        body = Rect(area.x, head.bottom + b.gap, area.w, area.h - head.h - b.gap)
        widths = b.button_widths([b.tr("Pips"), b.tr("Tiles")], b.min_text, head.w // 2)
        title_w = head.w - sum(widths) - 2 * b.gap
        title, pips, tiles = split_h(head, title_w, *widths, gap=b.gap)
        if save.colliderect(head):
            save = title
        else:
            b.label(title, b.tr("{player}'s hand").format(player=name), b.px(24), bold=True,
                    align="start", wrap=True, squeeze=True, squeeze_lines=True)  # fmt: skip
        for box, text, by_tiles in ((pips, b.tr("Pips"), False), (tiles, b.tr("Tiles"), True)):
            b.button(
                box,
                text,
                self._mode(entry, by_tiles),
                key="mode:tiles" if by_tiles else "mode:pips",
                style=Style.SELECTED if entry.by_tiles == by_tiles else Style.NORMAL,
            )
        if entry.by_tiles:  # the tiles picked, in words (Tiles picks them again)
            picked = ", ".join(str(tile) for tile in entry.tiles) or "–"
            b.label(body, picked, b.min_text, wrap=True, align="start", key="left:picked")
        else:
            if self._camera is not None and entry.held != 0:
                body = self._camera_button(b, body, name)
            # A key for the 0-0 only where it counts and may be in a hand (the 0-0 laid on
            # the table is in nobody's): worth 50 by the house rule, or in a scores-only game,
            # where a 0 alone says the player went out.
            laid = state.table is not None and Tile(0, 0) in state.table
            rules = state.rules
            counts = rules is not None and (rules.double_blank_50 or rules.scores_only)
            toggle = (b.tr("0-0 in hand"), entry.double_blank) if counts and not laid else None
            number_pad(b, body, "pad", lambda key: self._press(entry, key), self._next, toggle)
        return save

    def _camera_button(self, b: Builder, area: Rect, name: str) -> Rect:
        """ "Show your tiles to the hub" under the keypad (a hub with a camera); the room
        left above it."""
        looking = self._camera is not None and self._camera.looking is not None
        row = Rect(area.x, area.bottom - b.target, area.w, b.target)
        text = (
            b.tr("Hold still: the hub is looking…")
            if looking
            else b.tr("Show your tiles to the hub")
        )
        b.button(row, text, None if looking else lambda _pos: [LookAtHand(name)],
                 key="round_end:camera", enabled=not looking)  # fmt: skip
        return Rect(area.x, area.y, area.w, area.h - b.target - b.gap)

    def _mode(self, entry: HandEntry, by_tiles: bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            entry.by_tiles = by_tiles
            entry.touched = True
            entry.photo_count = None
            self.listing = False
            return []

        return action

    def _press(self, entry: HandEntry, key: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            entry.touched = True
            if key == "0-0":
                entry.double_blank = not entry.double_blank
            else:
                entry.pips.press(key)
            return []

        return action

    def _picked(self, pos: tuple[int, int]) -> list[Intent]:
        """OK: the next hand still to enter; when every hand is in, the list (and Score).
        Tiles picked that are not as many as the hand holds are said at once, and the page
        stays (the engine refuses such a hand at Score, when the tiles are no longer shown)."""
        before = self.selected
        picking = self.entries.get(before or "")
        if before is not None and picking is not None:
            picked = len(picking.tiles)
            if picked and picking.held > 0 and picked != picking.held:  # said with them in view
                self.ui.show_tip(HandCount(player=before, n=picking.held, entered=picked), pos)
                return []
            picking.photo_count = None  # the reading was checked
        intents = self._next(pos)
        entry = self.entries.get(self.selected or "")
        if self.selected == before or entry is None or entry.hand() is not None:
            self.listing = True
        return intents

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []


def _reason_line(b: Builder, text: str, area: Rect) -> Rect:
    """Why the round is blocked, across the top of ``area`` under the title (which says it
    is), wrapped as it needs, its lines drawn narrower rather than one more; returns the
    room left under it."""
    height = _reason_height(b, text, area.w, area.h)
    b.label(Rect(area.x, area.y, area.w, height), text, b.min_text, floor=b.min_text,
            align="start", wrap=True, role="reason", key="round_end:reason",
            squeeze_lines=True)  # fmt: skip
    gap = b.gap // 2
    return Rect(area.x, area.y + height + gap, area.w, area.h - height - gap)


def _reason_height(b: Builder, text: str, width: int, most: int) -> int:
    """The height of why the round is blocked, wrapped to ``width`` (``most`` px at most),
    drawn narrower as a label may be."""
    size = b.min_text
    wide = int(width / MIN_SQUEEZE)
    _size, lines, _cut = b.measure.fit(text, wide, most, size, size, False, True)
    return len(lines) * b.measure.line_height(size, False)
