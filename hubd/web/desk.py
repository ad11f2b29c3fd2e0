"""The phones' desk, on the hub's loop: the game's token, the seats phones hold, the hands
entered from phones, and the snapshots it publishes to the web server.

Everything here runs on the main loop, the one owner of the game: the web thread only posts
PhoneRequests. A hand entered on a phone is checked by the engine at once (the round's end
with that hand, on a copy of the state) and refused with the engine's words when it is wrong;
a hand above the most its tiles could hold (engine.hand_limit) is answered with that limit and
taken only when the phone sends it again, confirmed. It then waits with the round end's other
hands. Once every hand is in (a player who went out counts as in), the hub shows them on its
round end, and one tap there scores the round (a typo on a phone never becomes the round's
score by itself); a hub with no screen scores it at once, through the loop's own path. The
hub's screen has the last word over any hand, and it can release any seat.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import (
    EndRound,
    Event,
    GameState,
    HandLimit,
    HandPips,
    RuleError,
    Tile,
    Wording,
    all_tiles,
    over_limit,
)
from engine.apply import apply_event
from engine.photo_table import hand_bounds
from hubd.loop.inbox import PhoneRequest
from hubd.values.network import url_host, url_port, web_url
from hubd.values.snapshot import Snapshot
from hubd.web.page_data import hands_open

log = logging.getLogger("hubd.web")

SECRET_FILE = "web-secret"


def _(text: str) -> str:
    """Marks a message for the catalogs; the web thread translates it for each phone."""
    return text


NOT_YOURS = _("Choose your seat to enter your hand")
NOT_NOW = _("Your hand can be entered when the round is over")
MOVED_ON = _("The round has moved on: nothing was entered")
NO_SEAT = _("There is no such seat in this game")
#: A photo's confirmed tiles that do not add up to the pips sent (the page adds them itself).
NOT_ADDED = _("The tiles and the pips sent do not agree: count the tiles again")


@dataclass(eq=False)
class SeatTaken(RuleError):
    """The phone that lost a seat is told whose it is."""

    player: str
    wordings = (Wording(_("Another phone holds {player}'s seat")),)


@dataclass(eq=False)
class OneSeat(RuleError):
    """A phone holds one seat unless the hub's Phones panel gives it another."""

    player: str
    wordings = (
        Wording(_("This phone holds {player}'s seat; the hub's Phones panel can give it another")),
    )


@dataclass(eq=False)
class NotInSet(RuleError):
    """A tile in a photo's hand that this game's set has not."""

    tile: str
    wordings = (Wording(_("{tile} is not in this game's set")),)


@dataclass(eq=False)
class CountedTwice(RuleError):
    """One tile twice in a photo's hand."""

    tile: str
    wordings = (Wording(_("{tile} is counted twice in this hand")),)


#: The desk's own kinds of refusal (the engine's are engine.refusals.KINDS).
DESK_KINDS: tuple[type[RuleError], ...] = (SeatTaken, OneSeat, NotInSet, CountedTwice)

Publish = Callable[[Snapshot], None]
Submit = Callable[[Event], bool]
#: The loop's answer to a phone: None (done), why not (words), or the limit a hand is above.
Answer = RuleError | str | HandLimit | None


def load_secret(folder: Path) -> bytes:
    """The hub's own secret the tokens are made from, kept in the data folder so that a
    restarted hub keeps each game's address; in memory only if the folder is not writable."""
    path = folder / SECRET_FILE
    try:
        secret = path.read_bytes()
        if len(secret) >= 32:
            return secret
    except OSError:
        pass
    secret = secrets.token_bytes(32)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(secret)
    except OSError as err:
        log.warning(
            "web: cannot keep the page's secret in %s (%s): addresses change at restart",
            path,
            err.strerror or err,
        )
    return secret


