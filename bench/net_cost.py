"""What a network costs in the core: one evaluation, a playout played by it, an ISMCTS iteration that uses it.

    python bench/net_cost.py [--network PATH] [--hands 30] [--repeat 20] [--iterations 2000] [--worlds 64]

The network is the shipped one (or PATH, a network file). Its evaluations are timed in C++
(`_core._time_net`) at every PLAY and BOMB decision of `--hands` heuristic hands: the value alone,
and the value with the decision's legal moves listed and scored (a policy decision). Then, from
Python, in CPU time of the process, all in one run so that the ratios hold on a busy machine: a
whole playout by the network against one by heuristic-v1, an ISMCTS iteration with and
without the network (net_prior, value_weight) at a mid-hand play, and a decision of flat Monte
Carlo (`mc:worlds=W`) there at value_weight 0, 0.5 and 1.
"""

from __future__ import annotations

import argparse
import time

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.bots.ismcts import ismcts
from tichu_fast.bots.monte_carlo import MonteCarloBot
from tichu_fast.net import registry


def decisions(hands: int) -> list[tf.HandState]:
    """Every PLAY and BOMB decision of `hands` heuristic hands."""
    found = []
    for k in range(hands):
        state = tf.HandState.new(tf.hand_seed(0, k))
        while not state.is_terminal():
            if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
                found.append(state.clone())
            state.apply(tf.policy_action(state, "heuristic", k))
    return found


def cpu(run: object) -> float:
    """CPU seconds of the process to call `run()` (a search may run on a thread of the core's pool)."""
    start = time.process_time()
    run()  # type: ignore[operator]
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--network", help="a network file (default: the shipped network)")
    parser.add_argument("--hands", type=int, default=30, help="heuristic hands whose decisions are timed")
    parser.add_argument("--repeat", type=int, default=20, help="passes over those decisions in C++")
    parser.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations a search")
    parser.add_argument("--worlds", type=int, default=64, help="worlds of a flat Monte Carlo decision")
    args = parser.parse_args()
    name = "net"
    if args.network:
        registry.load(args.network, "bench")
        name = "bench"
    else:
        registry.shipped()
    network = registry.loaded()[name]
    states = decisions(args.hands)
    cores = [s._core for s in states]
    print(f"network {name}: hidden {network.hidden}, {len(states)} decisions of {args.hands} hands")
    value, _ = _core._time_net(name, cores, args.repeat, False)
    policy, moves = _core._time_net(name, cores, args.repeat, True)
    print(f"evaluation in C++: value alone {value * 1e6:.2f} us; a policy decision {policy * 1e6:.2f} us")
    print(f"  (its legal moves listed and scored, {moves:.1f} moves on average)")
    start = tf.HandState.new(tf.hand_seed(1, 0))
    n = 400
    base = cpu(lambda: tf.search.playouts(start, n, seed=1, policy="heuristic-v1"))
    by_net = cpu(lambda: tf.search.playouts(start, n, seed=1, policy=f"net:{name}" if name != "net" else "net"))
    print(f"a whole playout: heuristic-v1 {base / n * 1e6:.1f} us, the network {by_net / n * 1e6:.1f} us")
    mid = next(
        s
        for s in states
        if s.decision == tf.Decision.PLAY and sum(map(len, s.hands)) <= 40 and len(s.legal_moves_array()) >= 4
    )
    k = args.iterations
    settings = {
        "without the network": {},
        "net_prior=1": {"net": name, "net_prior": 1.0},
        "value_weight=0.5": {"net": name, "value_weight": 0.5},
        "value_weight=1": {"net": name, "value_weight": 1.0},
    }
    for label, options in settings.items():
        took = cpu(lambda o=options: ismcts(mid, iterations=k, policy="heuristic-v1", prior=0.5, seed=2, **o))
        print(f"an ISMCTS iteration at a mid-hand play, {label}: {took / k * 1e6:.1f} us")
    seat, decisions_timed = mid.current_player, 20
    print(f"flat Monte Carlo at that play: {len(mid.legal_actions())} legal actions, each in {args.worlds} worlds")
    for weight in (0.0, 0.5, 1.0):
        bot = MonteCarloBot(worlds=args.worlds, net=name if weight else None, value_weight=weight)
        bot.reset(0)
        took = cpu(lambda b=bot: [b.act(mid, seat) for _ in range(decisions_timed)])
        print(f"  a decision (mc:worlds={args.worlds}), value_weight={weight:g}: {took / decisions_timed * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
