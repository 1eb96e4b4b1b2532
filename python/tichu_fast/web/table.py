"""One table of `tichu-fast play`: a match where people hold some seats and bots the others.

Plain Python, no web library and no timer: the server (`tichu_fast.web.server`)
carries `Table.message(seat)` to each seat's browser, the browser's actions to
`Table.act`, and says when a person has been idle too long (`take_over`).

What a seat is sent is built from `observation(seat)` alone (R10.3; the
viewer's seat frame, `tichu_fast.view`): its cards, its push and what it
received, the public record, its legal actions when it is to act; never
another hand, a seed, or a world a bot drew. Nothing a seat receives depends
on another seat's declined bomb offer (it would show who holds a bomb, R10.3):
such an offer is not announced to the others, does not count in their
`version`, and their message is the same whether it is still pending or
declined. A bot decides its offers together with the play before them
(`step_bot`). A person answering a play whose offers another person still
weighs has the answer held (`act`) and applied once those offers are declined.
Every action is checked by the engine (`Match.apply`): a bad one raises and
changes nothing.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable
from typing import Any

from tichu_fast import view
from tichu_fast._core import Action, hand_seed
from tichu_fast.bots import make_bot
from tichu_fast.bots.seats import VIEW_STREAM, Seats
from tichu_fast.enums import ActionKind, Decision
from tichu_fast.errors import IllegalMoveError
from tichu_fast.hand import HandState
from tichu_fast.match import Match
from tichu_fast.rules import Rules

__all__ = ["HINT_BOT", "MAX_MESSAGE", "MAX_NAME", "Table", "TableError"]

MAX_MESSAGE = 1000  # characters of one message from the browser; an action's text is far shorter
MAX_NAME = 20  # characters of a person's name at the table
HINT_BOT = "ismcts:iterations=400"  # the hint's bot: a few milliseconds a decision
_HINT_STREAM = 0x2545F4914F6CDD1D  # mixed into the seeds of the hints' worlds


class TableError(ValueError):
    """An action or message the table refuses (not the seat's turn, unreadable, illegal); nothing changed."""


def _action_entry(action: Action) -> dict[str, Any]:
    """A legal action as the browser gets it: its text, and the cards it plays."""
    entry: dict[str, Any] = {"text": str(action), "kind": action.kind.name}
    if action.kind == ActionKind.PLAY and action.move is not None and not action.move.is_pass:
        entry["cards"] = list(action.move.cards)
    return entry


def _declined(action: Action, decision: Decision) -> bool:
    """Whether `action` declines a bomb offer (R10.2): only the seat that declines may know of it."""
    return decision == Decision.BOMB and action.move is not None and action.move.is_pass


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, not {seat!r:.20}")
    return seat


class Table:
    """A match at one table. `seat` is the host's (the person who opened it); `people` the other seats
    kept for people (each reached by its own secret link); bots built by `make_bot` SPECs sit in the
    rest, `partner` opposite the host and `opponents` beside him.

    Every seat has its bot: it plays an open seat nobody took, and a person's seat while he is away
    (`take_over`, until he acts again). A table with people besides the host starts in a lobby and
    plays once every seated person is ready (`ready`). The deals come from a secret random seed (never
    sent). A finished hand is kept (its replay) for its viewer page; the next hand starts once every
    seated person has pressed on (`next_hand`).
    """

    def __init__(
        self,
        *,
        seat: int = 0,
        people: Iterable[int] = (),
        partner: str = "heuristic",
        opponents: str = "heuristic",
        rules: Rules | None = None,
        seed: int | None = None,
        hint: str = HINT_BOT,
        seat_idle: float = 30.0,
    ) -> None:
        self.seat = _seat(seat)
        self.people = frozenset({self.seat, *(_seat(p) for p in people)})
        self.specs = [partner if s == (seat + 2) % 4 else opponents for s in range(4)]
        # 192 random bits a seat: the address of its page and its key
        self.tokens = [secrets.token_urlsafe(24) for _ in range(4)]
        self.token = self.tokens[self.seat]
        self.hint_spec = hint
        self.seat_idle = seat_idle  # seconds a person may think before his bot plays for him (the server's timer)
        make_bot(hint)  # a bad SPEC fails here
        self._match = Match.new(secrets.randbits(64) if seed is None else seed, rules)
        self._secret = secrets.randbits(64) if seed is None else seed ^ 0x5DEECE66D  # bots' resets and views
        self._seats = Seats([make_bot(spec) for spec in self.specs], self._secret ^ VIEW_STREAM)
        self.held = [s == self.seat for s in range(4)]  # a person sits there (the host from the start)
        self.names = [""] * 4
        self.ready = [False] * 4
        self.away = [False] * 4  # idle too long: the seat's bot plays for him until he acts again
        self.connected = [False] * 4  # a page of the seat is open (the server says, `set_connected`)
        self.started = self.people == {self.seat}  # alone with bots: no lobby
        self._step = 0  # decisions of the current hand
        # per seat, the changes it sees (not other seats' declined offers, R10.3); an action names the
        # version it answers (no stale clicks)
        self.versions = [0] * 4
        self._decided: Action | str | None = None  # a bot's bomb on an offer, decided ahead (step_bot)
        # a person's answers behind other seats' offers: (his version when he gave the first, the answers)
        self._held: dict[int, tuple[int, list[Action]]] = {}
        self._previous: list[tuple[HandState, Action] | None] = [None] * 4  # each seat's last event
        self._logs: list[list[dict[str, Any]]] = [[] for _ in range(4)]
        self.finished: list[str] = []  # replays of the finished hands, for their viewer pages
        self._over: dict[str, Any] | None = None  # the hand just finished, until every person pressed on
        self._next: set[int] = set()  # the people whose "next hand" is awaited
        self._hints: dict[tuple[int, int], str] = {}  # the last hint, by (seat, version)
        self.last_active = time.monotonic()  # a person's last message (the server closes idle tables)
        self._start_hand()

    # -- reading -------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The current hand (the server side only: a seat sees `message(seat)`)."""
        return self._match.hand

    @property
    def match(self) -> Match:
        """The match (server side only)."""
        return self._match

    @property
    def version(self) -> int:
        """The host's version (`versions[seat]`)."""
        return self.versions[self.seat]

    def played_by_bot(self, seat: int) -> bool:
        """Whether `seat`'s bot decides for it now: nobody took it, or its person is away."""
        return not self.held[seat] or self.away[seat]

    def waiting_for_person(self) -> bool:
        """Whether nothing happens until a person acts (a decision of his, a finished hand, the lobby)."""
        if not self.started or self._over is not None or self._match.is_terminal():
            return True
        if self._decided is not None:
            return False  # a bot's bomb decided ahead is shown first, whoever sits down meanwhile
        return not self.played_by_bot(self.hand.current_player)

    def bot_to_act(self) -> bool:
        """Whether a bot decides next."""
        return not self.waiting_for_person()

    def waiting(self) -> tuple[Any, ...] | None:
        """What the table waits for from a person, as a key that changes once anything happens: (seat,
        ...) of the person to act, ("next", ...) after a hand, or None (the lobby, bots to act, the end)."""
        if not self.started or self._match.is_terminal():
            return None
        if self._over is not None:
            return ("next", self._over["number"])  # everybody away: the table still pauses after a hand
        if self.bot_to_act():
            return None
        p = self.hand.current_player
        if self.hand.decision == Decision.BOMB:  # his offer lapses unseen by the others (R10.3)
            return ("offer", p, self._match.hands_played, len(self.hand.history))
        return (p, self._match.hands_played, len(self.hand.history))

    def message(self, seat: int | None = None) -> dict[str, Any]:
        """Everything `seat`'s browser is sent (the host's by default): its seat's observation, its legal
        actions, the log, the score, who sits where.

        Built as if other seats' pending bomb offers were declined (R10.3): the same whether they are. A
        bomb a bot decided ahead (`step_bot`) is public as soon as it is shown; until then nobody acts.
        """
        seat = self.seat if seat is None else _seat(seat)
        seen, log, version = self._seen(seat)
        message: dict[str, Any] = {
            "type": "state",
            "version": version,
            "seat": seat,
            "started": self.started,
            "host": seat == self.seat,
            "players": self._players(seat),
            "seat_idle": self.seat_idle,
            "hand_number": self._match.hands_played + (0 if self._over is not None else 1),
            "totals": list(self._match.totals),
            "target": self._match.rules.target,
            "view": None,
            "log": list(log),  # a copy: the table's own log grows (its entries are replaced, never changed)
            "legal": [],
            "exchange": False,
            "bots": {"partner": self.specs[(self.seat + 2) % 4], "opponents": self.specs[(self.seat + 1) % 4]},
        }
        if seat == self.seat:  # the host shares the links of the seats nobody took yet, also after the start
            message["links"] = {str(s): f"/table/{self.tokens[s]}" for s in sorted(self.people) if not self.held[s]}
        if not self.started:
            message["log"] = []
            return message
        if self._over is not None:
            message["view"] = view.frame_of(self._over["hand"], seat)
            message["hand_over"] = {k: v for k, v in self._over.items() if k != "hand"} | {
                "viewer": f"/table/{self.tokens[seat]}/hand/{self._over['number']}",
                "waiting": sorted(self._next),
            }
            return message
        message["view"] = view.frame_of(seen, seat)  # R10.3: built from observation(seat) only
        if self._decides(seat, seen):
            if seen.decision == Decision.EXCHANGE:
                message["exchange"] = True  # any 3 of his cards, in order to p+1, p+2, p+3 (R2.2)
            else:
                message["legal"] = [_action_entry(a) for a in seen.legal_actions()]
        return message

    def _players(self, seat: int) -> list[dict[str, Any]]:
        """Who sits where, as `seat` is told: public to the whole table."""
        players = []
        for s in range(4):
            kind = "you" if s == seat else "person" if self.held[s] else "open" if s in self.people else "bot"
            players.append(
                {
                    "seat": s,
                    "kind": kind,
                    "name": self.names[s],
                    "ready": self.ready[s],
                    "connected": self.connected[s],
                    "away": self.away[s],
                    "bot": self.specs[s],
                }
            )
        return players

    # -- people ----------------------------------------------------------------------

    def join(self, seat: int, name: object = None) -> None:
        """A person opened `seat`'s link (again): the seat is his from now on; `name` if given."""
        seat = _seat(seat)
        if seat not in self.people:
            raise TableError("this seat is a bot's")
        if name is not None:
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise TableError(f"a name is a text of at most {MAX_NAME} characters")
            name = " ".join(name.split())  # no line breaks or runs of spaces
        self.held[seat] = True
        if name is not None:
            self.names[seat] = name

    def set_connected(self, seat: int, connected: bool) -> None:
        """Whether a page of `seat` is open now (shown to the whole table)."""
        self.connected[_seat(seat)] = connected
        if not connected and not self.started and seat != self.seat:
            self.held[seat] = self.ready[seat] = False  # left the lobby: the seat is open again

    def set_ready(self, seat: int, ready: object) -> None:
        """The lobby's "ready" of `seat`; the match starts once every seated person is ready."""
        if not isinstance(ready, bool):
            raise TableError("ready is true or false")
        if self.started:
            raise TableError("the match has started")
        if not self.held[_seat(seat)]:
            raise TableError("take the seat first")
        self.ready[seat] = ready
        if all(self.ready[s] for s in range(4) if self.held[s]):
            self.started = True  # the seats nobody took are played by their bots
            self._seen_by_all()

    def take_over(self, seat: int) -> None:
        """`seat`'s person was idle too long: its bot plays for him until he acts again (`back`)."""
        if not self.held[_seat(seat)] or self.away[seat]:
            raise TableError("this seat is not a present person's")
        self.away[seat] = True

    def let_offer_lapse(self, seat: int) -> None:
        """`seat`'s person let his bomb offer (R10.2) wait too long: it is declined for him, seen by him
        alone (R10.3: the others never knew of it), and he is not marked away."""
        if self.hand.current_player != _seat(seat) or self.hand.decision != Decision.BOMB or self.played_by_bot(seat):
            raise TableError("this seat has no bomb offer to let lapse")
        self._apply(self.hand.parse_action("pass"))
        self._apply_held()

    def back(self, seat: int) -> None:
        """`seat`'s person is back: from his next decision on, he decides again."""
        self.away[_seat(seat)] = False

    # -- acting ----------------------------------------------------------------------

    def act(self, text: object, version: object = None, seat: int | None = None) -> None:
        """Applies the action (its text) of the person at `seat` (the host by default) through the engine;
        TableError, and no change, if refused.

        `version`: the `message(seat)["version"]` the action answers; an action sent for an earlier state
        (a double click, say) is refused rather than applied to a later one. An action that answers a play
        whose bomb offers another person still weighs is held until they are declined, and dropped if one
        bombs (that seat's message then changes, and so does its version).
        """
        seat = self.seat if seat is None else _seat(seat)
        seen, _, current = self._seen(seat)
        if version is not None and version != current:
            raise TableError("the table has moved on since; look again")
        if not isinstance(text, str) or not text or len(text) > 100:
            raise TableError("an action is a short text, e.g. 'pass' or '5j 5s'")
        if not self.started:
            raise TableError("the match has not started")
        if self._over is not None:
            raise TableError("the hand is over: start the next hand first")
        if self._match.is_terminal():
            raise TableError("the match is over")
        if seen.current_player != seat or self._decided is not None:
            raise TableError("it is not your turn")
        try:
            parsed = seen.parse_action(text)
            if not seen.is_legal(parsed):
                seen.apply(parsed)  # raises IllegalMoveError naming why
        except ValueError as error:  # IllegalMoveError, InvalidNotationError: the engine changed nothing
            raise TableError(str(error)[:200]) from None
        self.back(seat)
        if seat in self._held:  # after an answer held (a Tichu call, say): the next waits behind it
            self._held[seat][1].append(parsed)
        elif self.hand.current_player == seat:
            self._apply(parsed)
        else:  # R10.3: other seats still weigh bomb offers he cannot know of
            self._held[seat] = (self.versions[seat], [parsed])
        self._apply_held()

    def step_bot(self) -> dict[str, Any] | None:
        """The bots' next decision some person sees, each bot deciding on its seat's view (a world drawn
        for it, as in the arena); its event, or None when only declined offers were left.

        Bots' declined bomb offers (R10.3) are decided within this call: those before the event, and the
        offers it opens, so that no person's next message waits for them. A bomb dropped on such an offer
        is kept, and is the event of the next call.
        """
        if not self.bot_to_act():
            raise IllegalMoveError("no bot is to act")
        event = None
        while event is None and self.bot_to_act():
            event = self._apply(self._bot_decision())
            self._apply_held()
        while self._decided is None and self.bot_to_act() and self.hand.decision == Decision.BOMB:
            action = self._bot_decision()
            parsed = self.hand.parse_action(action) if isinstance(action, str) else action
            if not _declined(parsed, Decision.BOMB):
                self._decided = parsed  # a bomb: shown by the next call
                break
            self._apply(parsed)  # declined: nobody else sees it
            self._apply_held()
        return event

    def next_hand(self, seat: int | None = None) -> bool:
        """`seat` (the host by default) leaves the finished hand's score; the next hand (already dealt)
        begins once every seated person has. Whether it began."""
        seat = self.seat if seat is None else _seat(seat)
        if self._over is None:
            raise TableError("the hand is not over")
        if self._match.is_terminal():
            raise TableError("the match is over")
        self._next.discard(seat)
        if self._next:
            return False  # the others are shown whom the table still awaits
        self._over = None
        self._seen_by_all()
        self._start_hand()
        return True

    def skip_next(self) -> None:
        """The people awaited after a hand were idle too long: the next hand begins without them."""
        self._next.clear()
        self.next_hand(self.seat)

    def hint(self, seat: int) -> str:
        """The hint bot's choice for `seat`'s decision, on a world drawn from that seat's view only (R10.3);
        TableError when the seat has no decision."""
        seen, _, version = self._seen(seat)
        in_play = self.started and self._over is None
        if not in_play or not self._decides(seat, seen) or seen.decision == Decision.EXCHANGE:
            raise TableError("you have no decision to take a hint on")
        asked = (seat, version)
        if asked in self._hints:  # asked again (a page may send many): the same answer, no new search
            return self._hints[asked]
        world = seen.resample(seat, hand_seed(self._secret ^ _HINT_STREAM, version))
        bot = make_bot(self.hint_spec)
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(hand_seed(self._secret ^ _HINT_STREAM, self._match.hands_played))
        self._hints = {asked: str(seen.parse_action(str(bot.act(world, seat))))}
        return self._hints[asked]

    # -- inside -----------------------------------------------------------------------

    def _seen_by_all(self) -> None:
        for s in range(4):
            self.versions[s] += 1

    def _bot_decision(self) -> Action | str:
        """The action of the bot to act: the one decided ahead, or its decision now."""
        if self._decided is not None:
            decided, self._decided = self._decided, None
            return decided
        action: Action | str = self._seats.action(self.hand, self._step)
        return action

    def _start_hand(self) -> None:
        self._step = 0
        self._decided = None
        self._held = {}
        self._previous = [None] * 4
        self._logs = [[] for _ in range(4)]
        self._seats.reset_bots(hand_seed(self._secret, self._match.hands_played))

    def _decides(self, seat: int, seen: HandState) -> bool:
        """Whether `seat` is to decide in `seen` (its view, `_seen`): not while its bot plays for it, nor
        while a bomb a bot decided ahead waits to be shown."""
        return seen.current_player == seat and not self.away[seat] and self._decided is None

    def _seen(self, seat: int) -> tuple[HandState, list[dict[str, Any]], int]:
        """The hand, the log and the version as `seat` knows them (R10.3): other seats' pending bomb offers
        declined, and its own answers held behind them applied, as they will be if those are declined."""
        seen = view.offers_declined(self.hand, seat)
        log, version = self._logs[seat], self.versions[seat]
        if seat in self._held and self.started and self._over is None:
            log, previous = list(log), self._previous[seat]
            for action in self._held[seat][1]:
                before, decision = seen.clone(), seen.decision
                seen.apply(action)
                previous = self._describe(log, previous, seat, seat, decision, action, before, seen)
                version += 1
                seen = view.offers_declined(seen, seat)
        return seen, log, version

    def _apply_held(self) -> None:
        """Applies the held answers whose turn has come, in order; drops those a bomb made stale."""
        while self._held and self._over is None and not self._match.is_terminal():
            p = self.hand.current_player
            if p not in self._held:
                return
            base, actions = self._held.pop(p)
            if base != self.versions[p]:  # p saw something happen since: a bomb on the offers it could not see
                self.versions[p] += len(actions)
                continue
            if len(actions) > 1:
                self._held[p] = (base + 1, actions[1:])  # his own event counts once applied
            self._apply(actions[0])

    def _apply(self, action: Action | str) -> dict[str, Any] | None:
        hand = self.hand
        actor, decision = hand.current_player, hand.decision
        parsed = hand.parse_action(action) if isinstance(action, str) else action
        before = hand.clone()
        self._match.apply(parsed)  # checked by the engine: raises before any change
        self._step += 1
        if hand.is_terminal():  # the match dealt the next hand already; show this one until next_hand()
            self.finished.append(hand.replay())
            self._over = {
                "hand": hand,
                "score": list(hand.returns()),
                "parts": view.score_parts(hand),
                "number": len(self.finished),
                "match_over": self._match.is_terminal(),
                "winner": self._match.winner,
            }
            self._next = {p for p in range(4) if self.held[p]}  # the idle too: `skip_next` after a while
        declined = _declined(parsed, decision)
        event = None
        for s in range(4):
            if s != actor and declined:
                continue  # R10.3: a declined offer shows who holds a bomb; not even the version counts it
            self.versions[s] += 1
            seen = self._log_event(s, actor, decision, parsed, before, hand)
            if s != actor:
                event = seen
        # an answer held behind offers is stale once its seat saw something happen (a bomb); its version
        # moves past the ones it was shown with the answer applied (`_seen`), so no click answers those
        for p in [p for p, (base, _) in self._held.items() if base != self.versions[p]]:
            self.versions[p] += len(self._held.pop(p)[1])
        return event

    def _log_event(
        self, seat: int, actor: int, decision: Decision, action: Action, before: HandState, after: HandState
    ) -> dict[str, Any]:
        """The event as `seat` sees it, added to its log."""
        previous = self._describe(self._logs[seat], self._previous[seat], seat, actor, decision, action, before, after)
        self._previous[seat] = previous
        event: dict[str, Any] = self._logs[seat][-1]
        return event

    @staticmethod
    def _describe(
        log: list[dict[str, Any]],
        previous: tuple[HandState, Action] | None,
        seat: int,
        actor: int,
        decision: Decision,
        action: Action,
        before: HandState,
        after: HandState,
    ) -> tuple[HandState, Action]:
        """Adds the event as `seat` sees it to `log` (a bomb on an offer also mends the line before, given
        `previous`, the seat's last event); the new last event."""
        if decision == Decision.BOMB and not _declined(action, decision) and log and previous is not None:
            # the action before did not end as the seat saw it, with the offers declined: say what it did
            previous_before, previous_action = previous
            log[-1] = log[-1] | {"notes": view.notes_of(previous_before, before, previous_action)}
        hidden = actor != seat and action.kind == ActionKind.PUSH  # R10.3: another seat's push
        log.append(
            {
                "seat": actor,
                "decision": decision.name,
                "text": view.describe(action, decision, actor, before, hidden),
                # what followed, as the seat sees it: other seats' pending offers declined (a trick taken)
                "notes": view.notes_of(before, view.offers_declined(after, seat), action),
            }
        )
        return (before, action)
