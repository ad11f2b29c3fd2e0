"""The scores screen (the score sheet of the game in progress), amending a round, game over."""

from __future__ import annotations

from engine import AmendRound, GameState, Phase, TieBreak, ranking
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import Overlay, Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.keypad import Digits, entry_layout, hand_row, number_pad
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import Action, Style
from hubd.screens.score_sheet import Pages, draw_sheet
from hubd.values.intents import Intent, Submit
from hubd.values.sheet import Sheet


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

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.pages = Pages()

    def enter(self, ctx: UiContext | None) -> None:
        self.pages = Pages()  # the page with the round being played

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.rules is None:
            area = top_bar(b, b.tr("Scores"), self.go("new_game"), [])
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
        area = top_bar(
            b, title, back, extras, primary=phase in (Phase.SETUP, Phase.GAME_OVER), undo=True
        )
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        explain = explain_outcome(b, state)
        if explain:
            note_h = b.px(56) if b.landscape else b.px(120)
            note = Rect(area.x, area.bottom - note_h, area.w, note_h)
            b.label(note, explain, b.px(22), wrap=True)
            area.h -= note.h + b.gap
        draw_sheet(b, Sheet.of_state(state), area, self.pages)

    def _amend(self, _pos: tuple[int, int]) -> list[Intent]:
        self.ui.open_overlay(Amend(self.ui))
        return []

    def back(self, ctx: UiContext) -> list[Intent]:
        from hubd.screens.kit.base import default_screen

        target = default_screen(ctx)
        return self.ui.go("play" if target == "scores" else target)


class Amend(Overlay):
    """Correct a scored round: which round, then every player's score, each starting from the
    score recorded (the first digit typed replaces it), then Save."""

    def __init__(self, ui: Host) -> None:
        self.ui = ui
        self.round: int | None = None
        self.scores: dict[str, Digits] = {}
        self.recorded: dict[str, int] = {}
        self.player: str | None = None

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.rules is None:
            return
        inner = b.dialog()
        (cancel_w,) = b.button_widths([b.tr("Cancel")], b.min_text, inner.w // 2)
        cancel_w = max(b.px(200), cancel_w)
        # The title on two lines if one is not enough (a narrow portrait screen).
        title_px = max(b.px(26), b.min_text)
        words = self._title_words(b, state)
        lines = 1 if b.measure.width(words, title_px, True) <= inner.w - cancel_w - b.gap else 2
        title_h = max(b.target, lines * b.measure.line_height(title_px, True))
        title = Rect(inner.x, inner.y, inner.w - cancel_w - b.gap, title_h)
        cancel = Rect(inner.right - cancel_w, inner.y, cancel_w, b.target)
        b.button(cancel, b.tr("Cancel"), self.ui.close_overlay, key="amend:cancel")
        area = Rect(inner.x, title.bottom + b.gap, inner.w, inner.h - title.h - b.gap)
        if self.round is None:
            b.label(title, words, title_px, bold=True, align="start", wrap=True)
            count = len(state.scores)
            columns = 5 if b.landscape else 3
            for number, box in zip(
                range(1, count + 1),
                grid(area, count, columns, b.gap, b.target + b.px(16)),
                strict=True,
            ):
                double = state.doubles[number - 1]
                b.button(
                    box,
                    f"{number}: {double}-{double}",
                    self._pick_round(state, number),
                    key=f"amend:round:{number}",
                )
            return
        b.label(title, words, title_px, bold=True, align="start", wrap=True)
        rows, pad, save = entry_layout(b, area, len(state.players))
        for name, box in zip(state.players, rows, strict=True):
            value = self.scores[name].value or 0
            was = self.recorded[name]
            note = b.tr("was {n}").format(n=was) if value != was else ""
            hand_row(b, box, name, note, value, name == self.player, self._pick(name),
                     f"amend:{name}")  # fmt: skip
        if self.player is not None:
            entry = self.scores[self.player]
            number_pad(b, pad, "amend:key", lambda key: self._press(entry, key), self._next)
        b.button(
            save,
            b.tr("Save"),
            self._save,
            style=Style.PRIMARY,
            key="amend:save",
            size=b.px(26),
        )

    def _title_words(self, b: Builder, state: GameState) -> str:
        if self.round is None or state.rules is None:
            return b.tr("Amend which round?")
        double = state.doubles[self.round - 1]
        return b.tr("Amend round {n} ({double})").format(n=self.round, double=f"{double}-{double}")

    def _pick_round(self, state: GameState, number: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.round = number
            row = state.scores[number - 1]
            self.recorded = {name: row[seat] for seat, name in enumerate(state.players)}
            self.scores = {n: Digits(str(v), fresh=True) for n, v in self.recorded.items()}
            self._choose(state.players[0])
            return []

        return action

    def _choose(self, name: str) -> None:
        self.player = name
        self.scores[name].fresh = True

    def _pick(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self._choose(name)
            return []

        return action

    def _next(self, _pos: tuple[int, int]) -> list[Intent]:
        """OK: on to the next player (round the table)."""
        names = list(self.scores)
        if self.player in names:
            self._choose(names[(names.index(self.player) + 1) % len(names)])
        return []

    def _press(self, entry: Digits, key: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            entry.press(key)
            return []

        return action

    def _save(self, pos: tuple[int, int]) -> list[Intent]:
        """Only the scores that changed are sent; nothing changed, nothing is sent."""
        self.ui.open_overlay(None)
        changed = {
            name: digits.value or 0
            for name, digits in self.scores.items()
            if (digits.value or 0) != self.recorded[name]
        }
        if self.round is None or not changed:
            return []
        return [Submit(AmendRound(self.round, changed), pos)]


class GameOverScreen(Screen):
    name = "game_over"

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        extras: list[tuple[str, Action]] = [
            (b.tr("History"), self.go("history")),
            (b.tr("New game"), self.go("new_game")),
        ]
        area = top_bar(b, b.tr("Game over"), self.go("scores"), extras, primary=True, undo=True)
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
        b.label(why, explain_outcome(b, state), b.px(24), wrap=True)
        order = ranking(state.scores, len(state.players))
        # A tall screen lists every player under the other (eight rows hold names whole
        # at their 4.5 mm: two columns cut "Grand…" over empty room).
        columns = 1 if len(order) <= 4 or not b.landscape else 2
        rows = -(-len(order) // columns)
        height = min(b.px(72 if b.landscape else 100), (table.h - b.gap * (rows - 1)) // rows)
        for place, (seat, box) in enumerate(
            zip(order, grid(table, len(order), columns, b.gap, height), strict=True), start=1
        ):
            b.panel(box, Style.SELECTED if seat in outcome.winners else Style.QUIET)
            ink = (25, 30, 28) if seat in outcome.winners else None
            rank, name, total = split_h(box.inflate(-b.px(10), 0), 1, 4, 2, gap=b.px(6))
            b.label(rank, f"{place}.", b.px(32), bold=True, reading=True, color=ink)
            b.label(name, state.players[seat], b.floor_text, floor=b.floor_text,
                    align="start", color=ink, squeeze=True, key=f"name:{seat}")  # fmt: skip
            b.label(
                total,
                str(state.totals[seat]),
                b.chair_text,  # a total, read from a chair
                bold=True,
                reading=True,
                align="end",
                color=ink,
            )
