"""A table for several people (docs/web.md "Several people at a table"): the lobby, each seat's link,
what each seat is told (R10.3), answers held behind another person's bomb offer, a seat taken over when
idle and handed back, reconnecting, the hint, and the score in its parts.

Through the `Table` itself where order matters, and through Starlette's TestClient for the links and the
websockets. Skipped without the [web] extra (`pip install ".[webtest]"`; .ci/run installs it).
"""

from __future__ import annotations

import random
import time
import warnings

import pytest

import tichu_fast as tf

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # newer Starlette prefers httpx2 to httpx, and says so on import
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.tables.test_web_table import BASE, BOTS, CALLS, DEAL, NEW, NO_BOMB, WS, Scripted, card_tokens, known_to
from tichu_fast.bots.seats import Seats
from tichu_fast.match import Match
from tichu_fast.view import score_parts
from tichu_fast.web.server import Settings, create_app
from tichu_fast.web.table import Table, TableError


def check_seat(message: dict, table: Table, seat: int) -> None:
    """`seat`'s message holds its view and nothing else (R10.3): no card it cannot know, no other hand,
    no other seat's bomb offer under way, no link but to the host."""
    shown = table._over["hand"] if table._over is not None else table.hand
    assert not card_tokens(message) - known_to(shown, seat)
    if message["view"] is not None:
        assert [h is None for h in message["view"]["hands"]] == [p != seat for p in range(4)]
        assert not (message["view"]["decision"] == "BOMB" and message["view"]["to_act"] != seat)
    shared = set(message.get("links", {}).values())
    assert not shared or seat == table.seat  # only the host is given links, to share
    for p in range(4):
        if p != seat and table.tokens[p] in str(message):
            assert f"/table/{table.tokens[p]}" in shared


def test_two_people_and_two_bots_play_a_match_and_each_seat_sees_only_its_view():
    # R10.3 for every seat at once: two people (seats 0 and 2) and two bots, a whole match
    rng = random.Random(5)
    table = Table(seat=0, people=[2], rules=tf.Rules(target=200), seed=17)
    assert not table.started
    assert table.message(0)["links"] == {"2": f"/table/{table.tokens[2]}"}
    assert "links" not in table.message(2)
    assert table.message(2)["view"] is None
    with pytest.raises(TableError, match="not started"):
        table.act("no grand tichu", table.versions[0], 0)
    with pytest.raises(TableError, match="take the seat"):
        table.set_ready(2, True)
    table.join(2, "  Ann\n ")
    table.set_ready(0, True)
    assert not table.started  # seat 2 sits there now, and is not ready
    table.set_ready(2, True)
    assert table.started
    assert table.names[2] == "Ann"
    assert [p["kind"] for p in table.message(2)["players"]] == ["person", "bot", "you", "bot"]
    while not table.match.is_terminal():
        for seat in (0, 2):
            check_seat(table.message(seat), table, seat)
        if table.bot_to_act():
            table.step_bot()
            continue
        if table._over is not None:
            assert table.message(0)["hand_over"]["waiting"] == [0, 2]
            assert not table.next_hand(0)  # seat 2 still reads the score
            assert table.message(2)["hand_over"]["waiting"] == [2]
            if not table.match.is_terminal():
                assert table.next_hand(2)
            continue
        seat = next(s for s in (0, 2) if table.message(s)["legal"] or table.message(s)["exchange"])
        other = 2 - seat
        message = table.message(seat)
        theirs = table.message(other)
        if not (theirs["legal"] or theirs["exchange"]):  # a seat acts for itself only
            with pytest.raises(TableError, match="not your turn"):
                table.act(message["legal"][0]["text"] if message["legal"] else "pass", None, other)
        if message["exchange"]:
            text = "push " + " ".join(rng.sample(message["view"]["hands"][seat], 3))
        else:
            text = rng.choice(message["legal"])["text"]
        table.act(text, message["version"], seat)
    assert len(table.finished) >= 1


def scripted_table(deal: list[str]) -> Table:
    """Seat 0 the host, seat 1 a person, seats 2 and 3 scripted bots, on `deal` (test_web_table's)."""
    table = Table(seat=0, people=[1], rules=tf.Rules(target=200), seed=3)
    table._match = Match._make(0, table.match.rules, (0, 0), 0, tf.HandState.from_deal(deal, table.match.rules))
    table._seats = Seats([None, None, Scripted(BOTS[2]), Scripted(BOTS[3])], table._seats.views)
    table.join(1)
    table.set_ready(0, True)
    table.set_ready(1, True)
    return table


SEAT0 = [*CALLS, "push 2j 3s 4p", "MJ", "no wish", "8p"]
SEAT1 = [*CALLS, "push 2s 3p 4t", "5j", "pass"]


