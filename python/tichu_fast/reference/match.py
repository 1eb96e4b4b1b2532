"""Match: hands played until a team reaches the target (R9.1; docs/game.md "Match")."""

from __future__ import annotations

from typing import Any

from tichu_fast.enums import Decision
from tichu_fast.rules import Rules

from .actions import Action
from .deal import _check_seed, hand_seed
from .hand_state import DEFAULT_RULES, HandState

__all__ = ["Match", "hand_seed", "match_over", "match_winner"]


def match_over(totals: tuple[int, int], target: int) -> bool:
    """R9.1: after a hand, the match is over once a team has at least the target and the totals differ."""
    return max(totals) >= target and totals[0] != totals[1]


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """The team with the higher total once the match is over (R9.1), else None."""
    if not match_over(totals, target):
        return None
    return 0 if totals[0] > totals[1] else 1


class Match:
    """A sequence of hands with running totals (R9.1)."""

    __slots__ = ("_hand", "_hands_played", "_rules", "_seed", "_totals")

    _seed: int
    _rules: Rules
    _hand: HandState
    _totals: tuple[int, int]
    _hands_played: int

    def __init__(self) -> None:
        raise TypeError("use Match.new(seed, rules)")

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> Match:
        """A match whose hand k is dealt from `hand_seed(seed, k)`; `rules` None for the full rules."""
        if rules is None:
            rules = DEFAULT_RULES
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        self = object.__new__(cls)
        self._seed = _check_seed(seed)
        self._rules = rules
        self._totals = (0, 0)
        self._hands_played = 0
        self._hand = HandState.new(hand_seed(self._seed, 0), rules)
        return self

    # -- reading --------------------------------------------------------------------

    @property
    def seed(self) -> int:
        """The seed the match was created with."""
        return self._seed

    @property
    def rules(self) -> Rules:
        """The options every hand is played with."""
        return self._rules

    @property
    def hand(self) -> HandState:
        """The current hand (after the match ends: the last hand, OVER)."""
        return self._hand

    @property
    def totals(self) -> tuple[int, int]:
        """The running score per team (R9.1)."""
        return self._totals

    @property
    def hands_played(self) -> int:
        """The number of finished hands."""
        return self._hands_played

    def is_terminal(self) -> bool:
        """R9.1: after a hand, a team has at least the target and the totals differ."""
        return match_over(self._totals, self._rules.target)

    @property
    def winner(self) -> int | None:
        """The winning team (higher total) once the match is over, else None."""
        return match_winner(self._totals, self._rules.target)

    @property
    def decision(self) -> Decision:
        """The current hand's decision."""
        return self._hand.decision

    @property
    def current_player(self) -> int:
        """The seat that decides now in the current hand (-1 when it is over)."""
        return self._hand.current_player

    def legal_actions(self) -> list[Action]:
        """The current hand's legal actions, in the documented order."""
        return self._hand.legal_actions()

    # -- acting -----------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Apply to the current hand; when it ends, add its score and deal the next unless the match is over."""
        self._hand.apply(action)  # raises before any change when illegal
        if not self._hand.is_terminal():
            return
        score = self._hand.returns()
        self._totals = (self._totals[0] + score[0], self._totals[1] + score[1])
        self._hands_played += 1
        if not self.is_terminal():  # R9.1: a tie at or above the target plays on
            self._hand = HandState.new(hand_seed(self._seed, self._hands_played), self._rules)

    def clone(self) -> Match:
        """A copy sharing nothing mutable."""
        match = object.__new__(Match)
        match._seed = self._seed
        match._rules = self._rules
        match._hand = self._hand.clone()
        match._totals = self._totals
        match._hands_played = self._hands_played
        return match

    def __copy__(self) -> Match:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuild_match, (self._seed, self._rules, self._totals, self._hands_played, self._hand))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self._seed, self._rules, self._totals, self._hands_played, self._hand) == (
            other._seed,
            other._rules,
            other._totals,
            other._hands_played,
            other._hand,
        )

    __hash__ = None  # type: ignore[assignment]  # a mutable value

    def __repr__(self) -> str:
        return (
            f"<Match seed={self._seed} totals={self._totals[0]}:{self._totals[1]} "
            f"hands_played={self._hands_played} {self.decision.name}>"
        )


def _rebuild_match(seed: int, rules: Rules, totals: tuple[int, int], hands_played: int, hand: HandState) -> Match:
    match = object.__new__(Match)
    match._seed = seed
    match._rules = rules
    match._totals = totals
    match._hands_played = hands_played
    match._hand = hand
    return match
