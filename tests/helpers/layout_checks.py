"""What makes a screen's layout wrong (clipped or too small text, overlapping or undersized tap
targets), for the tests that check screens.
"""

from __future__ import annotations

import pygame

from hubd.screens import Ui
from hubd.screens.kit.widgets import (
    MIN_READ,
    MIN_SQUEEZE,
    MIN_TARGET,
    Kind,
    Widget,
)

#: The least font size (px) of any text, at each official size: caps of 3.5 mm at 1.5 m.
MIN_TEXT = {(800, 480): 25, (720, 1280): 39}


#: The map's own widgets (the lead's part of issue 16), checked here all the same.
MAP_ROLES = ("end", "needs", "line", "fold", "tile")


#: The round end's tiles picker holds a double-12 set on one page at 800x480 (issue 16,
#: point 7): 91 cells of 64 px cannot fit its 800x416 px, so its cells are at least this.
TILE_CELL_PX = 56


MAP_MARK = "[map] "


def problems(ui: Ui, widgets: list[Widget], official: bool) -> list[str]:
    found: list[str] = []
    least = MIN_TEXT.get(ui.size, 0) if official else 0
    screen = pygame.Rect((0, 0), ui.size)
    painter = ui.painter
    shade = max((i for i, w in enumerate(widgets) if w.kind is Kind.SHADE), default=-1)
    crowded = crowded_table(ui)
    for widget in widgets:
        name = f"{widget.kind.value} {widget.key or widget.text!r}"
        if widget.role in MAP_ROLES:
            name = f"{MAP_MARK}{name}"  # the map's own drawing: its own assertion
        if not screen.contains(widget.rect):
            found.append(f"{name} at {widget.rect} leaves the screen")
        if widget.lines and widget.kind is not Kind.QR:  # a QR code's line is its data
            if widget.truncated and not (crowded and a_players_name(widget)):
                found.append(f"{name}: text cut to {widget.lines[0]!r}")
            width = widget.rect.w - 2 * widget.pad - abs(widget.lead)
            for line in widget.lines:
                used = round(painter.width(line, widget.size, widget.bold) * widget.squeeze)
                if widget.squeeze < MIN_SQUEEZE:
                    found.append(f"{name}: {line!r} squeezed to {widget.squeeze:.2f}")
                if used > width:
                    found.append(f"{name}: {line!r} is {used} px in {width} px")
            height = len(widget.lines) * painter.line_height(widget.size, widget.bold)
            if height > widget.rect.h + 2:
                found.append(
                    f"{name}: {len(widget.lines)} lines need {height} px of {widget.rect.h}"
                )
            if official and widget.reading and widget.size < MIN_READ:
                found.append(f"{name}: a number read at {widget.size} px")
            if widget.size < least:
                found.append(f"{name}: {widget.size} px text (at least {least})")
    targets = [w for i, w in enumerate(widgets) if w.tappable and i > shade]
    for i, widget in enumerate(targets):
        least = TILE_CELL_PX if widget.role == "left" else MIN_TARGET
        small = widget.rect.w < least or widget.rect.h < least
        if official and small and widget.role != "end":  # the map's: its own test below
            found.append(f"target {widget.key} is {widget.rect.size}")
        for other in targets[i + 1 :]:
            if widget.rect.colliderect(other.rect):
                found.append(f"targets {widget.key} and {other.key} overlap")
    return found


def crowded_table(ui: Ui) -> bool:
    """Seven or eight players: a long name may be cut (with an ellipsis) where its column is
    too narrow; the status line and the score sheet's header name each player in full."""
    state = ui._ctx.state if ui._ctx is not None else None
    return state is not None and len(state.players) >= 7


def a_players_name(widget: Widget) -> bool:
    return widget.key.startswith("name:")


#: What a choice's numeral on the map must not stand over (issue 35: the numerals read, the
#: pieces under them must too): tiles, the ends and the numbers they need, counts ("+4") and
#: the arms' letters, other rings and other numerals; links are checked as the strokes drawn.
UNDER_A_NUMERAL = ("tile", "end", "needs", "label", "mark", "choice_number")


def by_numeral(numerals: dict[str, str]) -> list[str]:
    """The offered ends' tiles in their numerals' order, from each end's key and numeral as
    the screen numbered them (the choices are numbered as they are read)."""
    return [
        key.removeprefix("end:")
        for key, _n in sorted(numerals.items(), key=lambda item: int(item[1]))
    ]


