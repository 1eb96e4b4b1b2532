"""A replay as one self-contained HTML page (`tichu-fast view`; docs/web.md).

`render(replay)` replays the hand on the engine and writes, for every step,
what there is to see: the hands (all four, or one seat's view: exactly its
`observation`, R10.3), the calls, the exchange, the trick with who played and
who passed, the wish, the piles' points, the out order and the score. The page
holds these frames as JSON and a small script that draws them; it loads
nothing from anywhere (inline CSS, script and card drawings), so it works
offline, from a file or an e-mail. No rule is computed in the browser: each
frame is read from the engine's state.

An analysis (docs/web.md: the JSON `tichu-fast analyze --json` writes, or a
bot's action values in the same shape) puts the values of the legal actions
beside the decisions it covers; it must match the replay (each `taken` is the
replay's action), or the page would mark the wrong action.

Each page carries its Content-Security-Policy (`page_policy`): only its own
inline style and scripts run, named by their SHA-256, so that an injected
script would not.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from tichu_fast import replay as _replay
from tichu_fast._core import Action, Move
from tichu_fast.enums import ActionKind, Call, Decision, MoveType
from tichu_fast.errors import InvalidNotationError
from tichu_fast.hand import HandState

__all__ = [
    *("ANALYSIS_FORMAT", "asset", "describe", "frame_of", "frames", "notes_of", "offers_declined"),
    *("page", "page_policy", "rank_name", "read_analysis", "render"),
]

ANALYSIS_FORMAT = "tichu_fast analysis 1"
_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}
_MOVE_WORDS = {
    MoveType.DOG: "the Dog",
    MoveType.SINGLE: "single",
    MoveType.PAIR: "pair",
    MoveType.TRIO: "trio",
    MoveType.PAIR_RUN: "pair run",
    MoveType.FULL_HOUSE: "full house",
    MoveType.STRAIGHT: "straight",
    MoveType.FOUR_OF_A_KIND: "bomb: four of a kind",
    MoveType.STRAIGHT_FLUSH: "bomb: straight flush",
}
_PLACES = ("1st", "2nd", "3rd", "4th")


def asset(name: str) -> str:
    """The text of one of the page assets (tichu.css, cards.js, viewer.js, table.js, table.html)."""
    return resources.files("tichu_fast.web").joinpath("assets").joinpath(name).read_text(encoding="utf-8")


def rank_name(rank: int) -> str:
    """A rank 2..14 as written on a card: 2..10, J, Q, K, A."""
    return _RANKS.get(rank, str(rank))


def _a_rank(rank: int) -> str:
    """A rank in words with its article: "a 7", "an 8", "a Jack", "an Ace"."""
    word = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(rank, str(rank))
    return ("an " if word[0] in "8A" else "a ") + word


def _names(cards: Any) -> list[str]:
    return list(cards)


def _initial(text: str) -> tuple[HandState, list[tuple[int, str]]]:
    """The state before the first action and the action lines (number, text) of a replay."""
    rest = _replay.lines(text)
    rules = _replay.read_rules(rest)
    number, origin = _replay.read_origin(rest)
    try:
        state = HandState.from_replay(_replay.write(rules, origin, []))
    except ValueError as error:
        raise InvalidNotationError(f"line {number}: {error}") from None
    return state, list(rest)


def describe(action: Action, decision: Decision, seat: int, before: HandState, hidden: bool) -> str:
    """One line of the log for an action, in words; `hidden`: another seat's push, seen by one seat."""
    who = f"Seat {seat}"
    if action.kind == ActionKind.GRAND_TICHU:
        return f"{who} calls Grand Tichu" if action.call else f"{who}: no Grand Tichu"
    if action.kind == ActionKind.TICHU:
        if decision == Decision.PLAY:
            return f"{who} calls Tichu"
        return f"{who} calls Tichu" if action.call else f"{who}: no Tichu"
    if action.kind == ActionKind.PUSH:
        if hidden or action.push is None:
            return f"{who} chooses 3 cards to push"
        parts = [f"{card} to seat {(seat + k + 1) % 4}" for k, card in enumerate(action.push)]
        return f"{who} pushes " + ", ".join(parts)
    if action.kind == ActionKind.WISH:
        return f"{who} wishes for {_a_rank(action.wish)}" if action.wish else f"{who} makes no wish"
    if action.kind == ActionKind.GIFT:
        return f"{who} gives the Dragon trick to seat {action.gift_to}"
    move = action.move
    if move is None or move.is_pass:
        if decision == Decision.BOMB:
            return f"{who} does not bomb"
        return f"{who} passes"
    words = _MOVE_WORDS.get(move.type, "")
    text = str(move)
    if decision == Decision.BOMB:
        return f"{who} bombs out of turn: {text} ({words})"
    verb = "leads" if before.table is None else "plays"
    return f"{who} {verb} {text} ({words})"


