"""`HandState`: one hand on the C++ state machine (docs/game.md).

`HandState` wraps `_core.HandCore`, the C++ value that holds the state,
its history and every rule; this module converts arguments and shapes the
API. The replay text lives in `tichu_fast.replay`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tichu_fast import replay as _replay
from tichu_fast import rl as _rl
from tichu_fast import search as _search
from tichu_fast import solver as _solver
from tichu_fast._args import MAX_WORLDS
from tichu_fast._args import count as _count
from tichu_fast._args import drawn_belief as _belief
from tichu_fast._args import rules as _rules
from tichu_fast._args import seat as _seat
from tichu_fast._args import seed as _seed
from tichu_fast._args import threads as _threads
from tichu_fast._core import (
    Action,
    Cards,
    HandCore,
    Move,
    ObservationCache,
    add_state_methods,
    apply_id,
    believed_worlds,
    check_pass_order,
    encode_observation,
    fill_observation_tensor,
    information_state_string,
    legal_action_ids,
    legal_action_mask,
    legal_moves_array,
    resample_many,
    resample_one,
    with_hands,
)
from tichu_fast.enums import Call, Decision
from tichu_fast.errors import IllegalMoveError, InvalidNotationError, TichuError
from tichu_fast.formats import OBSERVATION_SIZE
from tichu_fast.observation import ENCODERS, FIELD_NAMES, Observation
from tichu_fast.rules import Rules

__all__ = ["HandState"]

_WORLD = "world"  # the origin of a state made by resample or with_hands: it has no replay
_CARD_INDEX = {name: i for i, name in enumerate(Cards(0xFFFFFFFFFFFFFF))}


def _four(values: object, what: str) -> list[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{what} must be a sequence of four values")
    items = list(values)
    if len(items) != 4:
        raise ValueError(f"{what} must hold 4 values, not {len(items)}")
    return items


def _cards(value: object, what: str) -> Cards:
    if isinstance(value, Cards):
        return value
    if isinstance(value, str):
        return Cards(value)
    if hasattr(value, "__index__") and not isinstance(value, bool):
        return Cards(value.__index__())
    if isinstance(value, Iterable):
        return Cards(list(value))
    raise TypeError(f"{what} must be Cards, card text, a mask or card names, not {type(value).__name__}")


_new = object.__new__  # a HandState without __init__ (which refuses direct construction)


class HandState:
    """One hand from the deal to the score (docs/game.md); the C++ backend.

    Built by `new`, `from_deal`, `from_position` or `from_replay`, never directly.
    """

    __slots__ = ("_core", "_obs", "_origin", "_rules")

    _core: HandCore  # the state and its history, (action, decision, player) per step
    _origin: str
    _rules: Rules
    _obs: ObservationCache  # what observation() built for this core, set on its first call

    def __init__(self) -> None:
        raise TypeError(
            "HandState cannot be constructed directly: use HandState.new(...), from_deal(...), "
            "from_position(...) or from_replay(...)"
        )

    # -- construction ---------------------------------------------------------

    @classmethod
    def _make(cls, core: HandCore, origin: str, rules: Rules) -> HandState:
        state = object.__new__(cls)
        state._core, state._origin, state._rules = core, origin, rules
        return state

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> HandState:
        """The hand dealt by `seed` (an int 0..2**64-1; R2.1)."""
        rules = _rules(rules)
        core, origin = HandCore.from_seed(seed, rules)  # _from_names(shuffled_deck(seed)) in one call
        return cls._make(core, origin, rules)

    @classmethod
    def from_deal(cls, hands: Sequence[Any], rules: Rules | None = None) -> HandState:
        """Four hands of 14 card names (or texts) in dealt order; the first 8 of each are seen first (R2.1)."""
        names: list[str] = []
        for seat, hand in enumerate(_four(hands, "hands")):
            seat_names = _hand_names(hand, seat)
            if len(seat_names) != 14:
                raise ValueError(f"hand {seat} holds {len(seat_names)} cards, not 14")
            names += seat_names
        seen: set[str] = set()
        for name in names:
            if name in seen:
                raise ValueError(f"card {name!r} is dealt twice")
            seen.add(name)
        return cls._from_names(names, _rules(rules))

    @classmethod
    def _from_names(cls, names: Sequence[str], rules: Rules) -> HandState:
        core = HandCore.from_deck([_CARD_INDEX[name] for name in names], rules)
        return cls._make(core, "deal " + " ".join(names), rules)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Any],
        leader: int,
        *,
        piles: Sequence[Any] | None = None,
        out_order: Iterable[int] = (),
        calls: Sequence[Any] | None = None,
        wish: int | None = None,
        played: Iterable[int] | None = None,
        table: Move | str | None = None,
        table_player: int | None = None,
        trick: Any = None,
        passed: Iterable[int] | None = None,
        rules: Rules | None = None,
    ) -> HandState:
        """A position in the play phase (docs/positions.md): at a trick's start, or within one.

        `leader` is the seat in turn; within a trick, `table` (played by
        `table_player`) is to beat, `trick` holds the trick's cards so far
        (default: the table's) and `passed` the seats that passed since, in
        turn order. The core checks that a hand can reach it (ValueError otherwise).
        A seat left out of `played` may hold any number of cards, on purpose:
        cards in no hand, pile or trick are out of play (unknown to whoever
        built the position, or cut away for an endgame study), so a hand of
        fewer than 14 cards does not prove that the seat played; `played`
        only decides whether it may still call Tichu (R7.2).
        """
        hand_sets = [_cards(h, f"hand {s}") for s, h in enumerate(_four(hands, "hands"))]
        pile_sets = (
            [Cards()] * 4 if piles is None else [_cards(p, f"pile {s}") for s, p in enumerate(_four(piles, "piles"))]
        )
        if isinstance(out_order, (str, bytes)) or not isinstance(out_order, Iterable):
            raise TypeError("out_order must be a sequence of seats")
        out = [_seat(s, "a seat in out_order") for s in out_order]
        seat_calls = [Call.NONE] * 4 if calls is None else [_call(c) for c in _four(calls, "calls")]
        if isinstance(played, (str, bytes)) or (played is not None and not isinstance(played, Iterable)):
            raise TypeError("played must be a collection of seats")
        played_seats = {0, 1, 2, 3} if played is None else {_seat(s, "a seat in played") for s in played}
        leader_seat = _seat(leader, "leader")
        if wish is not None and (isinstance(wish, bool) or not hasattr(wish, "__index__")):
            raise TypeError(f"wish must be None or an int, not {type(wish).__name__}")
        wish_value = 0 if wish is None else int(wish.__index__())
        if wish is not None and wish_value == 0:  # the core reads 0 as no wish: the caller's 0 must not become None
            raise ValueError("wish 0 is not a rank 2..14")
        rules_ = _rules(rules)
        table_move, player, trick_set, passes = _trick_args(table, table_player, trick, passed)
        core = HandCore.from_position(
            [h.mask for h in hand_sets],
            [p.mask for p in pile_sets],
            out,
            [int(c) for c in seat_calls],
            leader_seat,
            wish_value,
            sum(1 << s for s in played_seats),
            rules_,
            table_move,
            player,
            trick_set.mask,
            sum(1 << s for s in passes),
        )

        def seats_of(sets: list[Cards]) -> str:
            """Four card sets as the position line writes them: names by commas, seats by bars."""
            return "|".join(",".join(cards) for cards in sets)

        origin = " ".join(
            [
                "position",
                f"leader={leader_seat}",
                f"hands={seats_of(hand_sets)}",
                f"piles={seats_of(pile_sets)}",
                "out=" + ",".join(map(str, out)),
                "calls=" + ",".join(str(int(c)) for c in seat_calls),
                "wish=" + ("-" if wish is None else str(wish_value)),
                "played=" + ",".join(map(str, sorted(played_seats))),
                *_trick_fields(table_move, player, trick_set, passes),
            ]
        )
        return cls._make(core, origin, rules_)

    @classmethod
    def from_replay(cls, text: str) -> HandState:
        """Rebuilds the state a `replay()` text describes; errors name the line (tichu_fast.replay)."""
        lines = _replay.lines(text)  # the header is checked before anything else is read
        rules = _replay.read_rules(lines)
        number, origin = _replay.read_origin(lines)
        try:
            state = _from_origin(origin, rules)
        except (ValueError, TypeError, IndexError) as error:
            raise _replay.line_error(number, origin, error) from None
        for number, line in lines:
            try:
                state.apply(line)
            except ValueError as error:  # IllegalMoveError or InvalidNotationError
                raise _replay.line_error(number, line, error) from None
        return state

    # -- reading the state ----------------------------------------------------

    @property
    def decision(self) -> Decision:
        """The kind of decision asked now (OVER once the hand ends)."""
        return Decision(self._core.decision)

    @property
    def current_player(self) -> int:
        """The seat to decide now, -1 once the hand is over."""
        return self._core.current_player

    @property
    def rules(self) -> Rules:
        """The rules options this hand is played by."""
        return self._rules

    @property
    def hands(self) -> tuple[Cards, Cards, Cards, Cards]:
        """The cards each seat holds (all 14 dealt, even during GRAND_TICHU)."""
        c = self._core
        return (c.hand(0), c.hand(1), c.hand(2), c.hand(3))

    def seen(self, seat: int) -> Cards:
        """The cards `seat` has seen: its first 8 during the Grand Tichu decisions."""
        seat = _seat(seat)
        if self.decision == Decision.GRAND_TICHU:
            return self._core.seen(seat)
        return self._core.hand(seat)

    @property
    def piles(self) -> tuple[Cards, Cards, Cards, Cards]:
        """The cards each seat has won."""
        c = self._core
        return (c.pile(0), c.pile(1), c.pile(2), c.pile(3))

    @property
    def calls(self) -> tuple[Call, Call, Call, Call]:
        """Each seat's call (R7)."""
        c = self._core
        return (Call(c.call(0)), Call(c.call(1)), Call(c.call(2)), Call(c.call(3)))

    @property
    def out_order(self) -> tuple[int, ...]:
        """The seats that went out, in order (R5.7)."""
        return tuple(self._core.out_order)

    @property
    def wish(self) -> int | None:
        """The wished rank in force (R6), or None."""
        return self._core.wish

    @property
    def table(self) -> Move | None:
        """The combination to beat, or None at the start of a trick."""
        return self._core.table

    @property
    def table_player(self) -> int:
        """Who played the table's combination, -1 if none."""
        return self._core.table_player

    @property
    def trick(self) -> Cards:
        """Every card played in the current trick."""
        return self._core.trick

    @property
    def leader(self) -> int:
        """Who led the current trick."""
        return self._core.leader

    @property
    def pushed(self) -> tuple[tuple[str, str, str] | None, ...]:
        """Each seat's push (to p+1, p+2, p+3) once the exchange is done, else None."""
        c = self._core
        return (c.push(0), c.push(1), c.push(2), c.push(3))

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied to this hand, in order."""
        return self._core.actions

    if TYPE_CHECKING:  # C methods of this class: add_state_methods below

        def is_terminal(self) -> bool:
            """Whether the hand is over."""

        def num_legal_actions(self) -> int:
            """len(legal_actions()), without building the list (for apply_index)."""

        def apply_index(self, index: int, /) -> None:
            """Applies `legal_actions()[index]` without building the list; IndexError outside."""

    def returns(self) -> tuple[int, int]:
        """The hand's score per team (R7, R8.3 to R8.5); ValueError before the end."""
        return self._core.returns()

    # -- acting ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current decision, in the generator's order."""
        return self._core.legal_actions()

    def is_legal(self, action: Action | str) -> bool:
        """Whether `action` (or its text) is legal now; unreadable text raises InvalidNotationError."""
        return self._core.is_legal(action)

    def legal_moves_array(self, out: npt.NDArray[np.void] | None = None) -> npt.NDArray[np.void]:
        """The moves of a PLAY or BOMB decision as MOVE_DTYPE records (the Tichu call aside)."""
        decision = self.decision
        if decision not in (Decision.PLAY, Decision.BOMB):
            raise IllegalMoveError(f"no moves to make in a {decision.name} decision")
        c = self._core
        in_turn = decision == Decision.PLAY
        hand = c.hand(c.current_player)
        return legal_moves_array(hand, c.table, c.wish if in_turn else None, not in_turn, out)

    def parse_action(self, text: str) -> Action:
        """Reads an action's text for the current decision."""
        return self._core.parse_action(text)

    def apply(self, action: Action | str) -> None:
        """Applies a legal action (or its text); IllegalMoveError (state unchanged) otherwise."""
        self._core.apply(action)

    def child(self, action: Action | str) -> HandState:
        """A copy with `action` applied; this state unchanged."""
        state = self.clone()
        state.apply(action)
        return state

    def clone(self) -> HandState:
        """An independent copy, history included."""
        state = object.__new__(HandState)
        state._core, state._origin, state._rules = self._core.clone(), self._origin, self._rules
        return state

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        """A copy (the state holds no shared mutable parts)."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickles as the replay text."""
        return (HandState.from_replay, (self.replay(),))

    def __eq__(self, other: object) -> bool:
        """Same start, rules, state and history."""
        if not isinstance(other, HandState):
            return NotImplemented
        return self._core == other._core and self._origin == other._origin and self._rules == other._rules

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        """<HandState DECISION seat p, n actions>."""
        return f"<HandState {self.decision.name} seat {self.current_player}, {len(self._core.actions)} actions>"

    def replay(self) -> str:
        """A text that rebuilds this state exactly (`from_replay`); TichuError for a world (docs/positions.md)."""
        if self._origin == _WORLD:
            raise TichuError(
                "a world (made by resample or with_hands) has no replay: its history is what one seat saw, "
                "not a deal followed by actions; keep the state it was drawn from and the seed instead"
            )
        return _replay.write(self._rules, self._origin, map(str, self._core.actions))

    # -- worlds: what a player may know (R10.3) ---------------------------------

    if TYPE_CHECKING:  # a C method of this class (add_state_methods below), _resample's doc

        def resample(self, player: int, seed: int, *, belief: str | None = None) -> HandState:
            """A world for `player`: see _resample."""

    def _resample(self, player: int, seed: int, *, belief: str | None = None) -> HandState:
        """A full state that agrees with everything `player` knows, its hidden cards drawn anew (docs/positions.md).

        The same as `resample_many(player, 1, seed, belief=belief)[0]`.
        """
        # HandState.resample, the C method, draws a plain seat's world itself and calls this for the rest.
        if belief is not None:
            return self.resample_many(player, 1, seed, belief=belief)[0]
        # One binding call, no list; the core keeps the seat's knowledge of this hand between calls
        # (bench/ab/resample_ab.py). The world is built without __init__, as _world builds it.
        if type(player) is not int or not 0 <= player <= 3:
            player = _seat(player, "player")  # the checks and messages of every seat argument
        state = _new(HandState)
        state._core, state._origin, state._rules = resample_one(self._core, player, seed), _WORLD, self._rules
        return state

    def resample_many(
        self, player: int, n: int, seed: int, *, belief: str | None = None, threads: int = 1
    ) -> list[HandState]:
        """`n` worlds for `player` from one seeded stream (seed 0..2**64-1), uniform over the consistent deals.

        With a `belief` ("heuristic", "heuristic-v1" or "random", optionally
        ":ODDS[:DRAWS]", ODDS the weight of the policy's choice; docs/bots.md
        "Inference"): n * DRAWS uniform worlds (`resample_many(player, n * DRAWS, seed)`) weighed by the likelihood of
        the other seats' plays and passes under that policy model, and n of
        them resampled in proportion; the same for any `threads`, which score
        the likelihoods (uniform worlds come from one stream on the calling
        thread, whatever `threads` says).
        TichuError if the wish constraints reject 10**6 deals in a row; n is 0..10**6.
        """
        seat = _seat(player, "player")
        model = _belief(belief, "resample_many", ("resample", "distinct"))
        workers = _threads(threads)  # checked with or without a belief
        if model is None:
            return [self._world(core) for core in resample_many(self._core, seat, n, seed)]
        name, odds, draws, mode = model
        count = _count(n, "n", 0, MAX_WORLDS // draws)
        cores = believed_worlds(self._core, seat, count, _seed(seed), name, odds, draws, workers, mode == "distinct")
        return [self._world(core) for core in cores]

    def _world(self, core: HandCore) -> HandState:
        """A world drawn for this state: its core, this state's rules, no replay (built without __init__)."""
        state = object.__new__(HandState)
        state._core, state._origin, state._rules = core, _WORLD, self._rules
        return state

    def with_hands(self, hands: Sequence[Any]) -> HandState:
        """The same record with other hands (four card sets): ValueError naming what it contradicts.

        The hands keep each seat's hand size and the cards held now; the pushed cards stay with
        their receivers until played and the record's wish constraints hold (docs/positions.md "Worlds").
        """
        sets = [_cards(h, f"hand {s}") for s, h in enumerate(_four(hands, "hands"))]
        return HandState._make(with_hands(self._core, [h.mask for h in sets]), _WORLD, self._rules)

    def information_state_string(self, player: int) -> str:
        """A key equal for two states exactly when `player` knows the same of them (R10.3)."""
        return information_state_string(self._core, _seat(player, "player"))

    def observation(self, player: int) -> Observation:
        """Exactly what `player` may know now (R10.3); every field is computed in the core in one call."""
        if type(player) is not int or not 0 <= player <= 3:
            player = _seat(player, "player")
        try:
            cache = self._obs
        except AttributeError:  # a state's first observation; a new core (clone, world) starts without
            cache = self._obs = ObservationCache(Observation, FIELD_NAMES)
        # The core builds the Observation itself, without the frozen __init__ (which would spend more
        # than the call setting the fields one by one): equal and alike in every way to Observation(...).
        observation: Observation = self._core.observation(player, cache)
        return observation

    def observation_array(self, player: int, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The flat float32 observation of docs/game.md, into `out` when given (filled in place)."""
        player = _seat(player, "player")
        if out is None:
            out = np.empty(OBSERVATION_SIZE, dtype=np.float32)
        elif not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a float32 numpy array, not {type(out).__name__}")
        self._core.fill_observation(player, out)
        return out

    # -- search (tichu_fast.search) -----------------------------------------
    # The free functions of tichu_fast.search are the methods themselves: one signature, one docstring.

    playout = _search.playout
    playouts = _search.playouts
    evaluate_actions = _search.evaluate_actions

    solve = _solver.solve  # the exact open-hand solver, docs/solver.md

    # -- learning encodings (docs/rl.md) ---------------------------------------

    def legal_action_mask(self, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """bool[NUM_ACTION_IDS]: True for the id of every legal action; into `out` when given."""
        if out is None:
            out = np.empty(_rl.NUM_ACTION_IDS, dtype=np.bool_)
        legal_action_mask(self._core, out)
        return out

    def legal_action_ids(self) -> npt.NDArray[np.int32]:
        """The ids of the legal actions, ascending, as int32 (the True places of legal_action_mask)."""
        return legal_action_ids(self._core)

    def apply_id(self, action_id: int) -> None:
        """Applies `tf.action_from_id(action_id, self)`; IllegalMoveError (state unchanged) if no action has it."""
        apply_id(self._core, action_id)

    def observation_tensor(
        self, player: int, out: npt.NDArray[np.float32] | None = None, history: int = 0
    ) -> npt.NDArray[np.float32]:
        """What `player` may know as float32[OBSERVATION_TENSOR_SIZE + history * HISTORY_ROW_SIZE] (docs/rl.md).

        `history`: how many of the last public plays to add, one row each,
        most recent first. Filled into `out` when given.
        """
        if out is None:
            if isinstance(history, bool) or not hasattr(history, "__index__"):
                raise TypeError(f"history must be an int, not {type(history).__name__}")
            k = history.__index__()
            size = _rl.OBSERVATION_TENSOR_SIZE + _rl.HISTORY_ROW_SIZE * min(max(k, 0), _rl.MAX_HISTORY)
            out = np.empty(size, dtype=np.float32)
        fill_observation_tensor(self._core, player, history, out)
        return out


# A hand driven from Python calls is_terminal, num_legal_actions and apply_index at every decision, a bot
# resample per world: they are C methods of HandState on its `_core` (a Python method around the core's
# cost more than the call).
add_state_methods(HandState, _WORLD)


# Card text separators: ASCII whitespace and commas; two commas in a row
# (or one at either end) leave an empty card name.
_SEPARATORS = re.compile(r"[ \t\n\r\f\v]*,[ \t\n\r\f\v]*|[ \t\n\r\f\v]+")


def _hand_names(hand: object, seat: int) -> list[str]:
    if isinstance(hand, (Cards, AbstractSet)):
        raise TypeError(f"hand {seat}: a set has no deal order; pass the 14 names in dealt order")
    if isinstance(hand, str):
        tokens = _SEPARATORS.split(hand.strip(" \t\n\r\f\v"))
    elif isinstance(hand, Iterable):
        tokens = list(hand)
    else:
        raise TypeError(f"hand {seat} must be card text or a sequence of card names")
    names = []
    for token in tokens:
        if not isinstance(token, str):
            raise TypeError(f"hand {seat}: card names must be str, not {type(token).__name__}")
        if not token.strip(" \t\n\r\f\v,"):
            raise InvalidNotationError(f"hand {seat}: an empty card name")
        try:
            card = Cards([token])  # one card name each: '2j 3s' or ' 2j' is no name (as the reference)
        except InvalidNotationError as error:  # the core quotes the token raw: show it as repr does ('2j\n')
            raise InvalidNotationError(str(error).replace(f"'{token}'", repr(token), 1)) from None
        names.append(str(card))
    return names


def _trick_args(
    table: object, table_player: object, trick: object, passed: object
) -> tuple[Move | None, int, Cards, list[int]]:
    """from_position's trick in progress: (table, its player, the trick's cards, the passes in order)."""
    if table is None:
        if table_player is not None or trick is not None or passed is not None:
            raise ValueError("table_player, trick and passed describe a table: give table= too")
        return None, -1, Cards(), []
    if isinstance(table, str):
        table = Move.parse(table)
    if not isinstance(table, Move):
        raise TypeError(f"table must be None, a Move or move text, not {type(table).__name__}")
    if table_player is None:
        raise ValueError("a table needs its table_player")
    player = _seat(table_player, "table_player")
    trick_set = table.cards if trick is None else _cards(trick, "trick")
    if isinstance(passed, (str, bytes)) or (passed is not None and not isinstance(passed, Iterable)):
        raise TypeError("passed must be a sequence of seats")
    passes = [] if passed is None else [_seat(s, "a seat in passed") for s in passed]
    check_pass_order(player, passes)  # the core keeps the passes as a set: their order is checked first
    return table, player, trick_set, passes


def _trick_fields(table: Move | None, player: int, trick: Cards, passes: list[int]) -> list[str]:
    # only within a trick: a position line at a trick's start reads as before
    if table is None:
        return []
    return [
        "table=" + str(table).replace(" ", ","),
        f"table_player={player}",
        "trick=" + ",".join(trick),
        "passed=" + ",".join(map(str, passes)),
    ]


def _call(value: object) -> Call:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"a call must be a Call, not {type(value).__name__}")
    number = value.__index__()
    if not 0 <= number <= 2:
        raise ValueError(f"a call is 0..2, not {number}")
    return Call(number)


def _from_origin(line: str, rules: Rules) -> HandState:
    origin = _replay.parse_origin(line)
    if isinstance(origin, list):  # a deal line's 56 names
        return HandState._from_names(origin, rules)
    return HandState.from_position(**origin, rules=rules)


def _encode(observation: Observation, out: npt.NDArray[np.float32] | None) -> npt.NDArray[np.float32]:
    """`Observation.to_array` for the C++ backend: the core encodes the fields."""
    if out is None:
        out = np.empty(OBSERVATION_SIZE, dtype=np.float32)
    elif not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a float32 numpy array, not {type(out).__name__}")
    encode_observation(
        observation.player,
        int(observation.decision),
        observation.hand.mask,
        [cards.mask for cards in observation.played],
        observation.trick.mask,
        list(observation.hand_sizes),
        [int(call) for call in observation.calls],
        list(observation.out_order),
        0 if observation.wish is None else observation.wish,
        observation.table_player,
        0 if observation.received is None else Cards(list(observation.received)).mask,
        out,
    )
    return out


ENCODERS[Cards] = _encode
