"""Worlds (docs/positions.md "Worlds", R10.3, R6.3): full states that agree with what one seat knows.

Written for clarity, not speed. The record of a hand is rebuilt by replaying
it from its start (`record`); a world is drawn by rejection (deal the unseen
cards at random, keep the deal when every constraint the record proves
holds) and then built by replaying the record, as the seat saw it, on the
world's cards (`build_world`), so the state machine itself checks it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from tichu_fast.enums import ActionKind, Decision
from tichu_fast.errors import TichuError

from .actions import Action
from .cards import DECK, Cards, card_rank, indices_of, is_normal, rank_name
from .deal import SplitMix64
from .legal import legal_moves
from .moves import Move
from .origin import Deal, Position

if TYPE_CHECKING:
    from .hand_state import HandState

__all__ = [
    "MAX_REJECTIONS",
    "Step",
    "WorldDeal",
    "WorldPosition",
    "belief_weights",
    "draw_worlds",
    "information_state_string",
    "log_likelihood",
    "public_view",
    "random_play_probability",
    "record",
    "twin_replay",
    "with_hands",
]

MAX_REJECTIONS = 10**6  # rejected deals in a row before giving up (docs/positions.md "Worlds")
NO_REPLAY = "a world (made by resample or with_hands) has no replay: its history is what one seat saw"
DECLINE = Action.play(Move("pass"))


@dataclass(frozen=True)
class Step:
    """One applied action with the public situation it was taken in."""

    decision: Decision
    seat: int
    action: Action
    table: Move | None
    wish: int | None


@dataclass(frozen=True)
class WorldDeal(Deal):
    """The deal of a world: the record it was built from replaces the replay (which it has not)."""

    record: tuple[Step, ...] = ()
    stop: tuple[Decision, int] = (Decision.OVER, -1)  # the decision and seat when it was built

    def text(self) -> str:
        """A world has no replay."""
        raise TichuError(NO_REPLAY)


@dataclass(frozen=True)
class WorldPosition(Position):
    """The start of a world drawn from a position (its hands those of the world)."""

    record: tuple[Step, ...] = ()
    stop: tuple[Decision, int] = (Decision.OVER, -1)

    def text(self) -> str:
        """A world has no replay."""
        raise TichuError(NO_REPLAY)


# -- the record ------------------------------------------------------------------


def _start(state: HandState, origin: Deal | Position) -> HandState:
    return type(state)._start(origin, state.rules)


def _decline_while(state: HandState, pending: Callable[[HandState], bool]) -> None:
    """Decline bomb offers (R10.2) a world's history leaves out, while `pending` says so."""
    while state.decision == Decision.BOMB and pending(state):
        state._apply_legal(DECLINE)  # declining is always legal (R10.2)


def public_view(state: HandState, player: int) -> HandState:
    """The state as `player` may see it (R10.3): during another seat's bomb offer, a copy with every
    offer pending to another seat declined (up to his own), as if no other seat held a beating bomb."""
    if state.decision != Decision.BOMB or state.current_player == player:
        return state
    view = state.clone()
    _decline_while(view, lambda s: s.current_player != player)
    return view


def _step(state: HandState, action: Action) -> Step:
    return Step(state.decision, state.current_player, action, state.table, state.wish)


def _replay_steps(state: HandState, steps: Sequence[Step], checked: bool = True) -> None:
    """Apply the steps of a record to `state`, declining the offers it leaves out.

    Unchecked (a record of actions once applied, or a world whose cards the
    constraints proved legal for every step) the actions skip the legality
    check, most of the cost of a replay.
    """
    for step in steps:
        if step.decision == Decision.BOMB:
            _decline_while(state, lambda s, seat=step.seat: s.current_player != seat)  # type: ignore[misc]
        else:
            _decline_while(state, lambda _: True)
        if (state.decision, state.current_player) != (step.decision, step.seat):
            raise TichuError(f"the record does not replay: {step.action} at {state!r}")
        if checked:
            state.apply(step.action)
        else:
            state._apply_legal(step.action)


def _stop(state: HandState, stop: tuple[Decision, int]) -> None:
    _decline_while(state, lambda s: (s.decision, s.current_player) != stop)


def record(state: HandState) -> list[Step]:
    """Every step of `state`'s history with its decision, seat, table and wish, by replaying it."""
    origin = state._origin
    base: tuple[Step, ...] = getattr(origin, "record", ())
    replayed = _start(state, origin)
    _replay_steps(replayed, base, checked=False)  # every action was checked when it was applied
    steps = list(base)
    if isinstance(origin, (WorldDeal, WorldPosition)):
        _stop(replayed, origin.stop)
    for action in state.history[len(base) :]:
        steps.append(_step(replayed, action))
        replayed._apply_legal(action)
    return steps


