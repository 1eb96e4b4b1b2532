"""The OpenSpiel game: pyspiel's random_sim_test, its bots over whole hands, the deal as chance, resampling."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tichu_fast as tf  # noqa: E402
from tichu_fast.envs import MAX_DECISIONS, MAX_TEAM_RETURN, MIN_TEAM_RETURN  # noqa: E402
from tichu_fast.envs.openspiel_game import GAME_NAME  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game(GAME_NAME)


def deal(game, rng):
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(int(rng.choice(outcomes)))
    return state


def test_random_sim_test_passes(game):
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_random_sim_test_passes_with_parameters():
    game = pyspiel.load_game(GAME_NAME, {"history": 0, "bombs_out_of_turn": False})
    assert game.information_state_tensor_shape() == [tf.OBSERVATION_TENSOR_SIZE]
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_history_outside_the_range_is_refused():
    with pytest.raises(ValueError, match="history"):
        pyspiel.load_game(GAME_NAME, {"history": -1})


def test_game_info(game):
    assert game.num_distinct_actions() == tf.NUM_ACTION_IDS
    assert game.max_chance_outcomes() == 56
    assert (game.min_utility(), game.max_utility()) == (MIN_TEAM_RETURN, MAX_TEAM_RETURN)
    assert game.max_game_length() == MAX_DECISIONS
    assert game.observation_tensor_shape() == [tf.OBSERVATION_TENSOR_SIZE]
    assert game.information_state_tensor_shape() == [tf.OBSERVATION_TENSOR_SIZE + 32 * tf.HISTORY_ROW_SIZE]


def test_the_deal_gives_card_k_to_seat_k_mod_4(game):
    # R2.1: each seat's first 8 cards are the first 32 dealt.
    rng = np.random.default_rng(0)
    state = deal(game, rng)
    cards = state.history()[:56]
    assert sorted(cards) == list(range(56))
    for seat in range(4):
        assert state.hand.hands[seat] == tf.Cards(" ".join(tf.CARD_NAMES[c] for c in cards[seat::4]))
        assert state.hand.seen(seat) == tf.Cards(" ".join(tf.CARD_NAMES[c] for c in cards[seat:32:4]))


def test_random_hands_stay_within_the_bounds(game):
    # R8: returns per team, the same for partners; no hand longer than max_game_length.
    rng = np.random.default_rng(1)
    for _ in range(20):
        state = deal(game, rng)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == state.hand.legal_action_ids().tolist()
            state.apply_action(int(rng.choice(legal)))
        returns = state.returns()
        assert returns == [*state.hand.returns(), *state.hand.returns()]
        assert MIN_TEAM_RETURN <= min(returns) <= max(returns) <= MAX_TEAM_RETURN
        assert len(state.history()) - 56 <= MAX_DECISIONS


def test_tensors_and_strings_are_the_seat_view(game):
    state = deal(game, np.random.default_rng(2))
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    hand = state.hand
    for player in range(4):
        np.testing.assert_array_equal(state.observation_tensor(player), hand.observation_tensor(player))
        np.testing.assert_array_equal(
            state.information_state_tensor(player), hand.observation_tensor(player, history=32)
        )
        assert state.information_state_string(player) == hand.information_state_string(player)


def test_resample_keeps_what_the_player_knows(game):
    # R10.3: another world with the same information for that player.
    state = deal(game, np.random.default_rng(3))
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    rng = np.random.RandomState(0)
    world = state.resample_from_infostate(1, rng.uniform)
    assert world.information_state_string(1) == state.information_state_string(1)
    assert world.hand.hands[1] == state.hand.hands[1]
    assert world.hand.hands != state.hand.hands
    assert state.legal_actions() == state.hand.legal_action_ids().tolist()  # the state itself is unchanged


@pytest.mark.parametrize("bot_kind", ["mcts", "ismcts"])
def test_an_openspiel_bot_plays_whole_hands_against_random(game, bot_kind):
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if bot_kind == "mcts":
        bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng, allow_inconsistent_action_sets=True)
    for _ in range(2):
        state = game.new_initial_state()
        bot_decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [card for card, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            elif state.current_player() % 2 == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                bot_decisions += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert bot_decisions >= 4  # at least both bot seats' Grand Tichu and Tichu decisions
        assert state.hand.is_terminal()
