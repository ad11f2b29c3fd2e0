"""Issue 35, point 2: while an entry asks which end, each ringed end's numeral can be seen. A
crowded table's map drawn smaller keeps a strip along its top for the sign that a tap enlarges
it; the strip held no piece, so a numeral stood there, under the sign (seven players, double-12,
at 800x480: choice 2's numeral hidden by "Tap to enlarge")."""

from __future__ import annotations

import pytest
from screens_loop import Loop

from engine import Draw, Game, Pass, Play
from engine.simulate import DoublesFirst
from hubd.screens.entry import MORE, entry_keys

NAMES = ("Grandma Rosa", "Ben", "Margaret", "Tom", "Maria-Helena", "Sam", "Dev")
#: The round's last plays, where the map is drawn smaller and most ends are asked about.
FROM = 100


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_no_numeral_or_its_leader_stands_under_the_sign(size: tuple[int, int]) -> None:
    rules = {"preset": "classic", "set": 12, "rounds": 1}
    events = DoublesFirst(7, rules, 16005, check=False, names=NAMES).play_game().effective
    loop = Loop(size)
    loop.game = Game.from_events(events[:FROM])
    loop.ctx.state, loop.ctx.last_entry = loop.game.state, loop.game.last_effective
    loop.ui.state_changed(loop.ctx)
    loop.ui.show_screen("play")
    loop.frame()
    asked, hidden = 0, []
    for event in events[FROM:]:
        if not loop.state.in_round:
            break
        if isinstance(event, Draw | Pass):
            loop.tap("draw" if isinstance(event, Draw) else "pass")
            continue
        assert isinstance(event, Play)
        for key in entry_keys(loop.state, event.tile, event.on):
            while key.startswith("choice:") and not loop.has(key) and loop.has(MORE):
                loop.tap(MORE)
            if key.startswith("choice:"):
                widgets = loop.widgets()
                signs = [w.rect for w in widgets if w.role == "whole"]
                shown = [w for w in widgets if w.key.startswith(("numeral:", "leader:"))]
                asked += bool(signs and shown)
                hidden += [f"{event.tile}: {w.key}" for w in shown
                           if any(w.rect.colliderect(sign) for sign in signs)]  # fmt: skip
            loop.tap(key)
    assert asked >= 10, "the round's crowded entries ask which end with the sign shown"
    assert not hidden, hidden
