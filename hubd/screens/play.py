"""The play screen: the table map, whose turn it is, every hand, and the two-tap play."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from engine import Draw, GameState, Pass, Placed, PlaceKind, Play, Tile, Undo
from hubd.intents import HubButton, Intent, Submit
from hubd.screens.base import Builder, Rect, Screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.ui import Overlay, Ui
from hubd.screens.widgets import Action, Kind, Style


@dataclass
class Cell:
    """One line of the table map: where it starts, its tiles, and how it ends."""

    origin: Placed  # the hub or a foot
    places: list[Placed]  # from the origin outwards (empty for the hub's own cell)
    hub: bool = False


def table_cells(state: GameState) -> list[Cell]:
    """The hub, each arm, and each toe of every foot, as map cells."""
    table = state.table
    if table is None:
        return []
    hub = table.hub_place
    cells = [Cell(hub, [], hub=True)]
    cells += [Cell(hub, line) for line in table.arms()]
    for place in table.placed.values():
        if place.kind is PlaceKind.FOOT:
            cells += [Cell(place, table.branch(toe)) for toe in place.children]
    return cells


def end_place(cell: Cell) -> Placed:
    return cell.places[-1] if cell.places else cell.origin


def off_table_partners(state: GameState, place: Placed) -> list[Tile]:
    """Tiles still off the table that carry the number ``place`` needs."""
    if state.table is None or state.rules is None:
        return []
    return [
        tile
        for other in range(state.rules.highest + 1)
        if (tile := Tile.of(place.end, other)) not in state.table
    ]


def place_name(b: Builder, place: Placed) -> str:
    if place.kind is PlaceKind.HUB:
        return b.tr("the hub {tile}").format(tile=place.shown)
    return place.shown


class PlayScreen(Screen):
    name = "play"

    def __init__(self, ui: Ui) -> None:
        super().__init__(ui)
        self.page = 0

    def enter(self, ctx: UiContext | None) -> None:
        self.page = 0

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or not state.in_round or state.table is None:
            self._no_round(b, ctx)
            return
        g = b.gap
        if b.landscape:
            strip_h, banner_h = b.px(76), b.px(42)
            strip = Rect(0, 0, b.w, strip_h)
            side_w = b.px(200)
            body = Rect(0, strip_h + g, b.w, b.h - strip_h - g)
            map_area, side = split_h(body, b.w - side_w - g, side_w, gap=g)
            banner = Rect(g, map_area.y, map_area.w - g, banner_h)
            map_area = Rect(
                g, banner.bottom + g, map_area.w - g, map_area.bottom - banner.bottom - 2 * g
            )
            buttons = Rect(side.x, side.y, side.w - g, side.h - g)
        else:
            strip_h, banner_h = b.px(120), b.px(72)
            strip = Rect(0, 0, b.w, strip_h)
            buttons_h = b.px(250)
            banner = Rect(g, strip_h + g, b.w - 2 * g, banner_h)
            buttons = Rect(g, b.h - buttons_h - g, b.w - 2 * g, buttons_h)
            map_area = Rect(g, banner.bottom + g, b.w - 2 * g, buttons.y - banner.bottom - 2 * g)
        self._players(b, state, strip)
        self._banner(b, state, banner)
        self._map(b, state, map_area)
        self._buttons(b, state, buttons)

    def _no_round(self, b: Builder, ctx: UiContext) -> None:
        area = b.top_bar(b.tr("Play"), None, [])
        box = Rect(area.x + b.gap, area.y + b.gap, area.w - 2 * b.gap, area.h // 2)
        b.label(box, b.tr("No round is being played."), b.px(28), wrap=True)
        from hubd.screens.base import default_screen

        target = default_screen(ctx)
        if target != "play":
            button = Rect(0, 0, b.px(320), b.target + b.px(8))
            button.center = (b.w // 2, area.y + area.h * 3 // 4)
            b.button(button, b.tr("Continue"), self.go(target), style=Style.PRIMARY)

    def _players(self, b: Builder, state: GameState, strip: Rect) -> None:
        b.panel(strip, Style.DARK)
        count = len(state.players) + 1
        cells = grid(strip.inflate(-b.gap, -b.gap), count, count, b.gap)
        for seat, (name, cell) in enumerate(zip(state.players, cells, strict=False)):
            current = seat == state.current
            b.panel(cell, Style.SELECTED if current else Style.QUIET)
            top, bottom = split_v(cell.inflate(-b.px(6), -b.px(4)), 2, 3)
            color = (25, 30, 28) if current else None
            b.label(top, name, b.px(19), floor=b.px(12), bold=current, color=color)
            b.label(bottom, str(state.hands[seat]), b.px(36), bold=True, reading=True, color=color)
        yard = cells[-1]
        b.panel(yard, Style.NORMAL)
        top, bottom = split_v(yard.inflate(-b.px(6), -b.px(4)), 2, 3)
        b.label(top, b.tr("Yard"), b.px(19), floor=b.px(12))
        b.label(bottom, str(state.yard), b.px(36), bold=True, reading=True)

    def _banner(self, b: Builder, state: GameState, box: Rect) -> None:
        table = state.table
        assert table is not None
        lock = state.lock
        player = state.current_player or ""
        if lock is not None:
            text = b.ntr(
                "Chicken foot on {tile}: {n} toe to go",
                "Chicken foot on {tile}: {n} toes to go",
                lock.room,
            ).format(tile=lock.tile, n=lock.room)
            b.banner(box, text, Style.WARN, size=b.px(26))
            return
        if table.opening:
            hub = table.hub_place
            text = b.tr("{player}: start the hub arms on the {tile} ({done} of {arms})").format(
                player=player, tile=hub.tile, done=len(hub.children), arms=hub.capacity
            )
        elif state.drew:
            text = b.tr("{player} drew: play that tile if it fits, or pass").format(player=player)
        else:
            text = b.tr("Round {round}: {player}'s turn").format(round=state.round, player=player)
        b.banner(box, text, Style.NORMAL, size=b.px(26))

    # -- the map ------------------------------------------------------------------------

    def _map(self, b: Builder, state: GameState, area: Rect) -> None:
        table = state.table
        assert table is not None
        cells = table_cells(state)
        gap = max(3, b.px(4))
        cell_h = max(b.target, b.px(64))
        rows = max(1, (area.h + gap) // (cell_h + gap))
        columns = max(1, min(3, area.w // b.px(190)))
        capacity = rows * columns
        if len(cells) > capacity and not table.opening:
            cells = [c for c in cells if not c.hub]
        if len(cells) > capacity:  # lines ending in a complete foot say the least
            cells = [
                c
                for c in cells
                if not (end_place(c).kind is PlaceKind.FOOT and end_place(c).room == 0)
            ] or cells
        pages = 1
        if len(cells) > capacity:
            per_page = capacity - 1
            pages = -(-len(cells) // per_page)
            self.page %= pages
            cells = cells[self.page * per_page : (self.page + 1) * per_page]
        else:
            self.page = 0
        count = len(cells) + (pages > 1)
        columns = min(columns, max(1, -(-count // rows)))
        used_rows = -(-count // columns)
        # Fewer lines than rows: taller cells with bigger dominoes (up to 1.75 times).
        cell_h = max(cell_h, min((area.h + gap) // max(used_rows, 1) - gap, cell_h * 7 // 4))
        # Column by column: the hub and its arms first, then each foot's toes together.
        per_column = -(-count // columns)
        cells_grid = grid(area, per_column * columns, columns, gap, cell_h)
        boxes = [cells_grid[(i % per_column) * columns + i // per_column] for i in range(count)]
        open_tiles = {p.tile for p in state.open_places()}
        for cell, box in zip(cells, boxes, strict=False):
            self._cell(b, state, cell, box, open_tiles)
        if pages > 1:
            text = b.tr("More ({page} of {pages})").format(page=self.page + 1, pages=pages)
            b.button(boxes[-1], text, self._next_page, key="map:more", size=b.px(20))

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []

    def _cell(
        self, b: Builder, state: GameState, cell: Cell, box: Rect, open_tiles: set[Tile]
    ) -> None:
        b.panel(box, Style.QUIET)
        end = end_place(cell)
        inner = box.inflate(-b.px(6), -b.px(6))
        has_target = end.room > 0
        target = Rect(box.right - box.h, box.y, box.h, box.h)
        room_right = target.x - b.px(4) if has_target else inner.right
        if has_target:
            is_open = end.tile in open_tiles
            style = Style.PRIMARY if is_open else Style.CLOSED
            if end.kind is PlaceKind.FOOT and is_open:
                style = Style.WARN
            b.button(
                target,
                str(end.end),
                self._pick(end.tile),
                style=style,
                kind=Kind.TARGET,
                key=f"place:{end.tile}",
                size=b.px(34),
                floor=b.px(20),
                reading=True,
                locked=not is_open,
                wrap=False,
            )
        # The origin: the hub or the foot this line starts from, a small upright domino.
        tile_h = min(inner.h, max(b.px(56), inner.h * 4 // 5))
        origin = cell.origin.tile
        if cell.hub:
            hub_box = Rect(inner.x, inner.y, tile_h // 2, tile_h)
            hub_box.centery = box.centery
            b.tile(hub_box, origin.lo, origin.hi, vertical=True, key="hub")
            label = Rect(
                hub_box.right + b.px(6), inner.y, room_right - hub_box.right - b.px(6), inner.h
            )
            hub = cell.origin
            text = b.tr("Hub {tile}: {done} of {arms} arms").format(
                tile=origin, done=len(hub.children), arms=hub.capacity
            )
            b.label(label, text, b.px(18), floor=b.px(12), wrap=True, align="start")
            return
        small = Rect(inner.x, inner.y, tile_h * 2 // 5, tile_h * 4 // 5)
        small.centery = box.centery
        b.tile(small, origin.lo, origin.hi, vertical=True, key=f"origin:{origin}")
        # The line's tiles, the newest at the free end, touching half towards the origin.
        left = small.right + b.px(6)
        tile_w, tile_hh = tile_h * 3 // 2, tile_h * 3 // 4
        line = cell.places
        foot = line[-1] if line and line[-1].kind is PlaceKind.FOOT else None
        chain = line[:-1] if foot is not None else line
        foot_w = tile_hh // 2 + b.px(6) if foot is not None else 0
        space = room_right - left - foot_w
        step = tile_w + b.px(4)
        fits = max(0, (space + b.px(4)) // step)
        hidden = max(0, len(chain) - fits)
        more_w = b.px(34)
        if hidden:
            fits = max(0, (space - more_w + b.px(4)) // step)
            if fits == 0:  # a narrow cell: one smaller domino beside the count
                tile_w = max(b.px(36), space - more_w - b.px(4))
                tile_hh = tile_w // 2
                fits = 1
            hidden = max(0, len(chain) - fits)
        x = left
        if hidden:
            more = Rect(x, inner.y, more_w, inner.h)
            b.label(more, f"+{hidden}", b.px(18), bold=True, floor=b.px(10))
            x += more_w
        for place in chain[hidden:]:
            touching = place.tile.other(place.end)
            rect = Rect(x, 0, tile_w, tile_hh)
            rect.centery = box.centery
            b.tile(rect, touching, place.end, key=f"line:{place.tile}")
            x += tile_w + b.px(4)
        if foot is not None:
            rect = Rect(x, 0, tile_hh // 2, tile_hh)
            rect.centery = box.centery
            b.tile(rect, foot.tile.lo, foot.tile.hi, vertical=True, key=f"foot:{foot.tile}")

    def _pick(self, on: Tile) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.ui.open_overlay(PlacePicker(self.ui, on))
            return []

        return action

    # -- the buttons --------------------------------------------------------------------

    def _buttons(self, b: Builder, state: GameState, area: Rect) -> None:
        player = state.current_player or ""
        submit = self.ui.submit
        specs: list[tuple[str, Action, Style, str]] = [
            (
                b.tr("Draw"),
                submit(lambda: Draw(player)),
                Style.PRIMARY if state.can_draw else Style.DISABLED,
                "draw",
            ),
            (
                b.tr("Pass"),
                submit(lambda: Pass(player)),
                Style.PRIMARY if state.can_pass else Style.DISABLED,
                "pass",
            ),
            (b.tr("Undo"), submit(Undo), Style.NORMAL, "undo"),
            (b.tr("Hub"), lambda _pos: [HubButton()], Style.NORMAL, "hub"),
            (b.tr("Scores"), self.go("scores"), Style.NORMAL, "scores"),
            (b.tr("Menu"), self._menu, Style.NORMAL, "menu"),
        ]
        if b.landscape:
            rows = split_v(area, 1, 1, 1, 1, 1, gap=b.gap)
            boxes = rows[:4] + split_h(rows[4], 1, 1, gap=b.gap)
        else:
            boxes = grid(area, 6, 3, b.gap)
        for (text, action, style, key), box in zip(specs, boxes, strict=True):
            b.button(box, text, action, style=style, key=key, size=b.px(24), floor=b.px(14))

    def _menu(self, _pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.menu import Menu

        self.ui.open_overlay(Menu(self.ui))
        return []


class PlacePicker(Overlay):
    """The second tap of a play: the other half of the tile placed on ``on``."""

    def __init__(self, ui: Ui, on: Tile) -> None:
        self.ui = ui
        self.on = on

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.table is None or self.on not in state.table:
            return
        place = state.table.placed[self.on]
        tiles = state.candidate_tiles(self.on) or off_table_partners(state, place)
        player = state.current_player or ""
        inner = b.dialog()
        title_h = b.px(56)
        title = Rect(inner.x, inner.y, inner.w, title_h)
        text = b.tr("{player} plays on {place} (needs {n}): the other half?").format(
            player=player, place=place_name(b, place), n=place.end
        )
        b.label(title, text, b.px(26), bold=True, wrap=True, floor=b.px(14))
        bottom_h = b.target
        cancel = Rect(inner.right - b.px(200), inner.bottom - bottom_h, b.px(200), bottom_h)
        b.button(cancel, b.tr("Cancel"), self._close, key="picker:cancel")
        area = Rect(inner.x, title.bottom + b.gap, inner.w, cancel.y - title.bottom - 2 * b.gap)
        if not tiles:
            b.label(
                area,
                b.tr("Every tile with a {n} is on the table.").format(n=place.end),
                b.px(24),
                wrap=True,
            )
            return
        columns = _columns(len(tiles), area, b.target, b.px(130))
        rows = -(-len(tiles) // columns)
        height = min((area.h - b.gap * (rows - 1)) // rows, b.px(130))
        for tile, box in zip(tiles, grid(area, len(tiles), columns, b.gap, height), strict=True):
            other = tile.other(place.end)
            action = self.ui.submit(partial(Play, player, tile, self.on), close=True)
            b.button(box, "", action, key=f"pick:{tile}")
            number, picture = split_h(box.inflate(-b.px(6), -b.px(6)), 1, 1, gap=b.px(4))
            b.label(number, str(other), b.px(40), bold=True, reading=True)
            tile_h = min(picture.h, picture.w * 2)
            pic = Rect(0, 0, tile_h // 2, tile_h)
            pic.center = picture.center
            b.tile(pic, place.end, other, vertical=True, key=f"pickpic:{tile}")

    def _close(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(None)
        return []


def _columns(count: int, area: Rect, minimum: int, cap: int) -> int:
    """Columns for ``count`` buttons in ``area``: cells about 1.6 times as wide as tall."""
    best, best_score = 1, float("inf")
    for columns in range(1, max(1, area.w // max(minimum, 1)) + 1):
        rows = -(-count // columns)
        width, height = area.w // columns, min(area.h // rows, cap)
        if width < minimum or height < minimum:
            continue
        score = abs(math.log(width / height / 1.6))
        if score < best_score:
            best, best_score = columns, score
    return best


class DoublePicker(Overlay):
    """The hub button with no foot open: which double, then (if several fit) which place."""

    def __init__(self, ui: Ui, doubles: Sequence[Tile]) -> None:
        self.ui = ui
        self.doubles = tuple(doubles)
        self.chosen: Tile | None = None

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None:
            return
        player = state.current_player or ""
        inner = b.dialog()
        title = Rect(inner.x, inner.y, inner.w, b.px(56))
        cancel = Rect(inner.right - b.px(200), inner.bottom - b.target, b.px(200), b.target)
        b.button(cancel, b.tr("Cancel"), self._close, key="doubles:cancel")
        area = Rect(inner.x, title.bottom + b.gap, inner.w, cancel.y - title.bottom - 2 * b.gap)
        if self.chosen is None:
            b.label(
                title,
                b.tr("{player} plays which double?").format(player=player),
                b.px(26),
                bold=True,
                wrap=True,
                floor=b.px(14),
            )
            if not self.doubles:
                b.label(area, b.tr("No double can be played now."), b.px(26), wrap=True)
                return
            columns = _columns(len(self.doubles), area, b.target, b.px(130))
            rows = -(-len(self.doubles) // columns)
            height = min((area.h - b.gap * (rows - 1)) // rows, b.px(130))
            boxes = grid(area, len(self.doubles), columns, b.gap, height)
            for double, box in zip(self.doubles, boxes, strict=True):
                b.button(box, "", self._choose(state, double), key=f"double:{double}")
                pic_h = box.h - b.px(12)
                pic = Rect(0, 0, pic_h // 2, pic_h)
                pic.center = box.center
                b.tile(pic, double.lo, double.hi, vertical=True, key=f"doublepic:{double}")
            return
        double = self.chosen
        b.label(
            title,
            b.tr("Where does the {tile} go?").format(tile=double),
            b.px(26),
            bold=True,
            wrap=True,
            floor=b.px(14),
        )
        places = [p for p in state.open_places() if p.end == double.lo]
        boxes = grid(
            area,
            len(places),
            _columns(len(places), area, b.target, b.px(100)),
            b.gap,
            min(b.px(100), area.h),
        )
        for place, box in zip(places, boxes, strict=True):
            action = self.ui.submit(partial(Play, player, double, place.tile), close=True)
            b.button(
                box,
                b.tr("on {place}").format(place=place_name(b, place)),
                action,
                key=f"doubleplace:{place.tile}",
            )

    def _choose(self, state: GameState, double: Tile) -> Action:
        def action(pos: tuple[int, int]) -> list[Intent]:
            player = state.current_player or ""
            places = [p for p in state.open_places() if p.end == double.lo]
            if len(places) == 1:
                self.ui.open_overlay(None)
                return [Submit(Play(player, double, places[0].tile), pos)]
            self.chosen = double
            return []

        return action

    def _close(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(None)
        return []