def play_scripted(table: Table, seat1_offers: list[str], seat0: list[str] = SEAT0) -> list[dict]:
    """Plays the scripts, seat 0 answering first whenever it may (its answer then waits behind seat 1's
    offer); seat 0's messages, one per change it is shown."""
    scripts = {0: list(seat0), 1: list(SEAT1)}
    offers = list(seat1_offers)
    seen: list[dict] = []
    answered = -1  # the version seat 0 last answered: it waits for the next, as a browser does
    while True:
        message = table.message(0)
        if not seen or message != seen[-1]:
            check_seat(message, table, 0)
            seen.append(message)
        if table.bot_to_act():
            table.step_bot()
            continue
        mine = table.message(0)
        if (mine["legal"] or mine["exchange"]) and mine["version"] != answered:
            if not scripts[0]:
                return seen
            table.act(scripts[0].pop(0), mine["version"], 0)
            answered = mine["version"]
            continue
        theirs = table.message(1)
        assert theirs["legal"] or theirs["exchange"], "nobody can act"
        offer = theirs["view"]["decision"] == "BOMB"
        table.act(offers.pop(0) if offer else scripts[1].pop(0), theirs["version"], 1)


def test_a_persons_declined_bomb_offers_leave_no_trace_in_another_persons_messages():
    # R10.3: seat 1, a person, is offered a bomb after most plays and declines; seat 0 (a person too)
    # answers before seat 1 declines, so its answer is held. Seat 0's messages are those of the deal in
    # which nobody holds a bomb: the same count, the same versions
    with_bomb = scripted_table(DEAL)
    seen_with = play_scripted(with_bomb, ["pass"] * 10)
    without = scripted_table(NO_BOMB)
    seen_without = play_scripted(without, [])
    # three offers declined by seat 1, the fourth still weighed when seat 0's script ends
    assert len(with_bomb.hand.history) - len(without.hand.history) == 3
    assert with_bomb.hand.decision == tf.Decision.BOMB
    assert with_bomb.hand.current_player == 1
    assert seen_with == seen_without
    assert with_bomb.versions[0] == without.versions[0]


def test_an_answer_held_behind_a_bomb_offer_is_dropped_when_the_bomb_comes():
    # R10.2: seat 0 answers seat 3's 7t while seat 1 weighs its offer; seat 1 bombs; seat 0's answer is
    # void (it answered a table that no longer is) and seat 0 decides again, on the bomb
    table = scripted_table(DEAL)
    play_scripted(table, ["pass"] * 10, SEAT0[:-1])  # seat 0's script runs out at its answer to 7t
    assert table.hand.decision == tf.Decision.BOMB
    assert table.hand.current_player == 1
    message = table.message(0)
    assert message["legal"]
    assert message["view"]["table"] == "7t"
    table.act("pass", message["version"], 0)
    # held: seat 0 is shown its pass as gone through, as in a deal without a bomb (R10.3)
    held = table.message(0)
    assert held["version"] == message["version"] + 1
    assert held["log"][-1]["text"] == "Seat 0 passes"
    assert held["legal"] == []
    with pytest.raises(TableError, match="moved on"):
        table.act("pass", message["version"], 0)
    with pytest.raises(TableError, match="no decision"):
        table.hint(0)
    bomb = table.message(1)
    table.act("9j 9s 9p 9t", bomb["version"], 1)
    after = table.message(0)
    assert after["version"] > held["version"]  # past the version its pass was shown with: no stale click
    assert after["view"]["table"] == "9j 9s 9p 9t"
    assert str(table.hand.history[-1]) == "9j 9s 9p 9t"
    assert not table._held
    while table.bot_to_act():
        table.step_bot()  # seats 2 and 3 answer the bomb
    after = table.message(0)
    assert [a["text"] for a in after["legal"]] == ["pass"]
    assert not table._held


def test_an_idle_seat_is_played_by_its_bot_until_its_person_is_back():
    table = Table(seat=0, seed=4, rules=tf.Rules(target=200))
    waiting = table.waiting()
    assert waiting is not None
    assert waiting[0] == 0
    assert not table.bot_to_act()
    table.take_over(0)
    assert table.message(1)["players"][0]["away"]
    assert table.message(0)["legal"] == []
    assert table.bot_to_act()
    assert table.waiting() is None
    table.step_bot()  # the bot answered for him
    assert len(table.hand.history) >= 1
    table.back(0)
    assert not table.message(1)["players"][0]["away"]
    with pytest.raises(TableError):
        table.take_over(1)  # a bot's seat is not a person's


