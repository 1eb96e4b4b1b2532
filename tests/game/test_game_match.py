"""R9.1 through Match: hand seeds, totals, the target, a tie at or above the target."""

from __future__ import annotations

import random

import pytest

from tichu_fast.rules import Rules

from ..game_helpers import GRAND, random_action

MASK64 = (1 << 64) - 1


def splitmix64_outputs(seed, n):
    """The first n outputs of SplitMix64 seeded with `seed`, written out from docs/api.md."""
    state, out = seed, []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append(z ^ (z >> 31))
    return out


def hand_seed(seed, k):
    """docs/game.md: hand k is dealt from the k-th output of SplitMix64(seed), next() called k+1 times."""
    return splitmix64_outputs(seed, k + 1)[k]


def test_splitmix64_reference_values():
    # The helper itself: the published first outputs of SplitMix64 seeded with 0.
    assert splitmix64_outputs(0, 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_new_match(game_backend):
    # R9.1 / docs: the match starts at hand 0, dealt from hand_seed(seed, 0), totals 0 : 0.
    b = game_backend
    seed = 2024
    match = b.Match.new(seed)
    assert tuple(match.totals) == (0, 0)
    assert match.hands_played == 0
    assert not match.is_terminal()
    assert match.winner is None
    assert (match.decision, match.current_player) == (GRAND, 0)
    assert tuple(match.hand.hands) == tuple(b.deal(hand_seed(seed, 0)))


def play_hand(match, rng):
    """Play the current hand of `match` to its end (no calls); returns that hand's score."""
    k = match.hands_played
    for _ in range(5000):
        hand = match.hand.clone()
        text = random_action(hand, rng, calls=False)
        hand.apply(text)
        match.apply(match.hand.parse_action(text))
        if hand.is_terminal():
            assert match.hands_played == k + 1
            return tuple(hand.returns())
        assert match.hands_played == k
    raise AssertionError("hand not over after 5000 actions")


@pytest.mark.parametrize("seed", [7, 99])
def test_totals_and_hand_seeds_over_hands(game_backend, seed):
    # R9.1 / docs: each hand's score is added to the totals; hand k is dealt from hand_seed(seed, k).
    # With the default target (1000) no match can end after 2 hands (a hand is worth at most 600).
    b = game_backend
    rng = random.Random(seed)
    match = b.Match.new(seed)
    totals = (0, 0)
    for k in range(2):
        assert tuple(match.hand.hands) == tuple(b.deal(hand_seed(seed, k)))
        score = play_hand(match, rng)
        totals = (totals[0] + score[0], totals[1] + score[1])
        assert tuple(match.totals) == totals
        assert not match.is_terminal()
        assert match.winner is None
        assert match.hands_played == k + 1
        assert (match.decision, match.current_player) == (GRAND, 0)
        assert match.hand.history == ()
    assert tuple(match.hand.hands) == tuple(b.deal(hand_seed(seed, 2)))


def check_end_rule(match, target):
    """R9.1: the match is over iff one team has >= target and the totals differ; higher total wins."""
    t0, t1 = match.totals
    over = max(t0, t1) >= target and t0 != t1
    assert match.is_terminal() == over
    assert match.winner == ((0 if t0 > t1 else 1) if over else None)
    return over


@pytest.mark.parametrize("target", [1, 150, 300])
def test_match_ends_at_the_target(game_backend, target):
    # R9.1: after every hand, the end rule holds exactly; the match does end.
    b = game_backend
    rng = random.Random(target)
    match = b.Match.new(target, rules=Rules(target=target))
    for _ in range(40):
        play_hand(match, rng)
        if check_end_rule(match, target):
            return
    raise AssertionError("match not over after 40 hands")


def test_tie_at_or_above_the_target_plays_on(game_backend):
    # R9.1 (appendix): with target 1 a 50 : 50 hand is a tie above the target: the next hand is dealt.
    # Random hands end 50 : 50 now and then; the first ties found are checked.
    b = game_backend
    ties = 0
    for seed in range(300):
        rng = random.Random(seed)
        match = b.Match.new(seed, rules=Rules(target=1))
        play_hand(match, rng)
        if match.totals[0] == match.totals[1]:
            assert tuple(match.totals) == (50, 50)  # no calls: a hand is 100 card points or 200 : 0
            assert not match.is_terminal()
            assert match.winner is None
            assert match.hands_played == 1
            assert (match.decision, match.current_player) == (GRAND, 0)
            assert tuple(match.hand.hands) == tuple(b.deal(hand_seed(seed, 1)))
            while not check_end_rule(match, 1):
                play_hand(match, rng)
            ties += 1
            if ties == 2:
                return
        else:
            check_end_rule(match, 1)
    pytest.fail("no tied hand found in 300 seeds")


def test_match_clone_is_independent(game_backend):
    # docs: clone() is a copy sharing nothing.
    match = game_backend.Match.new(5)
    copy = match.clone()
    copy.apply(copy.hand.parse_action("grand tichu"))
    assert match.hand.history == ()
    assert (match.decision, match.current_player) == (GRAND, 0)
    assert (copy.decision, copy.current_player) == (GRAND, 1)


def test_match_legal_actions_are_the_hands(game_backend):
    # docs: Match.legal_actions / decision / current_player are those of the current hand.
    match = game_backend.Match.new(11)
    assert {str(a) for a in match.legal_actions()} == {"grand tichu", "no grand tichu"}
    assert match.legal_actions() == match.hand.legal_actions()