def read_analysis(text: str) -> dict[str, Any]:
    """The analysis JSON `text` (docs/web.md) as a dict; ValueError if it is not JSON, not an object, holds
    NaN or Infinity (which no page could read back), or is nested too deeply to read."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("the analysis JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"the analysis is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError(f"an analysis is a JSON object (docs/web.md), not a {type(data).__name__}")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"the analysis holds {name}: its values are finite numbers")


def _number(value: object) -> bool:
    """Whether `value` is a finite int or float (not a bool): a value the page can show."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _analysis_by_index(analysis: Mapping[str, Any] | None) -> dict[int, dict[str, Any]]:
    """The analysed decisions by action index; a malformed analysis is a ValueError naming the problem.

    `_checked` compares each with the replay's action (taken, seat) once the replay is read.
    """
    if analysis is None:
        return {}
    if not isinstance(analysis, Mapping):
        raise TypeError(f"analysis must be a mapping (the parsed JSON), not {type(analysis).__name__}")
    decisions = analysis.get("decisions")
    if not isinstance(decisions, list):
        raise ValueError("an analysis holds a list 'decisions' (docs/web.md)")
    found: dict[int, dict[str, Any]] = {}
    for entry in decisions:
        if not isinstance(entry, Mapping):
            raise ValueError("each analysed decision is an object")
        index = entry.get("action_index")
        values = entry.get("values", {})
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise ValueError(f"an analysed decision needs an action_index >= 0, not {index!r:.40}")
        if index in found:
            raise ValueError(f"decision {index} is analysed twice")
        if not isinstance(values, Mapping) or not all(_number(v) for v in values.values()):
            raise ValueError(f"the values of decision {index} map action texts to finite numbers")
        shown: dict[str, Any] = {"values": {str(k): float(v) for k, v in values.items()}}
        for key in ("taken", "best"):
            if isinstance(entry.get(key), str):
                shown[key] = entry[key]
        for key in ("loss", "taken_value", "best_value"):
            value = entry.get(key)
            if value is not None and not _number(value):
                raise ValueError(f"the {key} of decision {index} is a finite number, not {value!r:.40}")
            if value is not None:
                shown[key] = float(value)
        seat = entry.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ValueError(f"the seat of decision {index} is 0..3, not {seat!r:.40}")
        found[index] = shown | ({} if seat is None else {"seat": seat})
    return found


def _checked(shown: dict[str, Any], index: int, before: HandState, action: Action) -> dict[str, Any]:
    """The analysis of action `index`, once it is found to be about that action of the replay: its
    `taken` is that action and its `seat` the seat that took it (else ValueError)."""
    shown = dict(shown)
    seat = shown.pop("seat", None)
    if seat is not None and seat != before.current_player:
        raise ValueError(
            f"the analysis gives decision {index} to seat {seat}, but seat {before.current_player} "
            f"takes action {index} of the replay"
        )
    taken = shown.get("taken")
    if taken is not None:
        try:
            same = before.parse_action(taken) == action
        except ValueError:
            same = False
        if not same:
            raise ValueError(
                f"the analysis says {_replay.quote(taken)} was taken at decision {index}, "
                f"but the replay's action {index} is {_replay.quote(str(action))}"
            )
    return shown