def test_the_hint_is_the_hint_bots_choice_on_the_seats_view_and_changes_nothing():
    table = Table(seat=0, seed=6, rules=tf.Rules(target=200), hint="heuristic")
    before, version = table.hand.replay(), table.version
    hint = table.hint(0)
    assert hint in [a["text"] for a in table.message(0)["legal"]]
    assert table.hand.replay() == before
    assert table.version == version
    # R10.3: the same hint whatever the hidden hands: the world is drawn from the seat's view
    other = Table(seat=0, seed=6, rules=tf.Rules(target=200), hint="heuristic")
    assert other.hint(0) == hint
    table.take_over(0)
    with pytest.raises(TableError, match="no decision"):
        table.hint(0)


def test_score_parts_say_where_a_hands_points_came_from():
    # R8.3: a double victory is 200, no card points; R7.1-R7.3: each call made or failed, on top
    rules = tf.Rules()
    hand = tf.HandState.from_deal(DEAL, rules)
    for text in ["grand tichu", "no grand tichu", "no grand tichu", "no grand tichu"] + ["no tichu"] * 3:
        hand.apply(text)
    while not hand.is_terminal():
        hand.apply(tf.search.policy_action(hand, "heuristic", len(hand.history)))
    parts = score_parts(hand)
    assert parts["total"] == list(hand.returns())
    grand = parts["calls"][0]
    assert grand["seat"] == 0
    assert grand["call"] == "grand"
    assert grand["made"] == (hand.out_order[0] == 0)
    assert grand["points"] == (200 if grand["made"] else -200)
    shares = parts["cards"] if parts["cards"] is not None else parts["one_two"]
    called = [sum(c["points"] for c in parts["calls"] if c["seat"] % 2 == t) for t in (0, 1)]
    assert [s + c for s, c in zip(shares, called, strict=True)] == parts["total"]
    if parts["cards"] is not None:
        assert sum(parts["cards"]) == 100  # R8.5
    for seed in range(100):  # a hand that ends in a double victory (R8.1)
        double = tf.HandState.new(seed)
        while not double.is_terminal():
            double.apply(tf.search.policy_action(double, "heuristic", len(double.history)))
        if double.out_order[0] % 2 == double.out_order[1] % 2:
            break
    one_two = score_parts(double)
    winners = double.out_order[0] % 2
    assert one_two["cards"] is None
    assert one_two["one_two"] == ([200, 0] if winners == 0 else [0, 200])


@pytest.fixture
def client():
    app = create_app(Settings(delay=0, target=200, idle_seconds=600, seat_idle=0.3, seed=21))
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def receive(ws, kind: str = "state") -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] != "error", message


def test_seat_links_reach_their_own_seat_only(client):
    reply = client.post("/tables", json={"seat": 0, "people": [2]}, headers=NEW)
    assert reply.status_code == 200
    host_url = reply.json()["url"]
    assert client.post("/tables", json={"seat": 0, "people": [7]}, headers=NEW).status_code == 400
    assert client.post("/tables", json={"seat": 0, "people": "2"}, headers=NEW).status_code == 400
    table = client.app.state.tables.get(host_url.rsplit("/", 1)[1]).table
    assert client.get(f"/table/{table.tokens[1]}").status_code == 404  # a bot's seat has no link
    with client.websocket_connect(WS + host_url + "/ws") as host:
        lobby = receive(host)
        assert not lobby["started"]
        assert set(lobby["links"]) == {"2"}
        with client.websocket_connect(WS + lobby["links"]["2"] + "/ws") as guest:
            first = receive(guest)
            assert first["seat"] == 2
            assert "links" not in first
            assert receive(host)["players"][2]["kind"] == "person"  # the host sees him sit down
            guest.send_json({"type": "hello", "name": "Bea"})
            assert receive(guest)["players"][2]["name"] == "Bea"
            host.send_json({"type": "ready"})
            guest.send_json({"type": "ready", "ready": True})
            message = receive(guest)
            while not message["started"]:
                message = receive(guest)
            # seat 0 answers first (R10.1); seat 2's link cannot answer for it, whatever the message says
            guest.send_json({"type": "act", "action": "no grand tichu", "version": message["version"], "seat": 0})
            assert "not your turn" in receive(guest, "error")["message"]
            assert table.hand.history == ()
            start = receive(host)
            while not start["legal"]:
                start = receive(host)
            host.send_json({"type": "act", "action": "no grand tichu", "version": start["version"]})
            message = receive(guest)
            while not message["legal"]:  # seat 1's bot answers, then seat 2 is asked
                message = receive(guest)
            guest.send_json({"type": "act", "action": "grand tichu", "version": message["version"]})
            answered = receive(guest)
            assert answered["view"]["calls"][2] == "grand"
            assert answered["view"]["calls"][0] == ""


