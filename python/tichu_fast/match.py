"""`Match`: hands to a target (R9.1) on the C++ state machine (docs/game.md "Match")."""

from __future__ import annotations

from tichu_fast._core import Action, hand_seed
from tichu_fast.enums import Decision
from tichu_fast.errors import IllegalMoveError
from tichu_fast.hand import HandState, _rules
from tichu_fast.rules import Rules

__all__ = ["Match"]


class Match:
    """Hands to a target (R9.1) on the C++ state machine (docs/game.md)."""

    __slots__ = ("_hand", "_hands_played", "_rules", "_seed", "_totals")

    _hand: HandState
    _hands_played: int
    _rules: Rules
    _seed: int
    _totals: tuple[int, int]

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> Match:
        match = object.__new__(cls)
        match._seed, match._rules = seed, _rules(rules)
        match._totals, match._hands_played = (0, 0), 0
        match._hand = HandState.new(hand_seed(seed, 0), match._rules)
        return match

    @property
    def hand(self) -> HandState:
        return self._hand

    @property
    def totals(self) -> tuple[int, int]:
        return self._totals

    @property
    def hands_played(self) -> int:
        return self._hands_played

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def decision(self) -> Decision:
        return Decision.OVER if self.is_terminal() else self._hand.decision

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self._hand.current_player

    def is_terminal(self) -> bool:
        # R9.1: at least the target, and the totals differ
        a, b = self._totals
        return max(a, b) >= self._rules.target and a != b

    @property
    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        return 0 if self._totals[0] > self._totals[1] else 1

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else self._hand.legal_actions()

    def apply(self, action: Action | str) -> None:
        if self.is_terminal():
            raise IllegalMoveError("the match is over: no action is legal")
        self._hand.apply(action)
        if self._hand.is_terminal():
            a, b = self._hand.returns()
            self._totals = (self._totals[0] + a, self._totals[1] + b)
            self._hands_played += 1
            if not self.is_terminal():
                self._hand = HandState.new(hand_seed(self._seed, self._hands_played), self._rules)

    def clone(self) -> Match:
        match = object.__new__(Match)
        match._seed, match._rules, match._totals, match._hands_played = (
            self._seed,
            self._rules,
            self._totals,
            self._hands_played,
        )
        match._hand = self._hand.clone()
        return match