class PhoneDesk:
    def __init__(self, secret: bytes, publish: Publish, base_url: str) -> None:
        self.secret = secret
        self._publish = publish
        self.base_url = base_url  # "http://HOST" (port 80) or "http://HOST:PORT"
        self.follows_network = True  # bound to every address: the one the phones reach moves
        self.claims: dict[str, str] = {}  # player -> the phone holding that seat
        self.allowed: dict[str, int] = {}  # phone -> the seats it may hold (1 if not here)
        self.hands: dict[str, HandPips] = {}  # the round end's hands entered from phones
        #: Of those, the hands counted from a photo: their tiles, which no other hand's photo
        #: may hold (in memory only: after a restart a photo is checked against the table).
        self.hand_tiles: dict[str, tuple[Tile, ...]] = {}
        self._game_id: int | None = None
        self._hands_key: tuple[object, ...] | None = None
        self._version = 0
        self._tokens: dict[int, str] = {}
        #: Where the seats and hands are kept as they arrive (the store, set by the loop),
        #: and read back when the game is resumed after a restart or a power cut.
        self.keep: Callable[[int, str], None] | None = None
        self.recall: Callable[[int], str | None] | None = None

    def token(self, game_id: int | None) -> str | None:
        """The game's secret part of the address: the same for a game after a restart, new
        with each new game."""
        if game_id is None:
            return None
        token = self._tokens.get(game_id)
        if token is None:
            digest = hmac.new(self.secret, f"game {game_id}".encode(), hashlib.sha256)
            token = self._tokens[game_id] = digest.hexdigest()[:20]
        return token

    def moved(self, host: str) -> bool:
        """The hub is at ``host`` now (it opened its own network, or joined another): the
        page's address follows. Returns whether it changed. A server bound to one address
        keeps it."""
        if url_host(self.base_url) == host or not self.follows_network:
            return False
        self.base_url = web_url(host, url_port(self.base_url))
        return True

    def address(self, game_id: int | None) -> str | None:
        token = self.token(game_id)
        return None if token is None else f"{self.base_url}/t/{token}"

    # -- what the loop calls --------------------------------------------------------------

    def publish(self, hub: Snapshot) -> None:
        """After each commit (and any change the page shows): a new snapshot for the phones,
        from ``hub``, what the loop shows (the game, its last entry, the history, the
        language)."""
        game_id, state = hub.game_id, hub.state
        key = _hands_key(game_id, state)
        if game_id != self._game_id or not self._version:
            self._game_id = game_id
            self.claims, self.hands, self.hand_tiles, self.allowed = {}, {}, {}, {}
            if game_id is not None:
                log.info("web: %s", self.address(game_id))
                self._recall(game_id, state, key)
            else:
                log.info("web: %s (no game yet: each game has its own address)", self.base_url)
        if key != self._hands_key:
            self._hands_key = key
            self.hands, self.hand_tiles = {}, {}
        self._version += 1
        self._publish(
            hub.taken(
                self._version,
                self.token(game_id),
                frozenset(self.claims),
                self.hands,
                self.hand_tiles,
            )
        )

    def context(self, game_id: int | None) -> dict[str, Any]:
        """What the hub's screens show of the phones: the address, the seats held, the hands."""
        return {
            "web_address": self.address(game_id),
            "phone_seats": tuple(self.claims),
            "phone_more": self.may_take_another(),
            "phone_hands": dict(self.hands),
        }

    def release(self, player: str) -> None:
        """The hub's screen takes a seat back from its phone."""
        if self.claims.pop(player, None) is not None:
            self._keep()

    def give_another(self, player: str) -> None:
        """The hub's Phones panel: the phone holding ``player``'s seat may take one more (as
        many as it holds now, and one)."""
        phone = self.claims.get(player)
        if phone is not None:
            self.allowed[phone] = len(self._seats_of(phone)) + 1
            self._keep()

    def may_take_another(self) -> tuple[str, ...]:
        """The players whose phone was given another seat it has not taken yet."""
        return tuple(player for player, phone in self.claims.items()
                     if len(self._seats_of(phone)) < self.allowed.get(phone, 1))  # fmt: skip

    def _seats_of(self, phone: str) -> list[str]:
        return [player for player, holder in self.claims.items() if holder == phone]

    def _keep(self) -> None:
        """The seats and hands into the store, before the phone is answered."""
        if self.keep is None or self._game_id is None:
            return
        kept = {
            "claims": self.claims,
            "allowed": self.allowed,
            "hands": {name: [hand.pips, hand.double_blank] for name, hand in self.hands.items()},
            "round": list(self._hands_key[1:]) if self._hands_key else [],
        }
        self.keep(self._game_id, json.dumps(kept, ensure_ascii=False, sort_keys=True))

    def _recall(self, game_id: int, state: GameState | None, key: tuple[object, ...]) -> None:
        """The seats and hands kept for the game (hands only while the same round end waits
        for them); whatever does not fit the game now is dropped."""
        kept = self.recall(game_id) if self.recall is not None and state is not None else None
        if kept is None or state is None:
            return
        try:
            data = json.loads(kept)
            claims, hands, round_key = data["claims"], data["hands"], data["round"]
        except (ValueError, TypeError, KeyError):
            return
        players = set(state.players)
        if isinstance(claims, dict):
            self.claims = {
                name: phone
                for name, phone in claims.items()
                if name in players and isinstance(phone, str)
            }
        allowed = data.get("allowed", {})  # the seats the Phones panel gave (absent: none)
        if isinstance(allowed, dict):
            self.allowed = {
                phone: n for phone, n in allowed.items() if type(n) is int and 1 < n <= 8
            }
        if isinstance(hands, dict) and round_key == list(key[1:]):
            for name, hand in hands.items():
                if name in players and isinstance(hand, list) and len(hand) == 2:
                    pips, double_blank = hand
                    if type(pips) is int and type(double_blank) is bool:
                        self.hands[name] = HandPips(pips, double_blank)
            self._hands_key = key

    def handle(
        self,
        request: PhoneRequest,
        state: GameState | None,
        game_id: int | None,
        submit: Submit | None = None,
    ) -> bool:
        """Answer one phone's request (through its reply). Returns whether the round end now
        has every hand from phones, for the hub to show them with its one tap to score;
        ``submit`` (a hub with no screen to tap) scores the round then instead."""
        try:
            problem = self._answer(request, state, game_id)
        except RuleError as err:
            problem = err
        complete = (
            problem is None
            and request.action == "hand"
            and state is not None
            and _complete(state, self.hands)
        )
        if complete and submit is not None and state is not None:
            scored = submit(EndRound(_every_hand(state, self.hands)))
            problem = None if scored else MOVED_ON  # the store refused: the hub's screen says why
        request.reply(problem)
        return complete

    def _answer(
        self, request: PhoneRequest, state: GameState | None, game_id: int | None
    ) -> Answer:
        if state is None or game_id is None or request.game_id != game_id:
            return MOVED_ON
        if request.action == "release":  # every seat the phone holds
            for player in self._seats_of(request.phone):
                del self.claims[player]
            self._keep()
            return None
        if not 0 <= request.seat < len(state.players):
            return NO_SEAT
        player = state.players[request.seat]
        holder = self.claims.get(player)
        if request.action == "claim":
            if holder == request.phone:
                return None
            if holder is not None:
                return SeatTaken(player=player)
            held = self._seats_of(request.phone)
            if len(held) >= self.allowed.get(request.phone, 1):  # one seat a phone
                return OneSeat(player=held[0])
            self.claims[player] = request.phone
            self._keep()
            return None
        if holder != request.phone:
            return NOT_YOURS
        if request.round != state.round:
            return MOVED_ON
        if not hands_open(state):
            return NOT_NOW
        hand = HandPips(request.pips, request.double_blank)
        hands = {**self.hands, player: hand}
        tiles = {name: t for name, t in self.hand_tiles.items() if name != player}
        if request.tiles is not None:
            _check_tiles(state, request.seat, request.tiles, hand)
            if not state.scores_only:
                tiles[player] = request.tiles
        apply_event(state.copy(), EndRound(_every_hand(state, hands, tiles)))  # the engine's
        if request.tiles is None:  # typed pips: a hand above what its tiles could hold is asked
            limit = over_limit(state, player, hand, {**self.hands, **tiles})
            if limit is not None and not request.confirmed:
                return limit  # asked again on the phone, the limit said
        self.hands = hands
        self.hand_tiles = tiles if request.tiles is None else {**tiles, player: request.tiles}
        self._keep()
        return None