def _is_declined_offer(step: Step) -> bool:
    return step.decision == Decision.BOMB and step.action.move is not None and step.action.move.is_pass


def seen_steps(steps: Sequence[Step], player: int | None) -> list[Step]:
    """The steps `player` saw: other seats' declined offers left out (all of them for None)."""
    return [s for s in steps if not (_is_declined_offer(s) and s.seat != player)]


# -- inference: the likelihood of the other seats' plays (docs/bots.md "Inference") --------


def random_play_probability(state: HandState, action: Action) -> float:
    """The uniform policy's probability of `action` among the legal plays and passes of `state` (no call)."""
    del action
    plays = sum(1 for a in state.legal_actions() if a.kind == ActionKind.PLAY)
    return 1.0 if plays <= 1 else 1.0 / plays


def log_likelihood(state: HandState, player: int, probability: Callable[[HandState, Action], float]) -> float:
    """The log-likelihood of the in-turn plays and passes of the seats other than `player`.

    The record of `state` is replayed from its start on its hands; before each
    such step (an in-play Tichu call is none) `probability(state then, action)`
    is the policy model's chance of it. A true hand or a world alike.
    """
    total = 0.0
    replayed = _start(state, state._origin)
    for step in record(state):
        if step.decision == Decision.BOMB:
            _decline_while(replayed, lambda s, seat=step.seat: s.current_player != seat)  # type: ignore[misc]
        else:
            _decline_while(replayed, lambda _: True)
        if step.seat != player and step.decision == Decision.PLAY and step.action.kind == ActionKind.PLAY:
            total += math.log(probability(replayed, step.action))
        replayed._apply_legal(step.action)
    return total


def belief_weights(
    states: Sequence[HandState], player: int, probability: Callable[[HandState, Action], float]
) -> list[float]:
    """Each state's likelihood (`log_likelihood`) divided by their sum: self-normalised importance weights."""
    logs = [log_likelihood(state, player, probability) for state in states]
    if not logs:
        return []
    top = max(logs)
    likelihoods = [math.exp(v - top) for v in logs]
    total = sum(likelihoods)
    return [v / total for v in likelihoods]


# -- the information state ---------------------------------------------------------


def information_state_string(state: HandState, player: int) -> str:
    """A key equal for two states exactly when `player` knows the same (docs/positions.md "Worlds")."""
    seen = state.observation(player)
    origin = state._origin
    if isinstance(origin, Deal):
        start = "deal"
    else:  # a position's public part: everything but the hands' cards
        sizes = ",".join(str(len(hand)) for hand in origin.hands)
        piles = "|".join(str(pile) for pile in origin.piles)
        start = (
            f"position leader={origin.leader} sizes={sizes} piles={piles} out={list(origin.out_order)} "
            f"calls={[int(c) for c in origin.calls]} wish={origin.wish} played={sorted(origin.played)}"
        )
    lines = [
        f"player {player}",
        f"rules bombs_out_of_turn={int(state.rules.bombs_out_of_turn)}",
        start,
        f"hand {seen.hand}",
        f"pushed {seen.pushed}",
        f"received {seen.received}",
        f"decision {seen.decision.name} seat {seen.current_player}",  # never another seat's offer (R10.3)
    ]
    for step in seen_steps(record(state), player):
        hidden_push = step.decision == Decision.EXCHANGE and step.seat != player
        lines.append(f"{step.seat} {'push' if hidden_push else step.action}")
    return "\n".join(lines)


# -- the constraints a record proves -------------------------------------------------


def _has_wished_card(move: Move, wish: int) -> bool:
    return any(is_normal(card) and card_rank(card) == wish for card in indices_of(move.cards))


@dataclass(frozen=True)
class WishConstraint:
    """R6.3: `seat` acted in turn under `wish` without the wished rank: that was legal for its hand then."""

    seat: int
    table: Move | None
    wish: int
    move: Move
    played_since: Cards  # what the seat played from then on (that move included)

    def holds(self, hand: Cards) -> bool:
        """Whether `hand` (the seat's hand now) allowed that move then."""
        return self.move in legal_moves(hand | self.played_since, self.table, self.wish)


