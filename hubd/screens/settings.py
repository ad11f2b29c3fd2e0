"""Settings: language, volume and mute, the default rules preset, screen rotation."""

from __future__ import annotations

from engine import PRESETS
from hubd import i18n
from hubd.intents import ChangeSetting, Intent
from hubd.screens.base import Builder, Rect, Screen, default_screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.widgets import Action, Style

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
        volume: list[Item] = [
            ("−", self._set("volume", max(0, ctx.volume - VOLUME_STEP)), Style.NORMAL, "volume:-"),
            (f"{ctx.volume}%", None, Style.QUIET, ""),
            (
                "+",
                self._set("volume", min(100, ctx.volume + VOLUME_STEP)),
                Style.NORMAL,
                "volume:+",
            ),
            (
                b.tr("Sound off") if ctx.muted else b.tr("Sound on"),
                self._set("muted", not ctx.muted),
                Style.SELECTED if ctx.muted else Style.NORMAL,
                "muted",
            ),
        ]
        sections: list[tuple[str, list[Item]]] = [
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
            ),
            (b.tr("Volume"), volume),
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
            ),
        ]
        if not ctx.audio_available:
            volume.append((b.tr("No sound device"), None, Style.QUIET, ""))
        if b.landscape:
            rows = [len(items) > 4 for _, items in sections]
            weights = [2 if two else 1 for two in rows]
            for (title, items), box in zip(
                sections, split_v(area, *weights, gap=b.gap), strict=True
            ):
                label, controls = split_h(box, 1, 3, gap=b.gap)
                b.label(label, title, b.px(22), bold=True, align="start", wrap=True, floor=b.px(12))
                self._controls(b, items, controls, 3 if len(items) > 4 else len(items))
        else:
            weights = [3 if len(items) > 4 else 2 for _, items in sections]
            for (title, items), box in zip(
                sections, split_v(area, *weights, gap=2 * b.gap), strict=True
            ):
                label = Rect(box.x, box.y, box.w, b.px(44))
                b.label(label, title, b.px(26), bold=True, align="start")
                controls = Rect(box.x, label.bottom, box.w, box.h - label.h)
                self._controls(b, items, controls, 3 if len(items) > 4 else len(items))

    def _controls(self, b: Builder, items: list[Item], area: Rect, columns: int) -> None:
        rows = -(-len(items) // columns)
        height = min(b.px(96), (area.h - b.gap * (rows - 1)) // rows)
        for (text, action, style, key), box in zip(
            items, grid(area, len(items), columns, b.gap, height), strict=True
        ):
            if action is None:
                b.label(box, text, b.px(26), bold=True, wrap=True, floor=b.px(12))
            else:
                b.button(
                    box,
                    text,
                    action,
                    style=style,
                    key=f"setting:{key}",
                    size=b.px(22),
                    floor=b.px(12),
                )

    def _set(self, key: str, value: str | int | bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            return [ChangeSetting(key, value)]

        return action
