"""The new game's Options tab: each rule option, what it does and its value, a page at a time.

Every explanation is shown whole at the least text size, so the options do not all fit on
one 800x480 screen: they come in pages of equal rows, the ones a family changes most first.
"""

from __future__ import annotations

from typing import Any

from engine import OPTIONS, SET_SIZES, RuleError, make_rules
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Action, Style
from hubd.text.refusals import translate_refusal
from hubd.text.rule_words import option_label
from hubd.values.intents import Intent

#: The options in the order a family changes them most: a shorter game first.
ORDER = (
    "rounds",
    "hand_size",
    "set",
    "first_double",
    "hub_arms",
    "reserve",
    "double_in_hands",
    "double_blank_50",
    "out_on_double_50",
    "burn_double",
)
#: Options that start at 0 (the rest at 1).
FROM_ZERO = ("reserve", "first_double")
#: Options chosen elsewhere on the new-game screen: the game mode is on the Rules tab.
ELSEWHERE = ("mode",)
PROBLEM_INK = (255, 190, 150)
#: Above and below a row's title and explanation: three rows a page at 800x480.
VPAD = 4

#: How much narrower an option's title may be drawn to stay on one line.
TITLE_SQUEEZE = 0.9


class RuleOptions:
    """The options chosen over the preset, and which page of them is on screen."""

    def __init__(self) -> None:
        self.chosen: dict[str, Any] = {}
        self.page = 0

    def build(self, b: Builder, area: Rect, rules: dict[str, Any], players: int) -> None:
        values, refused = self._values(rules, players)
        problem = "" if refused is None else translate_refusal(refused, b.translator)
        keys = [k for k in ORDER if k in OPTIONS]
        keys += [k for k in OPTIONS if k not in ORDER and k not in ELSEWHERE]
        bottom = Rect(area.x, area.bottom - b.target, area.w, b.target)
        pages_area = Rect(area.x, area.y, area.w, bottom.y - b.gap - area.y)
        pad = b.px(8)
        controls_w = self._controls_width(b)
        text_w = area.w - controls_w - 3 * pad
        title_px = max(b.px(22) if b.landscape else b.px(34), b.min_text)
        # Every row as tall as the longest title and explanation need, so rows line up
        # across pages.
        needed = max(self._words_height(b, k, text_w, title_px) for k in keys) + 2 * VPAD
        row_h = max(b.target + 2 * pad, needed)
        per_page = max(1, (pages_area.h + b.gap) // (row_h + b.gap))
        row_h = (pages_area.h - b.gap * (per_page - 1)) // per_page
        if problem:  # said in full under the rows it displaces (they move to the next page)
            need = self._lines(b, problem, area.w - 2 * pad) * self._line(b) + 2 * pad
            per_page -= min(per_page - 1, -(-(need + b.gap) // (row_h + b.gap)))
        pages = -(-len(keys) // per_page)
        self.page %= pages
        for i, key in enumerate(keys[self.page * per_page : (self.page + 1) * per_page]):
            box = Rect(area.x, area.y + i * (row_h + b.gap), area.w, row_h)
            self._option(b, key, values.get(key), box, controls_w, title_px)
        if problem:
            top = area.y + per_page * (row_h + b.gap)
            note = Rect(area.x, top, area.w, pages_area.bottom - top).inflate(-2 * pad, 0)
            b.label(note, problem, b.min_text, wrap=True, align="start", color=PROBLEM_INK)
        reset = Rect(bottom.x, bottom.y, b.px(240), b.target)
        b.button(reset, b.tr("Defaults"), self._defaults, key="options:reset")
        if pages > 1:
            more = Rect(bottom.right - b.px(160), bottom.y, b.px(160), b.target)
            b.button(more, f"{self.page + 1}/{pages} ▸", self._next_page, key="options:more")

    def _values(
        self, rules: dict[str, Any], players: int
    ) -> tuple[dict[str, Any], RuleError | None]:
        """Each option's value for these players, and what is wrong with them (None if fine)."""
        try:
            made = make_rules(rules, players)
        except RuleError as err:
            shown = {k: v for k, v in self.chosen.items() if not isinstance(v, dict)}
            return shown, err
        return {
            "set": made.highest,
            "hand_size": made.hand_size,
            "hub_arms": made.hub_arms,
            "reserve": made.reserve,
            "double_in_hands": made.double_in_hands,
            "double_blank_50": made.double_blank_50,
            "rounds": made.rounds,
            "first_double": made.first_double,
            "burn_double": made.burn_double,
            "out_on_double_50": made.out_on_double_50,
        }, None

    @staticmethod
    def _controls_width(b: Builder) -> int:
        """The controls' column: −, the value (two digits at 32 px) and +, or both answers of
        a yes-or-no option side by side, whichever this language needs wider."""
        stepper = 2 * b.target + b.px(72)
        answers = b.button_widths([b.tr("Yes"), b.tr("No")], b.min_text, b.w)
        return max(stepper, 2 * max(answers) + b.gap)

    @classmethod
    def _title_lines(cls, b: Builder, key: str, width: int, title_px: int) -> int:
        """One line, drawn smaller (and up to a tenth narrower) if need be; two or more only
        where even that cannot hold the title on one."""
        title = option_label(b.tr, key)
        if b.measure.width(title, b.min_text, True) * TITLE_SQUEEZE <= width:
            return 1
        return len(b.measure.fit(title, width, 10**6, title_px, title_px, True, True)[1])

    @classmethod
    def _words_height(cls, b: Builder, key: str, width: int, title_px: int) -> int:
        """The option's title (on as many lines as it needs) over its explanation."""
        title_h = cls._title_lines(b, key, width, title_px) * b.measure.line_height(title_px, True)
        return title_h + cls._lines(b, b.tr(OPTIONS[key]), width) * cls._line(b)

    @staticmethod
    def _line(b: Builder) -> int:
        return b.measure.line_height(b.min_text)

    @staticmethod
    def _lines(b: Builder, text: str, width: int) -> int:
        """How many lines ``text`` takes at the least size in ``width``."""
        return len(b.measure.fit(text, width, 10**6, b.min_text, b.min_text, False, True)[1])

    def _option(
        self, b: Builder, key: str, value: Any, box: Rect, controls_w: int, title_px: int
    ) -> None:
        b.panel(box, Style.QUIET)
        pad = b.px(8)
        inner = box.inflate(-2 * pad, -2 * VPAD)
        text, controls = split_h(inner, inner.w - controls_w, controls_w, gap=pad)
        # The title and the explanation together, centred in the row like the controls.
        lines = self._title_lines(b, key, text.w, title_px)
        title_h = lines * b.measure.line_height(title_px, True)
        words = b.tr(OPTIONS[key])
        explain_h = self._lines(b, words, text.w) * self._line(b)
        title = Rect(text.x, text.y, text.w, title_h)
        title.y += max(0, (text.h - title_h - explain_h) // 2)
        explain = Rect(text.x, title.bottom, text.w, min(explain_h, text.bottom - title.bottom))
        b.label(title, option_label(b.tr, key), title_px, bold=True, align="start",
                wrap=lines > 1, squeeze=lines == 1)  # fmt: skip
        b.label(explain, words, b.min_text, wrap=True, align="start")
        target = Rect(0, 0, controls.w, b.target)
        target.center = controls.center
        if isinstance(value, bool):
            # Both answers, the one in force highlighted: a tap says what it chooses.
            yes, no = split_h(target, 1, 1, gap=b.gap)
            for box_, answer, text_ in ((yes, True, b.tr("Yes")), (no, False, b.tr("No"))):
                b.button(
                    box_,
                    text_,
                    self._change(key, answer),
                    key=f"option:{key}:{'yes' if answer else 'no'}",
                    style=Style.SELECTED if value is answer else Style.NORMAL,
                )
            return
        minus = Rect(target.x, target.y, b.target, b.target)
        plus = Rect(target.right - b.target, target.y, b.target, b.target)
        shown = Rect(minus.right, target.y, plus.x - minus.right, b.target)
        b.button(minus, "−", self._step(key, value, -1), key=f"option:{key}:-", size=b.px(30))
        b.label(shown, "–" if value is None else str(value), b.px(32), bold=True, reading=True)
        b.button(plus, "+", self._step(key, value, 1), key=f"option:{key}:+", size=b.px(30))

    def _step(self, key: str, value: Any, step: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            if not isinstance(value, int):
                return []
            if key == "set":
                index = SET_SIZES.index(value) if value in SET_SIZES else 0
                new = SET_SIZES[max(0, min(len(SET_SIZES) - 1, index + step))]
                for follows in ("rounds", "hub_arms", "first_double"):
                    self.chosen.pop(follows, None)
            else:
                new = max(0 if key in FROM_ZERO else 1, value + step)
                if key == "first_double":
                    self.chosen.pop("rounds", None)  # a full game from the new double
            self.chosen[key] = new
            return []

        return action

    def _change(self, key: str, value: object) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.chosen[key] = value
            return []

        return action

    def _defaults(self, _pos: tuple[int, int]) -> list[Intent]:
        self.chosen = {}
        return []

    def _next_page(self, _pos: tuple[int, int]) -> list[Intent]:
        self.page += 1
        return []
