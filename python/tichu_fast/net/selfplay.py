"""Self-play hands decided by ISMCTS, recorded as numpy arrays to learn from (docs/net.md "Self-play data").

Hand i of a run with seed s is dealt by ``HandState.new(hand_seed(s, i))``. Every PLAY
and BOMB decision with at least two candidate moves is searched by ISMCTS from the
deciding seat's view (the search draws its worlds from what the seat knows) and
recorded: the seat's observation tensor, the candidates' MOVE_DTYPE records (in
``legal_moves_array()`` order, which is the search's), the search's visits and its
choice, which is played. Every other decision (the calls, the in-play ``tichu``, the
exchange, the wish, the Dragon's gift, a single candidate) is the shipped heuristic's,
as in the search bots. When the hand ends each recorded decision gets its seat's team
margin, the calls' part of it, and whether the seat went out first.

Every seed is derived from (seed, hand, decision number), and hands are collected in
order, so a seed gives the same arrays on any number of threads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _args
from tichu_fast._core import Action, hand_seed
from tichu_fast._ray import ray_chunks
from tichu_fast.bots.decide import table_call
from tichu_fast.bots.ismcts import DEFAULT_EXPLORATION, SearchResult, ismcts
from tichu_fast.enums import Call, Decision
from tichu_fast.formats import MOVE_DTYPE
from tichu_fast.hand import HandState
from tichu_fast.net import registry
from tichu_fast.rl import OBSERVATION_TENSOR_SIZE, OBSERVATION_TENSOR_VERSION
from tichu_fast.search import policy_action

__all__ = [
    "DATA_FORMAT",
    "HEURISTIC",
    "SEARCH_STREAM",
    "SearchSpec",
    "SelfPlayData",
    "outcome",
    "play_hand",
    "play_hands",
]

DATA_FORMAT = 1  # the .npz layout of SelfPlayData; a change of arrays or meanings changes it
HEURISTIC = "heuristic"  # the policy of every decision the search does not make
SEARCH_STREAM = 0x5E1F  # hand i's decision k draws from hand_seed(hand_seed(deal seed, SEARCH_STREAM), k)
_BONUS = {Call.TICHU: 100, Call.GRAND_TICHU: 200}  # R7


@dataclass(frozen=True)
class SearchSpec:
    """How a round's self-play searches a decision: ISMCTS with these settings (`tichu_fast.bots.ismcts`).

    Round 0 of expert iteration plays out with ``heuristic-v1`` and the heuristic's
    progressive bias (`prior`), as the field's ISMCTS members do; later rounds add the
    network learned so far (`net`, a name of `tichu_fast.net.registry`, with its
    `net_prior` and `value_weight`: docs/net.md "In the search").
    """

    iterations: int = 200
    policy: str = "heuristic-v1"
    prior: float = 0.5
    exploration: float = DEFAULT_EXPLORATION
    net: str | None = None
    net_prior: float = 0.0
    value_weight: float = 0.0
    teacher: str | None = None  # a policy that decides instead of the search, recorded as one visit on its move

    def __post_init__(self) -> None:
        _args.count(self.iterations, "iterations", 1)
        _args.policy(self.policy)
        _args.nonnegative(self.prior, "prior")
        _args.nonnegative(self.exploration, "exploration")
        _args.nonnegative(self.net_prior, "net_prior")
        _args.fraction(self.value_weight, "value_weight")
        if self.net is not None and not isinstance(self.net, str):
            raise TypeError(f"net must be a network's name, not {type(self.net).__name__}")
        if self.teacher is not None:
            _args.policy(self.teacher)

    def search(self, state: HandState, seed: int) -> SearchResult:
        """The search of the current decision of `state` for its player in turn (one thread, no calls)."""
        return ismcts(
            state,
            iterations=self.iterations,
            seed=seed,
            exploration=self.exploration,
            policy=self.policy,
            prior=self.prior,
            calls=False,
            net=self.net,
            net_prior=self.net_prior,
            value_weight=self.value_weight,
        )

    def facts(self) -> dict[str, Any]:
        """The settings, for a manifest."""
        return asdict(self)


# The arrays of SelfPlayData with their dtypes; N decisions, M candidate moves in all.
_DTYPES: dict[str, Any] = {
    "obs": np.float32,  # [N, OBSERVATION_TENSOR_SIZE] the deciding seat's observation tensor (history 0)
    "moves": MOVE_DTYPE,  # [M] the candidates of all decisions, decision after decision
    "offsets": np.int64,  # [N + 1] decision i's candidates are moves[offsets[i]:offsets[i + 1]]
    "visits": np.int64,  # [M] the search's visits of each candidate
    "chosen": np.int64,  # [N] the index (within the decision) of the move played: the most visited
    "seat": np.int8,  # [N] the deciding seat
    "hand": np.int64,  # [N] the hand's index i (dealt by hand_seed(seed, i))
    "step": np.int64,  # [N] the decision's number in its hand (actions applied before it)
    "kind": np.int8,  # [N] Decision.PLAY or Decision.BOMB
    "margin": np.int32,  # [N] the seat's team's hand score less the other team's, calls included (R7, R8)
    "calls_margin": np.int32,  # [N] the calls' part of margin
    "out_first": np.bool_,  # [N] whether the seat went out first
}


@dataclass(frozen=True)
class SelfPlayData:
    """Recorded decisions as numpy arrays (the candidates in CSR form); see the module's `_DTYPES` for each.

    ``len(data)`` is the number of decisions N. Save with `save`, read with `load`,
    join with `concat`. The arrays are the whole format: other frameworks read the .npz
    with ``numpy.load`` alone (docs/net.md).
    """

    obs: npt.NDArray[np.float32]
    moves: npt.NDArray[np.void]
    offsets: npt.NDArray[np.int64]
    visits: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    seat: npt.NDArray[np.int8]
    hand: npt.NDArray[np.int64]
    step: npt.NDArray[np.int64]
    kind: npt.NDArray[np.int8]
    margin: npt.NDArray[np.int32]
    calls_margin: npt.NDArray[np.int32]
    out_first: npt.NDArray[np.bool_]

    def __post_init__(self) -> None:
        _check(self)

    def __len__(self) -> int:
        return len(self.chosen)

    def candidates(self, i: int) -> slice:
        """The slice of `moves` and `visits` holding decision i's candidates."""
        return slice(int(self.offsets[i]), int(self.offsets[i + 1]))

    @staticmethod
    def empty() -> SelfPlayData:
        """No decisions."""
        arrays = {name: np.zeros(0, dtype=dtype) for name, dtype in _DTYPES.items()}
        arrays["obs"] = np.zeros((0, OBSERVATION_TENSOR_SIZE), dtype=np.float32)
        arrays["offsets"] = np.zeros(1, dtype=np.int64)
        return SelfPlayData(**arrays)

    @staticmethod
    def concat(parts: Sequence[SelfPlayData]) -> SelfPlayData:
        """The decisions of `parts`, one after the other (offsets shifted)."""
        if not parts:
            return SelfPlayData.empty()
        if len(parts) == 1:
            return parts[0]  # no copy: a round's data can be most of the memory
        arrays: dict[str, Any] = {}
        for name in _DTYPES:
            if name == "offsets":
                starts = np.cumsum([0] + [len(p.moves) for p in parts[:-1]])
                shifted = [p.offsets[:-1] + start for p, start in zip(parts, starts, strict=True)]
                arrays[name] = np.concatenate([*shifted, [sum(len(p.moves) for p in parts)]]).astype(np.int64)
            else:
                arrays[name] = np.concatenate([getattr(p, name) for p in parts])
        return SelfPlayData(**arrays)

    def save(self, path: str | Path, **facts: Any) -> None:
        """Writes the arrays to `path` (.npz, compressed) with ``format`` and ``facts`` (a JSON text)."""
        text = json.dumps(
            {"observation_tensor_version": OBSERVATION_TENSOR_VERSION, **facts}, sort_keys=True, default=str
        )
        arrays = {name: getattr(self, name) for name in _DTYPES}
        np.savez_compressed(Path(path), format=np.int64(DATA_FORMAT), facts=np.array(text), **arrays)

    @staticmethod
    def load(path: str | Path) -> SelfPlayData:
        """The data of an .npz written by `save`; ValueError for another format or inconsistent arrays."""
        with np.load(Path(path), allow_pickle=False) as archive:
            files = set(archive.files)
            if "format" not in files or int(archive["format"]) != DATA_FORMAT:
                found = int(archive["format"]) if "format" in files else None
                raise ValueError(f"{path}: self-play data format {found}, this version reads {DATA_FORMAT}")
            missing = sorted(set(_DTYPES) - files)
            if missing:
                raise ValueError(f"{path}: no arrays {missing}")
            return SelfPlayData(**{name: archive[name] for name in _DTYPES})

    @staticmethod
    def facts_of(path: str | Path) -> dict[str, Any]:
        """The facts saved with the data (the seed, the search, ...)."""
        with np.load(Path(path), allow_pickle=False) as archive:
            facts: dict[str, Any] = json.loads(str(archive["facts"]))
        return facts


