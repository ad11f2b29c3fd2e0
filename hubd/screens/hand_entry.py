"""A hand's entry at the round's end: what has been typed or picked for it (and what the hub's
camera read of it still asks), and the set's tiles laid out to pick the ones left in a hand
from (hubd/screens/round_end.py and its Tiles page, tile_page.py, use them)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from engine import GameState, Hand, HandPips, Tile
from engine.photo_hand import Question
from hubd.screens.kit.areas import Rect, split_v
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.keypad import Digits
from hubd.screens.kit.widgets import TEXT_DARK, Action, Style
from hubd.text.photo_words import question_words


@dataclass
class HandEntry:
    """What has been entered for one hand so far."""

    held: int  # how many tiles the hand holds (-1: not known, a scores-only game)
    pips: Digits = field(default_factory=Digits)
    double_blank: bool = False
    tiles: list[Tile] = field(default_factory=list)
    by_tiles: bool = False
    touched: bool = False  # anything typed or picked (an untouched hand takes the mode in use)
    #: The pips above the hand's limit that were said to be right (on the hub or the phone).
    confirmed: int | None = None
    #: The hub's camera reading of this hand, while its tile page shows it: how many tiles
    #: the photo showed, and its questions (each with its likely tiles).
    photo_count: int | None = None
    asked: tuple[Question, ...] = ()

    def open_questions(self) -> list[Question]:
        """The camera's questions not yet answered by a tile picked among their likely
        tiles (none once as many tiles are picked as the hand holds)."""
        if 0 <= self.held <= len(self.tiles):
            return []
        picked = set(self.tiles)
        return [asked for asked in self.asked if not picked.intersection(asked.choices)]

    def reading_words(self, tr: Callable[[str], str]) -> str:
        """What the camera's reading still asks, as the tile page says it until OK: the
        photo's count where it is not the hand's, the open questions, else to check it."""
        said = []
        if self.photo_count is not None and 0 <= self.held != self.photo_count:
            note = tr("Tiles in the photo: {found}. Tiles in your hand, by the hub's count: {held}")
            said.append(note.format(found=self.photo_count, held=self.held) + ".")
        questions = [question_words(question, tr) for question in self.open_questions()]
        if questions:
            said.append(
                tr("{questions} Pick it among the tiles.").format(questions=" ".join(questions))
            )
        return " ".join(said) or tr("Check each tile: tap one to correct it")

    def hand(self) -> Hand | None:
        """The hand for the engine, None while nothing is entered."""
        if self.by_tiles and self.held < 0:  # scores only: the tiles picked, as their pips
            if not self.tiles:
                return None
            pips = sum(tile.lo + tile.hi for tile in self.tiles)
            return HandPips(pips, Tile(0, 0) in self.tiles)
        if self.by_tiles:
            return tuple(self.tiles) if self.tiles or not self.held else None
        if self.pips.value is None and not self.double_blank:
            return None
        return HandPips(self.pips.value or 0, self.double_blank)

    def value(self, state: GameState, name: str) -> int | None:
        """The hand's score as entered for ``name`` (``GameState.hand_score``: the house
        rules' 50s included), None while nothing is entered."""
        hand = self.hand()
        return None if hand is None else state.hand_score(name, hand)


