"""Settings: language, volume and mute, the default rules preset, screen rotation; and a
page of its own for speech (on or off, turns, speed, volume)."""

from __future__ import annotations

from collections.abc import Sequence

from engine import PRESETS
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import Screen, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import Action, Style
from hubd.text import i18n
from hubd.values.intents import ChangeSetting, Intent, SettingKey

ROTATIONS = (0, 90, 180, 270)
#: A control: its text, what a tap does (None: a plain value), its look, its key.
Item = tuple[str, Action | None, Style, str]
Value = str | int | bool
VOLUME_STEP = 10


def _(text: str) -> str:
    """Marks a message for the catalogs without translating it here."""
    return text


#: The speech speeds offered, in words per minute (the config may set any other).
SPEEDS = ((_("Slow"), 130), (_("Normal"), 160), (_("Fast"), 200))
#: Why there is no speech (hubd.speech's codes), as the speech page says it.
SPEECH_PROBLEMS = {
    "espeak": _("Speech needs espeak-ng"),
    "audio": _("No sound device"),
    "dfplayer": _("No speech with the DFPlayer"),
}


def preset_name(b: Builder, preset: str) -> str:
    names = {"classic": b.tr("Classic"), "hub": b.tr("Hub"), "four-arm": b.tr("Four arms")}
    return names.get(preset, preset)


