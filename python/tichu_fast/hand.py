"""`HandState`: one hand on the C++ state machine (docs/game.md).

`HandState` wraps `_core.HandCore`, the C++ value that holds the state and
knows the rules; this module converts arguments, keeps the history and
shapes the API. The replay text lives in `tichu_fast.replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import replay as _replay
from tichu_fast._core import Action, Cards, HandCore, Move, legal_moves_array, shuffled_deck
from tichu_fast.enums import Call, Decision
from tichu_fast.errors import IllegalMoveError
from tichu_fast.formats import OBSERVATION_SIZE
from tichu_fast.observation import Observation
from tichu_fast.rules import Rules

__all__ = ["HandState"]

_DEFAULT_RULES = Rules()
_CARD_INDEX = {name: i for i, name in enumerate(Cards(0xFFFFFFFFFFFFFF))}


def _seat(value: object, what: str = "a seat") -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    seat = value.__index__()
    if not 0 <= seat <= 3:
        raise IndexError(f"{what} {seat} is outside 0..3")
    return int(seat)


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return _DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a tichu_fast.Rules, not {type(rules).__name__}")
    return rules


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


class HandState:
    """One hand from the deal to the score (docs/game.md); the C++ backend."""

    __slots__ = ("_core", "_history", "_origin", "_rules")

    _core: HandCore
    _history: list[tuple[Action, int, int]]  # (action, decision, player) as applied
    _origin: str
    _rules: Rules

    # -- construction ---------------------------------------------------------

    @classmethod
    def _make(cls, core: HandCore, origin: str, rules: Rules) -> HandState:
        state = object.__new__(cls)
        state._core, state._history, state._origin, state._rules = core, [], origin, rules
        return state

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> HandState:
        """The hand dealt by `seed` (R2.1)."""
        return cls._from_names(shuffled_deck(seed), _rules(rules))

    @classmethod
    def from_deal(cls, hands: Sequence[Any], rules: Rules | None = None) -> HandState:
        """Four hands of 14 card names (or texts); the first 8 of each are seen first (R2.1)."""
        names: list[str] = []
        for seat, hand in enumerate(_four(hands, "hands")):
            seat_names = _hand_names(hand, seat)
            if len(seat_names) != 14:
                raise ValueError(f"hand {seat} holds {len(seat_names)} cards, not 14")
            names += seat_names
        if len(set(names)) != 56:
            raise ValueError("the four hands must hold the 56 cards once each")
        return cls._from_names(names, _rules(rules))

    @classmethod
    def _from_names(cls, names: Sequence[str], rules: Rules) -> HandState:
        core = HandCore.from_deck([_CARD_INDEX[name] for name in names], rules.bombs_out_of_turn)
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
        rules: Rules | None = None,
    ) -> HandState:
        """A position at the start of a trick in the play phase (docs/game.md)."""
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
        if wish is not None:
            if isinstance(wish, bool) or not hasattr(wish, "__index__"):
                raise TypeError(f"wish must be None or an int, not {type(wish).__name__}")
            if not 2 <= wish.__index__() <= 14:
                raise ValueError(f"wish {wish} is not a rank 2..14")
        seen = Cards()
        for what, cards in [
            *((f"hand {s}", h) for s, h in enumerate(hand_sets)),
            *((f"pile {s}", p) for s, p in enumerate(pile_sets)),
        ]:
            if not seen.isdisjoint(cards):
                raise ValueError(f"{what} shares cards with another hand or pile: {seen & cards}")
            seen |= cards
        for seat, hand in enumerate(hand_sets):
            if len(hand) > 14:
                raise ValueError(f"hand {seat} holds {len(hand)} cards, more than 14")
            if bool(hand) == (seat in out):
                raise ValueError(f"seat {seat}: a seat is in out_order exactly when it holds no cards")
        if len(set(out)) != len(out):
            raise ValueError(f"out_order repeats a seat: {out}")
        holding = [s for s in range(4) if hand_sets[s]]
        if len(holding) <= 1 or (len(out) >= 2 and out[0] % 2 == out[1] % 2):
            raise ValueError("the position is finished (R8.1): the hand would already be over")
        if not hand_sets[leader_seat]:
            raise ValueError(f"the leader {leader_seat} holds no cards")
        wish_value = 0 if wish is None else int(wish.__index__())
        rules_ = _rules(rules)
        core = HandCore.from_position(
            [h.mask for h in hand_sets],
            [p.mask for p in pile_sets],
            out,
            [int(c) for c in seat_calls],
            leader_seat,
            wish_value,
            sum(1 << s for s in played_seats),
            rules_.bombs_out_of_turn,
        )

        def seats_of(sets: list[Cards]) -> str:
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
        return Decision(self._core.decision)

    @property
    def current_player(self) -> int:
        return self._core.current_player

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def hands(self) -> tuple[Cards, Cards, Cards, Cards]:
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
        c = self._core
        return (c.pile(0), c.pile(1), c.pile(2), c.pile(3))

    @property
    def calls(self) -> tuple[Call, Call, Call, Call]:
        c = self._core
        return (Call(c.call(0)), Call(c.call(1)), Call(c.call(2)), Call(c.call(3)))

    @property
    def out_order(self) -> tuple[int, ...]:
        return tuple(self._core.out_order)

    @property
    def wish(self) -> int | None:
        return self._core.wish

    @property
    def table(self) -> Move | None:
        return self._core.table

    @property
    def table_player(self) -> int:
        return self._core.table_player

    @property
    def trick(self) -> Cards:
        return self._core.trick

    @property
    def leader(self) -> int:
        return self._core.leader

    @property
    def pushed(self) -> tuple[tuple[str, str, str] | None, ...]:
        c = self._core
        return tuple(c.push(s) if c.exchanged else None for s in range(4))  # known once all have chosen

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(action for action, _, _ in self._history)

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def returns(self) -> tuple[int, int]:
        """The hand's score per team (R7, R8.3 to R8.5); ValueError before the end."""
        return self._core.returns()

    # -- acting ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return self._core.legal_actions()

    def num_legal_actions(self) -> int:
        """len(legal_actions()), without building the list (for apply_index)."""
        return self._core.action_count()

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
        """Applies a legal action; IllegalMoveError (state unchanged) otherwise."""
        if isinstance(action, str):
            action = self._core.parse_action(action)
        decision, player = self._core.decision, self._core.current_player
        self._core.apply(action)
        self._history.append((action, decision, player))

    def apply_index(self, index: int) -> None:
        """Applies `legal_actions()[index]` without building the list."""
        action = self._core.legal_action(index)
        decision, player = self._core.decision, self._core.current_player
        self._core.apply(action)
        self._history.append((action, decision, player))

    def child(self, action: Action | str) -> HandState:
        state = self.clone()
        state.apply(action)
        return state

    def clone(self) -> HandState:
        state = object.__new__(HandState)
        state._core, state._history, state._origin, state._rules = (
            self._core.clone(),
            self._history.copy(),
            self._origin,
            self._rules,
        )
        return state

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (HandState.from_replay, (self.replay(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return (
            self._core == other._core
            and self.history == other.history
            and self._origin == other._origin
            and self._rules == other._rules
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<HandState {self.decision.name} seat {self.current_player}, {len(self._history)} actions>"

    def replay(self) -> str:
        """A text that rebuilds this state exactly (`from_replay`)."""
        return _replay.write(self._rules, self._origin, map(str, self.history))

    # -- what a player may know (R10.3) ----------------------------------------

    def observation(self, player: int) -> Observation:
        player = _seat(player, "player")
        c = self._core
        grand = c.decision == Decision.GRAND_TICHU
        hands = [c.seen(s) if grand else c.hand(s) for s in range(4)]
        exchanged = c.exchanged and len(c.seen(player)) > 0
        received: tuple[str, str, str] | None = None
        if exchanged:
            # seat player+k pushed to seats +1, +2, +3: its card 3-k went to player
            pushes = [c.push((player + k) % 4) for k in (1, 2, 3)]
            if all(p is not None for p in pushes):
                a, b, d = (p[3 - k] for k, p in zip((1, 2, 3), pushes, strict=True) if p is not None)
                received = (a, b, d)
        plays = tuple(
            (seat, str(action))
            for action, decision, seat in self._history
            if (decision == Decision.PLAY and action.move is not None)
            or (decision == Decision.BOMB and action.move is not None and not action.move.is_pass)
        )
        calls = self.calls
        return Observation(
            player=player,
            decision=self.decision,
            current_player=self.current_player,
            hand=hands[player],
            hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
            pushed=c.push(player),
            received=received,
            played=(c.played_cards(0), c.played_cards(1), c.played_cards(2), c.played_cards(3)),
            plays=plays,
            calls=calls,
            grand_calls=tuple(call == Call.GRAND_TICHU for call in calls),  # type: ignore[arg-type]
            wish=c.wish,
            table=c.table,
            table_player=c.table_player,
            trick=c.trick,
            piles=self.piles,
            out_order=self.out_order,
        )

    def observation_array(self, player: int, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The flat float32 observation of docs/game.md, into `out` when given."""
        player = _seat(player, "player")
        if out is None:
            out = np.empty(OBSERVATION_SIZE, dtype=np.float32)
        elif not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise TypeError("out must be a float32 numpy array")
        self._core.fill_observation(player, out)
        return out


def _hand_names(hand: object, seat: int) -> list[str]:
    if isinstance(hand, str):
        tokens = hand.replace(",", " ").split()
    elif isinstance(hand, Iterable):
        tokens = list(hand)
    else:
        raise TypeError(f"hand {seat} must be card text or a sequence of card names")
    names = []
    for token in tokens:
        if not isinstance(token, str):
            raise TypeError(f"hand {seat}: card names must be str, not {type(token).__name__}")
        names.append(str(Cards(token)))
    return names


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
