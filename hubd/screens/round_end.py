"""Round end: enter each hand (a pip keypad with a 0-0 toggle, or tap the tiles left)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import EndRound, GameState, Hand, HandPips, RoundEnd, Tile, all_tiles
from engine.scoring import tile_value
from hubd.intents import Intent
from hubd.screens.base import Builder, Rect, Screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.ui import Ui
from hubd.screens.widgets import Action, Style

MAX_PIPS = 9999


@dataclass
class HandEntry:
    """What has been entered for one hand so far."""

    digits: str = ""  # the pip count being typed
    double_blank: bool = False
    tiles: list[Tile] = field(default_factory=list)
    by_tiles: bool = False

    def hand(self) -> Hand | None:
        if self.by_tiles:
            return tuple(self.tiles)
        if not self.digits and not self.double_blank:
            return None
        return HandPips(int(self.digits or "0"), self.double_blank)

    def value(self, double_blank_50: bool) -> int | None:
        if self.by_tiles:
            return sum(tile_value(t, double_blank_50) for t in self.tiles)
        if not self.digits and not self.double_blank:
            return None
        bonus = 50 if self.double_blank and double_blank_50 else 0
        return int(self.digits or "0") + bonus


class RoundEndScreen(Screen):
    name = "round_end"

    def __init__(self, ui: Ui) -> None:
        super().__init__(ui)
        self.entries: dict[str, HandEntry] = {}
        self.selected: str | None = None
        self.agreed = False
        self.page = 0
        self._round: int | None = None

    def enter(self, ctx: UiContext | None) -> None:
        self.entries = {}
        self.selected = None
        self.agreed = False
        self.page = 0
        self._round = None

    def _prepare(self, state: GameState) -> None:
        """Prefill the players who went out with 0 and select the first hand to enter."""
        if self._round == state.round and self.entries:
            return
        self._round = state.round
        self.entries = {}
        for seat, name in enumerate(state.players):
            entry = HandEntry()
            if state.hands[seat] == 0:
                entry.digits = "0"
            self.entries[name] = entry
        waiting = [n for s, n in enumerate(state.players) if state.hands[s] > 0]
        self.selected = waiting[0] if waiting else state.players[0]

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if (
            state is None
            or state.rules is None
            or state.table is None
            or not (state.round_end is not None or (self.agreed and state.in_round))
        ):
            b.notice_page(
                b.tr("End of round"), b.tr("No round is waiting to be scored."), self.go("play"), []
            )
            return
        self._prepare(state)
        back = self.go("play") if state.round_end is None else None
        score = (b.tr("Score the round"), self.ui.submit(lambda: self._event(state)))
        area = b.top_bar(self._title(b, state), back, [score], primary=True, undo=True)
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        if b.landscape:
            hands_box, entry_box = split_h(area, 5, 7, gap=2 * b.gap)
        else:
            hands_box, entry_box = split_v(area, 2, 3, gap=2 * b.gap)
        self._hands(b, state, hands_box)
        self._entry(b, state, entry_box)

    def _title(self, b: Builder, state: GameState) -> str:
        out = [n for s, n in enumerate(state.players) if state.hands[s] == 0]
        if state.round_end is RoundEnd.OUT and out:
            return b.tr("Round {n}: {player} went out").format(n=state.round, player=out[0])
        if state.round_end is RoundEnd.BLOCKED:
            return b.tr("Round {n} is blocked").format(n=state.round)
        return b.tr("End round {n} by agreement").format(n=state.round)

    def _event(self, state: GameState) -> EndRound:
        hands: dict[str, Hand] = {}
        for name, entry in self.entries.items():
            hand = entry.hand()
            if hand is not None:
                hands[name] = hand
        return EndRound(hands, agreed=state.round_end is None)

    def _hands(self, b: Builder, state: GameState, area: Rect) -> None:
        names = state.players
        columns = 1 if len(names) <= (5 if b.landscape else 4) else 2
        rows = -(-len(names) // columns)
        height = min(b.px(90), (area.h - b.gap * (rows - 1)) // rows)
        assert state.rules is not None
        for seat, (name, box) in enumerate(
            zip(names, grid(area, len(names), columns, b.gap, height), strict=True)
        ):
            entry = self.entries[name]
            chosen = name == self.selected
            style = Style.SELECTED if chosen else Style.NORMAL
            b.button(box, "", self._select(name), style=style, key=f"hand:{name}")
            ink = (25, 30, 28) if chosen else None
            left, right = split_h(box.inflate(-b.px(10), -b.px(4)), 3, 2, gap=b.px(4))
            top, bottom = split_v(left, 1, 1)
            b.label(top, name, b.px(24), bold=True, floor=b.px(13), align="start", color=ink)
            held = state.hands[seat]
            count = b.ntr("{n} tile", "{n} tiles", held).format(n=held)
            b.label(bottom, count, b.px(18), floor=b.px(11), align="start", color=ink)
            value = entry.value(state.rules.double_blank_50)
            b.label(
                right,
                "–" if value is None else str(value),
                b.px(34),
                bold=True,
                reading=True,
                align="end",
                color=ink,
            )

    def _select(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.selected = name
            self.page = 0
            return []

        return action

    def _entry(self, b: Builder, state: GameState, area: Rect) -> None:
        name = self.selected or state.players[0]
        entry = self.entries[name]
        head = Rect(area.x, area.y, area.w, b.target)
        body = Rect(area.x, head.bottom + b.gap, area.w, area.h - head.h - b.gap)
        title, pips, tiles = split_h(head, 2, 1, 1, gap=b.gap)
        b.label(
            title,
            b.tr("{player}'s hand").format(player=name),
            b.px(24),
            bold=True,
            floor=b.px(13),
            align="start",
        )
        b.button(
            pips,
            b.tr("Pips"),
            self._mode(entry, False),
            key="mode:pips",
            style=Style.NORMAL if entry.by_tiles else Style.SELECTED,
        )
        b.button(
            tiles,
            b.tr("Tiles"),
            self._mode(entry, True),
            key="mode:tiles",
            style=Style.SELECTED if entry.by_tiles else Style.NORMAL,
        )
        if entry.by_tiles:
            self._tiles(b, state, name, entry, body)
        else:
            self._keypad(b, entry, body)

    def _mode(self, entry: HandEntry, by_tiles: bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            entry.by_tiles = by_tiles
            return []

        return action

    def _keypad(self, b: Builder, entry: HandEntry, area: Rect) -> None:
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0-0", "0", "⌫"]
        height = min(b.px(100), (area.h - 3 * b.gap) // 4)
        width = min(area.w, b.px(420) if b.landscape else b.px(600))
        pad = Rect(area.x, area.y, width, 4 * height + 3 * b.gap)
        boxes = b.keep_order(grid(pad, 12, 3, b.gap, height), pad)
        for key, box in zip(keys, boxes, strict=True):
            style = Style.SELECTED if key == "0-0" and entry.double_blank else Style.NORMAL
            label = b.tr("0-0 in hand") if key == "0-0" else key
            b.button(
                box,
                label,
                self._press(entry, key),
                style=style,
                key=f"pad:{key}",
                size=b.px(32) if len(key) == 1 else b.px(20),
                reading=len(key) == 1,
            )

    def _press(self, entry: HandEntry, key: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if key == "0-0":
                entry.double_blank = not entry.double_blank
            elif key == "⌫":
                entry.digits = entry.digits[:-1]
            elif int((entry.digits + key).lstrip("0") or "0") <= MAX_PIPS:
                entry.digits = (entry.digits + key).lstrip("0") or "0"
            return []

        return action

    def _tiles(self, b: Builder, state: GameState, name: str, entry: HandEntry, area: Rect) -> None:
        assert state.rules is not None and state.table is not None
        taken = {t for n, e in self.entries.items() if n != name and e.by_tiles for t in e.tiles}
        tiles = [
            t for t in all_tiles(state.rules.highest) if t not in state.table and t not in taken
        ]
        size = max(b.target, b.px(64))
        gap = max(3, b.gap // 2)
        wide = size * 3 // 2  # dominoes lie flat: cells half again as wide as tall
        columns = max(1, (area.w + gap) // (wide + gap))
        rows = max(1, (area.h + gap) // (size + gap))
        per_page = columns * rows
        if len(tiles) > per_page:
            per_page -= 1
            pages = -(-len(tiles) // per_page)
            self.page %= pages
        else:
            pages, self.page = 1, 0
        shown = tiles[self.page * per_page : (self.page + 1) * per_page]
        boxes = grid(area, len(shown) + (pages > 1), columns, gap, size)
        for tile, box in zip(shown, boxes, strict=False):
            chosen = tile in entry.tiles
            b.button(
                box,
                "",
                self._toggle(entry, tile),
                style=Style.SELECTED if chosen else Style.QUIET,
                key=f"left:{tile}",
            )
            pic = box.inflate(-b.px(8), -b.px(8))
            pic.w = min(pic.w, pic.h * 2)
            pic.h = pic.w // 2
            pic.center = box.center
            b.tile(pic, tile.lo, tile.hi, lit=chosen, key=f"leftpic:{tile}")
        if pages > 1:
            b.button(
                boxes[-1],
                f"{self.page + 1}/{pages} ▸",
                self._next_page,
                key="left:more",
                size=b.px(18),
            )

    def _toggle(self, entry: HandEntry, tile: Tile) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if tile in entry.tiles:
                entry.tiles.remove(tile)
            else:
                entry.tiles.append(tile)
            return []

        return action

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []
