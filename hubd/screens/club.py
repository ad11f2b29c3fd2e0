"""The Club screen (from the menu, with [club] enabled): a club night over every table.

Four tabs: Standings (every player of the night, ranked the way the night says), Seating
(the next seating by the night's rule, and who sits at this table next), Night (its name,
the ranking, earlier nights to look at) and Hubs (this hub's Syncthing device id as a QR code,
the paired hubs and when each was last seen, the hubs nearby to pair with a tap). Keys:
"club:tab:<tab>", "club:up" / "club:down" (pages), "club:rule:<rule>", "club:movers:-/+",
"club:name", "club:rank:<ranking>", "club:night:<date>", "club:accept:<device>",
"club:pair" (type a hub's id), "club:version:<digest>" (count that version of a game),
"club:aside:<hub>" (set a table aside for the night, or bring it back).
"""

from __future__ import annotations

from datetime import date

from hubd.club.nights import MAX_MOVERS, SEATINGS, Night
from hubd.club.seating import Proposal
from hubd.club.standings import PlayerRow
from hubd.club.view import ClubState
from hubd.screens.club_hubs import hubs_tab, two_lines
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import TabbedScreen, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.keyboard import Keyboard
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import Action, Style
from hubd.values.intents import ClubChoice, Intent

TABS = ("standings", "seating", "night", "hubs")
#: The standings' columns at 800x480: rank, name, games, wins, pips, per round.
WEIGHTS = (1, 4, 2.7, 2.5, 1.8, 3)
#: At 720x1280 the numbers have a line of their own: games, wins, pips, per round (in px
#: at that size: each title's longest word in all six languages fits).
PORTRAIT_WEIGHTS = (216, 206, 140, 142)


def choices(b: Builder, area: Rect, count: int) -> tuple[Rect, list[Rect]]:
    """A row of ``count`` buttons at the top of ``area`` (a column of them on a portrait
    screen, too narrow for a row); the rect they take and each button's."""
    if b.landscape:  # up to three lines: some languages need long words
        height = max(b.target + b.px(8), 3 * b.measure.line_height(b.min_text, True) + b.px(8))
        row = Rect(area.x, area.y, area.w, height)
        return row, b.keep_order(split_h(row, *([1] * count), gap=b.gap), row)
    height = two_lines(b)
    step = height + b.gap
    boxes = [Rect(area.x, area.y + i * step, area.w, height) for i in range(count)]
    return Rect(area.x, area.y, area.w, count * step - b.gap), boxes


def sizes(b: Builder) -> tuple[int, int]:
    """Names and numbers: 4.5 mm and 6 mm."""
    return b.floor_text, b.chair_text


def night_title(b: Builder, night: Night) -> str:
    return f"{night.day.isoformat()} {night.name}".strip()


def rule_name(b: Builder, rule: str) -> str:
    return {
        "11-3": b.tr("11-3: the lowest move on"),
        "winners": b.tr("Winners move up"),
        "random": b.tr("Random, fewest repeats"),
    }[rule]