def wish_constraints(steps: Sequence[Step]) -> list[WishConstraint]:
    """Every in-turn action taken under a wish without a real card of the wished rank (R6.3)."""
    found = []
    for i, step in enumerate(steps):
        move = step.action.move
        if step.decision != Decision.PLAY or step.wish is None or move is None:
            continue
        if _has_wished_card(move, step.wish):
            continue
        since = Cards()
        for later in steps[i:]:
            if later.seat == step.seat and later.action.move is not None:
                since = since | later.action.move.cards
        found.append(WishConstraint(step.seat, step.table, step.wish, move, since))
    return found


def _holds_beating_bomb(hand: Cards, table: Move | None) -> bool:
    return len(legal_moves(hand, table, out_of_turn=True)) > 1  # R10.2: more than the pass


def broken_constraint(state: HandState, hands: Sequence[Cards], wishes: Sequence[WishConstraint]) -> str | None:
    """Why `hands` contradict the record's wish constraints or the bomb offer under way, or None."""
    for c in wishes:
        if not c.holds(hands[c.seat]):
            return f"seat {c.seat} did not play the wished {rank_name(c.wish)} on {c.table} (R6.3)"
    if state.decision == Decision.BOMB and not _holds_beating_bomb(hands[state.current_player], state.table):
        return f"seat {state.current_player} is offered a bomb now and must hold one that beats {state.table} (R10.2)"
    return None


def first_leader(state: HandState, steps: Sequence[Step]) -> int:
    """The seat that led (or leads now) the first trick after the exchange: the Mah Jong's holder (R2.3)."""
    return next((s.seat for s in steps if s.decision == Decision.PLAY), state.current_player)


# -- building a world -----------------------------------------------------------------


def _first_eight_kept(old: Sequence[str], dealt: Cards) -> list[str]:
    """A dealt order: the old first 8 it still holds, filled up with its lowest new cards, then the rest."""
    kept = [name for name in old[:8] if name in dealt]
    rest = [name for name in dealt if name not in kept]
    return kept + rest


def _dealt(state: HandState, hands: Sequence[Cards], pushes: Sequence[tuple[str, str, str] | None]) -> list[Cards]:
    """Each seat's 14 dealt cards, given its cards now and the pushes (R2.2)."""
    if not state._exchanged:
        return list(hands)
    dealt = []
    for seat in range(4):
        since = hands[seat] | state._played[seat]
        received = Cards([pushes[giver][(seat - giver) % 4 - 1] for giver in range(4) if giver != seat])  # type: ignore[index]
        dealt.append(since - received | Cards(list(pushes[seat])))  # type: ignore[arg-type]
    return dealt


def build_world(
    state: HandState,
    steps: Sequence[Step],
    hands: Sequence[Cards],
    pushes: Sequence[tuple[str, str, str] | None],
    orders: Sequence[Sequence[str]] | None = None,
) -> HandState:
    """A state with these hands and pushes whose history is `steps`: it is replayed on them."""
    view: list[Step] = []
    for step in steps:
        if step.decision == Decision.EXCHANGE:
            push = pushes[step.seat]
            assert push is not None
            step = Step(step.decision, step.seat, Action.push_cards(*push), step.table, step.wish)
        view.append(step)
    stop = (state.decision, state.current_player)
    origin = state._origin
    world_origin: Deal | Position
    if isinstance(origin, Deal):
        dealt = _dealt(state, hands, pushes)
        names: list[str] = []
        for seat in range(4):
            order = list(orders[seat]) if orders is not None else list(dealt[seat])
            names.extend(_first_eight_kept(order, dealt[seat]))
        world_origin = WorldDeal(tuple(names), tuple(view), stop)
    else:
        values = {f.name: getattr(origin, f.name) for f in fields(Position)}
        values["hands"] = tuple(hands[seat] | state._played[seat] for seat in range(4))
        world_origin = WorldPosition(**values, record=tuple(view), stop=stop)
    world = _start(state, world_origin)
    _replay_steps(world, view, checked=False)
    _stop(world, stop)
    world._history = [step.action for step in view]
    if list(world.hands) != list(hands) or (world.decision, world.current_player) != stop:
        raise TichuError("internal error: the world does not rebuild its hands")  # the replay checks itself
    return world


