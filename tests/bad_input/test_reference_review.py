"""The review's decisions on bad input (common to both backends), checked on both.

Seeds, `hand_seed`, empty card names and card sets in `from_deal`, the replay
reader (exact deal lines, each rules key once, bounded lines, short error
messages), exact action text (`Ph` is the Phoenix as led), and
`HandState.is_legal`.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import time

import pytest

import tichu_fast.reference as reference_package
from tichu_fast.reference.deal import SplitMix64

BACKENDS = ["cpp", "reference"]
MODULES = {"cpp": "tichu_fast", "reference": "tichu_fast.reference"}


def load(name: str):
    return importlib.import_module(MODULES[name])


def dealt_names(tf, seed: int = 1) -> list[list[str]]:
    deck = tf.shuffled_deck(seed)
    return [deck[14 * seat : 14 * seat + 14] for seat in range(4)]


# -- seeds and hand_seed (decisions 1 and 10) ----------------------------------------


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), (1.0, TypeError), (-1, ValueError), (2**64, ValueError)]
)
def test_hand_seeds(name, seed, error):
    # R2.1: a seed is an int 0..2**64-1.
    tf = load(name)
    with pytest.raises(error):
        tf.HandState.new(seed)


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    ("seed", "error"), [(True, TypeError), ("7", TypeError), (-1, ValueError), (2**64, ValueError)]
)
def test_match_seeds(name, seed, error):
    # R9.1: the match's seed is checked like a hand's.
    tf = load(name)
    with pytest.raises(error):
        tf.Match.new(seed)


@pytest.mark.parametrize("name", BACKENDS)
def test_hand_seed_is_exported_and_checked(name):
    # R9.1 (docs/game.md "Match"): hand k is dealt from the k-th SplitMix64 output.
    tf = load(name)
    rng = SplitMix64(2026)
    assert [tf.hand_seed(2026, k) for k in range(6)] == [rng.next() for _ in range(6)]
    assert tf.hand_seed(2**64 - 1, 2**64 - 1) == SplitMix64((2**64 - 1) * (1 + SplitMix64.GAMMA) % 2**64).next()
    for seed, k, error in [(True, 0, TypeError), (0, True, TypeError), (0, 1.5, TypeError), (0, -1, ValueError)]:
        with pytest.raises(error):
            tf.hand_seed(seed, k)
    with pytest.raises(ValueError):
        tf.hand_seed(0, 2**64)


# -- from_deal: empty card names and sets (decisions 3 and 7) -------------------------


@pytest.mark.parametrize("name", BACKENDS)
def test_from_deal_refuses_empty_card_names(name):
    # R2.1: a deal names 14 cards per seat; an empty name is bad notation, not a missing key.
    tf = load(name)
    names = dealt_names(tf)
    with pytest.raises(tf.InvalidNotationError):
        tf.HandState.from_deal([["", *names[0][1:]], *names[1:]])
    doubled_comma = ",".join(names[0][:5]) + ",," + ",".join(names[0][5:])
    with pytest.raises(tf.InvalidNotationError):
        tf.HandState.from_deal([doubled_comma, *names[1:]])
    assert tf.HandState.from_deal([", ".join(n) for n in names]).hands == tf.HandState.from_deal(names).hands


@pytest.mark.parametrize("name", BACKENDS)
def test_from_deal_refuses_card_sets(name):
    # R2.1: which 8 cards a seat sees first depends on the deal order, which a set lacks.
    tf = load(name)
    names = dealt_names(tf)
    with pytest.raises(TypeError, match="order"):
        tf.HandState.from_deal([tf.Cards(names[0]), *names[1:]])
    with pytest.raises(TypeError):
        tf.HandState.from_deal([set(names[0]), *names[1:]])


# -- the replay reader (decisions 4, 5 and 11) -----------------------------------------


def _replay_lines(tf) -> list[str]:
    state = tf.HandState.new(11)
    for _ in range(9):
        state.apply_index(0)
    return state.replay().splitlines()


@pytest.mark.parametrize("name", BACKENDS)
def test_replay_rules_key_once(name):
    # R10.2's option may be given once: a repeated key is a malformed replay.
    tf = load(name)
    lines = _replay_lines(tf)
    for rules in ("rules bombs_out_of_turn=1 bombs_out_of_turn=0", "rules target=500 bombs_out_of_turn=1 target=700"):
        with pytest.raises(tf.InvalidNotationError, match="line 2"):
            tf.HandState.from_replay("\n".join([lines[0], rules, *lines[2:]]))


@pytest.mark.parametrize("name", BACKENDS)
def test_replay_deal_line_is_exact(name):
    # R2.1: the deal line lists the canonical names exactly as replay() writes them.
    tf = load(name)
    lines = _replay_lines(tf)
    assert tf.HandState.from_replay("\n".join(lines)).replay().splitlines() == lines
    lowered = lines[2].replace(" Ph", " ph").replace(" Dr", " dr").replace(" MJ", " mj").replace("A", "a")
    assert lowered != lines[2]
    with pytest.raises(tf.InvalidNotationError, match="line 3"):
        tf.HandState.from_replay("\n".join([lines[0], lines[1], lowered, *lines[3:]]))


HUGE_REPLAYS = {  # built in the test, so that 100 MB strings do not live through the session
    "one-line": lambda: "x" * 100_000_000,
    "long-line": lambda: "tichu_fast replay 1\n" + "y" * 100_000_000,
    "many-lines": lambda: "tichu_fast replay 1\n" + "\n" * 100_000_000,
    "long-deal": lambda: "tichu_fast replay 1\nrules bombs_out_of_turn=1\ndeal " + "2j " * 30_000_000,
}


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("kind", list(HUGE_REPLAYS))
def test_huge_replays_fail_fast_and_short(name, kind):
    # A replay is untrusted input: 100 MB fails at once, with a short message.
    tf = load(name)
    text = HUGE_REPLAYS[kind]()
    start = time.process_time()  # CPU time of this process: a busy machine does not count
    with pytest.raises(tf.InvalidNotationError) as caught:
        tf.HandState.from_replay(text)
    assert time.process_time() - start < 2.0
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("name", BACKENDS)
def test_error_messages_quote_at_most_80_characters(name):
    # Error messages name the bad part without echoing the whole input.
    tf = load(name)
    noise = "Q" * 1000
    lines = _replay_lines(tf)
    state = tf.HandState.new(3)
    attempts = [
        lambda: tf.HandState.from_replay(noise + "\n" + "\n".join(lines[1:])),
        lambda: tf.HandState.from_replay("\n".join([lines[0], "rules " + noise, *lines[2:]])),
        lambda: tf.HandState.from_replay("\n".join([lines[0], lines[1], "position " + noise])),
        lambda: tf.HandState.from_replay("\n".join([*lines, "wish " + noise])),
        lambda: state.apply(noise),
        lambda: state.apply("give " + noise),
        lambda: tf.Move("Ph:" + noise + " 5j"),
    ]
    for attempt in attempts:
        with pytest.raises(tf.InvalidNotationError) as caught:
            attempt()
        assert "Q" * 81 not in str(caught.value)
        assert len(str(caught.value)) < 300
    assert state.history == ()


# -- exact action text (decision 6) -------------------------------------------------------


def _on_a_nine(tf):
    state = tf.HandState.from_position(["9j 3s", "Ph 2j", "4j 5j", "6j 7j"], 0)
    state.apply("9j")
    return state


@pytest.mark.parametrize("name", BACKENDS)
def test_bare_phoenix_is_the_led_single(name):
    # R3.2: `Ph` reads as the Phoenix led (1.5); on a 9 it must be written Ph:9.5.
    tf = load(name)
    state = _on_a_nine(tf)
    before = state.replay()
    with pytest.raises(tf.IllegalMoveError):
        state.apply("Ph")
    assert state.replay() == before
    state.apply("Ph:9.5")
    assert str(state.table) == "Ph:9.5"
    assert state.replay().splitlines()[-1] == "Ph:9.5"


@pytest.mark.parametrize("name", BACKENDS)
def test_bare_phoenix_message_suggests_the_rank(name):
    # R3.2: the message tells how to write the Phoenix on this table.
    tf = load(name)
    with pytest.raises(tf.IllegalMoveError, match=r"Ph:9\.5"):
        _on_a_nine(tf).apply("Ph")


# -- is_legal --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BACKENDS)
def test_is_legal(name):
    # R10.1: is_legal answers what apply would do, without changing anything.
    tf = load(name)
    state = _on_a_nine(tf)
    before = state.replay()
    assert all(state.is_legal(action) for action in state.legal_actions())
    assert state.is_legal("Ph:9.5")
    assert state.is_legal("pass")
    assert not state.is_legal("Ph")  # R3.2: the led Phoenix, not legal on a 9
    assert not state.is_legal("2j")  # R5.2: lower than the table
    assert not state.is_legal("tichu")  # R7.2: seat 1 has played (from_position: every seat has)
    assert not state.is_legal("no wish")  # an action of another decision
    assert not state.is_legal("4j")  # not in his hand
    with pytest.raises(tf.InvalidNotationError):
        state.is_legal("Xz")
    with pytest.raises(tf.InvalidNotationError):
        state.is_legal("")
    with pytest.raises(TypeError):
        state.is_legal(3)
    assert state.replay() == before
    fresh = tf.HandState.new(5)
    assert fresh.is_legal("grand tichu")
    assert not fresh.is_legal("pass")


# -- every public name of the reference has a docstring ---------------------------------------


def test_reference_public_names_have_docstrings():
    missing = []
    for info in pkgutil.iter_modules(reference_package.__path__):
        module = importlib.import_module(f"tichu_fast.reference.{info.name}")
        if not module.__doc__:
            missing.append(module.__name__)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if getattr(obj, "__module__", None) != module.__name__:
                continue  # defined elsewhere (enums, errors, rules)
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and not obj.__doc__:
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                    if not attr.startswith("_") and callable(function) and not function.__doc__:
                        missing.append(f"{module.__name__}.{name}.{attr}")
    assert missing == []


def test_reference_clone_shares_nothing_it_may_change():
    # clone() copies the slots its annotations call lists or sets and shares the rest; a slot of another
    # mutable kind (a dict, a deque) added later would be shared between clones without this check
    from tichu_fast.reference import hand_state

    state = reference_package.HandState.new(5)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    state.legal_actions()  # fills the legal-actions cache, which clones may share: it is replaced, never changed
    for name in hand_state._SHARED_SLOTS:
        value = getattr(state, name)
        assert name.startswith("_legal") or not isinstance(value, (list, set, dict, bytearray)), name
    before = state.replay()
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[0])
    assert state.replay() == before