def test_a_reload_reconnects_and_an_idle_seat_is_taken_over_and_handed_back():
    app = create_app(Settings(delay=0.2, target=200, idle_seconds=600, seat_idle=0.3, seed=21))
    with TestClient(app, base_url=BASE) as client:
        reload_idle_and_back(client)


def reload_idle_and_back(client: TestClient) -> None:
    url = client.post("/tables", json={"seat": 1}, headers=NEW).json()["url"]
    table = client.app.state.tables.get(url.rsplit("/", 1)[1]).table
    with client.websocket_connect(WS + url + "/ws") as ws:
        first = receive(ws)
        while not first["legal"]:  # seat 0's bot answers first, then his Grand Tichu answer
            first = receive(ws)
    with client.websocket_connect(WS + url + "/ws") as ws:  # the page again: the same seat, the same cards
        again = receive(ws)
        assert again["seat"] == 1
        assert again["view"]["hands"][1] == first["view"]["hands"][1]
        deadline = time.monotonic() + 30
        message = again
        while not message["players"][1]["away"]:  # 0.3 s idle: his bot takes the seat
            assert time.monotonic() < deadline
            message = receive(ws)
        client.app.state.tables.settings.seat_idle = 600  # from now on he may take his time
        ws.send_json({"type": "back"})
        message = receive(ws)
        while message["players"][1]["away"] or not message["legal"]:  # his next decision is his again
            message = receive(ws)
        assert len(table.hand.history) >= 2  # his bot answered the Grand Tichu for him
        ws.send_json({"type": "hint"})
        hint = receive(ws, "hint")
        assert hint["version"] == message["version"]
        assert hint["bot"] == "ismcts:iterations=400"
        assert hint["action"] in [a["text"] for a in message["legal"]]


def test_an_unknown_link_is_refused(client):
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(WS + "/table/nothing/ws") as ws:
        ws.receive_json()


def test_presence_changes_no_version_and_a_lapsed_offer_is_declined_unseen():
    # R10.3: seat 0's answer is held behind seat 1's offer; seat 1's page reconnecting or naming himself
    # changes no version (the held answer stays good); the offer left too long lapses for seat 1 alone
    table = scripted_table(DEAL)
    play_scripted(table, ["pass"] * 10, SEAT0[:-1])
    message = table.message(0)
    table.act("8p", message["version"], 0)
    held = table.message(0)
    table.join(1, "Bob")
    table.set_connected(1, True)
    assert table.message(0)["version"] == held["version"]
    assert table.message(0)["players"][1]["name"] == "Bob"
    waiting = table.waiting()
    assert waiting is not None
    assert waiting[:2] == ("offer", 1)
    offered = table.message(1)["version"]
    table.let_offer_lapse(1)
    assert table.message(1)["version"] == offered + 2  # his offer gone, then seat 0's 8p
    assert not table.away[1]
    assert str(table.hand.history[-1]) == "8p"  # the held answer went through
    shown = table.message(0)
    assert {k: v for k, v in shown.items() if k != "players"} == {k: v for k, v in held.items() if k != "players"}


def test_a_bomb_decided_ahead_is_shown_even_if_a_person_takes_the_seat_meanwhile():
    # R10.2: seat 1 is open, its bot bombs on an offer; a person opening seat 1's link before the bomb is
    # shown does not stall the table: the bomb comes first, then the seat is his
    table = Table(seat=0, people=[1], rules=tf.Rules(target=200), seed=3)
    table._match = Match._make(0, table.match.rules, (0, 0), 0, tf.HandState.from_deal(DEAL, table.match.rules))
    bots = [None, Scripted(BOTS[1], ("pass", "9j 9s 9p 9t")), Scripted(BOTS[2]), Scripted(BOTS[3])]
    table._seats = Seats(bots, table._seats.views)
    table.set_ready(0, True)
    for text in SEAT0[:-1]:
        while table.bot_to_act():
            table.step_bot()
        table.act(text, table.version)
    while table._decided is None:
        assert table.bot_to_act()
        table.step_bot()
    table.join(1)
    assert table.bot_to_act()
    event = table.step_bot()
    assert event is not None
    assert "bombs" in event["text"]
    assert not table.played_by_bot(1)


def test_a_seat_left_before_the_start_no_longer_holds_up_the_lobby():
    table = Table(seat=0, people=[2], seed=8)
    table.join(2)
    table.set_connected(2, True)
    table.set_connected(2, False)  # he closed the page before pressing ready
    assert table.message(0)["links"] == {"2": f"/table/{table.tokens[2]}"}
    table.set_ready(0, True)
    assert table.started
    assert table.played_by_bot(2)
    assert "2" in table.message(0)["links"]  # still to share: he may come back mid-match
