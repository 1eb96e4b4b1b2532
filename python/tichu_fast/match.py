"""`Match`: hands to a target (R9.1) on the C++ state machine (docs/game.md "Match").

The end of a match is decided in the core (`cpp/include/tichu/game/match.hpp`):
`_core.match_over`, `_core.match_winner` and `_core.add_hand`; this class
holds the totals and deals the next hand.
"""

from __future__ import annotations

from typing import Any

from tichu_fast import _args
from tichu_fast._core import Action, add_hand, hand_seed, match_over, match_winner
from tichu_fast.enums import Decision
from tichu_fast.errors import IllegalMoveError
from tichu_fast.hand import HandState
from tichu_fast.rules import Rules

__all__ = ["Match"]


class Match:
    """Hands to a target (R9.1) on the C++ state machine (docs/game.md); built by `Match.new`."""

    __slots__ = ("_hand", "_hands_played", "_over", "_rules", "_seed", "_totals")

    _hand: HandState
    _hands_played: int
    _rules: Rules
    _seed: int
    _totals: tuple[int, int]
    _over: bool  # match_over(totals), asked of the core whenever the totals change

    def __init__(self) -> None:
        raise TypeError("use Match.new(seed, rules)")

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> Match:
        """A match whose hand k is dealt from `hand_seed(seed, k)`; seed is an int 0..2**64-1."""
        seed = _args.seed(seed)
        rules = _args.rules(rules)
        return cls._make(seed, rules, (0, 0), 0, HandState.new(hand_seed(seed, 0), rules))

    @classmethod
    def _make(cls, seed: int, rules: Rules, totals: tuple[int, int], hands_played: int, hand: HandState) -> Match:
        match = object.__new__(cls)
        match._seed, match._rules, match._totals, match._hands_played, match._hand = (
            seed,
            rules,
            totals,
            hands_played,
            hand,
        )
        match._over = match_over(*totals, rules)
        return match

    # -- reading -----------------------------------------------------------------

    @property
    def seed(self) -> int:
        """The match's seed: hand k is dealt from `hand_seed(seed, k)`."""
        return self._seed

    @property
    def hand(self) -> HandState:
        """The current hand (once the match is over, its last hand, OVER)."""
        return self._hand

    @property
    def totals(self) -> tuple[int, int]:
        """The teams' running totals over the finished hands."""
        return self._totals

    @property
    def hands_played(self) -> int:
        """How many hands have finished."""
        return self._hands_played

    @property
    def rules(self) -> Rules:
        """The options every hand is played with; `target` ends the match (R9.1)."""
        return self._rules

    @property
    def decision(self) -> Decision:
        """The current hand's decision; OVER once the match is over."""
        return Decision.OVER if self.is_terminal() else self._hand.decision

    @property
    def current_player(self) -> int:
        """The seat to decide in the current hand; -1 once the match is over."""
        return -1 if self.is_terminal() else self._hand.current_player

    def is_terminal(self) -> bool:
        """Whether the match is over: a team has at least the target and the totals differ (R9.1)."""
        return self._over

    @property
    def winner(self) -> int | None:
        """The team with the higher total once the match is over, else None."""
        team = match_winner(*self._totals, self._rules)
        return None if team < 0 else team

    def legal_actions(self) -> list[Action]:
        """The current hand's legal actions; none once the match is over."""
        return [] if self.is_terminal() else self._hand.legal_actions()

    # -- acting ------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Applies an action to the current hand; when it ends, adds its score and deals the next hand."""
        if self.is_terminal():
            raise IllegalMoveError("the match is over: no action is legal")
        self._hand.apply(action)  # raises before any change when illegal
        if self._hand.is_terminal():
            self._totals = add_hand(*self._totals, _args.core_of(self._hand))
            self._over = match_over(*self._totals, self._rules)
            self._hands_played += 1
            if not self.is_terminal():  # R9.1: a tie at or above the target plays on
                self._hand = HandState.new(hand_seed(self._seed, self._hands_played), self._rules)

    # -- copies, pickling, comparison ---------------------------------------------------

    def clone(self) -> Match:
        """An independent copy: applying to one leaves the other unchanged."""
        return Match._make(self._seed, self._rules, self._totals, self._hands_played, self._hand.clone())

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # the current hand travels as its replay text, the rest as plain values
        return (_unpickle, (self._seed, self._rules, self._totals, self._hands_played, self._hand.replay()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (
            self._seed == other._seed
            and self._rules == other._rules
            and self._totals == other._totals
            and self._hands_played == other._hands_played
            and self._hand == other._hand
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Match seed={self._seed} totals={self._totals[0]}:{self._totals[1]} "
            f"hands_played={self._hands_played} {self.decision.name}>"
        )


def _unpickle(seed: int, rules: Rules, totals: tuple[int, int], hands_played: int, replay: str) -> Match:
    """Rebuilds a pickled Match (`Match.__reduce__`), checking what it is given."""
    a, b = (_args.integer(t, "a total") for t in totals)
    played = _args.count(hands_played, "hands_played", 0)
    hand = HandState.from_replay(replay)
    return Match._make(_args.seed(seed), _args.rules(rules), (a, b), played, hand)
