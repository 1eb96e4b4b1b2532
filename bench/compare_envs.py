"""Steps per second of the learning environments (tichu_fast.envs) with random
masked actions, and the share of that time spent in tichu_fast itself.

    python bench/compare_envs.py [--hands 200]

For each adapter the same hands are played twice: once through the adapter
(the agent picks a uniformly random id from the mask with numpy), and once
as the bare engine calls the adapter makes for those actions, replayed from
the recorded hands: observation_tensor, legal_action_ids and apply_id per
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


def pettingzoo(hands: int) -> tuple[float, float, int]:
    """(seconds through PettingZoo, seconds of the engine calls alone, steps)."""
    env = aec_env()
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
        played.append(env.unwrapped.state)
    adapter = time.process_time() - start
    replays = [recorded(state) for state in played]
    start = time.process_time()
    for first, ids in replays:
        state = first.clone()
        for _, action in ids:
            seat = state.current_player
            state.observation_tensor(seat)
            state.legal_action_ids()
            state.apply_id(action)
    return adapter, time.process_time() - start, steps


def gymnasium(hands: int) -> tuple[float, float, int]:
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
        played.append(env.state)
    adapter = time.process_time() - start
    replays = [recorded(state) for state in played]
    start = time.process_time()
    for first, ids in replays:
        state = first.clone()
        for action, action_id in ids:
            if state.current_player == 0:
                state.apply_id(action_id)
            else:  # a bot: its policy call, then its action (not always the first of its id)
                tf.policy_action(state, "heuristic", action_id)
                state.apply(action)
            if state.current_player == 0 or state.is_terminal():
                state.observation_tensor(0)
                if not state.is_terminal():
                    state.legal_action_ids()
    return adapter, time.process_time() - start, steps


def openspiel(hands: int) -> tuple[float, float, int]:
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
    return adapter, time.process_time() - start, steps


def main() -> None:
    """Prints one table row per adapter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, {args.hands} hands")
    print("| adapter | steps | steps/s | µs per step | engine calls alone, µs per step | engine's share |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, measure in (("PettingZoo AEC", pettingzoo), ("Gymnasium", gymnasium), ("OpenSpiel", openspiel)):
        adapter, engine, steps = measure(args.hands)
        print(
            f"| {name} | {steps} | {steps / adapter:,.0f} | {1e6 * adapter / steps:.1f} "
            f"| {1e6 * engine / steps:.1f} | {engine / adapter:.0%} |"
        )


if __name__ == "__main__":
    main()
