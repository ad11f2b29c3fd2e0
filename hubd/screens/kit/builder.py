"""The builder screens lay out a frame's widgets with: every text fitted to its box, the
buttons, tiles and dialogs (the top bar every screen shares is top_bar.py's)."""

from __future__ import annotations

from hubd.picture.pips import least_text
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.widgets import MIN_SQUEEZE, MIN_TARGET, Action, Color, Kind, Style, Widget
from hubd.text.i18n import Translator


class Builder:
    """Collects the widgets of one frame, fitting every text to its box."""

    def __init__(self, measure: TextMeasure, size: tuple[int, int], translator: Translator) -> None:
        self.measure = measure
        self.w, self.h = size
        self.landscape = self.w >= self.h
        if self.landscape:
            self.scale = min(self.w / 800, self.h / 480)
        else:
            self.scale = min(self.w / 720, self.h / 1280)
        self.translator = translator
        self.widgets: list[Widget] = []
        self.undo: Action | None = None  # the Ui's undo (it asks first for a scored round)
        #: 4.5 mm, the least of the map's numbers and of a name: 32 px at 800x480, 50 px at
        #: 720x1280.
        self.floor_text = max(8, self.px(32 if self.landscape else 50))
        # No text is smaller than this (3.5 mm, read from a chair 1.5 m away): 25 px on the
        # official 7" display, 39 px on the 720x1280 portrait panel; the picture's own least
        # text (hubd/picture/pips.py) is the same measure of the same floor.
        self.min_text = max(8, least_text(self.floor_text))

    @property
    def chair_text(self) -> int:
        """6 mm, what a player reads from a chair (a status line, an entry's numbers, hand
        counts and totals): 43 px at 800x480, 67 px at 720x1280."""
        return max(self.min_text, self.px(43 if self.landscape else 67))

    @property
    def rtl(self) -> bool:
        return self.translator.rtl

    def tr(self, text: str) -> str:
        return self.translator.gettext(text)

    def ntr(self, singular: str, plural: str, count: int) -> str:
        return self.translator.ngettext(singular, plural, count)

    def px(self, n: float) -> int:
        return round(n * self.scale)

    @property
    def target(self) -> int:
        """The smallest tap target side at this size (64 px at 800x480)."""
        return max(self.px(MIN_TARGET), MIN_TARGET if self.scale >= 1 else 0)

    @property
    def gap(self) -> int:
        return max(4, self.px(8))

    @property
    def screen(self) -> Rect:
        return Rect(0, 0, self.w, self.h)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def _fit(
        self,
        widget: Widget,
        size: int,
        floor: int | None,
        wrap: bool,
        squeeze: bool = False,
        least: int | None = None,
        squeeze_lines: bool = False,
    ) -> Widget:
        if not widget.text:
            return widget
        least = self.min_text if least is None else least
        size = max(size, least)
        floor = max(floor if floor is not None else round(size * 0.6), least)
        box = widget.rect
        size, lines, cut = self.measure.fit(
            widget.text,
            max(1, box.w - 2 * widget.pad - abs(widget.lead)),
            box.h - widget.head,
            size,
            min(floor, size),
            widget.bold,
            wrap,
        )
        room = box.w - 2 * widget.pad - abs(widget.lead)
        if cut and squeeze and "\n" not in widget.text:
            # A short label one size too wide: narrower letters of the same height, not "B…".
            scale = self.squeeze_scale(widget.text, room, size, widget.bold)
            if scale >= MIN_SQUEEZE:
                lines, cut, widget.squeeze = (widget.text,), False, scale
        if cut and squeeze_lines:  # its lines narrower alike, as far as a label's may be
            wide = int(room / MIN_SQUEEZE)
            fitted = self.measure.fit(widget.text, wide, box.h - widget.head, size, size,
                                      widget.bold, True)  # fmt: skip
            if not fitted[2]:
                size, lines, cut = fitted
                widest = max(self.measure.width(line, size, widget.bold) for line in lines)
                widget.squeeze = min(1.0, room / max(1, widest))
        widget.size, widget.lines, widget.truncated = size, lines, cut
        return widget

    def holds(self, text: str, width: int, height: int, size: int, bold: bool, wrap: bool = True
              ) -> bool:  # fmt: skip
        """Whether ``text`` stands whole in ``width`` x ``height`` at ``size`` (on as many
        lines as the height holds, where ``wrap``), drawn narrower as a label may be."""
        wide = int(width / MIN_SQUEEZE)
        return not self.measure.fit(text, wide, height, size, size, bold, wrap)[2]

    def squeeze_scale(self, text: str, width: int, size: int, bold: bool) -> float:
        """How much narrower one line of ``text`` must be drawn to fit ``width`` (1 or more:
        it fits as it is); a label may be drawn down to ``MIN_SQUEEZE``."""
        return max(1, width) / max(1, self.measure.width(text, size, bold))

    def label(
        self,
        rect: Rect,
        text: str,
        size: int,
        *,
        floor: int | None = None,
        bold: bool = False,
        align: str = "center",
        wrap: bool = False,
        color: Color | None = None,
        reading: bool = False,
        mirror: bool = True,
        role: str = "",
        key: str = "",
        squeeze: bool = False,
        least: int | None = None,
        squeeze_lines: bool = False,
    ) -> Widget:
        """A text in ``rect`` at ``size`` or the largest size down to ``floor`` that fits;
        ``squeeze`` lets a one-line text too wide at the floor be drawn narrower (never less
        than ``MIN_SQUEEZE``) instead of cut, ``squeeze_lines`` a wrapped one's lines too.
        No text is under the screen's least (3.5 mm) but where ``least`` says so: a picture
        shrunk on purpose (the play map's small copy of the whole table) keeps its numbers
        in scale with its pieces."""
        widget = Widget(
            Rect(rect),
            Kind.LABEL,
            text,
            bold=bold,
            align=align,
            color=color,
            reading=reading,
            mirror=mirror,
            role=role,
            key=key,
        )
        return self.add(self._fit(widget, size, floor, wrap, squeeze, least, squeeze_lines))

    def button(
        self,
        rect: Rect,
        text: str,
        action: Action | None,
        *,
        size: int | None = None,
        style: Style = Style.NORMAL,
        key: str = "",
        bold: bool = True,
        floor: int | None = None,
        wrap: bool = True,
        reading: bool = False,
        mirror: bool = True,
        kind: Kind = Kind.BUTTON,
        locked: bool = False,
        role: str = "",
        enabled: bool = True,
        inset: int = 0,
        head: int = 0,
        squeeze: bool = False,
        squeeze_lines: bool = False,
    ) -> Widget:
        """A tappable box and its text; ``inset`` keeps that much more room free on the
        text's start side (for a badge drawn over it), ``head`` that much above it (for a
        badge on a line of its own); ``squeeze``: a one-line text (``wrap`` false) too wide
        is drawn narrower, as a label's may be; ``squeeze_lines``: wrapped lines too."""
        widget = Widget(
            Rect(rect),
            kind,
            text,
            bold=bold,
            style=style,
            action=action,
            key=key or f"{kind.value}:{text}:{rect.x},{rect.y}",
            reading=reading,
            mirror=mirror,
            pad=self.button_pad,
            lead=inset,
            head=head,
            locked=locked,
            role=role,
            enabled=enabled,
        )
        fitted = self._fit(widget, size or self.px(22), floor, wrap, squeeze, None, squeeze_lines)
        return self.add(fitted)

    def panel(self, rect: Rect, style: Style = Style.DARK, kind: Kind = Kind.PANEL) -> Widget:
        return self.add(Widget(Rect(rect), kind, style=style))

    def banner(
        self, rect: Rect, text: str, style: Style = Style.WARN, size: int = 0, role: str = ""
    ) -> Widget:
        widget = Widget(
            Rect(rect), Kind.BANNER, text, bold=True, style=style, pad=self.px(8), role=role
        )
        # Lines too long for the box are drawn narrower before the last is cut (the portrait
        # undo notice cut "… and Grandma R…" on two lines that hold it a little narrower).
        return self.add(self._fit(widget, size or self.px(24), None, True, squeeze_lines=True))

    def tile(
        self,
        rect: Rect,
        a: int,
        b: int,
        *,
        vertical: bool = False,
        lit: bool = False,
        action: Action | None = None,
        key: str = "",
    ) -> Widget:
        return self.add(
            Widget(
                Rect(rect),
                Kind.TILE,
                tile=(a, b),
                vertical=vertical,
                action=action,
                style=Style.SELECTED if lit else Style.NORMAL,
                key=key or f"tile:{a}-{b}",
            )
        )

    def keep_order(self, rects: list[Rect], container: Rect) -> list[Rect]:
        """``rects`` that keep their left-to-right order inside ``container`` when the layout
        is mirrored for a right-to-left language (number pads read 1 2 3 in Hebrew too)."""
        if not self.rtl:
            return rects
        return [Rect(container.x + container.right - r.right, r.y, r.w, r.h) for r in rects]

    # -- common pieces -----------------------------------------------------------------

    def dialog(self, panel: Rect | None = None) -> Rect:
        """A dark panel over the screen (all of it, less a margin, by default); returns the
        area inside it."""
        panel = panel or self.screen.inflate(-2 * self.gap, -2 * self.gap)
        self.panel(panel, Style.DARK)
        return panel.inflate(-2 * self.gap, -2 * self.gap)

    def button_widths(self, texts: list[str], size: int, room: int) -> list[int]:
        """Buttons' widths for ``texts`` at ``size`` in ``room``: each its whole text on one
        line if there is room, else at least its longest word (the text wraps), sharing out
        what is left in proportion."""
        pad = self.button_pad

        def need(text: str) -> int:
            return max(self.target, self.measure.width(text, size, True) + 2 * pad + 2)

        whole = [need(text) for text in texts]
        if sum(whole) <= room:
            return whole
        least = [max(need(word) for word in text.split()) if text.split() else self.target
                 for text in texts]  # fmt: skip
        spare = max(0, room - sum(least))
        extra = sum(w - m for w, m in zip(whole, least, strict=True)) or 1
        return [m + (w - m) * spare // extra for w, m in zip(whole, least, strict=True)]

    @property
    def button_pad(self) -> int:
        """Between a button's edge and its words."""
        return max(3, self.px(6))

    @property
    def two_lines(self) -> int:
        """A button's height for two lines of the smallest text (bold) and its padding."""
        return 2 * self.measure.line_height(self.min_text, True) + 2 * self.button_pad