def frame_of(state: HandState, seat: int | None) -> dict[str, Any]:
    """What there is to see in `state`: every hand (seat None) or `seat`'s observation only (R10.3).

    For a seat, a bomb offer to another seat under way is not shown (it would tell that seat holds a
    bomb): its observation already shows the position once the other seats' pending offers are
    declined (R10.3, `offers_declined`).
    """
    # Every hand (seat None): the public part as the seat to act sees it, an offer to it included.
    public = state.observation(max(state.current_player, 0) if seat is None else seat)
    frame: dict[str, Any] = {
        "decision": public.decision.name,
        "to_act": public.current_player,
        "sizes": list(public.hand_sizes),
        "calls": [
            "grand" if grand else ("tichu" if call == Call.TICHU else "")
            for call, grand in zip(public.calls, public.grand_calls, strict=True)
        ],
        "out": list(public.out_order),
        "wish": public.wish,
        "table": None if public.table is None else str(public.table),
        "table_player": public.table_player,
        "points": list(public.points),
    }
    starts = public.trick_starts
    plays = public.plays[starts[-1] :] if starts else ()
    frame["trick"] = [[p, text, [] if text == "pass" else _names(Move(text).cards)] for p, text in plays]
    frame["trick_open"] = bool(public.trick) or public.table is not None
    if seat is None:
        frame["hands"] = [_names(hand) for hand in state.hands]
        if state.decision == Decision.GRAND_TICHU:
            frame["seen"] = [_names(state.seen(p)) for p in range(4)]
        frame["pushed"] = [None if push is None else list(push) for push in state.pushed]
    else:
        frame["hands"] = [_names(public.hand) if p == seat else None for p in range(4)]
        pushed: list[Any] = [None] * 4
        pushed[seat] = None if public.pushed is None else list(public.pushed)
        frame["pushed"] = pushed
        frame["received"] = None if public.received is None else list(public.received)
    if state.is_terminal():
        frame["score"] = list(state.returns())
    return frame


def frames(
    replay: str | HandState, *, seat: int | None = None, analysis: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The data the viewer page draws: frame k is the state after k actions, `events[k]` the action k.

    `seat` None: every hand; a seat 0..3: only what that seat knew at each step (its
    `observation`: its own cards, its push and what it received, the public record;
    other seats' pushes are "3 cards", and other seats' declined bomb offers are left
    out, as the seat never saw them). The analysis of a decision is shown only where its
    seat's cards are shown (in the all-hands view, or the seat's own decisions).
    """
    if isinstance(replay, HandState):
        replay = replay.replay()
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise TypeError(f"seat must be an int or None, not {type(seat).__name__}")
    if seat is not None and not 0 <= seat <= 3:
        raise IndexError(f"seat {seat} is outside 0..3")
    analysed = _analysis_by_index(analysis)
    state, lines = _initial(replay)
    beyond = [index for index in analysed if index >= len(lines)]
    if beyond:
        raise ValueError(f"the analysis names action {min(beyond)}, but the replay has {len(lines)} actions")
    out: list[dict[str, Any]] = [frame_of(state, seat)]
    events: list[dict[str, Any]] = []
    trick_number = 0
    for index, (number, text) in enumerate(lines):
        decision, actor = state.decision, state.current_player
        try:
            action = state.parse_action(text)
            before = state.clone()
            state.apply(action)
        except ValueError as error:
            raise _replay.line_error(number, text, error) from None
        if index in analysed:
            analysed[index] = _checked(analysed[index], index, before, action)
        hidden = seat is not None and actor != seat
        if hidden and decision == Decision.BOMB and action.move is not None and action.move.is_pass:
            # a declined offer the seat never saw (R10.3); what it settled (a trick taken) the seat saw
            # follow the action before, as its observation shows it
            if events:
                events[-1]["notes"] += notes_of(before, state, action)
            continue
        event: dict[str, Any] = {
            "index": index,
            "seat": actor,
            "decision": decision.name,
            "text": describe(action, decision, actor, before, hidden and action.kind == ActionKind.PUSH),
            "notes": notes_of(before, state, action),
        }
        if action.kind == ActionKind.PLAY and action.move is not None and not action.move.is_pass:
            event["cards"] = _names(action.move.cards)
            if before.table is None and decision == Decision.PLAY:
                trick_number += 1
            event["trick"] = trick_number
        elif decision in (Decision.PLAY, Decision.BOMB):
            event["trick"] = trick_number
        if index in analysed and not hidden:
            event["analysis"] = analysed[index]
        events.append(event)
        out.append(frame_of(state, seat))
    return {
        "seat": seat,
        "frames": out,
        "events": events,
        "rules": {"bombs_out_of_turn": state.rules.bombs_out_of_turn},
        "has_analysis": bool(analysed),
    }


def notes_of(before: HandState, after: HandState, action: Action) -> list[str]:
    """What an action made happen, read from the two states: a trick taken, a wish fulfilled, seats out, the end."""
    notes: list[str] = []
    if before.wish is not None and after.wish is None and action.kind == ActionKind.PLAY:
        notes.append(f"the wish for {_a_rank(before.wish)} is fulfilled")  # R6.2
    grown = [p for p in range(4) if len(after.piles[p]) > len(before.piles[p])]
    for p in grown:
        gained = after.piles[p] - before.piles[p]
        notes.append(f"seat {p} takes the trick ({gained.points} points)")
    for k in range(len(before.out_order), len(after.out_order)):
        notes.append(f"seat {after.out_order[k]} is out ({_PLACES[k]})")
    if after.is_terminal():
        a, b = after.returns()
        notes.append(f"the hand is over: team 0 (seats 0, 2) {a:+d}, team 1 (seats 1, 3) {b:+d}")
    return notes


def score_parts(state: HandState) -> dict[str, Any]:
    """A finished hand's score in its parts, per team (team 0: seats 0 and 2): the card points (None after
    a double victory, R8.3), the double victory's 200 (None without one), each call made or failed (R7),
    and the total (`returns()`). The card points are what the calls and the double victory leave."""
    total = state.returns()
    first = state.out_order[0] if state.out_order else -1
    calls: list[dict[str, Any]] = []
    for seat, call in enumerate(state.calls):
        if call != Call.NONE:
            worth = 200 if call == Call.GRAND_TICHU else 100
            made = seat == first  # R7.3: only the caller going out first makes it
            calls.append(
                {
                    "seat": seat,
                    "call": "grand" if worth == 200 else "tichu",
                    "made": made,
                    "points": worth if made else -worth,
                }
            )
    called = [sum(int(c["points"]) for c in calls if c["seat"] % 2 == team) for team in (0, 1)]
    rest = [total[team] - called[team] for team in (0, 1)]
    one_two = len(state.out_order) >= 2 and state.out_order[0] % 2 == state.out_order[1] % 2
    return {
        "cards": None if one_two else rest,
        "one_two": rest if one_two else None,
        "calls": calls,
        "total": list(total),
    }


def offers_declined(state: HandState, seat: int) -> HandState:
    """A copy of `state` with the bomb offers to seats other than `seat` under way declined, one by one."""
    state = state.clone()
    while state.decision == Decision.BOMB and state.current_player != seat:
        state.apply("pass")
    return state


def _json(data: Any) -> str:
    # Safe inside <script>: no "</script>", no "<!--" can close or comment it.
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")


def page(title: str, body: str, scripts: list[str], data: Any = None, *, connect: bool = False) -> str:
    """A self-contained HTML page: the shared style, `body`, the JSON `data` and the named scripts inline,
    under its `page_policy` (`connect`: it may open a websocket to the server it came from)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{page_policy(scripts, connect=connect)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',  # no icon to fetch
        f"<title>{_escape(title)}</title>",
        f"<style>{asset('tichu.css')}</style>",
        "</head><body>",
        body,
    ]
    if data is not None:
        parts.append(f'<script type="application/json" id="data">{_json(data)}</script>')
    parts.extend(f"<script>{asset(name)}</script>" for name in ["cards.js", *scripts])
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def page_policy(scripts: Sequence[str], *, connect: bool = False) -> str:
    """The Content-Security-Policy of a `page` with these scripts: its own inline style and scripts, each
    named by its SHA-256, and nothing else (no other script, style, frame, form or fetch; `connect`: a
    websocket to its own server). A page written to a file carries it in a <meta> element."""
    return _policy(tuple(scripts), connect)