class ClubScreen(TabbedScreen):
    name = "club"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui, "standings")
        self.day: date | None = None  # the night shown (None: tonight)

    def enter(self, ctx: UiContext | None) -> None:
        super().enter(ctx)
        self.day = None

    def build(self, b: Builder, ctx: UiContext) -> None:
        titles = (b.tr("Standings"), b.tr("Seating"), b.tr("Night"), b.tr("Hubs"))
        area = top_bar(b, b.tr("Club night"), self.go(default_screen(ctx)), [])
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        # The tabs in a row of their own (two rows of two on a portrait screen): their words
        # fit there in every language.
        columns = len(TABS) if b.landscape else 2
        rows = len(TABS) // columns
        row = Rect(area.x, area.y, area.w, rows * two_lines(b) + (rows - 1) * b.gap)
        boxes = b.keep_order(grid(row, len(TABS), columns, b.gap, two_lines(b)), row)
        for box, tab, title in zip(boxes, TABS, titles, strict=True):
            style = Style.SELECTED if tab == self.tab else Style.NORMAL
            b.button(box, title, self._tab(tab), style=style, key=f"club:tab:{tab}",
                     size=b.min_text)  # fmt: skip
        area = Rect(area.x, row.bottom + b.gap, area.w, area.bottom - row.bottom - b.gap)
        club = ctx.club
        if club is None:
            b.label(area, b.tr("Club nights are off: set [club] enabled = true in hub.toml"),
                    b.min_text, wrap=True)  # fmt: skip
            return
        day = self.day or club.tonight
        if self.tab == "standings":
            self._standings(b, club, day, area)
        elif self.tab == "seating":
            self._seating(b, club, day, area)
        elif self.tab == "night":
            self._night(b, club, day, area)
        else:
            hubs_tab(b, club, area, self.ui)

    # -- standings -------------------------------------------------------------------------

    def _standings(self, b: Builder, club: ClubState, day: date, area: Rect) -> None:
        board = club.view.standings(day)
        number_px = sizes(b)[1]
        lines = 1 if b.landscape else 2
        line = Rect(area.x, area.y, area.w, lines * (b.min_text + b.px(10)) + b.px(4))
        parts = [night_title(b, club.view.night(day)),
                 b.ntr("{n} table", "{n} tables", board.tables).format(n=board.tables)]  # fmt: skip
        if board.playing:
            parts.append(b.ntr("{n} game in play", "{n} games in play", board.playing)
                         .format(n=board.playing))  # fmt: skip
        b.label(line, " · ".join(parts), b.min_text, align="start",
                wrap=not b.landscape)  # fmt: skip
        body = Rect(area.x, line.bottom, area.w, area.bottom - line.bottom)
        if not board.players:
            b.label(body, b.tr("No game has finished tonight yet."), b.min_text, wrap=True)
            return
        header = Rect(body.x, body.y, body.w, lines * (b.min_text + b.px(10)))
        titles: tuple[str, ...] = (b.tr("Games"), b.tr("Wins"), b.tr("Pips"), b.tr("Per round"))
        if b.landscape:
            boxes = b.keep_order(split_h(header, *WEIGHTS), header)
            titles = ("#", b.tr("Player"), *titles)
        else:  # the numbers have a line of their own, across the whole row
            boxes = b.keep_order(split_h(header, *PORTRAIT_WEIGHTS), header)
        for box, text in zip(boxes, titles, strict=True):
            b.label(box, text, b.min_text, wrap=not b.landscape,
                    align="start" if text == b.tr("Player") else "center")  # fmt: skip
        row_h = round(number_px * (2.5 if not b.landscape else 1.3))
        rows = Rect(body.x, header.bottom, body.w, body.bottom - header.bottom)
        per_page = max(1, rows.h // row_h)
        if len(board.players) > per_page:
            per_page = max(1, (rows.h - b.target - b.gap) // row_h)
        pages = -(-len(board.players) // per_page)
        self.page = min(self.page, pages - 1)
        start = self.page * per_page
        for i, row in enumerate(board.players[start : start + per_page]):
            box = Rect(rows.x, rows.y + i * row_h, rows.w, row_h - b.px(4))
            self._row(b, start + i + 1, row, box, club.view.night(day).ranking)
        if pages > 1:
            nav = Rect(rows.x, rows.bottom - b.target, rows.w, b.target)
            up, info, down = split_h(nav, 1, 1, 1, gap=b.gap)
            b.button(up, "▲", self._turn(-1), key="club:up", mirror=False,
                     style=Style.DISABLED if self.page == 0 else Style.NORMAL)  # fmt: skip
            b.label(info, f"{self.page + 1} / {pages}", b.min_text)
            b.button(down, "▼", self._turn(1), key="club:down", mirror=False,
                     style=Style.DISABLED if self.page == pages - 1 else Style.NORMAL)  # fmt: skip

    def _row(self, b: Builder, rank: int, row: PlayerRow, box: Rect, ranking: str) -> None:
        name_px, number_px = sizes(b)
        b.panel(box, Style.DARK)
        numbers = (str(row.games), str(row.wins), str(row.pips), f"{row.average:.1f}")
        if b.landscape:
            cells = b.keep_order(split_h(box, *WEIGHTS), box)
            b.label(cells[0], str(rank), number_px, floor=number_px, bold=True, reading=True)
            b.label(cells[1], row.name, name_px, bold=True, align="start")
            for cell, text in zip(cells[2:], numbers, strict=True):
                b.label(cell, text, number_px, floor=number_px, bold=text == str(row.pips),
                        reading=True)  # fmt: skip
            return
        top, bottom = split_v(box, 1, 1, gap=0)
        first = b.keep_order(split_h(top, 1, 5), top)
        b.label(first[0], str(rank), number_px, floor=number_px, bold=True, reading=True)
        b.label(first[1], row.name, name_px, bold=True, align="start")
        cells = b.keep_order(split_h(bottom, *PORTRAIT_WEIGHTS), bottom)
        for cell, text in zip(cells, numbers, strict=True):
            b.label(cell, text, number_px, floor=number_px, bold=ranking == "pips",
                    reading=True)  # fmt: skip

    # -- seating ---------------------------------------------------------------------------

    def _seating(self, b: Builder, club: ClubState, day: date, area: Rect) -> None:
        name_px, _ = sizes(b)
        night = club.view.night(day)
        rules, boxes = choices(b, area, len(SEATINGS))
        for box, rule in zip(boxes, SEATINGS, strict=True):
            style = Style.SELECTED if night.seating == rule else Style.NORMAL
            b.button(box, rule_name(b, rule), self._choose(day, "seating", rule), style=style,
                     key=f"club:rule:{rule}", size=b.min_text)  # fmt: skip
        y = rules.bottom + b.gap
        if night.seating == "11-3":
            row = Rect(area.x, y, area.w, b.target if b.landscape else two_lines(b))
            less, text, more = split_h(row, 1, 4, 1, gap=b.gap)
            b.button(less, "−", self._choose(day, "movers", max(1, night.movers - 1)),
                     key="club:movers:-", mirror=False)  # fmt: skip
            moving = b.ntr("The lowest {n} moves", "The lowest {n} move", night.movers)
            b.label(text, moving.format(n=night.movers), b.min_text, wrap=True)
            b.button(more, "+", self._choose(day, "movers", min(MAX_MOVERS, night.movers + 1)),
                     key="club:movers:+", mirror=False)  # fmt: skip
            y = row.bottom + b.gap
        proposal = club.view.seating(day)
        body = Rect(area.x, y, area.w, area.bottom - y)
        if proposal is None or not (proposal.tables or proposal.waiting or proposal.aside):
            b.label(body, b.tr("No game has finished tonight yet."), b.min_text, wrap=True)
            return
        mine = proposal.next_at(club.view.hub)
        if mine:
            title = Rect(body.x, body.y, body.w, b.min_text + b.px(8))
            b.label(title, b.tr("Next at this table"), b.min_text, align="start")  # fmt: skip
            who = Rect(body.x, title.bottom, body.w, name_px + b.px(16))
            b.label(who, ", ".join(mine), name_px, bold=True, align="start",
                    role="next")  # fmt: skip
            body = Rect(body.x, who.bottom + b.gap, body.w, body.bottom - who.bottom - b.gap)
        body = self._waiting(b, club, day, proposal, body)
        lines = [
            f"{club.view.table_name(hub)}: {', '.join(names)}"
            for hub, names in proposal.tables
            if hub != club.view.hub
        ]
        line_h = b.min_text + b.px(10)
        for i, line in enumerate(lines[: max(0, body.h // line_h)]):
            box = Rect(body.x, body.y + i * line_h, body.w, line_h)
            b.label(box, line, b.min_text, align="start")

    def _waiting(
        self, b: Builder, club: ClubState, day: date, proposal: Proposal, body: Rect
    ) -> Rect:
        """The tables the seating waits for, each with a button that sets it aside for the
        night, and those set aside, with one that brings it back; the room left below."""
        rows = [(hub, b.tr("Waiting for {table}"), b.tr("Set aside")) for hub in proposal.waiting]
        rows += [(hub, b.tr("{table}: set aside"), b.tr("Bring back")) for hub in proposal.aside]
        y = body.y
        height = b.target if b.landscape else two_lines(b)
        for hub, text, button in rows:
            if y + height > body.bottom:
                break
            row = Rect(body.x, y, body.w, height)
            said, tap = b.keep_order(split_h(row, 2 if b.landscape else 1, 1, gap=b.gap), row)
            b.label(said, text.format(table=club.view.table_name(hub)), b.min_text,
                    align="start", wrap=not b.landscape, role="waiting")  # fmt: skip
            b.button(tap, button, self._choose(day, "aside", hub), key=f"club:aside:{hub}",
                     size=b.min_text)  # fmt: skip
            y = row.bottom + b.gap
        return Rect(body.x, y, body.w, body.bottom - y)

    def _choose(self, day: date, key: str, value: str | int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ClubChoice(key, value, day.isoformat())]

        return action

    # -- night -----------------------------------------------------------------------------

    def _night(self, b: Builder, club: ClubState, day: date, area: Rect) -> None:
        night = club.view.night(day)
        name_px, _ = sizes(b)
        top = Rect(area.x, area.y, area.w, b.target + b.px(8))
        b.button(top, night.name or b.tr("Name the night"), self._name(day), key="club:name",
                 size=name_px)  # fmt: skip
        below = Rect(area.x, top.bottom + b.gap, area.w, area.bottom - top.bottom - b.gap)
        ranks, boxes = choices(b, below, 2)
        texts = {"pips": b.tr("Lowest total first"), "wins": b.tr("Most wins first")}
        for box, ranking in zip(boxes, ("pips", "wins"), strict=True):
            style = Style.SELECTED if night.ranking == ranking else Style.NORMAL
            b.button(box, texts[ranking], self._choose(day, "ranking", ranking), style=style,
                     key=f"club:rank:{ranking}", size=b.min_text)  # fmt: skip
        label = Rect(area.x, ranks.bottom + b.gap, area.w, b.min_text + b.px(8))
        b.label(label, b.tr("Nights"), b.min_text, align="start")
        days = club.view.days() or [club.tonight]
        list_area = Rect(area.x, label.bottom, area.w, area.bottom - label.bottom)
        step = b.target + b.gap
        columns = 2 if b.landscape else 1
        for i, other in enumerate(days[: max(1, list_area.h // step) * columns]):
            column, row = i % columns, i // columns
            width = (list_area.w - b.gap * (columns - 1)) // columns
            box = Rect(list_area.x + column * (width + b.gap), list_area.y + row * step,
                       width, b.target)  # fmt: skip
            style = Style.SELECTED if other == day else Style.NORMAL
            title = night_title(b, club.view.night(other))
            b.button(box, title, self._show(other), style=style,
                     key=f"club:night:{other.isoformat()}", size=b.min_text)  # fmt: skip

    def _name(self, day: date) -> Action:
        def named(text: str) -> list[Intent]:
            return [ClubChoice("name", text, day.isoformat())]

        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.ui.open_overlay(Keyboard(self.ui, named))
            return []

        return action

    def _show(self, day: date) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.day = day
            self.page = 0
            return []

        return action
