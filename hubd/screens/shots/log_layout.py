"""``hubd layout LOG.jsonl --size WxH``: the screen the hub shows after each line of a log.

Each line of the log that holds an event gives one JSON object: the line's number as
``chickenfoot replay`` counts it (from 1, blank lines counted), the size, every widget in the
schema of the screenshots' ``.layout.json`` files, and every stroke drawn on the map. The
frames come from the same ``Frames`` the hub's ``Ui`` draws, fed the same context the main
loop builds, and measure text as it does (kit/measure.py): no pygame is loaded.

The map's widgets by role: ``tile`` (key ``tile:<tile>``, the hub and the doubles too; its
``font_px`` is the size of the digits it shows in place of pips too small to see, under
1 mm, and 0 where it shows pips),
``end`` (``end:<tile>``, the open or closed place on that tile) and its ``needs`` (the
number it needs), ``label`` (``fold:<tile>``, a run folded into a count "+5"; ``arm:<letter>``,
an arm's letter by its first tile, the letter the choices name: "arm C, after the 6-4"),
``mark`` (a ring) and ``choice_number`` (an entry's numbered choice); ``map_tap``
(``map:tap``, the whole map, tappable: it opens the whole table) and ``whole`` (the sign
saying so); round the map, the players by ``name:<seat>``. Where the map cannot hold the
table with every piece beside what it lies on, the table is laid out larger in the map's own
shape and drawn smaller (hubd/picture/faithful.py). ``links`` holds every stroke drawn on the
map, each ``[x1, y1, x2, y2]``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from engine import MAX_LOG_BYTES, Game, GameState, Refusal, Undo, split_log
from engine.log import applied_lines
from hubd.picture import Box, Sizes
from hubd.screens.frames import Frames
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.widgets import Kind, Widget


def frames(
    lines: Iterable[str | bytes], size: tuple[int, int], language: str = "en"
) -> Iterator[dict[str, Any] | Refusal]:
    """One layout record for each event of ``lines``, as the hub shows it after that line;
    a line the engine refuses ends the frames with its ``Refusal``."""
    ui = Frames(size)
    ui.set_language(language)
    game = Game()
    for number, refusal in applied_lines(game, lines):
        if refusal is not None:
            yield refusal
            return
        ctx = UiContext(state=game.state, last_entry=game.last_effective, language=language)
        ui.state_changed(ctx)
        if not isinstance(game.log[-1], Undo):  # as the main loop: a shared end's tile ringed
            ui.mark_entry(game.log[-1], 0.0)
        widgets = ui.layout(ctx, 0.0)
        record = layout_record("", size, widgets)
        del record["shot"]
        links = [list(w.points) for w in widgets if w.kind is Kind.LINK and w.points]
        yield {"event": number, **record, "links": links}


#: Widgets a layout file leaves out: they carry no text and cannot be tapped.
_SILENT = (Kind.SHADE, Kind.RIPPLE, Kind.LINK)


def layout_record(shot: str, size: tuple[int, int], widgets: list[Widget]) -> dict[str, Any]:
    """What a ``<shot>.layout.json`` holds: every widget's key, role, rect, text and size, so
    that tests (and a reader without eyes) can check the frame without the picture."""
    return {
        "shot": shot,
        "size": [size[0], size[1]],
        "widgets": [
            {
                "key": widget.key,
                "role": widget.role or widget.kind.value,
                "rect": [widget.rect.x, widget.rect.y, widget.rect.w, widget.rect.h],
                "text": widget.text,
                "font_px": widget.size,
                "tappable": widget.tappable,
                "enabled": widget.enabled,
            }
            for widget in widgets
            if widget.kind not in _SILENT
        ],
    }


#: Players' names for ``screen_map``: in landscape the hands beside the map are as wide as
#: the names, so names of a real table's lengths, not "P1", give the map its real width.
TABLE_NAMES = ("Ana", "Ben", "Chen", "Dee", "Maria-Helena", "Olek", "Tamar", "Putu")


def screen_map(size: tuple[int, int], players: int) -> tuple[Box, Sizes]:
    """The map's area and number sizes on the real play screen for ``players`` (found by its key in
    a frame) named from ``TABLE_NAMES``, for checks that lay out many tables without drawing
    them."""
    from engine import NewGame, StartRound
    from hubd.screens.kit.builder import Builder
    from hubd.screens.map.view import map_sizes

    names = TABLE_NAMES[:players]
    game = Game.from_events([NewGame(names, {"preset": "classic"}), StartRound(names[0])])
    ui = Frames(size)
    ctx = UiContext(state=game.state, last_entry=game.last_effective)
    ui.state_changed(ctx)
    panel = next(w for w in ui.layout(ctx, 0.0) if w.key == "map")
    builder = Builder(ui.measure, size, ui.translator)
    return Box(*panel.rect), map_sizes(builder)


@cache
def _frames(size: tuple[int, int], language: str) -> Frames:
    ui = Frames(size)
    ui.set_language(language)
    return ui


def play_map(size: tuple[int, int], state: GameState, language: str = "en") -> tuple[Box, Sizes]:
    """The map's area and number sizes on the play screen for ``state`` (its room depends on
    the table: hubd/screens/play_room.py), found without drawing the frame."""
    from hubd.screens.kit.builder import Builder
    from hubd.screens.map.view import map_area, map_sizes
    from hubd.screens.play_room import play_room

    ui = _frames(size, language)
    builder = Builder(ui.measure, size, ui.translator)
    return Box(*map_area(builder, play_room(builder, state).map_area)), map_sizes(builder)


@cache
def whole_map(size: tuple[int, int], language: str = "en") -> Box:
    """The whole view's picture area at ``size`` (hubd/screens/map/whole.py), a tap away
    from the play map."""
    from hubd.screens.kit.builder import Builder
    from hubd.screens.map.view import map_area
    from hubd.screens.map.whole import whole_room

    ui = _frames(size, language)
    builder = Builder(ui.measure, size, ui.translator)
    return Box(*map_area(builder, whole_room(builder).area))


def run(path: Path, size: tuple[int, int], language: str, out: TextIO, err: TextIO) -> int:
    """The command: JSON Lines on ``out``; a refused or unreadable log, one line on ``err``
    and 1."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        err.write(f"hubd layout: cannot read {path}: {error.strerror or error}\n")
        return 1
    lines, too_long = split_log(data)
    for frame in frames(lines, size, language):
        if isinstance(frame, Refusal):
            err.write(f"hubd layout: {path.name} line {frame.line}: {frame.message}\n")
            return 1
        try:
            out.write(json.dumps(frame, ensure_ascii=False, separators=(",", ":")) + "\n")
        except BrokenPipeError:  # `| head`: the reader has all it wanted
            return 0
        except OSError as error:
            err.write(f"hubd layout: cannot write the frames: {error.strerror or error}\n")
            return 1
    if too_long is not None:
        err.write(f"hubd layout: {path.name} line {too_long.line}: {too_long.message}\n")
        return 1
    return 0
