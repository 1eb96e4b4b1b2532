"""The solver's search reductions against the plain search, and its threads (docs/solver.md).

Equivalent cards (`reduce=True`, the default) and the threads change how much
the search looks at, never what it proves: on random positions every value,
the best action and the principal line are those of the plain search on one
thread (C++ against C++; tests/play/test_solver_differential.py holds the solver
to the reference minimax on small positions).
"""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf
from tichu_fast.solver import SolveResult


def exact_part(result: SolveResult) -> tuple[object, ...]:
    """Everything an exact result says about the position (not its counts or time)."""
    actions = tuple((str(item.action), item.lower, item.upper) for item in result.actions)
    line = tuple(map(str, result.line))
    return result.value, result.lower, result.upper, result.exact, str(result.best), actions, line


def positions(seed: int, n: int, max_cards: int) -> list[tf.HandState]:
    """`n` positions in play with at most `max_cards` cards, reached by random legal play from random deals."""
    rng = random.Random(seed)
    out: list[tf.HandState] = []
    while len(out) < n:
        state = tf.HandState.new(rng.randrange(1 << 30))
        target = rng.randrange(4, max_cards + 1)
        while not state.is_terminal():
            in_play = state.decision not in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE)
            if in_play and sum(len(h) for h in state.hands) <= target:
                out.append(state)
                break
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("chunk", range(4))
def test_equivalent_cards_change_no_value(chunk: int) -> None:
    # R4.1, R3: suits matter only in straight flushes, so cards of one rank are one card elsewhere
    for state in positions(100 + chunk, 75, 13):
        plain = state.solve(reduce=False, fresh_table=True)
        assert plain.exact
        assert exact_part(state.solve(fresh_table=True)) == exact_part(plain), state.replay()


def test_a_straight_flush_keeps_its_suits() -> None:
    # R4.1: 2-6 of one suit is a bomb, the same ranks in mixed suits are not: the suits must not be merged
    hands = ["2j 3j 4j 5j 6j 6s 3s", "7s 7p 9t", "Kj Ks", "8s 8p 10t"]
    for leader in range(4):
        state = tf.HandState.from_position(hands, leader, played=[0, 1, 2, 3])
        plain = state.solve(reduce=False, fresh_table=True)
        assert exact_part(state.solve(fresh_table=True)) == exact_part(plain)


def test_equivalent_cards_are_searched_once() -> None:
    # R3, R4.1: the three pairs of sevens, and the singles of each rank, are one move each for the search
    state = tf.HandState.from_position(["7j 7s 7p 9j 9s", "8j 8s Qj", "10j 10s Jp", "3j 3s 4p"], 0)
    plain = state.solve(reduce=False, fresh_table=True)
    reduced = state.solve(fresh_table=True)
    assert exact_part(reduced) == exact_part(plain)
    assert reduced.nodes < plain.nodes


@pytest.mark.parametrize(
    "hands",
    [
        ["7j 8s Jp 2s", "3j 4s Kp", "9j 9s", "2j Qs"],  # 7, 8 and J, Q are the only cards of their ranks
        ["7j 8s Jp 2s", "3j 4s Kp", "9j 9s Ph", "2j Qs"],  # the Phoenix's single would rank between 7 and 8
        ["5j 6s 10p 2s", "3j 4s Kp", "9j 9s", "2j Qs"],  # 5 and 6, 10 and K differ in points or are apart
    ],
)
def test_adjacent_singles_nobody_separates_are_one_move(hands: list[str]) -> None:
    # R3, R5: a single of one of two ranks no other card lies between is answered by the same cards
    for leader in range(4):
        state = tf.HandState.from_position(hands, leader, played=[0, 1, 2, 3])
        plain = state.solve(reduce=False, fresh_table=True)
        assert exact_part(state.solve(fresh_table=True)) == exact_part(plain)


