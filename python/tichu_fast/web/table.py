"""One table of `tichu-fast play`: a match where a person holds one seat and bots the others.

Plain Python, no web library: the server (`tichu_fast.web.server`) only carries
`Table.message()` to the browser and the browser's actions to `Table.act`.

What the person is sent is built from `observation(seat)` alone (R10.3; the
viewer's seat frame, `tichu_fast.view`): his cards, his push and what he
received, the public record, his legal actions when he is to act; never
another hand, a seed, or a world a bot drew. Nothing he receives depends on
another seat's declined bomb offer (it would show who holds a bomb, R10.3):
such an offer is not announced, does not count in `version`, is decided
together with the bot play before it (`step_bot`), and the message is the
same whether it is still pending or declined. Every action is checked by the
engine (`Match.apply`): a bad one raises and changes nothing.
"""

from __future__ import annotations

import secrets
import time
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

__all__ = ["MAX_MESSAGE", "Table", "TableError"]

MAX_MESSAGE = 1000  # characters of one message from the browser; an action's text is far shorter


class TableError(ValueError):
    """An action or message the table refuses (not the person's turn, unreadable, illegal); nothing changed."""


def _action_entry(action: Action) -> dict[str, Any]:
    """A legal action as the browser gets it: its text, and the cards it plays."""
    entry: dict[str, Any] = {"text": str(action), "kind": action.kind.name}
    if action.kind == ActionKind.PLAY and action.move is not None and not action.move.is_pass:
        entry["cards"] = list(action.move.cards)
    return entry


