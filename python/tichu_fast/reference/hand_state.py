"""HandState: one hand of Tichu from the deal to the score (docs/game.md "HandState").

The state machine follows docs/game.md "The sequence" step by step; each step
and each rule is cited where it is implemented (`# step 6`, `# R10.2`).

Order of `legal_actions()` (a contract both backends keep, docs/game.md
"Order of legal actions"):

- GRAND_TICHU: `no grand tichu`, `grand tichu`.
- TICHU: `no tichu`, `tichu`.
- EXCHANGE: every ordered choice of 3 distinct cards of the seat's 14 (for
  p+1, p+2, p+3), as `itertools.permutations` of the hand in the stable card
  order (MJ Dog Ph Dr 2j ... At), i.e. lexicographic by card index:
  14 * 13 * 12 = 2184 pushes.
- PLAY: the moves in the order of `legal_moves(hand, table, wish)` (docs/api.md
  "Order of legal moves"; the pass last when allowed), then `tichu` when the
  player may still call it (R7.2).
- WISH: `no wish`, then `wish 2` .. `wish A`.
- DRAGON_GIFT: `give (p+1) % 4`, then `give (p+3) % 4`.
- BOMB: the order of `legal_moves(hand, table, out_of_turn=True)`: the bombs
  that beat the table, then `pass` (declining).
- OVER: nothing.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import ActionKind, Call, Decision, MoveType
from tichu_fast.errors import IllegalMoveError, InvalidNotationError
from tichu_fast.rules import Rules, parse_rules, rules_line

from . import search as _search
from . import worlds as _worlds
from .action_ids import action_from_id, legal_action_ids, legal_action_mask
from .actions import Action
from .cards import DECK, Cards, card_rank, card_suit, indices_of, is_normal, quote
from .deal import _check_seed, shuffled_deck
from .hand_base import HandBase
from .legal import legal_moves, legal_moves_array
from .moves import Move, is_phoenix_single
from .observation import Observation, fill_observation_array
from .origin import Deal, Position, parse_origin
from .replay import REPLAY_HEADER, replay_lines
from .scoring import check_seat, score_hand
from .tensor import HISTORY_ROW_SIZE, MAX_HISTORY, OBSERVATION_TENSOR_SIZE, fill_observation_tensor

__all__ = ["HandState"]

DEFAULT_RULES = Rules()

# What a card-set argument may be: Cards, card text, a mask, or card names.
CardsLike = Cards | str | int | Iterable[str]

# The fixed actions of the yes/no, wish and gift decisions.
NO_GRAND_TICHU = Action.grand_tichu(False)
GRAND_TICHU = Action.grand_tichu(True)
NO_TICHU = Action.tichu(False)
TICHU = Action.tichu(True)
WISHES = [Action.make_wish(None)] + [Action.make_wish(rank) for rank in range(2, 15)]

# Which action kinds each decision takes.
KINDS: dict[Decision, tuple[ActionKind, ...]] = {
    Decision.GRAND_TICHU: (ActionKind.GRAND_TICHU,),
    Decision.TICHU: (ActionKind.TICHU,),
    Decision.EXCHANGE: (ActionKind.PUSH,),
    Decision.PLAY: (ActionKind.PLAY, ActionKind.TICHU),
    Decision.WISH: (ActionKind.WISH,),
    Decision.DRAGON_GIFT: (ActionKind.GIFT,),
    Decision.BOMB: (ActionKind.PLAY,),
    Decision.OVER: (),
}


def _team(seat: int) -> int:
    return seat % 2  # R1.2


def _has_normal_of_rank(cards: Cards, rank: int) -> bool:
    """Whether the cards hold a *normal* card of this rank (R6.2: the Phoenix does not count)."""
    return any(is_normal(card) and card_rank(card) == rank for card in indices_of(cards))


def _is_dragon_single(move: Move | None) -> bool:
    return move is not None and move.type == MoveType.SINGLE and move.cards == Cards("Dr")


def _rebuild(text: str) -> HandState:
    """Unpickling: a hand is pickled as its replay text."""
    return HandState.from_replay(text)


class HandState(HandBase):
    """One hand from the deal to the score: a plain value (docs/game.md "HandState")."""

    __slots__ = (
        "_calls",
        "_current",
        "_decision",
        "_dragon_gifts",
        "_ending",
        "_exchanged",
        "_hands",
        "_has_played",
        "_history",
        "_leader",
        "_legal_cache",
        "_legal_set_cache",
        "_next_turn",
        "_offers",
        "_origin",
        "_out_of_play",
        "_out_order",
        "_passed",
        "_piles",
        "_played",
        "_plays",
        "_pushes",
        "_rules",
        "_table",
        "_table_player",
        "_trick",
        "_trick_starts",
        "_wish",
        "_wish_fulfilled",
        "_wish_named",
    )

    # How the hand began, and its options.
    _rules: Rules
    _origin: Deal | Position
    # Where the cards are: every card is in exactly one of these (or in no
    # hand and no pile: out of play, for the Dog once led or a position's unknown cards).
    _hands: list[Cards]
    _piles: list[Cards]
    _trick: Cards  # every card played in the current trick
    _out_of_play: Cards
    # Calls and the exchange.
    _calls: list[Call]
    _has_played: list[bool]  # R7.2: whether each seat has played a card (the Dog, a bomb too)
    _pushes: list[tuple[str, str, str] | None]  # each seat's choice (secret until the exchange is done)
    _exchanged: bool
    # The play phase.
    _out_order: list[int]
    _wish: int | None
    _table: Move | None  # the combination to beat (None at the start of a trick)
    _table_player: int  # who played it (-1 if none)
    _leader: int  # who leads / led the current trick (-1 before the play phase)
    _passed: set[int]  # R5.4: the seats that passed in turn since the last play
    _offers: list[int]  # R10.2: seats still to be offered an out-of-turn bomb, in order
    _next_turn: int  # who plays in turn once the offers are done (-1: the trick is over)
    _ending: bool  # R8.2: the hand ends once the pending Dragon gift is decided
    # Who decides now.
    _decision: Decision
    _current: int
    # What happened, for the observation and the replay.
    _played: list[Cards]  # per seat, the cards played in this hand
    _plays: list[tuple[int, str]]  # (seat, move text) of every play and in-turn pass
    # The public record (Observation): indices into _plays.
    _trick_starts: list[int]  # each trick's first play (0 for a position begun within a trick)
    _wish_named: tuple[int, int] | None  # (the Mah Jong play, the rank named or 0)
    _wish_fulfilled: int | None  # the play that fulfilled the wish (R6.2)
    _dragon_gifts: list[tuple[int, int]]  # (giver, receiver) per Dragon trick given (R5.5)
    _history: list[Action]
    # A cache of legal_actions() for the current decision (not part of the state).
    _legal_cache: list[Action] | None
    _legal_set_cache: frozenset[Action] | None

    def __init__(self) -> None:
        raise TypeError("use HandState.new, from_deal, from_position or from_replay")

    # == construction ==========================================================

    @classmethod
    def new(cls, seed: int, rules: Rules = DEFAULT_RULES) -> HandState:
        """A hand dealt with `shuffled_deck(seed)`: seat s gets names [14s, 14s + 14)."""
        return cls._start(Deal(tuple(shuffled_deck(seed))), rules)

    @classmethod
    def from_deal(cls, hands: Sequence[str | Iterable[str]], rules: Rules = DEFAULT_RULES) -> HandState:
        """A hand from four sequences of 14 card names, the first 8 seen before Grand Tichu."""
        return cls._start(Deal.of_hands(hands), rules)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[CardsLike],
        leader: int,
        *,
        piles: Sequence[CardsLike] | None = None,
        out_order: Iterable[int] = (),
        calls: Sequence[Call | int] | None = None,
        wish: int | None = None,
        played: Iterable[int] | None = None,
        table: Move | str | None = None,
        table_player: int | None = None,
        trick: CardsLike | None = None,
        passed: Iterable[int] | None = None,
        rules: Rules = DEFAULT_RULES,
    ) -> HandState:
        """A position in the play phase (the exchange taken as done): at a trick's start, or within one.

        `leader` is the seat in turn; within a trick, `table` (played by
        `table_player`) is to beat, `trick` holds the trick's cards so far
        (default: the table's) and `passed` the seats that passed since.
        """
        position = Position.make(
            hands, leader, piles, out_order, calls, wish, played, table, table_player, trick, passed
        )
        return cls._start(position, rules)

    @classmethod
    def _start(cls, origin: Deal | Position, rules: Rules) -> HandState:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        self = object.__new__(cls)
        self._rules = rules
        self._origin = origin
        self._piles = [Cards()] * 4
        self._trick = Cards()
        self._out_of_play = Cards()
        self._calls = [Call.NONE] * 4
        self._has_played = [False] * 4
        self._pushes = [None] * 4
        self._exchanged = False
        self._out_order = []
        self._wish = None
        self._table = None
        self._table_player = -1
        self._leader = -1
        self._passed = set()
        self._offers = []
        self._next_turn = -1
        self._ending = False
        self._played = [Cards()] * 4
        self._plays = []
        self._trick_starts = []
        self._wish_named = None
        self._wish_fulfilled = None
        self._dragon_gifts = []
        self._history = []
        self._legal_cache = None
        self._legal_set_cache = None
        if isinstance(origin, Deal):
            # R2.1: all 14 cards are dealt now; a seat sees its first 8 until the Grand Tichu round ends.
            self._hands = [Cards(list(origin.hand(seat))) for seat in range(4)]
            self._decision = Decision.GRAND_TICHU  # step 1: seat 0 first
            self._current = 0
        else:
            self._hands = list(origin.hands)
            self._piles = list(origin.piles)
            held = Cards()
            for cards in (*origin.hands, *origin.piles):
                held = held | cards
            self._out_of_play = DECK - held - origin.trick  # cards in no hand, pile or trick
            self._calls = list(origin.calls)
            self._has_played = [seat in origin.played for seat in range(4)]
            self._exchanged = True  # taken as done, no pushes known
            self._out_order = list(origin.out_order)
            self._wish = origin.wish
            self._start_trick(origin.leader)
            if origin.table is not None:  # within a trick: the player in turn answers the table (R5.2)
                self._table = origin.table
                self._table_player = origin.table_player
                self._leader = origin.table_player  # the earliest play known
                self._trick = origin.trick
                self._passed = set(origin.passed)
                self._trick_starts = [0]
        return self

    @classmethod
    def from_replay(cls, text: str) -> HandState:
        """Rebuild a hand from `replay()` text; errors name the line (docs/positions.md "Replay")."""
        if not isinstance(text, str):
            raise TypeError(f"replay text must be a str, not {type(text).__name__}")
        missing = "a replay needs a header, a rules line and a deal or position line"
        lines = replay_lines(text)  # lazy and bounded: the header is checked before the rest is read
        number, header = next(lines, (0, ""))
        if not header:
            raise InvalidNotationError(missing)
        if header != REPLAY_HEADER:
            raise InvalidNotationError(f"line {number}: expected {REPLAY_HEADER!r}, not {quote(header)}")
        number, rules_line = next(lines, (0, ""))
        if not rules_line:
            raise InvalidNotationError(missing)
        try:
            rules = parse_rules(rules_line)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {number}: {error}") from None
        number, origin_line = next(lines, (0, ""))
        if not origin_line:
            raise InvalidNotationError(missing)
        try:
            state = cls._start(parse_origin(origin_line), rules)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {number}: {error}") from None
        for number, line in lines:
            try:
                state.apply(line)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"line {number}: {error}") from None
            except InvalidNotationError as error:
                raise InvalidNotationError(f"line {number}: {error}") from None
        return state

    # == reading the state =====================================================

    @property
    def rules(self) -> Rules:
        """The options this hand is played with."""
        return self._rules

    @property
    def decision(self) -> Decision:
        """Who must decide now, and about what (R10.1)."""
        return self._decision

    @property
    def current_player(self) -> int:
        """The seat that decides now (-1 when OVER)."""
        return self._current

    @property
    def hands(self) -> tuple[Cards, Cards, Cards, Cards]:
        """Each seat's cards (during GRAND_TICHU all 14 dealt cards; see `seen`)."""
        h = self._hands
        return (h[0], h[1], h[2], h[3])

    def seen(self, seat: int) -> Cards:
        """The cards a seat has seen of its hand: its first 8 during GRAND_TICHU (R2.1)."""
        seat = check_seat(seat)
        if self._decision == Decision.GRAND_TICHU and isinstance(self._origin, Deal):
            return Cards(list(self._origin.first_eight(seat)))
        return self._hands[seat]

    @property
    def piles(self) -> tuple[Cards, Cards, Cards, Cards]:
        """The tricks each seat has won (R5.4, R5.5)."""
        p = self._piles
        return (p[0], p[1], p[2], p[3])

    @property
    def calls(self) -> tuple[Call, ...]:
        """Each seat's call: none, Tichu or Grand Tichu (R7)."""
        return tuple(self._calls)

    @property
    def out_order(self) -> tuple[int, ...]:
        """The seats that are out, in the order they went out (R5.7)."""
        return tuple(self._out_order)

    @property
    def wish(self) -> int | None:
        """The wish in force (R6), or None."""
        return self._wish

    @property
    def table(self) -> Move | None:
        """The combination to beat; None at the start of a trick."""
        return self._table

    @property
    def table_player(self) -> int:
        """Who played the combination to beat; -1 if none."""
        return self._table_player

    @property
    def trick(self) -> Cards:
        """Every card played in the current trick."""
        return self._trick

    @property
    def out_of_play(self) -> Cards:
        """Cards in no hand, pile or trick: the Dog once led (R5.6), a position's unknown cards."""
        return self._out_of_play

    @property
    def leader(self) -> int:
        """Who leads (led) the current trick; -1 before the play phase."""
        return self._leader

    @property
    def pushed(self) -> tuple[tuple[str, str, str] | None, ...]:
        """Each seat's push (to p+1, p+2, p+3) once the exchange is done, else None (R2.2)."""
        if not self._exchanged:
            return (None, None, None, None)
        return tuple(self._pushes)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the hand began, in order."""
        return tuple(self._history)

    def is_terminal(self) -> bool:
        """Whether the hand is over (Decision.OVER)."""
        return self._decision == Decision.OVER

    def returns(self) -> tuple[int, int]:
        """The hand's score per team (R8.3 to R8.5, calls R7); ValueError before the end."""
        if self._decision != Decision.OVER:
            raise ValueError("the hand is not over")
        holding = [seat for seat in range(4) if self._hands[seat]]
        if self._is_double_victory():  # R8.3: nothing is counted
            return score_hand(self._out_order[:2], self._piles, Cards(), self._calls)
        # R8.4: score_hand gives the tailender's hand to the opponents, his pile to the first out
        return score_hand(self._out_order, self._piles, self._hands[holding[0]], self._calls)

    # == acting ================================================================

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current decision, in the order of the module docstring."""
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal_actions()
        return list(self._legal_cache)

    def num_legal_actions(self) -> int:
        """How many legal actions there are (docs/game.md)."""
        return len(self.legal_actions())

    def legal_moves_array(self, out: npt.NDArray[Any] | None = None) -> npt.NDArray[Any]:
        """The legal moves of a PLAY or BOMB decision as MOVE_DTYPE records (docs/api.md)."""
        seat = self._current
        if self._decision == Decision.PLAY:
            return legal_moves_array(self._hands[seat], self._table, self._wish, out=out)
        if self._decision == Decision.BOMB:
            return legal_moves_array(self._hands[seat], self._table, out_of_turn=True, out=out)
        raise ValueError(f"legal_moves_array is for PLAY and BOMB decisions, not {self._decision.name}")

    def parse_action(self, text: str) -> Action:
        """The action a text means (InvalidNotationError if unreadable).

        Action text is exact: a bare `Ph` is the Phoenix single as led (`Ph:1.5`);
        on a single it must be written with its rank, e.g. `Ph:9.5` on a 9 (R3.2).
        """
        return Action.parse(text)

    def is_legal(self, action: Action | str) -> bool:
        """Whether `apply(action)` would be accepted now; unreadable text raises InvalidNotationError."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise TypeError(f"action must be an Action or action text, not {type(action).__name__}")
        try:
            self._check_legal(action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        """Apply a legal action; on IllegalMoveError / InvalidNotationError nothing changes."""
        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise TypeError(f"action must be an Action or action text, not {type(action).__name__}")
        self._check_legal(action)
        self._apply_legal(action)

    def apply_index(self, i: int) -> None:
        """`apply(legal_actions()[i])`; IndexError out of range."""
        if isinstance(i, bool):
            raise TypeError("the index must be an int, not bool")
        index = operator.index(i)
        actions = self.legal_actions()
        if not 0 <= index < len(actions):
            raise IndexError(f"action index {index} is outside 0..{len(actions) - 1}")
        self._apply_legal(actions[index])

    def child(self, action: Action | str) -> HandState:
        """A clone with the action applied."""
        state = self.clone()
        state.apply(action)
        return state

    def _check_legal(self, action: Action) -> None:
        decision = self._decision
        if decision == Decision.OVER:
            raise IllegalMoveError(f"the hand is over; {action} cannot be applied")
        if action.kind not in KINDS[decision]:
            raise IllegalMoveError(f"{action!r} is not an action for a {decision.name} decision")
        seat = self._current
        if decision == Decision.EXCHANGE:
            # A literal check, equivalent to membership in legal_actions(): 3 distinct cards of the 14 (R2.2).
            assert action.push is not None
            if not Cards(list(action.push)) <= self._hands[seat]:
                raise IllegalMoveError(f"seat {seat} cannot {action}: it holds {self._hands[seat]}")
            return
        if self._legal_set_cache is None:
            self._legal_set_cache = frozenset(self.legal_actions())
        if action not in self._legal_set_cache:
            message = f"{action} is not legal for seat {seat} in a {decision.name} decision"
            raise IllegalMoveError(message + self._phoenix_hint(action))

    def _phoenix_hint(self, action: Action) -> str:
        """R3.2: on a single the Phoenix ranks table + 0.5, and its text must say so (`Ph:9.5` on a 9)."""
        table = self._table
        if action.move is None or not is_phoenix_single(action.move) or table is None:
            return ""
        if table.type != MoveType.SINGLE or _is_dragon_single(table):
            return ""
        return f" (on {table} the Phoenix single is written Ph:{(table.rank2 + 1) / 2})"

    def _compute_legal_actions(self) -> list[Action]:
        decision = self._decision
        seat = self._current
        if decision == Decision.GRAND_TICHU:
            return [NO_GRAND_TICHU, GRAND_TICHU]
        if decision == Decision.TICHU:
            return [NO_TICHU, TICHU]
        if decision == Decision.EXCHANGE:
            names = list(self._hands[seat])
            return [Action._make(ActionKind.PUSH, push=push) for push in permutations(names, 3)]
        if decision == Decision.PLAY:
            # step 4: the moves of legal_moves(hand, table, wish) (R5, R6), plus `tichu` (R7.2)
            moves = legal_moves(self._hands[seat], self._table, self._wish)
            actions = [Action.play(move) for move in moves]
            if self._may_call_tichu(seat):
                actions.append(TICHU)
            return actions
        if decision == Decision.WISH:
            return list(WISHES)  # R6.1: a normal rank 2..14, or no wish
        if decision == Decision.DRAGON_GIFT:
            return [Action.gift((seat + 1) % 4), Action.gift((seat + 3) % 4)]  # R5.5: either opponent
        if decision == Decision.BOMB:
            # R4.4, R4.6: a bomb that beats the table, no wish; or decline
            return [Action.play(move) for move in legal_moves(self._hands[seat], self._table, out_of_turn=True)]
        return []

    def _may_call_tichu(self, seat: int) -> bool:
        """R7.2: no call yet (Grand Tichu callers neither) and no card played yet."""
        return self._calls[seat] == Call.NONE and not self._has_played[seat]

    # == the sequence ============================================================

    def _apply_legal(self, action: Action) -> None:
        """Apply an action already known to be legal (the only place the state changes)."""
        self._legal_cache = None
        self._legal_set_cache = None
        self._history.append(action)
        seat = self._current
        decision = self._decision
        if decision == Decision.GRAND_TICHU:
            self._decide_grand_tichu(seat, action.call)
        elif decision == Decision.TICHU:
            self._decide_tichu(seat, action.call)
        elif decision == Decision.EXCHANGE:
            assert action.push is not None
            self._decide_push(seat, action.push)
        elif decision == Decision.PLAY:
            if action.kind == ActionKind.TICHU:
                self._calls[seat] = Call.TICHU  # step 4, R7.2: he then decides again
            else:
                assert action.move is not None
                if action.move.is_pass:
                    self._pass(seat)
                else:
                    self._play(seat, action.move)
        elif decision == Decision.WISH:
            self._wish = action.wish  # step 5, R6.1: in force at once
            self._wish_named = (len(self._plays) - 1, action.wish or 0)  # named on the Mah Jong play just made
            self._after_play_or_pass(seat)  # step 6: the offers come after the wish
        elif decision == Decision.DRAGON_GIFT:
            assert action.gift_to is not None
            self._dragon_gifts.append((seat, action.gift_to))
            self._give_trick(action.gift_to)  # step 7, R5.5
        elif decision == Decision.BOMB:
            assert action.move is not None
            if action.move.is_pass:
                self._offers.pop(0)  # step 6: declining moves the offer on
                self._advance()
            else:
                self._play(seat, action.move)  # step 6, R4.4: a play by that player

    # -- steps 1 to 3: Grand Tichu, Tichu, the exchange ------------------------

    def _decide_grand_tichu(self, seat: int, call: bool) -> None:
        # step 1, R2.1, R7.1: seats 0..3 in order, each on its first 8 cards
        if call:
            self._calls[seat] = Call.GRAND_TICHU
        if seat < 3:
            self._current = seat + 1
        else:
            self._next_tichu_decision(-1)  # R2.1: now each seat receives its other 6 cards

    def _decide_tichu(self, seat: int, call: bool) -> None:
        # step 2, R7.2
        if call:
            self._calls[seat] = Call.TICHU
        self._next_tichu_decision(seat)

    def _next_tichu_decision(self, after: int) -> None:
        # step 2: seats 0..3 in order, skipping Grand Tichu callers (R7.2)
        for seat in range(after + 1, 4):
            if self._calls[seat] != Call.GRAND_TICHU:
                self._decision = Decision.TICHU
                self._current = seat
                return
        self._decision = Decision.EXCHANGE  # step 3: seats 0..3 in order
        self._current = 0

    def _decide_push(self, seat: int, push: tuple[str, str, str]) -> None:
        # step 3, R2.2: choices are secret; no card moves until all four have chosen
        self._pushes[seat] = push
        if seat < 3:
            self._current = seat + 1
            return
        removed = [Cards(list(self._pushes_of(giver))) for giver in range(4)]
        hands = [self._hands[giver] - removed[giver] for giver in range(4)]
        for giver in range(4):
            for offset, name in enumerate(self._pushes_of(giver), start=1):
                receiver = (giver + offset) % 4  # p+1, p+2 (partner), p+3
                hands[receiver] = hands[receiver] | Cards(name)
        self._hands = hands
        self._exchanged = True
        mah_jong_holder = next(s for s in range(4) if "MJ" in self._hands[s])
        self._start_trick(mah_jong_holder)  # step 4, R2.3: the holder of the Mah Jong leads

    def _pushes_of(self, seat: int) -> tuple[str, str, str]:
        push = self._pushes[seat]
        assert push is not None
        return push

    # -- steps 4 to 9: the play ----------------------------------------------

    def _start_trick(self, leader: int) -> None:
        """A new trick: `leader` plays any combination or the Dog (R5.1)."""
        self._table = None
        self._table_player = -1
        self._trick = Cards()
        self._passed = set()
        self._offers = []
        self._next_turn = -1
        self._leader = leader
        self._decision = Decision.PLAY
        self._current = leader

    def _play(self, seat: int, move: Move) -> None:
        """A play (in turn or an out-of-turn bomb): the cards leave the hand."""
        self._hands[seat] = self._hands[seat] - move.cards
        self._played[seat] = self._played[seat] | move.cards
        self._has_played[seat] = True  # R7.2: the Dog and a bomb count as playing
        if self._table is None:
            self._trick_starts.append(len(self._plays))  # a lead: the Dog's too, a trick of its own
        self._plays.append((seat, str(move)))
        if self._wish is not None and _has_normal_of_rank(move.cards, self._wish):
            self._wish = None  # R6.2: fulfilled by a normal card of the rank, in any combination
            self._wish_fulfilled = len(self._plays) - 1
        if not self._hands[seat]:
            self._out_order.append(seat)  # R5.7, step 9: he is out
        if move.type == MoveType.DOG:
            # step 8, R5.6: the Dog leaves play at once; no offers (R4.5)
            self._out_of_play = self._out_of_play | move.cards
            if self._hand_is_over():  # R8.1
                self._end_hand()
                return
            partner = (seat + 2) % 4
            self._start_trick(partner if self._hands[partner] else self._next_holding(partner))
            return
        self._table = move  # R5.2: the combination to beat
        self._table_player = seat
        self._trick = self._trick | move.cards
        self._passed = set()  # R5.4: passes count since the last play
        if self._hand_is_over():  # step 9, R8.1: no offer, no wish
            self._end_hand()
            return
        if "MJ" in move.cards:  # step 5, R6.1: the same player names a wish first
            self._offers = []
            self._next_turn = -1
            self._decision = Decision.WISH
            self._current = seat
            return
        self._after_play_or_pass(seat)

    def _pass(self, seat: int) -> None:
        """R5.2, R5.3: a pass in turn; he stays in the trick."""
        self._passed.add(seat)
        self._plays.append((seat, "pass"))
        self._after_play_or_pass(seat)

    def _after_play_or_pass(self, actor: int) -> None:
        """Step 6, R10.2: the out-of-turn offers after a play, a pass or a wish; then step 4 or 7."""
        holding = [seat for seat in range(4) if self._hands[seat]]
        # R5.4: the trick ends when every other player holding cards has passed since the last play
        trick_over = all(seat in self._passed for seat in holding if seat != self._table_player)
        self._next_turn = -1 if trick_over else self._next_holding(actor)  # R5.7: skip seats that are out
        self._offers = []
        if self._rules.bombs_out_of_turn:  # R10.2: the option restricts bombs to one's own turn
            for step in (1, 2, 3):  # in turn order starting after the actor; never the actor
                seat = (actor + step) % 4
                if seat == self._table_player:  # R4.4: not on his own last play
                    continue
                if seat == self._next_turn:  # he decides in turn, where R6.3 applies (R10.2)
                    continue
                if self._holds_beating_bomb(seat):  # players without such a bomb are not asked
                    self._offers.append(seat)
        self._advance()

    def _holds_beating_bomb(self, seat: int) -> bool:
        hand = self._hands[seat]
        normal = [card for card in indices_of(hand) if is_normal(card)]
        by_rank = Counter(card_rank(card) for card in normal)
        by_suit = Counter(card_suit(card) for card in normal)
        if max(by_rank.values(), default=0) < 4 and max(by_suit.values(), default=0) < 5:
            return False  # a shortcut: no four of a kind and no five cards of a suit, so no bomb (R4.1)
        return len(legal_moves(hand, self._table, out_of_turn=True)) > 1  # more than the pass

    def _advance(self) -> None:
        """Step 6: the next offer; then the player in turn (step 4) or the end of the trick (step 7)."""
        if self._offers:
            self._decision = Decision.BOMB
            self._current = self._offers[0]
        elif self._next_turn >= 0:
            self._decision = Decision.PLAY
            self._current = self._next_turn
        else:
            self._take_trick()

    def _take_trick(self) -> None:
        """Step 7, R5.4, R5.5: the trick goes to the last play's player, or he gives the Dragon trick."""
        if _is_dragon_single(self._table):
            self._decision = Decision.DRAGON_GIFT
            self._current = self._table_player
        else:
            self._give_trick(self._table_player)

    def _give_trick(self, receiver: int) -> None:
        """The trick's cards go to `receiver`'s pile; the winner leads next (R5.4)."""
        winner = self._table_player
        self._collect_trick(receiver)
        if self._ending:  # R8.2: that was the end of the hand
            self._over()
            return
        self._start_trick(winner if self._hands[winner] else self._next_holding(winner))

    def _collect_trick(self, receiver: int) -> None:
        self._piles[receiver] = self._piles[receiver] | self._trick
        self._trick = Cards()
        self._table = None
        self._table_player = -1
        self._passed = set()
        self._offers = []
        self._next_turn = -1

    def _next_holding(self, seat: int) -> int:
        """The first seat after `seat` in turn order that still holds cards (R5.7), or -1."""
        for step in (1, 2, 3):
            other = (seat + step) % 4
            if self._hands[other]:
                return other
        return -1

    def _is_double_victory(self) -> bool:
        """R8.1: both players of one team out before either opponent."""
        out = self._out_order
        return len(out) >= 2 and _team(out[0]) == _team(out[1])

    def _hand_is_over(self) -> bool:
        """R8.1: only one player holds cards, or a double victory."""
        holding = sum(1 for seat in range(4) if self._hands[seat])
        return holding <= 1 or self._is_double_victory()

    def _end_hand(self) -> None:
        """Step 9, R8.1, R8.2: the cards on the table go to the last play's player."""
        self._offers = []
        self._next_turn = -1
        if not self._trick:  # the Dog ended the hand: nothing lies on the table
            self._over()
        elif self._is_double_victory():  # R8.2, R8.3: nothing is counted, so no gift is asked
            self._collect_trick(self._table_player)
            self._over()
        elif _is_dragon_single(self._table):  # R8.2 with R5.5: the Dragon gift, then the end
            self._ending = True
            self._decision = Decision.DRAGON_GIFT
            self._current = self._table_player
        else:
            self._collect_trick(self._table_player)
            self._over()

    def _over(self) -> None:
        self._ending = False
        self._decision = Decision.OVER
        self._current = -1

    # == observation (R10.3) ======================================================

    def observation(self, player: int) -> Observation:
        """Exactly what `player` may know (R10.3)."""
        player = check_seat(player, "player")
        if self._decision == Decision.BOMB and self._current != player:  # another seat's offer: hidden
            return _worlds.public_view(self, player).observation(player)
        received: tuple[str, str, str] | None = None
        if self._exchanged and all(push is not None for push in self._pushes):
            # from seats p+1, p+2, p+3: seat q pushed to p the card at index (p - q) % 4 - 1
            senders = [(player + offset) % 4 for offset in (1, 2, 3)]
            names = [self._pushes_of(q)[(player - q) % 4 - 1] for q in senders]
            received = (names[0], names[1], names[2])
        sizes = [len(self.seen(seat)) for seat in range(4)]
        return Observation(
            player=player,
            decision=self._decision,
            current_player=self._current,
            hand=self.seen(player),
            hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            pushed=self._pushes[player],  # his own choice, known to him once made
            received=received,
            played=(self._played[0], self._played[1], self._played[2], self._played[3]),
            plays=tuple(self._plays),
            calls=(self._calls[0], self._calls[1], self._calls[2], self._calls[3]),
            grand_calls=(
                self._calls[0] == Call.GRAND_TICHU,
                self._calls[1] == Call.GRAND_TICHU,
                self._calls[2] == Call.GRAND_TICHU,
                self._calls[3] == Call.GRAND_TICHU,
            ),
            wish=self._wish,
            table=self._table,
            table_player=self._table_player,
            trick=self._trick,
            piles=self.piles,
            out_order=tuple(self._out_order),
            trick_starts=tuple(self._trick_starts),
            passed=self._passes_since_table(),
            wish_named=self._wish_named,
            wish_fulfilled=self._wish_fulfilled,
            dragon_gifts=tuple(self._dragon_gifts),
            points=(self._piles[0].points, self._piles[1].points, self._piles[2].points, self._piles[3].points),
            to_beat=None if self._table is None else (self._table.type, self._table.length, float(self._table.rank)),
        )

    def _passes_since_table(self) -> tuple[int, ...]:
        """The seats that passed since the table's last play, in order: the trailing passes of `_plays`."""
        if self._table is None:
            return ()
        start = self._trick_starts[-1] if self._trick_starts else 0
        seats: list[int] = []
        for seat, text in reversed(self._plays[start:]):
            if text != "pass":
                return tuple(reversed(seats))
            seats.append(seat)
        # every recorded play of this trick is a pass: the position's table came before them
        origin = self._origin
        assert isinstance(origin, Position)
        return origin.passed + tuple(reversed(seats))

    def observation_array(self, player: int, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The observation as a float32 array of OBSERVATION_SIZE (docs/game.md), into `out` if given."""
        return fill_observation_array(self.observation(player), out)

    # == value semantics ===========================================================

    def replay(self) -> str:
        """A text that rebuilds the identical state (`from_replay`)."""
        actions = [str(action) for action in self._history]
        return "\n".join([REPLAY_HEADER, rules_line(self._rules), self._origin.text(), *actions]) + "\n"

    def _twin_replay(self) -> str:
        """`replay()`, and for a world the text of its own cards and record (rebuilt in C++ by tichu_fast.bots.twin)."""
        return _worlds.twin_replay(self)

    def clone(self) -> HandState:
        """A copy sharing nothing mutable."""
        state = object.__new__(HandState)
        for name in _COPIED_SLOTS:
            setattr(state, name, getattr(self, name).copy())
        for name in _SHARED_SLOTS:
            setattr(state, name, getattr(self, name))
        return state

    def __copy__(self) -> HandState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_rebuild, (self.replay(),))

    def _state_key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in HandState.__slots__ if not name.startswith("_legal"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self._state_key() == other._state_key()

    __hash__ = None  # type: ignore[assignment]  # a mutable value

    def __repr__(self) -> str:
        return (
            f"<HandState {self._decision.name} player={self._current} "
            f"hands={[len(hand) for hand in self._hands]} table={self._table!r} history={len(self._history)}>"
        )

    # == worlds (docs/positions.md "Worlds", R10.3, R6.3) and playouts ==================

    def resample(self, player: int, seed: int) -> HandState:
        """A world for `player`: `resample_many(player, 1, seed)[0]`."""
        return self.resample_many(player, 1, seed)[0]

    def resample_many(self, player: int, n: int, seed: int) -> list[HandState]:
        """`n` (0..10**6) worlds that agree with what `player` knows, from one SplitMix64(seed) stream."""
        player = check_seat(player, "player")
        count = _check_seed(n, "n")
        if count > 10**6:
            raise ValueError(f"n must be at most 10**6, not {count}")
        return _worlds.draw_worlds(self, player, count, _check_seed(seed))

    def with_hands(self, hands: Sequence[CardsLike]) -> HandState:
        """The same record with other hands (an omniscient swap); ValueError names what the record refutes."""
        return _worlds.with_hands(self, hands)

    def information_state_string(self, player: int) -> str:
        """A key equal for two states exactly when `player` knows the same (R10.3)."""
        return _worlds.information_state_string(self, check_seat(player, "player"))

    # The free functions of reference.search are the methods themselves: one signature, one docstring.
    playout = _search.playout
    playouts = _search.playouts

    # == learning encodings (docs/rl.md) ===========================================

    def legal_action_mask(self, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """bool[NUM_ACTION_IDS]: True for the id of every legal action; into `out` when given."""
        return legal_action_mask(self, out)

    def legal_action_ids(self) -> npt.NDArray[np.int32]:
        """The ids of the legal actions, ascending, as int32."""
        return legal_action_ids(self)

    def apply_id(self, action_id: int) -> None:
        """Applies the first legal action with this id; IllegalMoveError (state unchanged) if none has it."""
        self.apply(action_from_id(action_id, self))

    def observation_tensor(
        self, player: int, out: npt.NDArray[np.float32] | None = None, history: int = 0
    ) -> npt.NDArray[np.float32]:
        """What `player` may know as float32[OBSERVATION_TENSOR_SIZE + history * HISTORY_ROW_SIZE] (docs/rl.md)."""
        player = check_seat(player, "player")
        if isinstance(history, bool) or not hasattr(history, "__index__"):
            raise TypeError(f"history must be an int, not {type(history).__name__}")
        k = int(history.__index__())
        if not 0 <= k <= MAX_HISTORY:
            raise ValueError(f"history is 0..{MAX_HISTORY} plays, not {k}")
        size = OBSERVATION_TENSOR_SIZE + HISTORY_ROW_SIZE * k
        if out is None:
            out = np.empty(size, dtype=np.float32)
        elif not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise TypeError("out must be a float32 numpy array")
        elif out.shape != (size,) or not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError(f"out must be a writeable C-contiguous array of shape ({size},)")
        fill_observation_tensor(self.observation(player), k, out)
        return out


# The slots that hold a list or a set, copied by clone(); the others hold values
# that are never changed in place (the legal actions' cache is replaced, never
# changed), so a clone shares them.
_COPIED_SLOTS = tuple(
    name
    for name in HandState.__slots__
    if HandState.__annotations__[name].startswith(("list[", "set[")) and not name.startswith("_legal")
)
_SHARED_SLOTS = tuple(name for name in HandState.__slots__ if name not in _COPIED_SLOTS)