def test_an_exact_result_is_the_same_for_any_thread_count() -> None:
    for state in positions(7, 40, 14):
        one = state.solve(fresh_table=True)
        assert one.exact, state.replay()
        for threads in (2, 3):
            assert exact_part(state.solve(threads=threads, fresh_table=True)) == exact_part(one), state.replay()
            assert exact_part(state.solve(threads=threads)) == exact_part(one), state.replay()


def test_a_node_limit_on_threads_gives_proved_bounds() -> None:
    for state in positions(11, 12, 12):
        exact = state.solve(fresh_table=True)
        for threads in (2, 3):
            for budget in (0, 1, 50, 2000):
                partial = state.solve(max_nodes=budget, threads=threads, fresh_table=True)
                assert partial.lower <= exact.lower <= partial.upper, state.replay()
                for item, truth in zip(partial.actions, exact.actions, strict=True):
                    assert item.lower <= truth.lower <= item.upper
                if partial.exact:  # the line may be cut short by the budget, as with one thread
                    assert exact_part(partial)[:-1] == exact_part(exact)[:-1]
                else:
                    assert partial.line == ()


def test_bad_threads_and_reduce_raise_clear_errors() -> None:
    state = tf.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0)
    for bad in (0, -1):
        with pytest.raises(ValueError, match="threads"):
            state.solve(threads=bad)
    for wrong in (True, "2", 1.0):
        with pytest.raises(TypeError, match="threads"):
            state.solve(threads=wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reduce"):
        state.solve(reduce=1)  # type: ignore[arg-type]
    assert state.legal_actions()  # unchanged and usable


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def gift_positions(seed: int, n: int) -> list[tf.HandState]:
    """`n` tricks about to end on a Dragon (the others pass), with one or two seats out."""
    rng = random.Random(seed)
    out: list[tf.HandState] = []
    while len(out) < n:
        giver = rng.randrange(4)
        opponent = rng.choice([(giver + 1) % 4, (giver + 3) % 4])
        order = [(giver + 2) % 4, opponent] if rng.random() < 0.5 else [opponent]
        low = rng.randrange(0, 8)
        deck = [rank + suit for rank in RANKS[low : low + 5] for suit in "jspt"] + ["Ph", "MJ"]
        rng.shuffle(deck)
        hands = [[] if seat in order else [deck.pop() for _ in range(rng.randint(1, 4))] for seat in range(4)]
        after = [(giver + k) % 4 for k in (1, 2, 3) if hands[(giver + k) % 4]]
        state = tf.HandState.from_position(
            [" ".join(hand) for hand in hands],
            after[-1],
            out_order=order,
            table="Dr",
            table_player=giver,
            passed=after[:-1],
            played=[0, 1, 2, 3],
        )
        out.append(state)
    return out


def test_the_gift_the_search_skips_is_worth_no_more() -> None:
    # R5.5, R8.4: the giver leads next either way; the trick's pile counts for the recipient's team unless he
    # ends last, then for the first player's: with the first player an opponent both gifts have one value,
    # with the first player on the giver's team the gift to an opponent already out is worth no more
    cases = {"one value": 0, "dominated": 0}
    for state in gift_positions(5, 60):
        assert exact_part(state.solve(fresh_table=True)) == exact_part(state.solve(reduce=False, fresh_table=True))
        while state.decision != tf.Decision.DRAGON_GIFT and "pass" in map(str, state.legal_actions()):
            state.apply("pass")
        if state.decision != tf.Decision.DRAGON_GIFT:
            continue  # a bomb was the only answer
        giver, first = state.current_player, state.out_order[0]
        sign = 1 if giver % 2 == 0 else -1
        mine = {int(str(item.action).split()[-1]): item.lower * sign for item in state.solve(reduce=False).actions}
        if first % 2 != giver % 2:
            cases["one value"] += 1
            assert len(set(mine.values())) == 1, state.replay()
        else:
            cases["dominated"] += 1
            still_in = next(seat for seat in mine if state.hands[seat])
            assert mine[still_in] == max(mine.values()), state.replay()
    assert min(cases.values()) >= 10, cases