class SettingsScreen(Screen):
    name = "settings"
    page = "main"  # or "speech"

    def enter(self, ctx: UiContext | None) -> None:
        self.page = "main"

    def back(self, ctx: UiContext) -> list[Intent]:
        if self.page != "main":
            self.page = "main"
            return []
        return super().back(ctx)

    def build(self, b: Builder, ctx: UiContext) -> None:
        if self.page == "speech":
            self._speech(b, ctx)
            return
        # The speech page: a button in the bar, or (portrait: the bar is narrow) a section.
        speech = (b.tr("Speech"), self._page("speech"))
        area = top_bar(b, b.tr("Settings"), self.go(default_screen(ctx)), [speech] * b.landscape)
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        no_device = "" if ctx.audio_available else b.tr("No sound device")
        # The last line: which hub this is (for a question or a bug report) and that it has no
        # sound device (a row of its own left the titles too low: "Rules for …", "Heliseade puud…").
        foot_note = no_device
        if ctx.version or foot_note:
            line = b.measure.line_height(b.min_text, False)
            area, foot = split_v(area, area.h - line - b.gap, line, gap=b.gap)
            if foot_note:
                note_w = b.measure.width(foot_note, b.min_text, True) + b.px(4)
                foot, at_end = split_h(foot, foot.w - note_w - b.gap, note_w, gap=b.gap)
                b.label(at_end, foot_note, b.min_text, bold=True, align="end", key="no-device")
            if ctx.version:
                text = b.tr("Version {version}").format(version=ctx.version)
                b.label(foot, text, b.min_text, align="start", role="version", key="version")
        languages = i18n.available_languages()
        # The volume shows the state; the button says what a tap does ("Turn sound off").
        volume: list[Item] = [
            ("−", self._volume(ctx, -VOLUME_STEP), Style.NORMAL, "volume:-"),
            (b.tr("Sound off") if ctx.muted else f"{ctx.volume}%", None, Style.QUIET, ""),
            ("+", self._volume(ctx, VOLUME_STEP), Style.NORMAL, "volume:+"),
            (
                b.tr("Turn sound on") if ctx.muted else b.tr("Turn sound off"),
                self._set("muted", not ctx.muted),
                Style.NORMAL,
                "muted",
            ),
        ]
        sections: list[tuple[str, list[Item], int]] = [
            (
                b.tr("Language"),
                [
                    (
                        i18n.language_name(code),
                        self._set("language", code),
                        Style.SELECTED if code == ctx.language else Style.NORMAL,
                        f"language:{code}",
                    )
                    for code in languages
                ],
                3,
            ),
            # Portrait is narrow: the sound button goes on a row of its own, under the volume.
            (b.tr("Volume"), volume, 4 if b.landscape else 3),
            (
                b.tr("Rules for new games"),
                [
                    (
                        preset_name(b, p),
                        self._set("preset", p),
                        Style.SELECTED if p == ctx.preset else Style.NORMAL,
                        f"preset:{p}",
                    )
                    for p in PRESETS
                ],
                3,
            ),
            (
                b.tr("Screen rotation"),
                [
                    (
                        f"{r}°",
                        self._set("rotation", r),
                        Style.SELECTED if r == ctx.rotation else Style.NORMAL,
                        f"rotation:{r}",
                    )
                    for r in ROTATIONS
                ],
                4,
            ),
        ]
        if not b.landscape:
            page: list[Item] = [(b.tr("Speech settings"), speech[1], Style.NORMAL, "speech")]
            sections.append((b.tr("Speech"), page, 1))
        self._sections(b, area, sections)

    def _sections(
        self,
        b: Builder,
        area: Rect,
        sections: list[tuple[str, list[Item], int]],
        noted: list[Item] | None = None,
        note: str = "",
    ) -> None:
        """Each section's title and its controls; ``note`` goes on a line under the controls of
        ``noted`` in landscape (in portrait the caller puts it in a row of its own)."""
        # Landscape: the titles' column, as wide as the widest title (or note) on two lines.
        title_w = max(_two_lines(b, text) for text in [t for t, *_ in sections] + [note])
        width = area.w - title_w - b.gap if b.landscape else area.w
        sections = [
            (title, items, _fitting(b, items, columns, width)) for title, items, columns in sections
        ]
        rows: list[float] = [-(-len(items) // columns) for _, items, columns in sections]
        if b.landscape and note:  # the note: a line across the page under its row's controls
            rows = [
                n + (items is noted) * 0.5 for n, (_, items, _) in zip(rows, sections, strict=True)
            ]
        if b.landscape:
            for (title, items, columns), box in zip(
                sections, split_v(area, *rows, gap=b.gap), strict=True
            ):
                if items is noted and note:  # one line under the controls, the page wide
                    line = b.measure.line_height(b.min_text, False)
                    box, under = split_v(box, box.h - line, line)
                    b.label(under, note, b.min_text, align="start")
                label, controls = split_h(box, title_w, width, gap=b.gap)
                b.label(label, title, b.min_text, bold=True, align="start", wrap=True)
                self._controls(b, items, controls, columns)
        else:
            size = max(b.px(34), b.min_text)
            title_h = b.measure.line_height(size, True)
            weights = [title_h + n * b.px(96) for n in rows]
            for (title, items, columns), box in zip(
                sections, split_v(area, *weights, gap=2 * b.gap), strict=True
            ):
                label = Rect(box.x, box.y, box.w, title_h)
                b.label(label, title, size, bold=True, align="start")
                controls = Rect(box.x, label.bottom, box.w, box.h - label.h)
                self._controls(b, items, controls, columns)

    def _controls(self, b: Builder, items: list[Item], area: Rect, columns: int) -> None:
        rows = -(-len(items) // columns)
        height = min(b.px(96), (area.h - b.gap * (rows - 1)) // rows)
        boxes = grid(area, len(items), columns, b.gap, height)
        pad = 2 * b.button_pad
        for start in range(0, len(items), columns):
            row = list(range(start, min(start + columns, len(items))))
            texts = [items[i][0] for i in row]
            if len(row) == 1 and rows > 1 and items[row[0]][1] is not None:
                boxes[row[0]].x, boxes[row[0]].w = area.x, area.w  # alone: the whole row
            elif len(row) > 1 and (rows == 1 or any(
                b.measure.fit(text, boxes[i].w - pad, boxes[i].h, b.min_text, b.min_text,
                              True, True)[2]
                for text, i in zip(texts, row, strict=True)
            )):  # fmt: skip
                # One row, or a row whose words equal shares would cut: each control as wide
                # as its words need ("−", "Som desligado", "+").
                room = area.w - b.gap * (len(row) - 1)
                widths = b.button_widths(texts, b.min_text, room)
                spare = max(0, room - sum(widths)) // len(widths)
                x = area.x
                for i, width in zip(row, widths, strict=True):
                    boxes[i].x, boxes[i].w = x, width + spare
                    x = boxes[i].right + b.gap
        if items[-1][1] is None:  # a closing note ("No sound device") takes the rest of its row
            boxes[-1].w = area.right - boxes[-1].x
        for (text, action, style, key), box in zip(items, boxes, strict=True):
            if action is None:
                b.label(box, text, b.min_text, bold=True, wrap=True)
            else:  # a name one size too wide drawn a little narrower, not cut ("Bahasa Indo…")
                b.button(box, text, action, style=style, key=f"setting:{key}", size=b.min_text,
                         squeeze=True)  # fmt: skip

    def _speech(self, b: Builder, ctx: UiContext) -> None:
        """The speech page: on or off, turns, refusals, speed and its own volume."""
        area = top_bar(b, b.tr("Speech"), self._page("main"), [])
        area = area.inflate(-2 * b.gap, -2 * b.gap)

        def choice(key: SettingKey, options: Sequence[tuple[str, Value]], now: Value) -> list[Item]:
            style = {True: Style.SELECTED, False: Style.NORMAL}
            return [
                (text, self._set(key, value), style[value == now], f"{key}:{value}".lower())
                for text, value in options
            ]

        on_off: list[tuple[str, Value]] = [(b.tr("On"), True), (b.tr("Off"), False)]
        speech = choice("speech", on_off, ctx.speech)
        note = b.tr(SPEECH_PROBLEMS[ctx.speech_problem]) if ctx.speech_problem else ""
        if note and not b.landscape:
            speech.append((note, None, Style.QUIET, ""))
        level = ctx.speech_volume
        volume: list[Item] = [
            ("−", self._set("speech_volume", max(10, level - VOLUME_STEP)), Style.NORMAL,
             "speech_volume:-"),
            (f"{level}%", None, Style.QUIET, ""),
            ("+", self._set("speech_volume", min(100, level + VOLUME_STEP)), Style.NORMAL,
             "speech_volume:+"),
        ]  # fmt: skip
        speeds = [(b.tr(name), rate) for name, rate in SPEEDS]
        sections: list[tuple[str, list[Item], int]] = [
            (b.tr("Speak aloud"), speech, 2),
            (b.tr("Say whose turn"), choice("speech_turns", on_off, ctx.speech_turns), 2),
            (b.tr("Say why refused"), choice("speech_refusals", on_off, ctx.speech_refusals), 2),
            (b.tr("Speed"), choice("speech_rate", speeds, ctx.speech_rate), 3),
            (b.tr("Speech volume"), volume, 3),
        ]
        self._sections(b, area, sections, speech, note)

    def _page(self, page: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.page = page
            return []

        return action

    def _volume(self, ctx: UiContext, step: int) -> Action:
        """A volume step; while the sound is off, a step also turns it back on."""
        value = max(0, min(100, ctx.volume + step))

        def action(_pos: tuple[int, int]) -> list[Intent]:
            unmute = [ChangeSetting("muted", False)] if ctx.muted else []
            return [*unmute, ChangeSetting("volume", value)]

        return action

    def _set(self, key: SettingKey, value: str | int | bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ChangeSetting(key, value)]

        return action


def _fitting(b: Builder, items: list[Item], columns: int, width: int) -> int:
    """The most columns (up to ``columns``) in which every control's longest word fits (a
    single row shares its width out by the words, see ``_controls``)."""
    pad = 2 * b.button_pad + 2
    least = [
        max((b.measure.width(word, b.min_text, True) for word in text.split()), default=0) + pad
        for text, *_ in items
    ]
    if len(items) <= columns and sum(least) + b.gap * (len(items) - 1) <= width:
        return columns
    for count in range(columns, 1, -1):
        if max(least, default=0) <= (width - b.gap * (count - 1)) // count:
            return count
    return 1


def _two_lines(b: Builder, text: str) -> int:
    """The least width in which ``text`` goes on two lines (bold, at the least size)."""
    words = text.split()
    if not words:
        return 0
    width = b.measure.width
    best = width(text, b.min_text, True)
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        best = min(best, max(width(first, b.min_text, True), width(second, b.min_text, True)))
    return best + b.px(4)