def numerals_over_pieces(widgets: list[Widget], offered: list[str]) -> list[str]:
    """Each numeral on the map (keys "number:<numerals>") that stands over other pieces, and
    those pieces (its own end, number, ring and leader left out, and whatever lay over its own end
    already: where no place beside it is free, the ring itself carries the numeral, on its
    end); ``offered`` are the ends' tiles in their numerals' order ("1-3"; ``by_numeral``)."""
    found = []
    ends = {w.key: w.rect for w in widgets if w.role == "end"}
    seen = {w.key.removeprefix("numeral:"): w.rect for w in widgets if w.key.startswith("numeral:")}
    for badge in [w for w in widgets if w.key.startswith("number:")]:
        numerals = badge.key.removeprefix("number:")
        box = seen.get(numerals, badge.rect)  # its dark badge (its line's box may be taller)
        tiles = [offered[int(n) - 1] for n in numerals.split()]
        own = {f"{kind}:{tile}" for tile in tiles for kind in ("end", "needs", "mark:end")}
        own.add(f"leader:{numerals}")  # the line that joins it to its ring
        own_ends = [ends[f"end:{tile}"] for tile in tiles if f"end:{tile}" in ends]
        under = []
        for piece in widgets:
            if piece is badge or piece.key in own or piece.rect == box:
                continue
            if piece.kind is Kind.LINK and piece.points is not None:
                over = stroke_crosses(piece.points, max(1, piece.pad), box, own_ends)
            elif piece.role in UNDER_A_NUMERAL and piece.rect.colliderect(box):
                common = piece.rect.clip(box)
                over = not any(end.contains(common) for end in own_ends)
            else:
                over = False
            if over:
                under.append(piece.key or piece.role)
        if under:
            found.append(f"{badge.key} over {', '.join(under)}")
    return found


#: Where a choice's numeral on the map stands (numeral_places): beside its ring (touching it
#: or over its frame), joined to it by a line, on its end beside the number the end needs,
#: or alone on its end, over that number (hidden: the badge read as an end needing its numeral).
PLACES = ("beside", "joined", "sharing", "alone")


def numeral_places(widgets: list[Widget], offered: list[str]) -> dict[str, str]:
    """Each numeral on the map (its badge's "numeral:<numerals>") and where it stands, one of
    ``PLACES``; ``offered``: the ends' tiles in their numerals' order (``by_numeral``)."""
    ends = {w.key: w for w in widgets if w.role == "end"}
    needs = {w.key: w for w in widgets if w.role == "needs"}
    leaders = {w.key.removeprefix("leader:") for w in widgets if w.role == "leader"}
    places = {}
    for badge in [w for w in widgets if w.key.startswith("numeral:")]:
        numerals = badge.key.removeprefix("numeral:")
        tiles = [offered[int(n) - 1] for n in numerals.split()]
        place = "joined" if numerals in leaders else "beside"
        for tile in tiles:
            end, need = ends.get(f"end:{tile}"), needs.get(f"needs:{tile}")
            if end is None or not badge.rect.colliderect(end.rect):
                continue
            place = "sharing"
            if need is not None and badge.rect.colliderect(number_room(need)):
                place = "alone"
        places[numerals] = place
    return places


def number_room(widget: Widget) -> pygame.Rect:
    """Where a label's text stands: its box less the room it keeps for a badge (``lead``)."""
    room = widget.rect.copy()
    room.w -= abs(widget.lead)
    room.x += max(0, widget.lead)
    return room


def stroke_crosses(
    points: tuple[int, int, int, int],
    width: int,
    rect: pygame.Rect,
    beside: list[pygame.Rect] | None = None,
) -> bool:
    """Whether a straight stroke ``width`` px wide between ``points`` touches ``rect``'s
    inside (sampled every pixel along it), where it is not inside one of ``beside``."""
    x1, y1, x2, y2 = points
    steps = max(1, abs(x2 - x1), abs(y2 - y1))
    half = width // 2
    inside = rect.inflate(-2, -2)
    for step in range(steps + 1):
        x = x1 + (x2 - x1) * step / steps
        y = y1 + (y2 - y1) * step / steps
        dot = inside.clip(pygame.Rect(round(x) - half, round(y) - half, width, width))
        if dot.w and dot.h and not any(box.contains(dot) for box in beside or []):
            return True
    return False
