"""Search at full speed: built-in policies, playouts, action values and simulate.

Every loop runs in C++ without the GIL (docs/playouts.md). The policies are
"random" (uniform among the legal actions) and
"heuristic" (a fast rule-based player), "heuristic-v1" (the heuristic of
2026-12-01, frozen as the yardstick) and "heuristic-v2" (the heuristic of
2026-12-05, frozen as a member of the field); `calls=False`
makes any of them never call Grand Tichu nor Tichu.
"""

from __future__ import annotations

import functools
import numbers
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, overload

import numpy as np
import numpy.typing as npt

from tichu_fast import _args, _core
from tichu_fast._core import Action
from tichu_fast._ray import chunks, ray_chunks
from tichu_fast.enums import Call
from tichu_fast.formats import EVALUATION_DTYPE
from tichu_fast.net import registry as _registry  # noqa: F401  (makes policy "net" playable: _args.network_loader)
from tichu_fast.rules import Rules
from tichu_fast.summary import SimulationSummary

if TYPE_CHECKING:
    from tichu_fast.hand import HandState

__all__ = [
    "MAX_THREADS",
    "POLICIES",
    "PlayoutResult",
    "belief_weights",
    "evaluate_actions",
    "playout",
    "playouts",
    "policy_action",
    "simulate",
]

POLICIES = _args.POLICIES
MAX_THREADS = _args.MAX_THREADS  # more threads than this are capped: no machine runs them faster


@dataclass(frozen=True)
class PlayoutResult:
    """One playout's end: team returns, out order, calls, calls made, tricks and bombs."""

    returns: tuple[int, int]
    out_order: tuple[int, ...]
    calls: tuple[Call, Call, Call, Call]
    calls_won: tuple[bool, bool, bool, bool]
    tricks: int
    bombs: int
    one_two: bool


# Mixed into the seed of drawn worlds, so that they do not reuse the playouts' stream.
_WORLD_STREAM = 0x6A09E667F3BCC909


def policy_action(state: HandState, policy: str = "heuristic", seed: int = 0, *, calls: bool = True) -> Action:
    """The built-in `policy`'s action for the current decision of `state`, drawing from SplitMix64(seed).

    With `calls` (the default) the policy decides Grand Tichu and Tichu as it does in play;
    `calls=False` never calls. Step k of `state.playout(seed, calls=c)` plays
    `policy_action(.., seed=hand_seed(seed, k), calls=c)`.
    ValueError once the hand is over.
    """
    return _core.policy_action(_args.core_of(state), _args.policy(policy), _args.flag(calls, "calls"), _args.seed(seed))


def playout(state: HandState, seed: int, policy: str = "random", calls: bool = False) -> PlayoutResult:
    """Plays `state` (left unchanged) to the end by `policy`; decision k draws from hand_seed(seed, k)."""
    r = _core.playout(_args.core_of(state), _args.seed(seed), _args.policy(policy), _args.flag(calls, "calls"))[0]
    return PlayoutResult(
        returns=(int(r["returns"][0]), int(r["returns"][1])),
        out_order=tuple(int(s) for s in r["out_order"] if s >= 0),
        calls=(Call(r["calls"][0]), Call(r["calls"][1]), Call(r["calls"][2]), Call(r["calls"][3])),
        calls_won=(bool(r["calls_won"][0]), bool(r["calls_won"][1]), bool(r["calls_won"][2]), bool(r["calls_won"][3])),
        tricks=int(r["tricks"]),
        bombs=int(r["bombs"]),
        one_two=bool(r["one_two"]),
    )


