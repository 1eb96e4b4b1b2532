"""The bot protocol and the built-in bots (tichu_fast.bots, docs/bots.md)."""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf
from tichu_fast import reference as ref
from tichu_fast.arena import duplicate
from tichu_fast.bots import (
    BOTS,
    FunctionBot,
    HeuristicBot,
    MonteCarloBot,
    RandomBot,
    as_bot,
    decision_seed,
    make_bot,
)
from tichu_fast.bots.builtin import core_state


def random_states(module, hands: int, seed: int, every: int = 1) -> list:
    """States met while the random policy (calls on) plays `hands` hands of `module`: every decision kind."""
    rng = random.Random(seed)
    states = []
    for h in range(hands):
        state = module.HandState.new(seed * 1000 + h)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                states.append(state.clone())
            state.apply(module.policy_action(state, "random", rng.getrandbits(64), calls=True))
            step += 1
    return states


def test_a_plain_function_is_a_bot():
    def always_first(state, _seat):
        return state.legal_actions()[0]

    bot = as_bot(always_first)
    assert isinstance(bot, FunctionBot)
    state = tf.HandState.new(3)
    assert bot.act(state, state.current_player) == state.legal_actions()[0]
    bot.reset(5)  # a function's reset does nothing
    result = duplicate(always_first, RandomBot(calls=False), 3, 0)
    assert result.deals == 3
    assert result.hands == 6


def test_an_object_with_act_is_taken_as_it_is():
    bot = HeuristicBot()
    assert as_bot(bot) is bot


@pytest.mark.parametrize("thing", [RandomBot, 5, "random", None])
def test_as_bot_refuses_what_cannot_act(thing):
    with pytest.raises(TypeError, match=r"instance|bot"):
        as_bot(thing)


BUILT_IN = [
    RandomBot(),
    RandomBot(calls=False),
    HeuristicBot(),
    HeuristicBot(calls=False),
]


@pytest.mark.parametrize("bot", BUILT_IN, ids=repr)
def test_policy_bots_play_only_legal_actions_cpp(bot):
    # every decision kind (R7 calls, the exchange, plays, bombs out of turn, wish, gift)
    states = random_states(tf, 60, 1)
    assert len(states) > 2000
    kinds = set()
    bot.reset(9)
    for state in states:
        seat = state.current_player
        action = bot.act(state.resample(seat, len(kinds)), seat)  # R10.3: the seat's view
        assert state.is_legal(action), (state.replay(), action)
        kinds.add(state.decision)
    assert kinds >= {tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE, tf.Decision.PLAY}


def test_monte_carlo_bot_plays_only_legal_actions_cpp():
    bot = MonteCarloBot(worlds=3, policy="random")
    bot.reset(1)
    states = random_states(tf, 6, 2, every=3)
    for state in states:
        seat = state.current_player
        action = bot.act(state.resample(seat, 7), seat)  # R10.3
        assert state.is_legal(action), (state.replay(), action)


@pytest.mark.parametrize(
    "bot", [RandomBot(), HeuristicBot(), MonteCarloBot(worlds=2, policy="random")], ids=["random", "heuristic", "mc"]
)
def test_built_in_bots_play_only_legal_actions_on_the_reference(bot):
    states = random_states(ref, 1, 3, every=4)
    assert len(states) > 10
    bot.reset(2)
    for state in states:
        action = bot.act(state, state.current_player)
        assert isinstance(action, ref.Action)
        assert state.is_legal(action)


def test_random_bot_on_the_reference_draws_like_on_the_core():
    state = ref.HandState.new(11)
    core = tf.HandState.new(11)
    a, b = RandomBot(seed=4), RandomBot(seed=4)
    a.reset(8)
    b.reset(8)
    while not state.is_terminal():
        x, y = a.act(state, state.current_player), b.act(core, core.current_player)
        assert str(x) == str(y)
        state.apply(x)
        core.apply(y)