def _check(data: SelfPlayData) -> None:
    """ValueError unless the arrays have their dtypes and fit together."""
    for f in fields(data):
        array = getattr(data, f.name)
        if not isinstance(array, np.ndarray) or array.dtype != np.dtype(_DTYPES[f.name]):
            raise ValueError(f"array {f.name} must be a numpy array of {np.dtype(_DTYPES[f.name])}")
    n, m = len(data.chosen), len(data.moves)
    if data.obs.shape != (n, OBSERVATION_TENSOR_SIZE):
        raise ValueError(f"obs has shape {data.obs.shape}, expected {(n, OBSERVATION_TENSOR_SIZE)}")
    for name in ("seat", "hand", "step", "kind", "margin", "calls_margin", "out_first"):
        if getattr(data, name).shape != (n,):
            raise ValueError(f"{name} has shape {getattr(data, name).shape}, expected {(n,)}")
    if data.visits.shape != (m,) or data.offsets.shape != (n + 1,):
        raise ValueError(f"visits must have {m} entries and offsets {n + 1}")
    counts = np.diff(data.offsets)
    if data.offsets[0] != 0 or data.offsets[-1] != m or (counts < 1).any():
        raise ValueError("offsets must run from 0 to the number of moves, each decision with a candidate")
    if ((data.chosen < 0) | (data.chosen >= counts)).any():
        raise ValueError("a chosen index is outside its decision's candidates")


