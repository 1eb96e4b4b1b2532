"""`VecHands`: many hands stepped together in C++ for learning agents (docs/rl.md "VecHands")."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _args
from tichu_fast._core import VecCore, hand_seed, shuffled_deck
from tichu_fast.hand import HandState
from tichu_fast.rl import NUM_ACTION_IDS, OBSERVATION_TENSOR_SIZE
from tichu_fast.rules import Rules

__all__ = ["VecHands"]

_SEATS = {None: -1, "learner": -1, "random": 0, "heuristic": 1, "heuristic-v1": 2}


def _int(value: object, what: str) -> int:
    """`value` as an int: numpy integers too, never a bool (tichu_fast._args)."""
    return _args.integer(value, what)


def _seat_kinds(opponents: object) -> list[int]:
    """The four seats' kinds from `opponents`: None, or a mapping seat -> a built-in policy's name."""
    if opponents is None:
        return [-1] * 4
    if not isinstance(opponents, Mapping):
        raise TypeError(f"opponents must be None or a mapping of seats to policies, not {type(opponents).__name__}")
    kinds = [-1] * 4
    for seat, policy in opponents.items():
        seat = _int(seat, "an opponent's seat")
        if not 0 <= seat <= 3:
            raise IndexError(f"seat {seat} is outside 0..3")
        if policy not in ("random", "heuristic", "heuristic-v1"):
            raise ValueError(f"an opponent is 'random', 'heuristic' or 'heuristic-v1', not {policy!r}")
        kinds[seat] = _SEATS[policy]
    return kinds


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A view the caller cannot write: the dense mask is updated in place, only where it changes."""
    view: npt.NDArray[Any] = array.view()
    view.flags.writeable = False
    return view


class VecHands:
    """`n` hands stepped together in C++ with the GIL released, reset automatically when they end.

    Hand i's e-th episode is `HandState.new(hand_seed(hand_seed(seed, i), e))`.
    `opponents` maps seats to a built-in policy ("random", "heuristic" or "heuristic-v1")
    that answers at once; the other seats are the learner's. The arrays
    `obs`, `mask`, `current_player`, `rewards`, `terminated`, `legal_counts`
    and `legal_offsets` are read-only views owned by this object and
    overwritten by every `reset` and `step`; `legal_ids` is a new array each
    time. Hand i's legal ids are
    `legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`, ascending.
    With `dense_mask=False` the mask is not written and `mask` is None.
    Every method is atomic: two threads sharing one VecHands take turns,
    and each call sees the arrays of one step (docs/rl.md).
    """

    __slots__ = (
        "_core",
        "_lock",
        "_mask",
        "_out",
        "_rules",
        "_seed",
        "current_player",
        "legal_counts",
        "legal_ids",
        "legal_offsets",
        "mask",
        "obs",
        "rewards",
        "terminated",
    )

    def __init__(
        self,
        n: int,
        seed: int,
        rules: Rules | None = None,
        opponents: Mapping[int, str] | None = None,
        dense_mask: bool = True,
    ) -> None:
        """Deals the first episode of each of `n` hands (1..2**20); seed is an int 0..2**64-1."""
        n = _int(n, "n")
        if not 1 <= n <= 1 << 20:
            raise ValueError(f"n is 1..2**20 hands, not {n}")
        seed = _args.seed(seed)
        dense_mask = _args.flag(dense_mask, "dense_mask")
        rules = _args.rules(rules)
        self._core = VecCore(n, seed, rules, _seat_kinds(opponents))
        # Held around each step or reset and the observation that follows it, so that the arrays
        # (written in place by C++) and legal_ids (rebound here) always belong to the same step.
        self._lock = threading.Lock()
        self._rules, self._seed = rules, seed
        obs = np.zeros((n, OBSERVATION_TENSOR_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, NUM_ACTION_IDS), dtype=np.bool_) if dense_mask else None
        players = np.zeros(n, dtype=np.int32)
        rewards = np.zeros((n, 4), dtype=np.float32)
        terminated = np.zeros(n, dtype=np.bool_)
        counts = np.zeros(n, dtype=np.int32)
        offsets = np.zeros(n + 1, dtype=np.int64)
        self._out = (obs, players, rewards, terminated, counts, offsets)
        self.obs, self.current_player, self.rewards, self.terminated = (
            _read_only(a) for a in (obs, players, rewards, terminated)
        )
        self.legal_counts, self.legal_offsets = _read_only(counts), _read_only(offsets)
        self.mask = None if self._mask is None else _read_only(self._mask)
        self._observe()

    def _observe(self, tensors: bool = True) -> None:
        """Reads the hands into the arrays; `tensors` False when the step just wrote them."""
        obs, players, _rewards, _terminated, counts, offsets = self._out
        self.legal_ids = _read_only(self._core.observe(obs if tensors else None, self._mask, players, counts, offsets))

    def __len__(self) -> int:
        """How many hands."""
        return len(self._core)

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_] | None, npt.NDArray[np.int32]]:
        """Deals every hand's next episode: (obs, mask, current_player)."""
        with self._lock:
            self._core.reset()
            self._observe()
            return self.obs, self.mask, self.current_player

    def step(self, action_ids: npt.ArrayLike) -> tuple[Any, ...]:
        """Applies one action id per hand: (obs, mask, current_player, rewards[n, 4], terminated[n]).

        A hand that ends reports its team scores by seat in `rewards` and
        `terminated`, and is dealt its next episode at once: its `obs`,
        `mask` and legal ids are already the new hand's. An illegal id
        raises IllegalMoveError naming the hand (IndexError outside the ids)
        and no hand changes.
        """
        ids = np.asarray(action_ids)
        if ids.dtype.kind not in "iu":
            raise TypeError(f"action_ids must be integers, not {ids.dtype}")
        if ids.shape != (len(self),):
            raise ValueError(f"action_ids must have shape ({len(self)},), not {ids.shape}")
        if ids.dtype.kind == "u" and ids.size and int(ids.max()) >= NUM_ACTION_IDS:
            raise IndexError("an action id is out of range")
        obs, _players, rewards, terminated, _counts, _offsets = self._out
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        with self._lock:
            # The tensors are written by the step, each as soon as its hand has moved
            # (docs/notes/2026-12-03-vechands.md); a refused step writes none of them.
            self._core.step(ids, rewards, terminated, obs)
            self._observe(tensors=False)
            return self.obs, self.mask, self.current_player, self.rewards, self.terminated

    def random_legal_ids(self, rng: np.random.Generator) -> npt.NDArray[np.int32]:
        """One legal id per hand, uniformly among its legal ids, drawn by `rng`: O(n), not O(n * NUM_ACTION_IDS)."""
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy Generator, not {type(rng).__name__}")
        draws = rng.random(len(self))
        with self._lock:  # the ids of one step
            ids: npt.NDArray[np.int32] = self._core.random_legal_ids(draws)  # one pass instead of numpy's four
        return ids

    def hand(self, i: int) -> HandState:
        """A copy of hand i now, as a HandState with its replay."""
        index = _int(i, "a hand index")
        if not 0 <= index < len(self):
            raise IndexError(f"hand {index} is out of range 0..{len(self) - 1}")
        core, episode = self._core.replay_state(index)  # one locked read: a step between could change the deal
        dealt = hand_seed(hand_seed(self._seed, index), episode)
        return HandState._make(core, "deal " + " ".join(shuffled_deck(dealt)), self._rules)
