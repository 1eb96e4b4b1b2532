"""Steps per second of the learning environments (tichu_fast.envs) with random
masked actions, and the share of that time spent in tichu_fast itself.

    python bench/compare_envs.py [--hands 200]

For each adapter the same hands are played twice: once through the adapter
(the agent picks a uniformly random id from the mask with numpy), and once
as the bare engine calls the adapter makes for those actions, replayed from
the recorded hands: observation_tensor, legal_action_mask and apply_id per
decision (PettingZoo: every seat's; Gymnasium: the learner's, plus
policy_action and apply for each bot decision; OpenSpiel: legal_action_ids
and apply_id). The engine's share is the second time over the first. A step
is one agent decision (Gymnasium: one learner decision, the bots' moves
inside it). Needs the [rl] extra. One run on one machine: compare the
figures as ratios.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

import tichu_fast as tf
from tichu_fast.envs.gymnasium_env import TichuEnv
from tichu_fast.envs.openspiel_game import GAME_NAME
from tichu_fast.envs.pettingzoo_env import env as aec_env
from tichu_fast.envs.pettingzoo_env import raw_env

SAMPLED = 10  # the agent's pick is timed on the masks of this many hands

# A finished hand's start (its deal) and its actions, each with its id.
Hand = tuple[tf.HandState, list[tuple[tf.Action, int]]]


def recorded(state: tf.HandState) -> Hand:
    """The start of a finished hand (its replay's deal) and every action in it with its id."""
    start = tf.HandState.from_replay("\n".join(state.replay().splitlines()[:3]))
    replay, actions = start.clone(), []
    for action in state.history:
        actions.append((action, tf.action_id(action, replay)))
        replay.apply(action)
    return start, actions


def pick_seconds(masks: list[np.ndarray]) -> float:
    """Seconds per pick of a uniformly random id from an int8 mask, as the loops here pick."""
    rng = np.random.default_rng(1)
    start = time.process_time()
    for mask in masks:
        int(rng.choice(np.flatnonzero(mask)))
    return (time.process_time() - start) / max(len(masks), 1)


def pettingzoo(hands: int, wrapped: bool = True) -> tuple[float, float, float, int]:
    """(seconds through PettingZoo, of the engine calls alone, of one pick by the agent; steps)."""
    env = aec_env() if wrapped else raw_env()
    rng = np.random.default_rng(0)
    played, steps = [], 0
    start = time.process_time()
    for seed in range(hands):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        played.append(env.unwrapped.hand)
    adapter = time.process_time() - start
    replays = [recorded(state) for state in played]
    masks = []
    start = time.process_time()
    for hand, (first, ids) in enumerate(replays):
        state = first.clone()
        for _, action in ids:
            seat = state.current_player
            state.observation_tensor(seat)
            mask = state.legal_action_mask()
            if hand < SAMPLED:
                masks.append(mask.view(np.int8))
            state.apply_id(action)
    return adapter, time.process_time() - start, pick_seconds(masks), steps


def gymnasium(hands: int) -> tuple[float, float, float, int]:
    """The same for the Gymnasium env (seat 0 learns, heuristic bots)."""
    env = TichuEnv(seat=0, opponents="heuristic")
    rng = np.random.default_rng(0)
    played, steps = [], 0
    start = time.process_time()
    for seed in range(hands):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
        played.append(env.hand)
    adapter = time.process_time() - start
    replays = [recorded(state) for state in played]
    masks = []
    start = time.process_time()
    for hand, (first, ids) in enumerate(replays):
        state = first.clone()
        for action, action_id in ids:
            if state.current_player == 0:
                state.apply_id(action_id)
            else:  # a bot: its policy call, then its action (not always the first of its id)
                tf.policy_action(state, "heuristic", action_id, calls=False)
                state.apply(action)
            if state.current_player == 0 or state.is_terminal():
                state.observation_tensor(0)
                mask = state.legal_action_mask()
                if hand < SAMPLED and not state.is_terminal():
                    masks.append(mask.view(np.int8))
    return adapter, time.process_time() - start, pick_seconds(masks), steps


def openspiel(hands: int) -> tuple[float, float, float, int]:
    """The same for the OpenSpiel game: the deal's chance nodes and every seat's decision."""
    import pyspiel

    game = pyspiel.load_game(GAME_NAME)
    rng = np.random.default_rng(0)
    played, steps = [], 0
    start = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [card for card, _ in state.chance_outcomes()]
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        played.append(state.hand)
    adapter = time.process_time() - start
    replays = [recorded(state) for state in played]
    start = time.process_time()
    for first, ids in replays:
        state = first.clone()
        for _, action in ids:
            state.legal_action_ids()
            state.apply_id(action)
    return adapter, time.process_time() - start, 0.0, steps  # its pick, from a list, is not timed


def main() -> None:
    """Prints one table row per adapter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, {args.hands} hands")
    print(
        "| adapter | steps | steps/s | µs per step | engine calls alone, µs per step | engine's share "
        "| agent's pick, µs | the rest (library and adapter), µs |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    adapters = (
        ("PettingZoo AEC, env()", pettingzoo),
        ("PettingZoo AEC, raw_env()", lambda n: pettingzoo(n, wrapped=False)),
        ("Gymnasium", gymnasium),
        ("OpenSpiel", openspiel),
    )
    for name, measure in adapters:
        adapter, engine, pick, steps = measure(args.hands)
        per_step, engine_step = 1e6 * adapter / steps, 1e6 * engine / steps
        print(
            f"| {name} | {steps:,} | {steps / adapter:,.0f} | {per_step:.1f} | {engine_step:.1f} "
            f"| {engine / adapter:.0%} | {1e6 * pick:.1f} | {per_step - engine_step - 1e6 * pick:.1f} |"
        )


if __name__ == "__main__":
    main()