def outcome(state: HandState, seat: int) -> tuple[int, int, bool]:
    """(margin, calls margin, out first) of a finished hand for `seat`: its team's score less the other's.

    The calls' part: each call's bonus (R7) counted for its team when the caller went
    out first and against it otherwise.
    """
    returns = state.returns()
    team = seat & 1
    first = state.out_order[0]
    calls = 0
    for caller, call in enumerate(state.calls):
        bonus = _BONUS.get(call, 0)
        signed = bonus if caller == first else -bonus
        calls += signed if caller & 1 == team else -signed
    return returns[team] - returns[1 - team], calls, first == seat


def _moves_of(state: HandState) -> list[Action]:
    """The legal actions that are moves (the in-play call aside), in `legal_moves_array()` order."""
    return [action for action in state.legal_actions() if action.move is not None]


def play_hand(seed: int, hand: int, spec: SearchSpec) -> SelfPlayData:
    """Hand `hand` of the run with seed `seed`, played and recorded as the module's docstring says."""
    deal_seed = hand_seed(seed, hand)
    stream = hand_seed(deal_seed, SEARCH_STREAM)
    state = HandState.new(deal_seed)
    rows: list[tuple[Any, ...]] = []
    step = 0
    while not state.is_terminal():
        seat, decision = state.current_player, state.decision
        seed_k = hand_seed(stream, step)
        action: Action | None = None
        if decision in (Decision.PLAY, Decision.BOMB):
            # the in-play tichu is the heuristic's, as in the search bots (None: no call now)
            action = table_call(state, seat) if decision == Decision.PLAY else None
            if action is None:
                records = state.legal_moves_array()
                if len(records) == 1:
                    action = _moves_of(state)[0]
                elif spec.teacher is not None:  # imitation: the teacher's move, one visit
                    action = policy_action(state, spec.teacher, seed_k, calls=False)
                    visits = np.zeros(len(records), dtype=np.int64)
                    chosen = _moves_of(state).index(action)
                    visits[chosen] = 1
                    rows.append((state.observation_tensor(seat), records, visits, chosen, seat, step, int(decision)))
                else:
                    result = spec.search(state, seed_k)
                    if len(result.actions) != len(records):
                        raise AssertionError("the search's candidates are not the legal moves")
                    chosen = result.actions.index(result.action)
                    obs = state.observation_tensor(seat)
                    rows.append((obs, records, np.asarray(result.visits), chosen, seat, step, int(decision)))
                    action = result.action
        if action is None:
            action = policy_action(state, HEURISTIC, seed_k)
        state.apply(action)
        step += 1
    return _recorded(state, hand, rows)