def playouts(
    state: HandState,
    n: int,
    seed: int,
    *,
    policy: str = "random",
    calls: bool = False,
    resample_for: int | None = None,
    belief: str | None = None,
    threads: int = 1,
) -> npt.NDArray[np.void]:
    """`n` playouts of `state` as a PLAYOUT_DTYPE array; playout i is `playout(hand_seed(seed, i))`.

    With `resample_for=p` (a seat), playout i is played in a fresh world for
    seat p, `state.resample(p, hand_seed(world_seed(seed), i))`, from the
    same hand_seed(seed, i): p's cards and the public record are kept, the
    hidden cards differ from playout to playout. With a `belief` too
    (docs/bots.md "Inference"), playout i is played in world i of
    `state.resample_many(p, n, world_seed(seed), belief=belief)`. The results do not depend
    on `threads` (an int >= 1, capped at MAX_THREADS).
    """
    core = _args.core_of(state)
    n = _args.count(n, "n", 0, _args.MAX_PLAYOUTS)
    seed = _args.seed(seed)
    name, flag, workers = _args.policy(policy), _args.flag(calls, "calls"), _args.threads(threads)
    model = _args.drawn_belief(belief, "playouts")
    if resample_for is None:
        if model is not None:
            raise ValueError("a belief weighs worlds: give resample_for too")
        return _core.playouts(core, n, seed, name, flag, workers)
    seat = _args.seat(resample_for, "resample_for")
    if model is None:
        return _core.resampled_playouts(core, n, seed, seat, world_seed(seed), name, flag, workers)
    if state.is_terminal():
        raise ValueError("the hand is over: no decision to play from")
    belief_name, odds, draws, _ = model
    n = _args.count(n, "n", 0, _args.MAX_WORLDS // draws)
    return _core.believed_playouts(core, n, seed, seat, world_seed(seed), belief_name, odds, draws, name, flag, workers)


def _samples(worlds: int, per_world: int) -> None:
    """The samples of each action in evaluate_actions: at most MAX_SAMPLES."""
    if worlds * per_world > _args.MAX_SAMPLES:
        raise ValueError(
            f"worlds x playouts_per_world must be at most {_args.MAX_SAMPLES:_} (the cap of one call), "
            f"not {worlds} x {per_world}"
        )


def world_seed(seed: int) -> int:
    """The seed of the worlds drawn for playouts from `seed`: another stream than their hand_seed(seed, k).

    `evaluate_actions` draws its worlds by `resample_many(player, worlds, world_seed(seed))`;
    `playouts(.., resample_for=p)` plays playout i in `resample(p, hand_seed(world_seed(seed), i))`.
    """
    return _core.hand_seed(seed, 0) ^ _WORLD_STREAM


def evaluate_actions(
    state: HandState,
    player: int,
    worlds: int | Sequence[HandState],
    playouts_per_world: int = 1,
    *,
    policy: str = "random",
    calls: bool = False,
    threads: int = 1,
    seed: int = 0,
    belief: str | None = None,
    net: str | None = None,
    value_weight: float = 0.0,
) -> npt.NDArray[np.void]:
    """Each legal action's mean and variance of `player`'s team return over the same playouts.

    `worlds` is a number of worlds to draw for `player` (`state.resample_many(player,
    worlds, world_seed(seed))`: flat Monte Carlo on what the player knows), or the
    worlds themselves; with a `belief` (docs/bots.md "Inference") the drawn worlds are
    `state.resample_many(player, worlds, world_seed(seed), belief=belief)`, and with a
    belief ending in ":weights" they are the uniform worlds (or the worlds given), each world's samples weighted by
    `belief_weights(worlds, player, belief)` (self-normalised importance weighting: "mean" is
    the weighted mean, "var" the weighted variance, "n" the effective sample size
    1 / sum(w**2) over the samples, rounded). For legal action a,
    world w and playout j: the action applied in world w,
    then played out from hand_seed(seed, w * playouts_per_world + j), the same
    seeds for every action (common random numbers). Every world must be at the
    same decision with the same legal actions as `state`. An EVALUATION_DTYPE
    array aligned with `state.legal_actions()`.

    `net` names a network (``"net"``, the shipped one, a shipped one by its name such as ``"net-v2"``, or
    a name `tichu_fast.net.registry.load` gave; docs/net.md "In the search") whose value `value_weight`
    (in 0..1) mixes into each sample:
    (1 - w) x the playout's return + w x the network's value of the world after the action, from the
    view of the seat in turn there (its team's margin, as returns that split a hand's 100 points);
    1 plays nothing out, and a hand over after the action is worth its own returns. ValueError for
    a `value_weight` > 0 without `net`.
    """
    core = _args.core_of(state)
    seat = _args.seat(player, "player")
    seed = _args.seed(seed)
    per_world = _args.count(playouts_per_world, "playouts_per_world", 1, _args.MAX_SAMPLES)
    name, flag, workers = _args.policy(policy), _args.flag(calls, "calls"), _args.threads(threads)
    model = _args.belief(belief)
    network = _args.network(net)
    weight = _args.value_weight(value_weight, network)
    if state.is_terminal():
        raise ValueError("the hand is over: no action to evaluate")
    if seat != state.current_player:
        raise ValueError(f"player {seat} is not the current player {state.current_player}")
    if isinstance(worlds, (numbers.Integral, np.integer)) and not isinstance(worlds, (bool, np.bool_)):
        count = _args.count(worlds, "worlds", 1, _args.MAX_WORLDS)
        _samples(count, per_world)  # checked before the worlds are drawn
        drawn = None if model is not None and model.mode == "weights" else belief
        worlds = state.resample_many(seat, count, world_seed(seed), belief=drawn, threads=workers)
    elif model is not None and model.mode != "weights":
        raise ValueError("a belief draws the worlds: give a number of worlds, not the worlds (or ':weights')")
    if isinstance(worlds, (str, bytes)) or not isinstance(worlds, Sequence):
        raise TypeError(f"worlds must be a number of worlds or a sequence of HandState, not {type(worlds).__name__}")
    cores = [_args.core_of(world, "every world") for world in worlds]
    if not cores:
        raise ValueError("worlds must hold at least one state")
    _samples(len(cores), per_world)
    values = _core.action_values(core, cores, per_world, seat & 1, seed, name, flag, workers, network, weight)
    samples = values.shape[1]
    out = np.empty(values.shape[0], dtype=EVALUATION_DTYPE)
    out["action"] = np.arange(values.shape[0])
    if model is not None and model.mode == "weights":
        weights = np.repeat(_core.belief_weights(cores, seat, model[0], model[1], workers) / per_world, per_world)
        out["mean"] = values @ weights
        out["var"] = ((values - out["mean"][:, None]) ** 2) @ weights
        out["n"] = max(1, round(1.0 / float(weights @ weights)))
        return out
    out["mean"] = values.mean(axis=1)
    out["var"] = values.var(axis=1, ddof=1) if samples > 1 else 0.0
    out["n"] = samples
    return out


def belief_weights(
    worlds: Sequence[HandState], player: int, belief: str, *, threads: int = 1
) -> npt.NDArray[np.float64]:
    """Self-normalised importance weights of uniform worlds for `player` (docs/bots.md "Inference").

    Each world's likelihood of the other seats' plays and passes under `belief`
    ("POLICY[:ODDS]", any ":DRAWS", ":distinct" or ":weights" ignored), divided by their
    sum: the weights add up to 1. Weigh the worlds of `state.resample_many(player,
    n, seed)` by them to estimate an expectation under the belief without
    repeating any world. The same for any `threads`.
    """
    seat = _args.seat(player, "player")
    model = _args.belief(belief)
    if model is None:
        raise TypeError("belief must be a str such as 'heuristic:2', not None")
    if isinstance(worlds, (str, bytes)) or not isinstance(worlds, Sequence):
        raise TypeError(f"worlds must be a sequence of HandState, not {type(worlds).__name__}")
    cores = [_args.core_of(world, "every world") for world in worlds]
    return _core.belief_weights(cores, seat, model[0], model[1], _args.threads(threads))


@overload
def simulate(
    n: int,
    seed: int = 0,
    *,
    policy: str = "random",
    calls: bool = True,
    rules: Rules | None = None,
    threads: int = 1,
    ray: object = None,
    summary: Literal[False] = False,
    progress: Callable[[int, int], object] | None = None,
) -> npt.NDArray[np.void]:
    """The records, one per hand (HAND_RECORD_DTYPE)."""


@overload
def simulate(
    n: int,
    seed: int = 0,
    *,
    policy: str = "random",
    calls: bool = True,
    rules: Rules | None = None,
    threads: int = 1,
    ray: object = None,
    summary: Literal[True],
    progress: Callable[[int, int], object] | None = None,
) -> SimulationSummary:
    """The summary of the hands, played in chunks in constant memory."""


def simulate(
    n: int,
    seed: int = 0,
    *,
    policy: str = "random",
    calls: bool = True,
    rules: Rules | None = None,
    threads: int = 1,
    ray: object = None,
    summary: bool = False,
    progress: Callable[[int, int], object] | None = None,
) -> npt.NDArray[np.void] | SimulationSummary:
    """Plays `n` whole hands in C++ by `policy`; a HAND_RECORD_DTYPE array, one record per hand.

    Hand k is dealt by hand_seed(seed, k); the records do not depend on `threads`.
    `ray` ("auto", "local" or True, or a cluster's address; the [ray] extra)
    plays chunks of hands as Ray tasks, each on `threads` threads, and gives
    the same records as a local run. `summary=True` returns a
    SimulationSummary instead (what `tichu-fast simulate` prints), played in
    chunks in constant memory, whatever `n`; `progress(done, n)` is then
    called after each chunk.
    """
    n = _args.count(n, "n", 0, _args.MAX_HANDS)
    seed = _args.seed(seed)
    rules = _args.rules(rules)
    ray = _args.ray_address(ray)
    name, flag = _args.policy(policy), _args.flag(calls, "calls")
    work = functools.partial(_simulate_chunk, seed, name, flag, rules, _args.threads(threads))
    if not _args.flag(summary, "summary"):
        if ray is None:
            return work(0, n)
        none = work(0, 0)  # the seed and the rules are checked here, not in a remote task
        parts = [records for _, records in ray_chunks(work, n, ray, SIMULATE_CHUNK)]
        return np.concatenate(parts) if parts else none
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function (done, total), not {type(progress).__name__}")
    result = SimulationSummary(seed, name, flag)
    start = time.perf_counter()
    work(0, 0)  # the seed and the rules are checked here, before a chunk runs (on Ray too)
    # The same chunks with Ray or without: the summary's float sums then match to the last bit.
    size = max(1, min(SUMMARY_CHUNK, n // 50))
    if ray is None:
        pieces: Iterable[tuple[int, npt.NDArray[np.void]]] = ((f + k, work(f, k)) for f, k in chunks(n, size))
    else:
        pieces = ray_chunks(work, n, ray, SUMMARY_CHUNK, size=size)
    for done, records in pieces:
        result.add(records)
        if progress is not None:
            progress(done, n)
    result.seconds = time.perf_counter() - start
    return result


SUMMARY_CHUNK = 10_000  # hands per call into C++ for a summary: small enough for Ctrl-C and a progress bar
SIMULATE_CHUNK = 200_000  # the most hands one Ray task of simulate plays


def _simulate_chunk(
    seed: int, policy: str, calls: bool, rules: Rules, threads: int, first: int, n: int
) -> npt.NDArray[np.void]:
    """Hands first .. first + n - 1 of simulate(seed, ...): a module-level function, so Ray can ship it."""
    return _core.simulate_records(seed, first, n, policy, calls, rules, threads)