def test_bots_are_deterministic_given_seed_hand_and_decision_count():
    states = random_states(tf, 3, 4, every=5)
    for make in (lambda: RandomBot(seed=3), lambda: MonteCarloBot(worlds=4, seed=3)):
        x, y = make(), make()
        x.reset(77)
        y.reset(77)
        assert [x.act(s, s.current_player) for s in states] == [y.act(s, s.current_player) for s in states]


def test_decision_seed_is_the_documented_stream():
    assert decision_seed(5, 6, 7) == tf.hand_seed(tf.hand_seed(5, 6), 7)
    bot = RandomBot(seed=6)
    bot.reset(5)
    state = tf.HandState.new(1)
    assert bot.act(state, 0) == tf.policy_action(state, "random", decision_seed(5, 6, 0), calls=True)


def test_monte_carlo_bot_with_a_time_budget_stays_near_it(monkeypatch):
    # The budget is read from the CPU clock (thread_time with one thread): a fake clock that moves 5 ms
    # per reading makes the test the same on a busy machine. 20 ms asked: batches stop after a few
    # readings, whatever the work took.
    from tichu_fast.bots import monte_carlo

    class Clock:
        now, readings = 0.0, 0

        def thread_time(self) -> float:
            self.readings += 1
            self.now += 0.005
            return self.now

        process_time = thread_time

    clock = Clock()
    monkeypatch.setattr(monte_carlo, "time", clock)
    bot = MonteCarloBot(budget=0.02, policy="random")
    bot.reset(0)
    state = next(s for s in random_states(tf, 2, 5) if s.decision == tf.Decision.PLAY and s.num_legal_actions() > 4)
    assert state.is_legal(bot.act(state, state.current_player))
    assert 3 <= clock.readings <= 8  # a deadline, a start, then one reading per batch until it is spent


def test_monte_carlo_bot_leaves_calls_and_the_exchange_to_the_heuristic():
    # R7.1, R7.2: the calls are the heuristic's, so with the same seed both bots agree
    mc, h = MonteCarloBot(worlds=2), HeuristicBot()
    for state in random_states(tf, 3, 6):
        if state.decision in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE):
            mc.reset(0)
            h.reset(0)
            assert mc.act(state, state.current_player) == h.act(state, state.current_player)


def test_no_calls_means_no_calls():
    # R7.1, R7.2
    for bot in (RandomBot(calls=False), HeuristicBot(calls=False), MonteCarloBot(worlds=2, calls=False)):
        bot.reset(1)
        for state in random_states(tf, 2, 7, every=2):
            action = bot.act(state, state.current_player)
            assert action.kind not in (tf.ActionKind.GRAND_TICHU, tf.ActionKind.TICHU) or not action.call


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"budget": 0.1, "worlds": 4}, ValueError),
        ({"worlds": 0}, ValueError),
        ({"worlds": True}, TypeError),
        ({"budget": -1.0}, ValueError),
        ({"budget": "1s"}, TypeError),
        ({"policy": "smart"}, ValueError),
        ({"threads": 0}, ValueError),
        ({"seed": -1}, ValueError),
        ({"seed": 1.5}, TypeError),
        ({"calls": 1}, TypeError),
    ],
)
def test_monte_carlo_bot_checks_its_arguments(kwargs, error):
    with pytest.raises(error):
        MonteCarloBot(**kwargs)


def test_specs_build_the_registered_bots():
    assert repr(make_bot("random")) == "RandomBot(calls=True, seed=0)"
    assert repr(make_bot("random:calls=0")) == "RandomBot(calls=False, seed=0)"
    assert repr(make_bot("heuristic:seed=5")) == "HeuristicBot(calls=True, seed=5)"
    mc = make_bot("mc:budget=100ms,policy=random")
    assert isinstance(mc, MonteCarloBot)
    assert mc.budget == pytest.approx(0.1)
    assert mc.search_policy == "random"
    assert make_bot("mc:worlds=8").worlds == 8
    assert isinstance(make_bot("tichu_fast.bots:HeuristicBot"), HeuristicBot)  # module.path:Name
    assert set(BOTS) >= {"random", "heuristic", "mc"}


