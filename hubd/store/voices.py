"""How each player's name sounds: what the family typed on the players' page for the hub's
voice ("Shivawn" for Siobhan, "Dana" for דנה), kept with the player in the ``players`` table.

Held to the rules of a name (engine/names.py): 1 to 24 characters, nothing that cannot be
shown or typed. An empty text forgets it, and the name is read as it is written again.
"""

from __future__ import annotations

import sqlite3

from engine import RuleError
from engine.names import check_name, name_problem
from hubd.store.history import player_id


def sounds_like(db: sqlite3.Connection) -> dict[str, str]:
    """Each player with a "sounds like": their name -> how it sounds."""
    rows = db.execute("SELECT name, sounds_like FROM players WHERE sounds_like IS NOT NULL")
    return {name: said for name, said in rows if isinstance(said, str) and said}


def set_sounds_like(db: sqlite3.Connection, player: str, said: str) -> None:
    """Keep how ``player``'s name sounds (a new name becomes a player); "" forgets it."""
    check_name(player)
    said = said.strip()
    problem = name_problem(said) if said else None
    if problem is not None:
        raise RuleError(problem.replace("a player's name", "how a name sounds"))
    db.execute(
        "UPDATE players SET sounds_like = ? WHERE id = ?", (said or None, player_id(db, player))
    )
