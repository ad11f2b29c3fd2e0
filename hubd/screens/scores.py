"""The scoreboard (a column per round headed by its double), amending a round, game over."""

from __future__ import annotations

from engine import AmendRound, GameState, Phase, TieBreak, ranking
from hubd.intents import Intent
from hubd.screens.base import Builder, Rect, Screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.ui import Overlay, Ui
from hubd.screens.widgets import TEXT_DIM, Action, Style


def names_list(b: Builder, names: list[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    if len(names) == 1:
        return names[0]
    return b.tr("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def explain_outcome(b: Builder, state: GameState) -> str:
    """Who won, and how the tie (if any) was broken, in words."""
    outcome = state.outcome
    if outcome is None:
        return ""
    scores, n = state.scores, len(state.players)
    winners = [state.players[s] for s in outcome.winners]
    best = state.totals[outcome.winners[0]]
    tied = [s for s in range(n) if state.totals[s] == best]
    tied_names = names_list(b, [state.players[s] for s in tied])
    winner = winners[0]
    if outcome.decided_by is TieBreak.TOTAL:
        return b.tr("{player} wins with the lowest total, {total}.").format(
            player=winner, total=best
        )
    if outcome.decided_by is TieBreak.ZERO_ROUNDS:
        zeros = sum(1 for r in scores if r[outcome.winners[0]] == 0)
        return b.ntr(
            "{names} tied on {total}; {player} wins with more rounds scored 0 ({n} round).",
            "{names} tied on {total}; {player} wins with more rounds scored 0 ({n} rounds).",
            zeros,
        ).format(names=tied_names, total=best, player=winner, n=zeros)
    if outcome.decided_by is TieBreak.LOWEST_ROUND:
        low = min(r[outcome.winners[0]] for r in scores if r[outcome.winners[0]])
        return b.tr(
            "{names} tied on {total} and on rounds scored 0; {player} wins with the lowest "
            "round score above 0 ({low})."
        ).format(names=tied_names, total=best, player=winner, low=low)
    return b.tr("{names} tied on every count and share the win.").format(
        names=names_list(b, winners)
    )


class ScoresScreen(Screen):
    name = "scores"

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.rules is None:
            area = b.top_bar(b.tr("Scores"), self.go("new_game"), [])
            b.label(area.inflate(-2 * b.gap, -2 * b.gap), b.tr("No game yet."), b.px(28))
            return
        rules = state.rules
        phase = state.phase
        title = b.tr("Scores after round {n} of {rounds}").format(
            n=len(state.scores), rounds=rules.rounds
        )
        extras: list[tuple[str, Action]] = []
        if state.scores:
            extras.append((b.tr("Amend"), self._amend))
        back = self.go("play") if state.in_round else None
        if phase is Phase.ROUND_OVER:
            back = self.go("round_end")
        if phase is Phase.SETUP and state.round:
            extras.append((b.tr("Next round"), self.go("round_start")))
        elif phase is Phase.GAME_OVER:
            extras.append((b.tr("Results"), self.go("game_over")))
        elif back is None:
            back = self.go("history")
        area = b.top_bar(
            title, back, extras, primary=phase in (Phase.SETUP, Phase.GAME_OVER), undo=True
        )
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        explain = explain_outcome(b, state)
        if explain:
            note = Rect(area.x, area.bottom - b.px(56), area.w, b.px(56))
            b.label(note, explain, b.px(22), wrap=True, floor=b.px(13))
            area.h -= note.h + b.gap
        scoreboard(b, state, area)

    def _amend(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(Amend(self.ui))
        return []

    def back(self, ctx: UiContext) -> list[Intent]:
        from hubd.screens.base import default_screen

        target = default_screen(ctx)
        return self.ui.go("play" if target == "scores" else target)


def scoreboard(b: Builder, state: GameState, area: Rect) -> None:
    """A row per player: a column per round (its double on top), the total and the rank."""
    assert state.rules is not None
    rules = state.rules
    players = len(state.players)
    rank_of = {seat: i + 1 for i, seat in enumerate(ranking(state.scores, players))}
    name_w, total_w, rank_w = b.px(150), b.px(96), b.px(64)
    rest = area.w - name_w - total_w - rank_w
    column_w = max(b.px(52), rest // max(1, rules.rounds))
    visible = max(1, rest // column_w)
    column_w = rest // min(visible, rules.rounds)
    last = max(len(state.scores), 1)
    first = max(1, min(last, rules.rounds) - visible + 1)
    rounds = list(range(first, min(rules.rounds, first + visible - 1) + 1))
    header_h = b.px(48)
    row_h = min(b.px(72) if b.landscape else b.px(110), (area.h - header_h) // players)
    y = area.y
    b.panel(Rect(area.x, y, area.w, header_h), Style.DARK)
    b.label(
        Rect(area.x + b.px(6), y, name_w - b.px(6), header_h),
        b.tr("Player"),
        b.px(18),
        align="start",
        floor=b.px(11),
        color=TEXT_DIM,
    )
    x = area.x + name_w
    for number in rounds:
        double = rules.starting_double(number)
        w = min(column_w - b.px(8), b.px(60))
        box = Rect(0, 0, w, w // 2)
        box.center = (x + column_w // 2, y + header_h // 2)
        b.tile(box, double, double, key=f"head:{number}", lit=number == state.round)
        x += column_w
    b.label(Rect(x, y, total_w, header_h), b.tr("Total"), b.px(18), floor=b.px(11), color=TEXT_DIM)
    b.label(
        Rect(x + total_w, y, rank_w, header_h),
        b.tr("Rank"),
        b.px(18),
        floor=b.px(10),
        color=TEXT_DIM,
    )
    y += header_h
    for seat, name in enumerate(state.players):
        row = Rect(area.x, y, area.w, row_h - b.px(2))
        leader = rank_of[seat] == 1
        b.panel(row, Style.NORMAL if seat % 2 == 0 else Style.QUIET)
        b.label(
            Rect(row.x + b.px(6), row.y, name_w - b.px(6), row.h),
            name,
            b.px(24),
            bold=leader,
            align="start",
            floor=b.px(12),
        )
        x = row.x + name_w
        running = 0
        for number, scores in enumerate(state.scores, start=1):
            running += scores[seat]
            if number not in rounds:
                continue
            cell = Rect(x + (number - rounds[0]) * column_w, row.y, column_w, row.h)
            top, bottom = split_v(cell, 3, 2)
            b.label(top, str(scores[seat]), b.px(28), bold=True, floor=b.px(14))
            b.label(bottom, f"Σ {running}", b.px(14), floor=b.px(10), color=TEXT_DIM)
        x = row.x + name_w + len(rounds) * column_w
        b.label(
            Rect(x, row.y, total_w, row.h),
            str(state.totals[seat]),
            b.px(34),
            bold=True,
            reading=True,
            floor=b.px(18),
        )
        b.label(
            Rect(x + total_w, row.y, rank_w, row.h),
            str(rank_of[seat]),
            b.px(34),
            bold=leader,
            reading=True,
            floor=b.px(18),
        )
        y += row_h


class Amend(Overlay):
    """Correct a scored round: which round, whose score, the new score."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.round: int | None = None
        self.player: str | None = None
        self.digits = ""

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.rules is None:
            return
        panel = b.screen.inflate(-2 * b.gap, -2 * b.gap)
        b.panel(panel, Style.DARK)
        inner = panel.inflate(-2 * b.gap, -2 * b.gap)
        title = Rect(inner.x, inner.y, inner.w - b.px(200) - b.gap, b.target)
        b.button(
            Rect(inner.right - b.px(200), inner.y, b.px(200), b.target),
            b.tr("Cancel"),
            self._close,
            key="amend:cancel",
        )
        area = Rect(inner.x, title.bottom + b.gap, inner.w, inner.h - title.h - b.gap)
        if self.round is None:
            b.label(title, b.tr("Amend which round?"), b.px(26), bold=True, align="start")
            count = len(state.scores)
            columns = max(1, min(count, area.w // (b.target + b.gap)))
            for number, box in zip(
                range(1, count + 1),
                grid(area, count, min(columns, 5), b.gap, b.target + b.px(16)),
                strict=True,
            ):
                double = state.rules.starting_double(number)
                b.button(
                    box,
                    f"{number}: {double}-{double}",
                    self._pick_round(number),
                    key=f"amend:round:{number}",
                )
            return
        if self.player is None:
            b.label(
                title,
                b.tr("Amend round {n}: whose score?").format(n=self.round),
                b.px(26),
                bold=True,
                align="start",
                wrap=True,
            )
            names = state.players
            for name, box in zip(
                names, grid(area, len(names), 2, b.gap, b.target + b.px(8)), strict=True
            ):
                score = state.scores[self.round - 1][state.seat_of[name]]
                b.button(box, f"{name}: {score}", self._pick_player(name), key=f"amend:{name}")
            return
        b.label(
            title,
            b.tr("{player} in round {n}:").format(player=self.player, n=self.round),
            b.px(26),
            bold=True,
            align="start",
            wrap=True,
        )
        shown, pad = split_h(area, 1, 2, gap=b.gap) if b.landscape else split_v(area, 1, 3)
        value_box, ok = split_v(shown, 1, 1, gap=b.gap)
        b.label(value_box, self.digits or "0", b.px(48), bold=True, reading=True)
        event = AmendRound(self.round, {self.player: int(self.digits or "0")})
        ok.h = min(ok.h, b.target + b.px(16))
        b.button(
            ok,
            b.tr("Save"),
            self.ui.submit(lambda: event, close=True),
            style=Style.PRIMARY,
            key="amend:save",
        )
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "", "0", "⌫"]
        height = (pad.h - 3 * b.gap) // 4
        boxes = b.keep_order(grid(pad, 12, 3, b.gap, height), pad)
        for key, box in zip(keys, boxes, strict=True):
            if key:
                b.button(box, key, self._press(key), key=f"amend:key:{key}", size=b.px(32))

    def _pick_round(self, number: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.round = number
            return []

        return action

    def _pick_player(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.player = name
            return []

        return action

    def _press(self, key: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if key == "⌫":
                self.digits = self.digits[:-1]
            elif len(self.digits) < 4:
                self.digits = (self.digits + key).lstrip("0")
            return []

        return action

    def _close(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(None)
        return []


class GameOverScreen(Screen):
    name = "game_over"

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        extras: list[tuple[str, Action]] = [
            (b.tr("History"), self.go("history")),
            (b.tr("New game"), self.go("new_game")),
        ]
        area = b.top_bar(b.tr("Game over"), self.go("scores"), extras, primary=True, undo=True)
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        if state is None or state.outcome is None:
            b.label(area, b.tr("No game has finished yet."), b.px(28), wrap=True)
            return
        outcome = state.outcome
        winners = [state.players[s] for s in outcome.winners]
        if len(winners) == 1:
            headline = b.tr("{player} wins!").format(player=winners[0])
        else:
            headline = b.tr("{names} share the win!").format(names=names_list(b, winners))
        head, why, table = split_v(area, 2, 2, 5, gap=b.gap)
        if not b.landscape:  # tall screens: keep the headline and its reason near the list
            head.h = min(head.h, b.px(160))
            why = Rect(why.x, head.bottom + b.gap, why.w, min(why.h, b.px(140)))
            table = Rect(table.x, why.bottom + b.gap, table.w, area.bottom - why.bottom - b.gap)
        b.banner(head, headline, Style.PRIMARY, size=b.px(44))
        b.label(why, explain_outcome(b, state), b.px(24), wrap=True, floor=b.px(13))
        order = ranking(state.scores, len(state.players))
        columns = 1 if len(order) <= 4 else 2
        rows = -(-len(order) // columns)
        height = min(b.px(72 if b.landscape else 100), (table.h - b.gap * (rows - 1)) // rows)
        for place, (seat, box) in enumerate(
            zip(order, grid(table, len(order), columns, b.gap, height), strict=True), start=1
        ):
            b.panel(box, Style.SELECTED if seat in outcome.winners else Style.QUIET)
            ink = (25, 30, 28) if seat in outcome.winners else None
            rank, name, total = split_h(box.inflate(-b.px(10), 0), 1, 4, 2, gap=b.px(6))
            b.label(rank, f"{place}.", b.px(32), bold=True, reading=True, color=ink)
            b.label(name, state.players[seat], b.px(28), align="start", floor=b.px(14), color=ink)
            b.label(
                total,
                str(state.totals[seat]),
                b.px(34),
                bold=True,
                reading=True,
                align="end",
                color=ink,
            )