def twin_replay(state: HandState) -> str:
    """The replay text of `state` on its own cards, a world's included, for the C++ twin a bot decides on.

    A world has no replay (its history is what one seat saw), but it was
    built by replaying a record on its cards, declining the bomb offers the
    record leaves out (`build_world`): the same replay, with those declines
    written, rebuilds it in either backend (tichu_fast.bots.twin).
    """
    origin = state._origin
    if not isinstance(origin, (WorldDeal, WorldPosition)):
        return state.replay()
    replayed = _start(state, origin)
    _replay_steps(replayed, origin.record, checked=False)
    _stop(replayed, origin.stop)
    for action in state.history[len(origin.record) :]:  # played on the world since it was drawn
        replayed._apply_legal(action)
    if isinstance(origin, WorldDeal):
        replayed._origin = Deal(origin.names)
    else:
        replayed._origin = Position(**{f.name: getattr(origin, f.name) for f in fields(Position)})
    return replayed.replay()


# -- drawing worlds ----------------------------------------------------------------------


def _shuffled(rng: SplitMix64, cards: Sequence[str]) -> list[str]:
    """A Fisher-Yates shuffle drawing from `rng` (unbiased `below`)."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _origin_order(state: HandState, seat: int) -> list[str]:
    origin = state._origin
    return list(origin.hand(seat)) if isinstance(origin, Deal) else list(state.hands[seat])


def draw_worlds(state: HandState, player: int, n: int, seed: int) -> list[HandState]:
    """`n` worlds for `player` from one SplitMix64(seed) stream (docs/positions.md "Worlds")."""
    rng = SplitMix64(seed)
    state = public_view(state, player)  # worlds at the position he sees, no bomb forced on anyone (R10.3)
    steps = seen_steps(record(state), player)
    if state.decision == Decision.GRAND_TICHU:
        return [_draw_before_grand_tichu(state, player, rng, steps) for _ in range(n)]
    if not state._exchanged:
        return [_draw_before_exchange(state, player, rng, steps) for _ in range(n)]
    wishes = [c for c in wish_constraints(steps) if c.seat != player]
    return [_draw_in_play(state, player, rng, steps, wishes) for _ in range(n)]


def _draw_before_grand_tichu(state: HandState, player: int, rng: SplitMix64, steps: list[Step]) -> HandState:
    # R2.1: he has seen his first 8; his last 6 and the others' 14 (first 8 among them) are unseen
    first_eight = _origin_order(state, player)[:8]
    pool = _shuffled(rng, list(DECK - Cards(first_eight)))
    orders: list[list[str]] = []
    for seat in range(4):
        if seat == player:
            orders.append(first_eight + pool[:6])
            pool = pool[6:]
        else:
            orders.append(pool[:14])
            pool = pool[14:]
    hands = [Cards(order) for order in orders]
    return build_world(state, steps, hands, [None] * 4, orders)


def _draw_before_exchange(state: HandState, player: int, rng: SplitMix64, steps: list[Step]) -> HandState:
    # R10.3: he holds his 14; the others' 14 are unseen, and so are the pushes they have chosen
    mine = _origin_order(state, player)
    pool = _shuffled(rng, list(DECK - Cards(mine)))
    orders = []
    for seat in range(4):
        if seat == player:
            orders.append(mine)
        else:
            orders.append(pool[:14])
            pool = pool[14:]
    pushes: list[tuple[str, str, str] | None] = list(state._pushes)
    for seat in range(4):
        if seat != player and pushes[seat] is not None:
            cards = sorted(orders[seat])
            picked = []
            for _ in range(3):  # an ordered triple of distinct cards, uniform
                picked.append(cards.pop(rng.below(len(cards))))
            pushes[seat] = (picked[0], picked[1], picked[2])
    hands = [Cards(order) for order in orders]
    return build_world(state, steps, hands, pushes, orders)


def _pinned(state: HandState, player: int, steps: list[Step]) -> list[Cards]:
    """Cards `player` knows to be in another seat's hand (docs/positions.md "Pinned cards")."""
    pinned = [Cards() for _ in range(4)]
    if not isinstance(state._origin, Deal):
        return pinned  # a position has no exchange
    my_push = state._pushes[player]
    assert my_push is not None
    for offset, name in enumerate(my_push, start=1):
        receiver = (player + offset) % 4
        if name in state.hands[receiver]:  # R2.2: with its receiver until he plays it
            pinned[receiver] = pinned[receiver] | Cards(name)
    leader = first_leader(state, steps)
    if leader != player and "MJ" in state.hands[leader]:  # R2.3: an unplayed Mah Jong stays with him
        pinned[leader] = pinned[leader] | Cards("MJ")
    return pinned