@functools.lru_cache(maxsize=16)
def _policy(scripts: tuple[str, ...], connect: bool) -> str:
    code = " ".join(_sha256(asset(name)) for name in ["cards.js", *scripts])
    sockets = "'self'" if connect else "'none'"
    return (
        f"default-src 'none'; style-src {_sha256(asset('tichu.css'))}; script-src {code}; "
        f"connect-src {sockets}; img-src data:; base-uri 'none'; form-action 'none'"
    )


def _sha256(text: str) -> str:
    """A CSP source naming exactly this inline text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render(replay: str | HandState, *, seat: int | None = None, analysis: Mapping[str, Any] | None = None) -> str:
    """The viewer page of a replay (text or a `HandState`), as one self-contained HTML string.

    `seat`: None shows every hand, and each seat's view on a switch; 0..3 shows
    only what that seat knew at each step (R10.3) and nothing else is in the page. `analysis`: the parsed JSON of
    docs/web.md (a solver's analysis or a bot's action values), shown beside
    the decisions it covers. A bad replay raises as `HandState.from_replay`
    does, naming the line; a malformed analysis raises ValueError.
    """
    if isinstance(replay, HandState):
        replay = replay.replay()
    seats: list[int | None] = [None, 0, 1, 2, 3] if seat is None else [seat]
    data = {"views": [frames(replay, seat=s, analysis=analysis) for s in seats]}
    who = "every hand" if seat is None else f"seat {seat}'s view"
    return page(f"Tichu hand ({who})", asset("viewer.html"), ["viewer.js"], data)
