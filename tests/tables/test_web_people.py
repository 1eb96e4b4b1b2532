"""Two people at one table, each in his own headless Chromium (docs/web.md, issue 37).

The first opens the start page, keeps seat 2 for a person, starts, and reads seat 2's link in the
lobby; the second opens it (on a phone, by taps). Both give their names and press ready; they play a
whole hand by clicking, each when his turn comes, checked against the engine's state; the second
reloads his page mid-hand and is back at his seat with his cards. At a table with a short idle
limit, a person who does not act is taken over by his seat's bot (a badge everyone sees, a banner
for him) and takes the seat back with "I'm back".

Marked `browser`, skipped as test_web_browser.py is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import tichu_fast as tf
from tests.tables.test_web_browser import check_drawn, chrome, drawn_cards, serving, shot, signed, wait
from tests.tables.test_web_layout import body, resize, tap
from tichu_fast.view import offers_declined
from tichu_fast.web.server import Settings

pytestmark = pytest.mark.browser

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

HOST, GUEST = 0, 2  # partners: the bots sit at 1 and 3
SEED = 5


@pytest.fixture(scope="module")
def host() -> Iterator[Any]:
    driver = chrome(1280, 900)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def guest() -> Iterator[Any]:
    driver = chrome()
    resize(driver, 390, 844, True)  # on a phone: he taps
    yield driver
    driver.quit()


def open_table_for_two(host: Any, guest: Any, base: str, app: Any) -> Any:
    """The host opens a table keeping seat 2 for a person, the guest opens its link; both named and
    ready. The table (server side)."""
    host.get(base + "/")
    Select(host.find_element(By.ID, "seat")).select_by_value(str(HOST))
    Select(host.find_element(By.ID, f"who-{GUEST}")).select_by_value("person")
    host.find_element(By.ID, "start").click()
    wait(host, lambda d: body(d, "decision") == "LOBBY", "the host's lobby")
    link = wait(host, lambda d: d.find_elements(By.ID, f"link-{GUEST}"), "seat 2's link")[0].get_attribute("value")
    assert link.startswith(base + "/table/")
    shot(host, "web_lobby.png")
    guest.get(link)
    wait(guest, lambda d: body(d, "decision") == "LOBBY", "the guest's lobby")
    name(host, "Ann")
    name(guest, "Bob")
    wait(host, lambda d: "Bob" in lobby_seat(d, GUEST).text, "the guest's name in the host's lobby")
    wait(guest, lambda d: "Ann" in lobby_seat(d, HOST).text, "the host's name in the guest's lobby")
    host.find_element(By.ID, "ready").click()
    wait(guest, lambda d: lobby_seat(d, HOST).find_elements(By.CSS_SELECTOR, ".badge.ready"), "the host ready")
    tap(guest, guest.find_element(By.ID, "ready"))
    for driver in (host, guest):
        wait(driver, lambda d: body(d, "decision") not in (None, "LOBBY"), "the match's start")
    return next(iter(app.state.tables.rooms.values())).table


def lobby_seat(driver: Any, seat: int) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'#lobby-seats [data-seat="{seat}"]')


def name(driver: Any, text: str) -> None:
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys(text, Keys.TAB)  # the change is sent as the field is left


def turn_of(driver: Any, table: Any, seat: int) -> tf.HandState | None:
    """The state the person at `seat` decides on, when his page shows his decision as the table has it."""
    if body(driver, "my-turn") != "1" or body(driver, "version") != str(table.versions[seat]):
        return None
    seen = offers_declined(table.hand, seat)
    return seen if seen.current_player == seat else None


def act(driver: Any, state: tf.HandState, rng: random.Random, phone: bool) -> str:
    """A random legal action done by clicking (tapping on a phone); its text."""
    press = (lambda e: tap(driver, e)) if phone else (lambda e: e.click())
    if state.decision == tf.Decision.EXCHANGE:
        action = rng.choice(state.legal_actions()[::97])
        cards, button = list(action.push), "push"
    else:
        action = rng.choice([a for a in state.legal_actions() if a.kind != tf.ActionKind.TICHU or a.call is False])
        cards = list(action.move.cards) if action.move is not None and not action.move.is_pass else []
        button = str(action)
    for card in cards:
        press(driver.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]'))
    press(driver.find_element(By.CSS_SELECTOR, f'#controls [data-action="{button}"]'))
    return str(action)


def test_two_people_play_a_hand(host, guest):
    with serving(Settings(delay=0.02, seed=SEED, seat_idle=600.0)) as (base, app):
        table = open_table_for_two(host, guest, base, app)
        assert table.held == [True, False, True, False]
        rng = random.Random(4)
        decisions = {HOST: 0, GUEST: 0}
        reloaded = False
        while not all(body(d, "decision") == "HAND_OVER" for d in (host, guest)):
            for driver, seat in ((host, HOST), (guest, GUEST)):
                state = turn_of(driver, table, seat)
                if state is None:
                    continue
                if table.hand.current_player == seat:
                    check_drawn(driver, table.hand, seat)
                version = body(driver, "version")
                text = act(driver, state, rng, driver is guest)
                wait(driver, lambda d, v=version: body(d, "version") != v, f"seat {seat}'s page after {text}")
                assert not driver.find_element(By.ID, "error").text
                decisions[seat] += 1
                if seat == GUEST and decisions[GUEST] == 6 and not reloaded:
                    reload_mid_hand(guest, table)
                    reloaded = True
        assert reloaded
        assert min(decisions.values()) >= 5, decisions
        a, b = tf.HandState.from_replay(table.finished[-1]).returns()
        for driver in (host, guest):
            assert f"team 0 {signed(a)}, team 1 {signed(b)}" in driver.find_element(By.ID, "prompt").text


def reload_mid_hand(driver: Any, table: Any) -> None:
    """A reload reconnects the same seat: the same cards, the state the table has."""
    before = drawn_cards(driver, "#hand-me")
    driver.refresh()
    wait(driver, lambda d: body(d, "version") == str(table.versions[GUEST]), "the page after the reload")
    assert drawn_cards(driver, "#hand-me") == before
    assert driver.find_element(By.CSS_SELECTOR, "#me h2").text.startswith("Bob (you, seat 2)")


def test_an_idle_seat_is_taken_over_and_handed_back(host, guest):
    with serving(Settings(delay=0.02, seed=SEED, seat_idle=2.0)) as (base, app):
        table = open_table_for_two(host, guest, base, app)
        # nobody acts: the host's first decision waits 2 s, then his seat's bot plays for him
        wait(host, lambda d: d.find_element(By.ID, "away").is_displayed(), "the host's banner")
        badge = f'#felt [data-seat="{HOST}"] .badge.away'
        wait(guest, lambda d: d.find_elements(By.CSS_SELECTOR, badge), "the host's badge on the guest's page")
        assert table.away[HOST]
        host.find_element(By.ID, "back").click()
        wait(host, lambda d: not d.find_element(By.ID, "away").is_displayed(), "the banner gone")
        wait(guest, lambda d: not d.find_elements(By.CSS_SELECTOR, badge), "the badge gone")
        assert not table.away[HOST]
        # he decides again: his next decision is his own
        wait(host, lambda d: body(d, "my-turn") == "1", "the host's next decision")
