"""The store's roles (hubd/store/roles.py): its users reach it through its package alone, and
the one place that opens it gives what each of them needs."""

from __future__ import annotations

import ast
from pathlib import Path

from hubd.store import ClubGames, HubStore, Transfers, open_store

ROOT = Path(__file__).resolve().parent.parent


def store_modules_imported(path: Path) -> list[str]:
    """The modules of hubd.store (not the package itself) that ``path`` imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found += [name for name in names if name.startswith("hubd.store.")]
    return found


def test_the_loop_the_club_and_the_commands_use_the_stores_package_not_its_modules() -> None:
    users = [
        path
        for folder in ("hubd", "benchmarks", "hardware")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "store" not in path.relative_to(ROOT).parts[1:2]  # the store's own modules
    ]
    assert len(users) > 100
    reaching_in = {
        str(path.relative_to(ROOT)): modules
        for path in users
        if (modules := store_modules_imported(path))
    }
    assert reaching_in == {}


def test_the_opened_store_plays_each_role(tmp_path: Path) -> None:
    from engine import NewGame

    with open_store(tmp_path) as store:
        loop: HubStore = store
        club: ClubGames = store
        commands: Transfers = store
        game_id = loop.new_game(NewGame(("Ana", "Ben")))
        assert club.started(game_id) is not None
        assert commands.latest_game() == game_id
        assert [record.game_id for record in club.history(5)] == [game_id]
    with open_store(tmp_path, readonly=True) as store:
        assert store.cannot_save is None and store.unfinished_game() == game_id