@pytest.mark.parametrize(
    "spec",
    [
        "smart",
        "random:calls",
        "random:calls=maybe",
        "random:depth=3",
        "mc:budget=fast",
        "mc:budget=1s,worlds=3",
        "mc:worlds=1,worlds=2",
        "no_such_module.sub:Bot",
        "tichu_fast.bots:NoSuchBot",
        "x" * 200,
    ],
)
def test_bad_specs_are_value_errors(spec):
    with pytest.raises(ValueError) as info:
        make_bot(spec)
    assert len(str(info.value)) < 300  # quotes at most 80 characters of the spec


def test_public_names_are_documented():
    from tests.house.test_docs import _undocumented
    from tichu_fast import arena, bots

    assert _undocumented(bots) == []
    assert _undocumented(arena) == []


# Every registered kind with a small budget: a kind added to BOTS must be added here too.
SMALL_SPECS = {
    "random": "random",
    "heuristic": "heuristic",
    "heuristic-v1": "heuristic-v1",
    "mc": "mc:worlds=2,playouts_per_world=1",
    "ismcts": "ismcts:iterations=20",
    "solver": "solver:iterations=20,max_nodes=200",
    "heuristic-v2": "heuristic-v2",
    "net": "net",
    # the field's search members (tichu_fast.bots.field) stand for SPECs of their kind: that kind with the
    # members' playouts, at a small budget
    "mc-1ms": "mc:worlds=2,policy=heuristic-v2",
    "mc-10ms": "mc:worlds=2,policy=heuristic-v2",
    "ismcts-1ms": "ismcts:iterations=20,policy=heuristic-v2",
    "ismcts-10ms": "ismcts:iterations=20,policy=heuristic-v2",
    "ismcts-100ms": "ismcts:iterations=20,keep=4,tichu_chance=0.35,grand_chance=0.35,policy=heuristic-v2",
    "best": "ismcts:iterations=20,keep=4,net=net,net_prior=1",
}


def reference_worlds() -> list:
    """Reference worlds from resample and with_hands: of a deal at every kind of decision, of a position."""
    worlds = []
    kinds: set = set()
    for deal in range(40):
        state = ref.HandState.new(deal)
        rng = random.Random(deal)
        while not state.is_terminal():
            if state.decision not in kinds or rng.random() < 0.02:
                kinds.add(state.decision)
                worlds.append(state.resample(state.current_player, deal))
            state.apply(rng.choice(state.legal_actions()))
        if kinds == set(tf.Decision) - {tf.Decision.OVER}:
            break
    assert kinds == set(tf.Decision) - {tf.Decision.OVER}  # every decision, a bomb offer included
    position = ref.HandState.from_position(["5j 9s Kt", "3p 2s Qs", "", "7j 8t"], leader=0, out_order=[2], wish=7)
    position.apply("9s")
    worlds.append(position.resample(1, 5))
    worlds.append(worlds[-1].resample(1, 6))  # a world of a world
    worlds.append(position.with_hands(["5j Kt", "3p 2s Qs", "", "7j 8t"]))
    return worlds


def test_the_core_twin_of_a_reference_world_is_the_same_state():
    # A world has no replay (docs/positions.md "Worlds"); its C++ twin holds the same cards and decision.
    for world in reference_worlds():
        twin = core_state(world)
        assert [str(hand) for hand in twin.hands] == [str(hand) for hand in world.hands]
        assert (twin.decision, twin.current_player) == (world.decision, world.current_player)
        assert [str(a) for a in twin.legal_actions()] == [str(a) for a in world.legal_actions()]


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_every_built_in_bot_acts_on_a_reference_world(kind):
    # docs/bots.md: act() takes a state of either backend, a world from resample included (it once
    # raised "has no replay" for every bot but the Monte Carlo one).
    assert kind in SMALL_SPECS, f"give the bot {kind!r} a small spec in SMALL_SPECS"
    bot = make_bot(SMALL_SPECS[kind])
    bot.reset(3)
    for world in reference_worlds()[::3]:
        action = bot.act(world, world.current_player)
        assert world.is_legal(action), (kind, action)