def _every_hand(
    state: GameState,
    hands: Mapping[str, HandPips],
    tiles: Mapping[str, tuple[Tile, ...]] | None = None,
) -> dict[str, HandPips | tuple[Tile, ...]]:
    """The hands entered, with 0 for the rest (to check one hand alone, or the players who
    went out); to check them, the hands counted from a photo as their tiles (the engine
    checks those against the table and each other)."""
    known = tiles or {}
    return {name: known.get(name) or hands.get(name, HandPips(0)) for name in state.players}


def _check_tiles(state: GameState, seat: int, tiles: tuple[Tile, ...], hand: HandPips) -> None:
    """A hand's tiles from a photo: they add up to its pips and lie in the set (the engine
    checks the rest, each in its own words: the table, the hand's count, the other hands; a
    tile on the table was said to be outside the set)."""
    if sum(t.pips for t in tiles) != hand.pips or (Tile(0, 0) in tiles) != hand.double_blank:
        raise RuleError(NOT_ADDED)
    in_set = frozenset(all_tiles(hand_bounds(state, seat, {}).highest))
    for place, tile in enumerate(tiles):
        if tile not in in_set:
            raise NotInSet(tile=str(tile))
        if tile in tiles[:place]:
            raise CountedTwice(tile=str(tile))


def _complete(state: GameState, hands: Mapping[str, HandPips]) -> bool:
    return all(
        name in hands or (not state.scores_only and state.hands[seat] == 0)
        for seat, name in enumerate(state.players)
    )


def _hands_key(game_id: int | None, state: GameState | None) -> tuple[object, ...]:
    """Equal while the same round end is waiting for its hands."""
    if state is None:
        return (game_id,)
    return (game_id, state.round, len(state.scores), state.phase)