def tile_choice(b: Builder, box: Rect, tile: Tile, chosen: bool, toggle: Action | None) -> None:
    """One tile to pick: its pips (a domino standing up) and its two numbers beside them;
    greyed where another hand has it (``toggle`` None)."""
    taken = toggle is None
    style = Style.SELECTED if chosen else (Style.DISABLED if taken else Style.QUIET)
    b.button(box, "", toggle, style=style,
             key=f"left:{tile}", role="left", enabled=not taken, mirror=False)  # fmt: skip
    inner = box.inflate(-b.px(6), -b.px(6))
    digits_w = b.measure.width("88", b.min_text, True) + 2
    pic_w = max(8, min(inner.w - digits_w - b.px(4), inner.h // 2))
    pic = Rect(inner.x, 0, pic_w, min(inner.h, 2 * pic_w))
    pic.centery = inner.centery
    b.tile(pic, tile.lo, tile.hi, vertical=True, lit=chosen,
           key=f"leftpic:{tile}").mirror = False  # fmt: skip
    digits = Rect(pic.right + b.px(4), box.y, inner.right - pic.right - b.px(4), box.h)
    ink = TEXT_DARK if chosen else None
    for half, (number, part) in enumerate(zip((tile.lo, tile.hi), split_v(digits, 1, 1),
                                              strict=True)):  # fmt: skip
        b.label(part, str(number), b.min_text, floor=b.min_text, bold=True, color=ink,
                mirror=False, key=f"leftnum:{tile}:{half}")  # fmt: skip


def tile_cells(
    b: Builder, highest: int, area: Rect, offered: Collection[Tile] | None = None
) -> tuple[dict[Tile, tuple[int, Rect]], int]:
    """Every tile of a double-``highest`` set in a cell that depends on the tile alone: the
    doubles in a row of their own, set apart from the rest (a double is never among the tiles
    it could be mistaken for: 7-7 beside 7-8), then rows of ``highest + 1`` tiles, row r
    holding the tiles r-(r+1) ... r-highest and then those whose lower number is
    ``highest - 1 - r`` (a double-9 set: the doubles, then five rows of ten). A portrait screen
    turns the rows into columns. Rows that do not fit at a readable height go on further
    pages. Where only some tiles are ``offered`` (those not on the table: the table does not
    change while a round is scored), they alone take cells, in the same order and lines as
    long, the doubles still apart: late in a double-15 round three pages of mostly empty
    cells become one. Returns each tile's page and cell, and the number of pages."""
    rows: list[list[Tile]] = [[Tile(n, n) for n in range(highest + 1)]]
    for r in range((highest - 1) // 2 + 1):  # r with highest - 1 - r, from the ends inwards
        row = [Tile(r, hi) for hi in range(r + 1, highest + 1)]
        other = highest - 1 - r
        if other > r:
            row += [Tile(other, hi) for hi in range(other + 1, highest + 1)]
        if row:
            rows.append(row)
    across = highest + 1
    least = 2 * b.measure.line_height(b.min_text, True) - 2  # two numbers, stacked
    # A cell holds a domino standing up beside two two-digit numbers; rows too long for the
    # screen are cut in halves (every tile keeps a place that depends on it alone).
    narrowest = b.measure.width("88", b.min_text, True) + b.px(24)
    while b.landscape and across > 1 and area.w // across < narrowest:
        half = -(-across // 2)
        rows = [part for row in rows for part in (row[:half], row[half:]) if part]
        across = half
    if offered is not None:  # in order of their numbers, without the gaps the table leaves
        kept = [sorted(t for t in offered if t.is_double == double) for double in (True, False)]
        # a line as long as the screen holds: across a wide one, down a tall one
        along = across if b.landscape else max(1, min(across, area.h // least))
        rows = [part[i : i + along] for part in kept for i in range(0, len(part), along)]
        if not rows:
            return {}, 1
        across = max(len(row) for row in rows)
    doubles = sum(1 for row in rows if row[0].is_double)  # the doubles' rows come first
    apart = b.gap  # between the doubles and the other tiles (landscape: what room is left)
    if b.landscape:
        cell_w = area.w // across
        fits = max(1, min(len(rows), area.h // least))
        apart = min(apart, max(0, area.h - fits * least))
        cell_h = (area.h - apart) // fits
    else:
        cell_w = (area.w - apart) // len(rows)
        fits = max(1, min(across, area.h // least))
        cell_h = min(area.h // fits, max(least, cell_w))
    pages = -(-len(rows) // fits) if b.landscape else -(-across // fits)
    cells: dict[Tile, tuple[int, Rect]] = {}
    for r, row in enumerate(rows):
        shift = apart if r >= doubles else 0
        for c, tile in enumerate(row):
            line, place = (r, c) if b.landscape else (c, r)
            page, line = divmod(line, fits)
            if b.landscape:
                down = apart if page == 0 and r >= doubles else 0
                box = Rect(area.x + place * cell_w, area.y + line * cell_h + down, cell_w, cell_h)
            else:
                box = Rect(area.x + place * cell_w + shift, area.y + line * cell_h, cell_w, cell_h)
            cells[tile] = (page, box)
    return cells, pages


def camera_words(b: Builder, text: str, area: Rect) -> Rect:
    """What the camera's reading still asks, across the top of the tile page: it stays until
    the player has dealt with it, not a moment's toast. One line where it fits one (a
    second line can put the set's tiles on one more page), else two. The room under it."""
    line = b.measure.line_height(b.min_text, False)
    width = area.w - 2 * b.gap
    lines = 1 if b.measure.width(text, b.min_text) <= width else 2
    said = Rect(area.x + b.gap, area.y, width, lines * line)
    b.label(said, text, b.min_text, align="start", wrap=True, role="reading", key="camera:said")
    top = said.bottom + b.gap // 2
    return Rect(area.x, top, area.w, area.bottom - top)
