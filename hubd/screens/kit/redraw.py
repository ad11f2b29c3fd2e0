"""What needs drawing again: a signature of everything the UI reads from the context, and
the dirty rectangles of the widgets that changed between two frames."""

from __future__ import annotations

from hubd.screens.kit.context import UiContext
from hubd.screens.kit.rect import Rect

FULL_REDRAW_SHARE = 0.5  # above this share of the screen changed, redraw all of it


def context_signature(ctx: UiContext) -> tuple[object, ...]:
    state = ctx.state
    game: tuple[object, ...] | None = None
    if state is not None:
        table = state.table
        game = (
            id(state),
            state.players,
            state.phase,
            state.round,
            state.yard,
            tuple(state.hands),
            state.current,
            state.drew,
            len(table) if table else 0,
            table.lock if table else None,
            tuple(tuple(r) for r in state.scores),
        )
    return (
        game,
        ctx.last_entry,
        ctx.language,
        ctx.volume,
        ctx.muted,
        ctx.preset,
        ctx.rotation,
        ctx.audio_available,
        ctx.store_error,
        len(ctx.history),
        tuple(ctx.known_players),
        len(ctx.stats),
        ctx.web_address,
        tuple(ctx.phone_seats),
        tuple(ctx.phone_hands.items()),
        ctx.club,  # one object until something in the club night changes
        ctx.camera,
        ctx.pictures.version if ctx.pictures is not None else None,  # a picture came
    )


#: How far a widget's drawing may reach past its rect: a map stroke is 3 px wide around its
#: line, so a place redrawn without this margin keeps a trace of a stroke that went away.
INK_MARGIN = 2


def widget_place(signature: tuple[object, ...]) -> Rect:
    """Where the widget a signature describes is drawn (see Widget.signature): its rect and
    the margin its strokes may reach."""
    _kind, topleft, size = signature[:3]
    assert isinstance(topleft, tuple) and isinstance(size, tuple)
    return Rect(topleft, size).inflate(2 * INK_MARGIN, 2 * INK_MARGIN)


def merge_dirty(rects: list[Rect], screen: Rect) -> list[Rect]:
    """Clip, drop duplicates and merge overlapping dirty rects; the whole screen if large."""
    merged: list[Rect] = []
    for rect in rects:
        rect = rect.clip(screen)
        if rect.w == 0 or rect.h == 0:
            continue
        for other in list(merged):
            if other.colliderect(rect):
                merged.remove(other)
                rect = rect.union(other)
        merged.append(rect)
    if sum(r.w * r.h for r in merged) > FULL_REDRAW_SHARE * screen.w * screen.h:
        return [screen.copy()]
    return merged