def _draw_in_play(
    state: HandState, player: int, rng: SplitMix64, steps: list[Step], wishes: list[WishConstraint]
) -> HandState:
    others = [seat for seat in range(4) if seat != player]
    pinned = _pinned(state, player, steps)
    unseen = Cards()
    for seat in others:
        unseen = unseen | (state.hands[seat] - pinned[seat])
    for _ in range(MAX_REJECTIONS):
        pool = _shuffled(rng, list(unseen))
        hands = list(state.hands)
        for seat in others:
            free = len(state.hands[seat]) - len(pinned[seat])
            hands[seat] = pinned[seat] | Cards(pool[:free])
            pool = pool[free:]
        if broken_constraint(state, hands, wishes) is None:
            return build_world(state, steps, hands, _draw_pushes(state, player, rng, hands))
    raise TichuError(f"no consistent world found in {MAX_REJECTIONS} draws")


def _draw_pushes(
    state: HandState, player: int, rng: SplitMix64, hands: list[Cards]
) -> list[tuple[str, str, str] | None]:
    """The pushes between the other seats, drawn anew (docs/positions.md "Hidden parts drawn too")."""
    if not isinstance(state._origin, Deal):
        return list(state._pushes)
    my_push = state._pushes[player]
    assert my_push is not None
    to: dict[tuple[int, int], str] = {}  # (giver, receiver) -> card
    for giver in range(4):  # what was pushed to him he knows
        if giver != player:
            to[giver, player] = state._pushes[giver][(player - giver) % 4 - 1]  # type: ignore[index]
    for receiver in range(4):
        if receiver == player:
            continue
        mine = my_push[(receiver - player) % 4 - 1]
        cards = sorted((hands[receiver] | state._played[receiver]) - Cards(mine))
        givers = [g for g in range(4) if g not in (player, receiver)]
        for giver in givers:  # an ordered pair of distinct cards, uniform
            to[giver, receiver] = cards.pop(rng.below(len(cards)))
    pushes: list[tuple[str, str, str] | None] = [my_push] * 4
    for giver in range(4):
        if giver != player:
            names = [to[giver, (giver + offset) % 4] for offset in (1, 2, 3)]
            pushes[giver] = (names[0], names[1], names[2])
    return pushes


# -- with_hands --------------------------------------------------------------------------


def _as_cards(x: Any, seat: int) -> Cards:
    if isinstance(x, Cards):
        return x
    if isinstance(x, bool) or x is None:
        raise TypeError(f"hand {seat} must be Cards, card text, a mask or card names, not {type(x).__name__}")
    return Cards(x)


def with_hands(state: HandState, hands: Any) -> HandState:
    """The same record with other hands: an omniscient swap (docs/positions.md `with_hands`)."""
    if isinstance(hands, (str, bytes, Cards)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of four card sets")
    if len(hands) != 4:
        raise ValueError(f"hands must hold 4 card sets, not {len(hands)}")
    new = [_as_cards(hand, seat) for seat, hand in enumerate(hands)]
    for seat in range(4):
        if len(new[seat]) != len(state.hands[seat]):
            raise ValueError(f"hand {seat} holds {len(new[seat])} cards, not {len(state.hands[seat])}")
    held_now = Cards()
    for hand in state.hands:
        held_now = held_now | hand
    given = Cards()
    for hand in new:
        given = given | hand
    if given != held_now or sum(len(hand) for hand in new) != len(held_now):
        raise ValueError(f"the hands must share out the cards held now ({held_now}), each once")
    steps = seen_steps(record(state), None)
    origin = state._origin
    if state.decision == Decision.GRAND_TICHU:
        for seat in range(4):
            if not state.seen(seat) <= new[seat]:
                raise ValueError(f"seat {seat} no longer holds its seen first 8 ({state.seen(seat)})")
    elif not state._exchanged:
        for seat, push in enumerate(state._pushes):
            if push is not None and not Cards(list(push)) <= new[seat]:
                raise ValueError(f"seat {seat} no longer holds its chosen push {push}")
    elif isinstance(origin, Deal):
        for giver, push in enumerate(state._pushes):
            assert push is not None
            for offset, name in enumerate(push, start=1):
                receiver = (giver + offset) % 4
                if name not in new[receiver] | state._played[receiver]:
                    raise ValueError(f"{name} pushed by seat {giver} is not with its receiver, seat {receiver}")
        leader = first_leader(state, steps)
        if "MJ" in held_now and "MJ" not in new[leader]:
            raise ValueError(f"the Mah Jong leaves seat {leader}, which led the first trick (R2.3)")
    why = broken_constraint(state, new, wish_constraints(steps))
    if why is not None:
        raise ValueError(why)
    orders = [_origin_order(state, seat) for seat in range(4)] if isinstance(origin, Deal) else None
    return build_world(state, steps, new, list(state._pushes), orders)
