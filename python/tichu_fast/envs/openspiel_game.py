"""OpenSpiel: Tichu as a Python game, registered as "python_tichu_fast" on import.

`pyspiel.load_game("python_tichu_fast")` after `import tichu_fast.envs.openspiel_game`.

- **The deal is chance**: 56 chance nodes, one card each (uniform over the cards
  left), card k going to seat k % 4 as its (k // 4)-th card, so the first 32
  are everyone's first 8 (R2.1). Chance outcomes are card indexes 0..55 (the
  bit order of docs/api.md). Then the hand is a `tichu_fast.HandState` built
  by `from_deal`, and every decision is its current player's.
- **Actions** are the fixed action ids (docs/rl.md): num_distinct_actions =
  NUM_ACTION_IDS; `legal_actions()` is `legal_action_ids()`.
- **Returns**: each player's team score in points (R7, R8) at the end, the
  same for partners; general-sum (calls make the sum vary), -425..400.
- **max_game_length** = MAX_DECISIONS (914): the most decisions a hand can ask
  for (tichu_fast.envs.common); the 56 chance nodes come on top.
- **Tensors**: the observation tensor is `observation_tensor(p)` (731
  floats, docs/rl.md); the information-state tensor adds the last `history`
  public plays (a game parameter, 32 by default), so it is not perfect recall
  beyond them. The information-state string is
  `HandState.information_state_string(p)`, exact (R10.3).
- **Hidden information**: `resample_from_infostate(p, sampler)` returns a clone whose hand
  is `state.resample(p, seed)` with a seed drawn from the sampler; its
  `history()` is still the original deal's.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from tichu_fast._core import CARD_NAMES
from tichu_fast.envs.common import MAX_DECISIONS, MAX_TEAM_RETURN, MIN_TEAM_RETURN, missing, seat_returns
from tichu_fast.hand import HandState
from tichu_fast.rl import (
    HISTORY_ROW_SIZE,
    NUM_ACTION_IDS,
    OBSERVATION_TENSOR_OFFSETS,
    OBSERVATION_TENSOR_SIZE,
    action_from_id,
)
from tichu_fast.rules import Rules

try:
    import pyspiel
except ImportError as error:
    raise ImportError(missing("open_spiel (pyspiel)")) from error

__all__ = ["GAME_NAME", "TichuGame", "TichuObserver", "TichuState"]

GAME_NAME = "python_tichu_fast"
_DECK_SIZE = 56
_DEFAULT_HISTORY = 32

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tichu (tichu_fast)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"history": _DEFAULT_HISTORY, "bombs_out_of_turn": True},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTION_IDS,
    max_chance_outcomes=_DECK_SIZE,
    num_players=4,
    min_utility=float(MIN_TEAM_RETURN),
    max_utility=float(MAX_TEAM_RETURN),
    max_game_length=MAX_DECISIONS,
)


class TichuGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters "history" (rows in the information-state tensor) and "bombs_out_of_turn"."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        parameters = self.get_parameters()
        self.history = int(parameters["history"])
        if not 0 <= self.history <= 1024:
            raise ValueError(f"history must be in 0..1024, not {self.history}")
        self.rules = Rules(bombs_out_of_turn=bool(parameters["bombs_out_of_turn"]))

    def new_initial_state(self) -> TichuState:
        """The state before the deal: a chance node."""
        return TichuState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> TichuObserver:
        """An observer of one player's private and public information (perfect recall: with history rows)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return TichuObserver(iig_obs_type, self.history if iig_obs_type.perfect_recall else 0)


class TichuState(pyspiel.State):  # type: ignore[misc]
    """A Tichu hand: the deal card by card (chance), then a tichu_fast.HandState."""

    def __init__(self, game: TichuGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self.dealt: list[int] = []  # card indexes in the order dealt
        self.hand: HandState | None = None

    def current_player(self) -> int:
        """The seat to decide, CHANCE while dealing, TERMINAL after the hand."""
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.current_player

    def _legal_actions(self, player: int) -> list[int]:  # noqa: ARG002
        assert self.hand is not None
        return self.hand.legal_action_ids().tolist()  # type: ignore[no-any-return]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each with the same probability."""
        left = sorted(set(range(_DECK_SIZE)) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is not None:
            self.hand.apply_id(action)
            return
        self.dealt.append(action)
        if len(self.dealt) == _DECK_SIZE:
            hands = [[CARD_NAMES[self.dealt[4 * i + seat]] for i in range(14)] for seat in range(4)]
            self.hand = HandState.from_deal(hands, self._rules)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARD_NAMES[action]}"
        if self.hand is not None and not self.hand.is_terminal() and player == self.hand.current_player:
            try:
                return str(action_from_id(action, self.hand))
            except ValueError:
                pass
        return f"action id {action}"

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand is not None and self.hand.is_terminal()

    def returns(self) -> list[float]:
        """Each player's team score at the end (0 before)."""
        if not self.is_terminal():
            return [0.0] * 4
        assert self.hand is not None
        return seat_returns(self.hand).tolist()  # type: ignore[no-any-return]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TichuState:
        """A clone whose hidden cards are drawn anew from what `player_id` knows (R10.3)."""
        if self.hand is None:
            raise ValueError("resample_from_infostate needs a dealt hand")
        seed = int(probability_sampler() * 2**53)
        world = self.clone()
        world.hand = self.hand.resample(player_id, seed)
        return world  # type: ignore[no-any-return]

    def __deepcopy__(self, memo: dict[int, Any]) -> TichuState:
        # pyspiel clones a Python state through deepcopy; the HandState clones in C++.
        state = TichuState.__new__(TichuState)
        pyspiel.State.__init__(state, self.get_game())
        state.__dict__.update({k: copy.deepcopy(v, memo) for k, v in self.__dict__.items()})
        return state

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing, {len(self.dealt)} of 56 cards dealt"
        return self.hand.replay()


class TichuObserver:
    """OpenSpiel's PyObserver: `tensor` (with named views in `dict`) and `string_from`."""

    def __init__(self, iig_obs_type: Any, history: int) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("the Tichu observer shows one player's private and public information only")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.history = history
        self.tensor = np.zeros(OBSERVATION_TENSOR_SIZE + HISTORY_ROW_SIZE * history, np.float32)
        self.dict = {name: self.tensor[start:stop] for name, (start, stop) in OBSERVATION_TENSOR_OFFSETS.items()}
        if history:
            self.dict["history"] = self.tensor[OBSERVATION_TENSOR_SIZE:].reshape(history, HISTORY_ROW_SIZE)

    def set_from(self, state: TichuState, player: int) -> None:
        """The tensor of `player` in `state`; zeros while dealing."""
        if state.hand is None:
            self.tensor.fill(0.0)
        else:
            state.hand.observation_tensor(player, out=self.tensor, history=self.history)

    def string_from(self, state: TichuState, player: int) -> str:
        """The information-state string (perfect recall) or the current observation as text."""
        if state.hand is None:
            mine = [CARD_NAMES[c] for c in state.dealt[player::4]]
            return f"dealing {len(state.dealt)}/56; seat {player} holds {' '.join(mine)}"
        if self.perfect_recall:
            return state.hand.information_state_string(player)
        return repr(state.hand.observation(player))


pyspiel.register_game(_GAME_TYPE, TichuGame)
