"""Settings: language, volume and mute, the default rules preset, screen rotation."""

from __future__ import annotations

from engine import PRESETS
from hubd import i18n
from hubd.intents import ChangeSetting, Intent
from hubd.screens.base import Builder, Rect, Screen, default_screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.widgets import TEXT_DIM, Action, Style

ROTATIONS = (0, 90, 180, 270)
#: A control: its text, what a tap does (None: a plain value), its look, its key.
Item = tuple[str, Action | None, Style, str]
VOLUME_STEP = 10


def preset_name(b: Builder, preset: str) -> str:
    names = {"classic": b.tr("Classic"), "hub": b.tr("Hub"), "four-arm": b.tr("Four arms")}
    return names.get(preset, preset)


class SettingsScreen(Screen):
    name = "settings"

    def build(self, b: Builder, ctx: UiContext) -> None:
        area = b.top_bar(b.tr("Settings"), self.go(default_screen(ctx)), [])
        area = area.inflate(-2 * b.gap, -2 * b.gap)
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
        no_device = "" if ctx.audio_available else b.tr("No sound device")
        if no_device and not b.landscape:  # a row of its own beside the sound button
            volume.append((no_device, None, Style.QUIET, ""))
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
        rows = [-(-len(items) // columns) for _, items, columns in sections]
        if b.landscape:
            for (title, items, columns), box in zip(
                sections, split_v(area, *rows, gap=b.gap), strict=True
            ):
                label, controls = split_h(box, 1, 3, gap=b.gap)
                if items is volume and no_device:  # no room for a row: under the title
                    label, note = split_v(label, 1, 2)
                    b.label(note, no_device, b.min_text, align="start", wrap=True, color=TEXT_DIM)
                b.label(label, title, b.px(22), bold=True, align="start", wrap=True)
                self._controls(b, items, controls, columns)
        else:
            title_h = b.painter.line_height(b.px(34), True)
            weights = [title_h + n * b.px(96) for n in rows]
            for (title, items, columns), box in zip(
                sections, split_v(area, *weights, gap=2 * b.gap), strict=True
            ):
                label = Rect(box.x, box.y, box.w, title_h)
                b.label(label, title, b.px(34), bold=True, align="start")
                controls = Rect(box.x, label.bottom, box.w, box.h - label.h)
                self._controls(b, items, controls, columns)

    def _controls(self, b: Builder, items: list[Item], area: Rect, columns: int) -> None:
        rows = -(-len(items) // columns)
        height = min(b.px(96), (area.h - b.gap * (rows - 1)) // rows)
        boxes = grid(area, len(items), columns, b.gap, height)
        if items[-1][1] is None:  # a closing note ("No sound device") takes the rest of its row
            boxes[-1].w = area.right - boxes[-1].x
        for (text, action, style, key), box in zip(items, boxes, strict=True):
            if action is None:
                b.label(box, text, b.px(26), bold=True, wrap=True)
            else:
                b.button(box, text, action, style=style, key=f"setting:{key}", size=b.px(22))

    def _volume(self, ctx: UiContext, step: int) -> Action:
        """A volume step; while the sound is off, a step also turns it back on."""
        value = max(0, min(100, ctx.volume + step))

        def action(_pos: tuple[int, int]) -> list[Intent]:
            unmute = [ChangeSetting("muted", False)] if ctx.muted else []
            return [*unmute, ChangeSetting("volume", value)]

        return action

    def _set(self, key: str, value: str | int | bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ChangeSetting(key, value)]

        return action
