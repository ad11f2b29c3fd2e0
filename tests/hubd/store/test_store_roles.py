"""The store's roles (hubd/store/roles.py): its users reach it through its package alone, the
one place that opens it gives what each of them needs, and the club night runs on its role
alone (a fake that keeps the rows in a dict)."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TextIO

from checkout import REPO as ROOT

from hubd.store import ClubGames, ClubRow, HubStore, Transfers, open_store
from hubd.values.records import GameRecord


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


class ClubGamesInADict:
    """The club's role and no more, in memory: the club night needs nothing else."""

    def __init__(self, games: dict[int, tuple[datetime, str]]) -> None:
        self.games = games  # this hub's: id -> (started, log)
        self.rows: dict[tuple[str, str], ClubRow] = {}

    def history(self, limit: int = 50, *, finished_only: bool = False) -> list[GameRecord]:
        return [
            GameRecord(game_id, started.isoformat(), None, ("Ana", "Ben"), (0, 0), (), 0, "")
            for game_id, (started, _) in sorted(self.games.items(), reverse=True)[:limit]
        ]

    def started(self, game_id: int) -> datetime | None:
        return self.games[game_id][0] if game_id in self.games else None

    def export_jsonl(self, game_id: int, out: TextIO) -> None:
        out.write(self.games[game_id][1])

    def club_games(self) -> list[tuple[str, str, int, str, str]]:
        return [(r.hub, r.name, r.lines, r.digest, r.summary) for r in self.rows.values()]

    def club_log(self, hub: str, name: str) -> str | None:
        row = self.rows.get((hub, name))
        return None if row is None else row.log

    def keep_club_games(self, rows: Iterable[ClubRow]) -> int:
        kept = list(rows)
        self.rows.update(((row.hub, row.name), row) for row in kept)
        return len(kept)


def test_the_club_night_writes_tonights_games_and_keeps_the_others_through_its_role(
    tmp_path: Path,
) -> None:
    from club_helpers import EVENING, game_log, log_text, put_game

    from hubd.club.folder import game_file_name
    from hubd.club.importer import ClubImporter
    from hubd.club.night import ClubNight

    tonight, last_week = log_text(game_log({"Ana": 5, "Ben": 9})), log_text(game_log({"Cy": 1}))
    store = ClubGamesInADict({1: (EVENING - timedelta(days=7), last_week), 2: (EVENING, tonight)})
    role: ClubGames = store
    night = ClubNight(tmp_path, role, "Table 1", wall=lambda: EVENING.replace(hour=20))
    night.open()
    written = sorted(p.name for p in night.folder.glob("*.jsonl"))
    assert written == [game_file_name(EVENING, 2)]  # last week's game is not tonight's
    assert (night.folder / written[0]).read_text(encoding="utf-8") == tonight
    put_game(night.club, "bbbb0002", 1, {"Dee": 3, "Eve": 7}, table="Table 2")
    news = ClubImporter(night.club, lambda _: None).scan()
    assert news is not None and night.arrived(news)
    assert {(hub, name) for hub, name, *_ in store.club_games()} == {
        (night.hub, game_file_name(EVENING, 2)),  # the club counts this hub's games too
        ("bbbb0002", game_file_name(EVENING, 1)),
    }
    assert {p.name for p in night.view.standings().players} == {"Ana", "Ben", "Dee", "Eve"}
