"""New game: seat the players, pick the rules preset and options, start."""

from __future__ import annotations

from typing import Any

from engine import OPTIONS, PRESETS, SET_SIZES, NewGame, Phase, RuleError, make_rules
from hubd.i18n import LATIN_ROWS
from hubd.intents import Intent
from hubd.screens.base import (
    Builder,
    Rect,
    Screen,
    default_screen,
    fit_grid,
    grid,
    split_h,
    split_v,
)
from hubd.screens.context import UiContext
from hubd.screens.settings import preset_name
from hubd.screens.ui import Overlay, Ui
from hubd.screens.widgets import TEXT_DIM, Action, Style

MAX_SEATS = 8
MAX_NAME = 16


def option_label(b: Builder, key: str) -> str:
    labels = {
        "set": b.tr("Domino set"),
        "hand_size": b.tr("Tiles per hand"),
        "hub_arms": b.tr("Hub arms"),
        "reserve": b.tr("Yard reserve"),
        "double_in_hands": b.tr("Double dealt"),
        "double_blank_50": b.tr("0-0 worth 50"),
        "rounds": b.tr("Rounds"),
    }
    return labels.get(key, key)


class NewGameScreen(Screen):
    name = "new_game"

    def __init__(self, ui: Ui) -> None:
        super().__init__(ui)
        self.seats: list[str] = []
        self.tab = "players"
        self.preset: str | None = None
        self.options: dict[str, Any] = {}
        self.page = 0

    def enter(self, ctx: UiContext | None) -> None:
        self.tab = "players"
        self.page = 0
        state = ctx.state if ctx is not None else None
        if not self.seats and state is not None and state.players:
            self.seats = list(state.players)  # the same table again is the likely next game

    def rules(self, ctx: UiContext) -> dict[str, Any]:
        return {"preset": self.preset or ctx.preset, **self.options}

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        back = None
        if state is not None and state.rules is not None and state.phase is not Phase.GAME_OVER:
            back = self.go(default_screen(ctx))
        elif ctx.history or (state is not None and state.rules is not None):
            back = self.go("history")
        bar_h = b.target + b.gap
        b.panel(Rect(0, 0, b.w, bar_h), Style.DARK)
        specs: list[tuple[str, Action, Style, str]] = []
        if back is not None:
            specs.append((b.tr("Back"), back, Style.NORMAL, "back"))
        for tab, text in (
            ("players", b.tr("Players")),
            ("rules", b.tr("Rules")),
            ("options", b.tr("Options")),
        ):
            style = Style.SELECTED if tab == self.tab else Style.NORMAL
            specs.append((text, self._tab(tab), style, f"tab:{tab}"))
        start = self.ui.submit(lambda: NewGame(tuple(self.seats), self.rules(ctx)))
        specs.append((b.tr("Start"), start, Style.PRIMARY, "start"))
        bar = Rect(b.gap, b.gap // 2, b.w - 2 * b.gap, b.target)
        for (text, action, style, key), box in zip(
            specs, split_h(bar, *[1] * len(specs), gap=b.gap), strict=True
        ):
            b.button(box, text, action, style=style, key=key, size=b.px(22), floor=b.px(12))
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
        if b.landscape:
            seats_box, pick_box = split_h(area, 1, 1, gap=2 * b.gap)
        else:
            seats_box, pick_box = split_v(area, 1, 1, gap=2 * b.gap)
        head = Rect(seats_box.x, seats_box.y, seats_box.w, b.px(40))
        b.label(
            head,
            b.tr("Seats in playing order (tap to remove)"),
            b.px(20),
            bold=True,
            align="start",
            floor=b.px(11),
            wrap=True,
        )
        seats_area = Rect(
            seats_box.x, head.bottom + b.gap, seats_box.w, seats_box.h - head.h - b.gap
        )
        height = min(b.px(80), (seats_area.h - 3 * b.gap) // 4)
        boxes = grid(seats_area, MAX_SEATS, 2, b.gap, height)
        for seat, box in enumerate(boxes):
            if seat < len(self.seats):
                name = self.seats[seat]
                b.button(
                    box,
                    f"{seat + 1}. {name}",
                    self._remove(name),
                    key=f"seat:{name}",
                    size=b.px(24),
                    floor=b.px(12),
                    wrap=False,
                )
            else:
                b.panel(box, Style.QUIET)
                b.label(box, f"{seat + 1}.", b.px(20), color=TEXT_DIM)
        head = Rect(pick_box.x, pick_box.y, pick_box.w, b.px(40))
        b.label(head, b.tr("Add a player"), b.px(20), bold=True, align="start", floor=b.px(11))
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
                floor=b.px(12),
                wrap=False,
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

    def _add(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            name_ = name.strip()
            if name_ and name_ not in self.seats and len(self.seats) < MAX_SEATS:
                self.seats.append(name_)
            return []

        return action

    def _keyboard(self, _pos: tuple[int, int]) -> list[Intent]:
        if len(self.seats) < MAX_SEATS:
            self.ui.open_overlay(Keyboard(self.ui, self))
        return []

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []

    # -- rules and options ----------------------------------------------------------------

    def _rules(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        chosen = self.preset or ctx.preset
        if b.landscape:
            buttons, text = split_h(area, 1, 2, gap=2 * b.gap)
            boxes = split_v(buttons, 1, 1, 1, gap=b.gap)
        else:
            buttons, text = split_v(area, 1, 2, gap=2 * b.gap)
            boxes = split_v(buttons, 1, 1, 1, gap=b.gap)
        for name, box in zip(PRESETS, boxes, strict=True):
            b.button(
                box,
                preset_name(b, name),
                self._preset(name),
                key=f"preset:{name}",
                style=Style.SELECTED if name == chosen else Style.NORMAL,
            )
        preset = PRESETS[chosen]
        head, body, summary = split_v(text, 1, 3, 3, gap=b.gap)
        b.label(head, preset_name(b, chosen), b.px(30), bold=True, align="start")
        b.label(body, b.tr(preset.description), b.px(24), wrap=True, align="start", floor=b.px(13))
        b.label(
            summary,
            self._summary(b, ctx),
            b.px(20),
            wrap=True,
            align="start",
            floor=b.px(12),
            color=TEXT_DIM,
        )

    def _summary(self, b: Builder, ctx: UiContext) -> str:
        players = max(2, len(self.seats))
        try:
            rules = make_rules(self.rules(ctx), players)
        except RuleError as err:
            return err.message
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
            self.options = {}
            return []

        return action

    def _options(self, b: Builder, ctx: UiContext, area: Rect) -> None:
        players = max(2, len(self.seats))
        try:
            rules = make_rules(self.rules(ctx), players)
            values: dict[str, Any] = {
                "set": rules.highest,
                "hand_size": rules.hand_size,
                "hub_arms": rules.hub_arms,
                "reserve": rules.reserve,
                "double_in_hands": rules.double_in_hands,
                "double_blank_50": rules.double_blank_50,
                "rounds": rules.rounds,
            }
            problem = ""
        except RuleError as err:
            values = {k: v for k, v in self.options.items() if not isinstance(v, dict)}
            problem = err.message
        keys = list(OPTIONS)
        columns = 2 if b.landscape else 1
        boxes = fit_grid(area, len(keys) + 1, b.target, b.px(200), b.gap, columns)
        # One size for every explanation, the largest at which all of them fit.
        parts = [self._option_parts(b, isinstance(values.get(k), bool), box) for k, box in
                 zip(keys, boxes, strict=False)]  # fmt: skip
        base = b.px(17) if b.landscape else b.px(21)
        size = min(
            b.painter.fit(b.tr(OPTIONS[k]), p[1].w, p[1].h, base, b.px(11), False, True)[0]
            for k, p in zip(keys, parts, strict=True)
        )
        for key, box, part in zip(keys, boxes, parts, strict=False):
            self._option(b, key, values.get(key), box, part, size)
        last = boxes[-1]
        reset = Rect(last.x, last.y, last.w, min(last.h, b.target + b.px(8)))
        reset.w = min(reset.w, b.px(240))
        b.button(reset, b.tr("Defaults"), self._defaults, key="options:reset")
        if problem:
            note = Rect(last.x, reset.bottom + b.gap, last.w, last.bottom - reset.bottom - b.gap)
            if note.h < b.px(30):
                note = Rect(reset.right + b.gap, last.y, last.right - reset.right - b.gap, last.h)
            b.label(note, problem, b.px(18), wrap=True, floor=b.px(10), color=(255, 190, 150))

    def _option_parts(self, b: Builder, boolean: bool, box: Rect) -> tuple[Rect, Rect, Rect]:
        """The option's title, explanation and controls boxes inside its cell."""
        control_w = b.target * 2 if boolean else b.target * 2 + b.px(64)
        text, controls = split_h(
            box.inflate(-b.px(8), -b.px(6)), box.w - control_w, control_w, gap=b.px(6)
        )
        title_h = b.px(26) if b.landscape else b.px(34)
        title = Rect(text.x, text.y, text.w, title_h)
        explain = Rect(text.x, title.bottom, text.w, text.h - title_h)
        return title, explain, controls

    def _option(
        self,
        b: Builder,
        key: str,
        value: Any,
        box: Rect,
        parts: tuple[Rect, Rect, Rect],
        size: int,
    ) -> None:
        b.panel(box, Style.QUIET)
        title, explain, controls = parts
        b.label(title, option_label(b, key), b.px(19) if b.landscape else b.px(24), bold=True,
                align="start", floor=b.px(12))  # fmt: skip
        b.label(explain, b.tr(OPTIONS[key]), size, wrap=True, align="start", floor=size,
                color=TEXT_DIM)  # fmt: skip
        target = Rect(0, 0, controls.w, b.target)
        target.center = controls.center
        if isinstance(value, bool):
            b.button(
                target,
                b.tr("Yes") if value else b.tr("No"),
                self._change(key, not value),
                key=f"option:{key}",
                style=Style.SELECTED if value else Style.NORMAL,
            )
            return
        minus = Rect(target.x, target.y, b.target, b.target)
        plus = Rect(target.right - b.target, target.y, b.target, b.target)
        shown = Rect(minus.right, target.y, plus.x - minus.right, b.target)
        b.button(minus, "−", self._step(key, value, -1), key=f"option:{key}:-", size=b.px(30))
        b.label(
            shown,
            "–" if value is None else str(value),
            b.px(32),
            bold=True,
            reading=True,
            floor=b.px(16),
        )
        b.button(plus, "+", self._step(key, value, 1), key=f"option:{key}:+", size=b.px(30))

    def _step(self, key: str, value: Any, step: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if not isinstance(value, int):
                return []
            if key == "set":
                index = SET_SIZES.index(value) if value in SET_SIZES else 0
                new = SET_SIZES[max(0, min(len(SET_SIZES) - 1, index + step))]
                self.options.pop("rounds", None)
                self.options.pop("hub_arms", None)
            else:
                new = max(0 if key == "reserve" else 1, value + step)
            self.options[key] = new
            return []

        return action

    def _change(self, key: str, value: object) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.options[key] = value
            return []

        return action

    def _defaults(self, _pos: tuple[int, int]) -> list[Intent]:
        self.options = {}
        return []


class Keyboard(Overlay):
    """An on-screen keyboard for a new player's name, in the language's script."""

    def __init__(self, ui: Ui, screen: NewGameScreen) -> None:
        self.ui = ui
        self.screen = screen
        self.text = ""
        self.latin = False

    def build(self, b: Builder, ctx: UiContext) -> None:
        panel = b.screen
        b.panel(panel, Style.DARK)
        inner = panel.inflate(-2 * b.gap, -2 * b.gap)
        local = b.tr(LATIN_ROWS)
        rows = (LATIN_ROWS if self.latin or local == LATIN_ROWS else local).split("/")
        field = Rect(inner.x, inner.y, inner.w, b.target + b.px(8))
        gap = max(3, b.gap // 2)
        count = len(rows) + 1
        below = inner.bottom - field.bottom - b.gap
        row_h = min((below - gap * (count - 1)) // count, b.px(110))
        keys_h = count * row_h + (count - 1) * gap
        # The keys sit at the bottom, under the thumbs; the name field just above them.
        keys_area = Rect(inner.x, inner.bottom - keys_h, inner.w, keys_h)
        field.bottom = keys_area.y - b.gap
        b.panel(field, Style.NORMAL)
        b.label(
            field.inflate(-2 * b.gap, 0),
            self.text or b.tr("Type a name"),
            b.px(34),
            bold=bool(self.text),
            color=None if self.text else TEXT_DIM,
            floor=b.px(16),
        )
        widest = max(10, *(len(r) for r in rows))
        key_w = (keys_area.w - gap * (widest - 1)) // widest
        y = keys_area.y
        for row in rows:
            width = len(row) * key_w + (len(row) - 1) * gap
            x = keys_area.x + (keys_area.w - width) // 2
            for char in row:
                shown_char = self._case(char)
                b.button(
                    Rect(x, y, key_w, row_h),
                    shown_char,
                    self._type(char),
                    mirror=False,
                    key=f"key:{char}",
                    size=b.px(30),
                    wrap=False,
                )
                x += key_w + gap
            y += row_h + gap
        bottom = Rect(keys_area.x, y, keys_area.w, row_h)
        switch, space, delete, cancel, done = split_h(bottom, 2, 4, 2, 2, 3, gap=gap)
        can_switch = local != LATIN_ROWS
        b.button(
            switch,
            "ABC" if not self.latin else b.tr("Local"),
            self._switch,
            mirror=False,
            key="key:switch",
            style=Style.NORMAL if can_switch else Style.DISABLED,
        )
        b.button(space, b.tr("Space"), self._type(" "), mirror=False, key="key:space")
        b.button(delete, "⌫", self._delete, mirror=False, key="key:delete", size=b.px(30))
        b.button(cancel, b.tr("Cancel"), self._cancel, mirror=False, key="key:cancel")
        b.button(
            done,
            b.tr("Add"),
            self._done,
            mirror=False,
            key="key:done",
            style=Style.PRIMARY if self.text.strip() else Style.DISABLED,
        )

    def _case(self, char: str) -> str:
        capital = not self.text or self.text[-1] in " -"
        return char.upper() if capital else char

    def _type(self, char: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if len(self.text) < MAX_NAME and not (
                char == " " and (not self.text or self.text.endswith(" "))
            ):
                self.text += self._case(char)
            return []

        return action

    def _delete(self, _pos: tuple[int, int]) -> list[Intent]:
        self.text = self.text[:-1]
        return []

    def _switch(self, _pos: tuple[int, int]) -> list[Intent]:
        self.latin = not self.latin
        return []

    def _cancel(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(None)
        return []

    def _done(self, pos: tuple[int, int]) -> list[Intent]:
        name = self.text.strip()
        if name:
            self.screen._add(name)(pos)
            self.ui.open_overlay(None)
        return []