class Table:
    """A match at one table: `seat` is the person's, the others are bots built by `make_bot` SPECs.

    The deals come from a secret random seed (never sent). A finished hand is
    kept (its replay) for its viewer page; the table then waits for the person's
    `next_hand()` before the bots play the next one.
    """

    def __init__(
        self,
        *,
        seat: int = 0,
        partner: str = "heuristic",
        opponents: str = "heuristic",
        rules: Rules | None = None,
        seed: int | None = None,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, not {seat!r:.20}")
        self.token = secrets.token_urlsafe(24)  # 192 random bits: the table's address and key
        self.seat = seat
        self.partner_spec, self.opponents_spec = partner, opponents
        self._match = Match.new(secrets.randbits(64) if seed is None else seed, rules)
        self._secret = secrets.randbits(64) if seed is None else seed ^ 0x5DEECE66D  # bots' resets and views
        bots = [None if s == seat else make_bot(partner if s == (seat + 2) % 4 else opponents) for s in range(4)]
        self._seats = Seats(bots, self._secret ^ VIEW_STREAM)  # the person's seat is never asked
        self._step = 0  # decisions of the current hand
        # counts the changes the person sees (not other seats' declined offers, R10.3); an action names
        # the version it answers (no stale clicks)
        self.version = 0
        self._decided: Action | str | None = None  # a bot's bomb on an offer, decided ahead (step_bot)
        self._previous: tuple[HandState, Action] | None = None  # the state before the last event, its action
        self._log: list[dict[str, Any]] = []
        self.finished: list[str] = []  # replays of the finished hands, for their viewer pages
        self._over: dict[str, Any] | None = None  # the hand just finished, until next_hand()
        self.last_active = time.monotonic()
        self._start_hand()

    # -- reading -------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The current hand (the server side only: the person sees `message()`)."""
        return self._match.hand

    @property
    def match(self) -> Match:
        """The match (server side only)."""
        return self._match

    def waiting_for_person(self) -> bool:
        """Whether nothing happens until the person acts (his decision, a finished hand, or the match's end)."""
        return self._over is not None or self._match.is_terminal() or self.hand.current_player == self.seat

    def bot_to_act(self) -> bool:
        """Whether a bot decides next."""
        return not self.waiting_for_person()

    def message(self) -> dict[str, Any]:
        """Everything the person's browser is sent: his seat's observation, his legal actions, the log, the score.

        Built as if other seats' pending bomb offers were declined (R10.3): the same whether they are. A
        bomb a bot decided ahead (`step_bot`) is public as soon as it is shown; until then he has no actions.
        """
        shown = self._over["hand"] if self._over is not None else self.hand
        frame = view.frame_of(shown, self.seat)  # R10.3: built from observation(seat) only
        message: dict[str, Any] = {
            "type": "state",
            "version": self.version,
            "seat": self.seat,
            "hand_number": self._match.hands_played + (0 if self._over is not None else 1),
            "totals": list(self._match.totals),
            "target": self._match.rules.target,
            "view": frame,
            "log": self._log,
            "legal": [],
            "exchange": False,
            "bots": {"partner": self.partner_spec, "opponents": self.opponents_spec},
        }
        if self._over is not None:
            message["hand_over"] = {k: v for k, v in self._over.items() if k != "hand"}
            return message
        seen = view.offers_declined(self.hand, self.seat)
        if seen.current_player == self.seat and self._decided is None:  # not while a bomb decided ahead waits
            if seen.decision == Decision.EXCHANGE:
                message["exchange"] = True  # any 3 of his cards, in order to p+1, p+2, p+3 (R2.2)
            else:
                message["legal"] = [_action_entry(a) for a in seen.legal_actions()]
        return message

    # -- acting ----------------------------------------------------------------------

    def act(self, text: object, version: object = None) -> dict[str, Any] | None:
        """Applies the person's action (its text) through the engine; TableError, and no change, if refused.

        `version`: the `message()["version"]` the action answers; an action sent for an earlier state
        (a double click, say) is refused rather than applied to a later one.
        """
        self.last_active = time.monotonic()
        if version is not None and version != self.version:
            raise TableError("the table has moved on since; look again")
        if not isinstance(text, str) or not text or len(text) > 100:
            raise TableError("an action is a short text, e.g. 'pass' or '5j 5s'")
        if self._over is not None:
            raise TableError("the hand is over: start the next hand first")
        if self._match.is_terminal():
            raise TableError("the match is over")
        if self.hand.current_player != self.seat:
            raise TableError("it is not your turn")
        try:
            return self._apply(text)
        except ValueError as error:  # IllegalMoveError, InvalidNotationError: the engine changed nothing
            raise TableError(str(error)[:200]) from None

    def step_bot(self) -> dict[str, Any] | None:
        """The bots' next decision the person sees, each bot deciding on its seat's view (a world drawn for
        it, as in the arena); its event, or None when only declined offers were left before his turn.

        Other seats' declined bomb offers (R10.3) are decided within this call: those before the event, and
        the offers it opens, so that the person's next message never waits for them. A bomb dropped on
        such an offer is kept, and is the event of the next call.
        """
        if not self.bot_to_act():
            raise IllegalMoveError("no bot is to act")
        event = None
        while event is None and self.bot_to_act():
            event = self._apply(self._bot_decision())
        while self._decided is None and self.bot_to_act() and self.hand.decision == Decision.BOMB:
            action = self._bot_decision()
            parsed = self.hand.parse_action(action) if isinstance(action, str) else action
            if parsed.move is None or not parsed.move.is_pass:
                self._decided = parsed  # a bomb: shown by the next call
                break
            self._apply(parsed)  # declined: nobody else sees it
        return event

    def next_hand(self) -> None:
        """Leaves the finished hand's score screen; the next hand (already dealt) begins."""
        self.last_active = time.monotonic()
        if self._over is None:
            raise TableError("the hand is not over")
        if self._match.is_terminal():
            raise TableError("the match is over")
        self._over = None
        self.version += 1
        self._start_hand()

    # -- inside -----------------------------------------------------------------------

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
        self._previous = None
        self._log = []
        self._seats.reset_bots(hand_seed(self._secret, self._match.hands_played))

    def _apply(self, action: Action | str) -> dict[str, Any] | None:
        hand = self.hand
        seat, decision = hand.current_player, hand.decision
        parsed = hand.parse_action(action) if isinstance(action, str) else action
        before = hand.clone()
        self._match.apply(parsed)  # checked by the engine: raises before any change
        self._step += 1
        if hand.is_terminal():  # the match dealt the next hand already; show this one until next_hand()
            self.finished.append(hand.replay())
            self._over = {
                "hand": hand,
                "score": list(hand.returns()),
                "number": len(self.finished),
                "viewer": f"/table/{self.token}/hand/{len(self.finished)}",
                "match_over": self._match.is_terminal(),
                "winner": self._match.winner,
            }
        hidden = seat != self.seat
        if hidden and decision == Decision.BOMB and parsed.move is not None and parsed.move.is_pass:
            return None  # R10.3: a declined offer shows who holds a bomb; not even the version counts it
        self.version += 1
        bomb_on_offer = decision == Decision.BOMB and parsed.move is not None and not parsed.move.is_pass
        if bomb_on_offer and self._log and self._previous is not None:
            # the action before did not end as the person saw it, with the offers declined: say what it did
            previous_before, previous_action = self._previous
            self._log[-1]["notes"] = view.notes_of(previous_before, before, previous_action)
        event = {
            "seat": seat,
            "decision": decision.name,
            "text": view.describe(parsed, decision, seat, before, hidden and parsed.kind == ActionKind.PUSH),
            # what followed, as the person sees it: other seats' pending offers declined (a trick taken)
            "notes": view.notes_of(before, view.offers_declined(hand, self.seat), parsed),
        }
        self._previous = (before, parsed)
        self._log.append(event)
        return event
