"""New game: seat the players, pick the rules preset and options, start."""

from __future__ import annotations

from typing import Any

from engine import PRESETS, NewGame, Phase, RuleError, make_rules
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import Screen, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.keyboard import Keyboard
from hubd.screens.kit.widgets import Action, Color, Style
from hubd.screens.rule_options import RuleOptions
from hubd.screens.settings import _, preset_name
from hubd.text.refusals import translate_refusal
from hubd.values.intents import Intent

__all__ = ["Keyboard", "NewGameScreen"]

MAX_SEATS = 8
#: What each game mode means, beside the rules on the Rules tab.
MODE_WORDS = {
    "plays": _(
        "Every play: each tile is entered on the map, and the hub keeps the hands, the yard "
        "and the scores."
    ),
    "scores": _(
        "Scores only: no tiles are entered; press the hub button at each double and each toe, "
        "and enter the scores when the round ends."
    ),
}


class NewGameScreen(Screen):
    name = "new_game"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.seats: list[str] = []
        self.tab = "players"
        self.preset: str | None = None
        self.options = RuleOptions()
        self.page = 0  # of the known names

    def enter(self, ctx: UiContext | None) -> None:
        self.tab = "players"
        self.page = 0
        self.options.page = 0
        state = ctx.state if ctx is not None else None
        if not self.seats and state is not None and state.players:
            self.seats = list(state.players)  # the same table again is the likely next game

    def rules(self, ctx: UiContext) -> dict[str, Any]:
        return {"preset": self.preset or ctx.preset, **self.options.chosen}

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        back = None
        if state is not None and state.rules is not None and state.phase is not Phase.GAME_OVER:
            back = self.go(default_screen(ctx))
        elif ctx.history or (state is not None and state.rules is not None):
            back = self.go("history")
        tabs = [
            (text, self._tab(tab), Style.SELECTED if tab == self.tab else Style.NORMAL,
             f"tab:{tab}")
            for tab, text in (
                ("players", b.tr("Players")), ("rules", b.tr("Rules")), ("options", b.tr("Options"))
            )
        ]  # fmt: skip
        start = (
            b.tr("Start"),
            self.ui.submit(lambda: NewGame(tuple(self.seats), self.rules(ctx))),
            Style.PRIMARY,
            "start",
        )
        leave = [(b.tr("Back"), back, Style.NORMAL, "back")] if back is not None else []
        top = Rect(b.gap, b.gap // 2, b.w - 2 * b.gap, b.target)
        if b.landscape:
            bar_h = b.target + b.gap
            b.panel(Rect(0, 0, b.w, bar_h), Style.DARK)
            rows = [(top, [*leave, *tabs, start])]
        else:  # narrow: Back, the title and Start above, the three tabs below
            side = max(b.button_widths([b.tr("Back"), b.tr("Start")], b.min_text, b.w // 2))
            title = b.tr("New game")
            title_px = max(b.px(34), b.min_text)
            line = b.measure.line_height(title_px, True)
            # The title between the two buttons, on two lines if one is not enough.
            lines = 1 if b.measure.width(title, title_px, True) <= top.w - 2 * side else 2
            top.h = max(b.target, lines * line)
            bar_h = top.h + b.target + 2 * b.gap
            b.panel(Rect(0, 0, b.w, bar_h), Style.DARK)
            b.label(top.inflate(-2 * (side + b.gap), 0), title, title_px, bold=True, wrap=True)
            rows = [(Rect(top.x, top.y, side, top.h), leave),
                    (Rect(top.right - side, top.y, side, top.h), [start]),
                    (Rect(top.x, top.bottom + b.gap, top.w, b.target), tabs)]  # fmt: skip
        for row, specs in rows:
            widths = b.button_widths([text for text, *_ in specs], b.min_text, row.w)
            spare = max(0, row.w - sum(widths) - b.gap * (len(specs) - 1)) // max(1, len(specs))
            for (text, action, style, key), box in zip(
                specs, split_h(row, *[w + spare for w in widths], gap=b.gap), strict=True
            ):
                b.button(box, text, action, style=style, key=key, size=b.min_text)
        area = Rect(b.gap, bar_h + b.gap, b.w - 2 * b.gap, b.h - bar_h - 2 * b.gap)
        if self.tab == "players":
            self._players(b, ctx, area)
        elif self.tab == "rules":
            self._rules(b, ctx, area)
        else:
            self._options(b, ctx, area)

    def _tab(self, tab: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.tab = tab
            return []

        return action

    # -- players --------------------------------------------------------------------------

    def _players(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        if b.landscape:  # the seats a little wider: a long name fits its seat
            seats_box, pick_box = split_h(area, 5, 4, gap=2 * b.gap)
        else:
            seats_box, pick_box = split_v(area, 1, 1, gap=2 * b.gap)
        hint = b.tr("Seats in playing order (tap to remove)")
        lines = b.measure.fit(hint, seats_box.w, 10**6, b.min_text, b.min_text, True, True)[1]
        head_h = max(2, len(lines)) * b.measure.line_height(b.min_text, True)
        head = Rect(seats_box.x, seats_box.y, seats_box.w, head_h)
        b.label(head, hint, b.min_text, bold=True, align="start", wrap=True)
        seats_area = Rect(
            seats_box.x, head.bottom + b.gap, seats_box.w, seats_box.h - head.h - b.gap
        )
        # Room for a long name on a second line of its seat.
        height = min(max(b.px(80), b.two_lines), (seats_area.h - 3 * b.gap) // 4)
        boxes = grid(seats_area, MAX_SEATS, 2, b.gap, height)
        for seat, box in enumerate(boxes):
            if seat < len(self.seats):
                name = self.seats[seat]
                b.button(box, f"{seat + 1}. {name}", self._remove(name), key=f"seat:{name}",
                         size=b.min_text)  # fmt: skip
            else:
                b.panel(box, Style.QUIET)
                b.label(box, f"{seat + 1}.", b.min_text)
        head = Rect(pick_box.x, pick_box.y, pick_box.w, head_h)
        b.label(head, b.tr("Add a player"), b.min_text, bold=True, align="start", wrap=True)
        pick_area = Rect(pick_box.x, head.bottom + b.gap, pick_box.w, pick_box.h - head.h - b.gap)
        known = [n for n in ctx.known_players if n not in self.seats]
        columns = 2
        rows = max(1, (pick_area.h + b.gap) // (height + b.gap))
        per_page = columns * rows - 1  # one cell is the keyboard
        pages = max(1, -(-len(known) // max(1, per_page - 1))) if len(known) > per_page else 1
        if pages > 1:
            per_page -= 1
        self.page %= pages
        shown = known[self.page * per_page : (self.page + 1) * per_page]
        boxes = grid(pick_area, len(shown) + 1 + (pages > 1), columns, b.gap, height)
        full = len(self.seats) >= MAX_SEATS
        for name, box in zip(shown, boxes, strict=False):
            b.button(
                box,
                name,
                self._add(name),
                key=f"known:{name}",
                size=b.px(24),
                style=Style.DISABLED if full else Style.NORMAL,
            )
        b.button(
            boxes[len(shown)],
            b.tr("New name…"),
            self._keyboard,
            key="keyboard",
            style=Style.PRIMARY if not full else Style.DISABLED,
            size=b.px(22),
        )
        if pages > 1:
            b.button(boxes[-1], f"{self.page + 1}/{pages} ▸", self._next_page, key="known:more")

    def _remove(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if name in self.seats:
                self.seats.remove(name)
            return []

        return action

    def add_seat(self, name: str) -> None:
        name = name.strip()
        if name and name not in self.seats and len(self.seats) < MAX_SEATS:
            self.seats.append(name)

    def _add(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.add_seat(name)
            return []

        return action

    def _keyboard(self, _pos: tuple[int, int]) -> list[Intent]:
        if len(self.seats) < MAX_SEATS:
            self.ui.open_overlay(Keyboard(self.ui, self.add_seat))
        return []

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []

    # -- rules and options ----------------------------------------------------------------

    def _rules(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        chosen = self.preset or ctx.preset
        if b.landscape:
            buttons, text = split_h(area, 1, 2, gap=2 * b.gap)
        else:
            buttons, text = split_v(area, 1, 2, gap=2 * b.gap)
        *boxes, plays, scores = split_v(buttons, 1, 1, 1, 1, 1, gap=b.gap)
        self._modes(b, ctx, plays, scores)
        for name, box in zip(PRESETS, boxes, strict=True):
            b.button(
                box,
                preset_name(b, name),
                self._preset(name),
                key=f"preset:{name}",
                style=Style.SELECTED if name == chosen else Style.NORMAL,
            )
        preset = PRESETS[chosen]
        scale = 1 if b.landscape else 1.4  # a portrait screen has the room for larger text
        parts: list[tuple[str, int, bool, Color | None]] = [
            (preset_name(b, chosen), b.px(30 * scale), True, None),
            (b.tr(preset.description), b.px(24 * scale), False, None),
            (b.tr(MODE_WORDS[self.options.chosen.get("mode", "plays")]), b.px(24 * scale),
             False, None),
            (self._summary(b, ctx), b.px(20 * scale), False, None),
        ]  # fmt: skip
        self._stack(b, text, parts)

    def _stack(
        self, b: Builder, box: Rect, parts: list[tuple[str, int, bool, Color | None]]
    ) -> None:
        """Texts one under the other from the top of ``box``, each as tall as its lines (or,
        if they do not fit at their sizes, sharing the box and shrinking)."""
        heights = []
        for text, size, bold, _color in parts:
            size = max(size, b.min_text)
            lines = b.measure.fit(text, box.w, 10**6, size, size, bold, True)[1]
            heights.append(len(lines) * b.measure.line_height(size, bold))
        gap = 2 * b.gap
        if sum(heights) + gap * (len(parts) - 1) > box.h:
            boxes = split_v(box, *[max(1, h) for h in heights], gap=b.gap)
        else:
            boxes, y = [], box.y
            for h in heights:
                boxes.append(Rect(box.x, y, box.w, h))
                y += h + gap
        for (text, size, bold, color), part in zip(parts, boxes, strict=True):
            b.label(part, text, size, bold=bold, wrap=True, align="start", color=color)

    def _summary(self, b: Builder, ctx: UiContext) -> str:
        """The rules for this many players, in numbers (the hands and arms of every-play
        games; a scores-only game counts its rounds the same way)."""
        players = max(2, len(self.seats))
        try:
            rules = make_rules(self.rules(ctx), players)
        except RuleError as err:
            return translate_refusal(err, b.translator)
        return b.tr(
            "With {players} players: double-{set} set, {hand} tiles each, {arms} hub arms, "
            "{rounds} rounds."
        ).format(
            players=players,
            set=rules.highest,
            hand=rules.hand_size,
            arms=rules.hub_arms,
            rounds=rules.rounds,
        )

    def _preset(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.preset = name
            mode = self.options.chosen.get("mode")  # a preset changes the rules, not the mode
            self.options.chosen = {} if mode is None else {"mode": mode}
            return []

        return action

    def _modes(self, b: Builder, ctx: UiContext, plays: Rect, scores: Rect) -> None:
        """Every play (the default, never written to the log) or the scores only."""
        chosen = self.options.chosen.get("mode", "plays")
        for mode, text, part in zip(
            ("plays", "scores"),
            (b.tr("Every play"), b.tr("Scores only")),
            (plays, scores),
            strict=True,
        ):
            b.button(
                part,
                text,
                self._mode(mode),
                key=f"mode:{mode}",
                style=Style.SELECTED if mode == chosen else Style.NORMAL,
            )

    def _mode(self, mode: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if mode == "plays":
                self.options.chosen.pop("mode", None)
            else:
                self.options.chosen["mode"] = mode
            return []

        return action

    def _options(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        self.options.build(b, area, self.rules(ctx), max(2, len(self.seats)))
