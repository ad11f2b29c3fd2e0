"""The Chicken Foot rules engine: pure, deterministic, driven by a game log.

>>> from engine import Game, NewGame, StartRound, Play, Tile
>>> game = Game.from_events([NewGame(("Ana", "Ben")), StartRound("Ana")])
>>> game.state.current_player, game.state.yard
('Ana', 12)
>>> game.apply(Play("Ana", Tile.parse("9-4"), Tile.parse("9-9")))
>>> [str(p.tile) for p in game.state.open_places()]
['9-9']
"""

from engine.blocks import BLOCK_TEMPLATES, Block, BlockKind
from engine.errors import RuleError, Wording, brief
from engine.events import (
    AmendRound,
    Draw,
    EndRound,
    Event,
    FootOpened,
    Hand,
    HandPips,
    NewGame,
    Pass,
    Play,
    StartRound,
    Toe,
    Undo,
    dump_line,
    parse_event,
    parse_line,
    read_log,
)
from engine.game import Game, summary
from engine.hand_limit import HandLimit, hand_limit, over_limit
from engine.limits import MAX_EVENTS, MAX_LINE, MAX_LOG_BYTES, MAX_NAME, MAX_PLAYERS
from engine.log import Refusal, apply_lines, split_log
from engine.names import check_name, check_players, name_key, name_problem
from engine.phases import Phase, RoundEnd
from engine.rules import MODES, OPTIONS, PRESETS, Rules, make_rules
from engine.scoring import Outcome, TieBreak, ranking
from engine.state import GameState
from engine.table import Placed, PlaceKind, Table
from engine.tiles import SET_SIZES, Tile, all_tiles, set_size

__all__ = [
    "BLOCK_TEMPLATES",
    "MAX_EVENTS",
    "MAX_LINE",
    "MAX_LOG_BYTES",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MODES",
    "OPTIONS",
    "PRESETS",
    "SET_SIZES",
    "AmendRound",
    "Block",
    "BlockKind",
    "Draw",
    "EndRound",
    "Event",
    "FootOpened",
    "Game",
    "GameState",
    "Hand",
    "HandLimit",
    "HandPips",
    "NewGame",
    "Outcome",
    "Pass",
    "Phase",
    "PlaceKind",
    "Placed",
    "Play",
    "Refusal",
    "RoundEnd",
    "RuleError",
    "Rules",
    "StartRound",
    "Table",
    "TieBreak",
    "Tile",
    "Toe",
    "Undo",
    "Wording",
    "all_tiles",
    "apply_lines",
    "brief",
    "check_name",
    "check_players",
    "dump_line",
    "hand_limit",
    "make_rules",
    "name_key",
    "name_problem",
    "over_limit",
    "parse_event",
    "parse_line",
    "ranking",
    "read_log",
    "set_size",
    "split_log",
    "summary",
]