def _recorded(state: HandState, hand: int, rows: list[tuple[Any, ...]]) -> SelfPlayData:
    """The rows of one finished hand as SelfPlayData, each with its seat's outcome."""
    if not rows:
        return SelfPlayData.empty()
    obs, records, visits, chosen, seats, steps, kinds = zip(*rows, strict=True)
    ends = [outcome(state, s) for s in range(4)]
    counts = [len(r) for r in records]
    return SelfPlayData(
        obs=np.stack(obs).astype(np.float32),
        moves=np.concatenate(records).astype(MOVE_DTYPE),
        offsets=np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
        visits=np.concatenate(visits).astype(np.int64),
        chosen=np.array(chosen, dtype=np.int64),
        seat=np.array(seats, dtype=np.int8),
        hand=np.full(len(rows), hand, dtype=np.int64),
        step=np.array(steps, dtype=np.int64),
        kind=np.array(kinds, dtype=np.int8),
        margin=np.array([ends[s][0] for s in seats], dtype=np.int32),
        calls_margin=np.array([ends[s][1] for s in seats], dtype=np.int32),
        out_first=np.array([ends[s][2] for s in seats], dtype=np.bool_),
    )


def play_hands(
    seed: int,
    first: int,
    count: int,
    spec: SearchSpec,
    *,
    threads: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray: object = None,
) -> SelfPlayData:
    """Hands first..first+count-1 of the run with seed `seed`, on `threads` threads, in hand order.

    The search releases the GIL, so threads make data faster; the arrays are the
    same for any number of threads. `progress(done, count)` is called as hands finish
    (in order). `ray` ("auto", "local" or a cluster's address; the [ray] extra) plays
    the hands as Ray tasks of RAY_CHUNK hands at most, each on one thread, the
    spec's network sent along: the same arrays again.
    """
    seed = _args.seed(seed)
    first = _args.count(first, "first")
    count = _args.count(count, "count")
    threads = _args.count(threads, "threads", 1, 256)
    address = _args.ray_address(ray)
    if address is not None:
        return _on_ray(seed, first, count, spec, address, progress)
    parts: list[SelfPlayData] = []
    hands = range(first, first + count)
    if threads == 1:
        results: Any = (play_hand(seed, i, spec) for i in hands)
        for done, part in enumerate(results, 1):
            parts.append(part)
            if progress is not None:
                progress(done, count)
        return SelfPlayData.concat(parts)
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="tichu-fast self-play") as pool:
        for done, part in enumerate(pool.map(lambda i: play_hand(seed, i, spec), hands), 1):
            parts.append(part)
            if progress is not None:
                progress(done, count)
    return SelfPlayData.concat(parts)


RAY_CHUNK = 25  # hands a Ray task plays at most: about 3 CPU seconds at 200 iterations a decision


def _on_ray(
    seed: int, first: int, count: int, spec: SearchSpec, address: str, progress: Callable[[int, int], None] | None
) -> SelfPlayData:
    """play_hands as Ray tasks; the network the spec names is registered in each worker before its hands."""
    network = None if spec.net is None else registry.loaded().get(spec.net)
    if spec.net is not None and network is None:
        raise ValueError(f"no network named {spec.net!r} is loaded: tichu_fast.net.registry.load(path, name)")

    def work(start: int, n: int) -> SelfPlayData:
        """Hands first+start .. first+start+n-1, in a Ray worker."""
        if network is not None and spec.net is not None:
            registry.register(network, spec.net)  # a worker is another process: its registry starts empty
        return play_hands(seed, first + start, n, spec)

    parts: list[SelfPlayData] = []
    for done, part in ray_chunks(work, count, address, RAY_CHUNK):
        parts.append(part)
        if progress is not None:
            progress(done, count)
    return SelfPlayData.concat(parts)
