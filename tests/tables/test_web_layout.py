"""The table's layout on phones and desktops, in headless Chromium (docs/web.md, issue 37).

At 390x844 and 412x915 (phones: mobile emulation, taps) and 1280x800, a person plays one whole hand by
clicking at a table of his own, and at every decision the page is checked: nothing wider than the
window, the decision's buttons and his hand in view without scrolling, on a phone at least 7 cards in
a row of his hand. The deal (the seed) brings him the Grand Tichu and Tichu calls, the exchange, leads
and answers, the Mah Jong's wish, the Dragon's gift and a bomb. The viewer stepped to its end on a
phone leaves the window where it was (it scrolls its log, not the page).

Marked `browser`, skipped as test_web_browser.py is. With TICHU_SCREENSHOTS=DIR the phone and desktop
screenshots of docs/web.md are saved there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import tichu_fast as tf
from tests.tables.test_web_browser import chrome, played_hand, serving, shot, signed, wait
from tichu_fast.view import render
from tichu_fast.web.server import Settings

pytestmark = pytest.mark.browser

from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# the deal of the test's table: the person (seat 0) meets every kind of decision in its first hand
# with `choose` below (found by trying seeds with `decisions_met`)
SEED = 168
SEAT = 0
EVERY_KIND = {"GRAND_TICHU", "TICHU", "EXCHANGE", "PLAY lead", "PLAY answer", "WISH", "DRAGON_GIFT", "BOMB"}
PHONES = {"360x740": (360, 740), "390x844": (390, 844), "412x915": (412, 915)}
SIZES = {**PHONES, "1280x800": (1280, 800)}


# -- the person's choices: the same in the browser and in the search for a seed ----------------------


def choose(state: tf.HandState, seed: int) -> Any:
    """The person's action: no calls, any push, the Mah Jong and the Dragon as soon as he may, a wish,
    a bomb when offered, else any play (seeded by the moment, so that a run is the same every time)."""
    legal = state.legal_actions()
    rng = random.Random(seed * 1000 + len(state.history))
    decision = state.decision
    if decision in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU):
        return next(a for a in legal if not a.call)
    if decision == tf.Decision.EXCHANGE:
        return rng.choice(legal[::97])  # any 3 cards; a sample of the 2184 pushes
    if decision == tf.Decision.WISH:
        return legal[-1]  # a rank, not "no wish"
    if decision == tf.Decision.DRAGON_GIFT:
        return legal[0]
    if decision == tf.Decision.BOMB:
        return next(a for a in legal if not a.move.is_pass)
    plays = [a for a in legal if a.kind == tf.ActionKind.PLAY]
    for special in (["MJ"], ["Dr"]):
        chosen = [a for a in plays if a.move is not None and list(a.move.cards) == special]
        if chosen:
            return chosen[0]
    return rng.choice(plays)


def kind_of(state: tf.HandState) -> str:
    """The decision's kind as EVERY_KIND names it."""
    if state.decision == tf.Decision.PLAY:
        return "PLAY lead" if state.table is None else "PLAY answer"
    return state.decision.name


def decisions_met(seed: int, seat: int = SEAT) -> set[str]:
    """The kinds of decision the person meets in the first hand of a table of seed `seed` (to find SEED)."""
    from tichu_fast.web.table import Table

    table = Table(seat=seat, seed=seed)
    met = set()
    while "hand_over" not in table.message():
        if table.bot_to_act():
            table.step_bot()
            continue
        state = table.hand
        met.add(kind_of(state))
        table.act(str(choose(state, seed)), table.version)
    return met


# -- the browser at a size --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chrome()
    yield driver
    driver.quit()


def resize(driver: Any, width: int, height: int, phone: bool) -> None:
    """The window's inner size as a phone (mobile, touch) or a desktop shows it."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5})


def tap(driver: Any, element: Any) -> None:
    """A finger's tap on `element` (touch events, as on a phone)."""
    finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger.pointer_action.move_to(element).pointer_down().pointer_up()
    finger.perform()


def body(driver: Any, name: str) -> str | None:
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-" + name)


def check_fits(driver: Any) -> None:
    """Nothing is wider than the window: no sideways scrolling."""
    wide, inner = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= inner, f"the page is {wide} px wide in a window of {inner}"


def check_in_view(driver: Any, selector: str) -> None:
    """Every element of `selector` lies within the window's height without scrolling."""
    driver.execute_script("window.scrollTo(0, 0)")
    rects = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.getBoundingClientRect().toJSON())"
        ".concat([window.innerHeight])",
        selector,
    )
    height = rects.pop()
    assert rects, f"nothing matches {selector}"
    for rect in rects:
        assert rect["top"] >= 0, f"{selector} at {rect}: above the window"
        assert rect["bottom"] <= height, f"{selector} at {rect}: below the window ({height} px)"


def check_rows(driver: Any, most: int = 7) -> None:
    """At least `most` cards of the person's hand in one row (or all of them, when fewer)."""
    tops = Counter(e.get_property("offsetTop") for e in driver.find_elements(By.CSS_SELECTOR, "#hand-me .card"))
    assert max(tops.values()) >= min(most, sum(tops.values())), f"rows of the hand: {sorted(tops.values())}"


def click(driver: Any, element: Any, phone: bool) -> None:
    if phone:
        tap(driver, element)
    else:
        element.click()


def do(driver: Any, state: tf.HandState, action: Any, phone: bool) -> None:
    """Does `action` as a person does: its cards, then its button (tapped on a phone)."""
    cards = action.push if state.decision == tf.Decision.EXCHANGE else ()
    if action.move is not None and not action.move.is_pass:
        cards = action.move.cards
    for card in cards:
        click(driver, driver.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]'), phone)
    text = "push" if state.decision == tf.Decision.EXCHANGE else str(action)
    click(driver, driver.find_element(By.CSS_SELECTOR, f'#controls [data-action="{text}"]'), phone)


def open_table(driver: Any, base: str) -> None:
    driver.get(base + "/")
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: "/table/" in d.current_url, "the table page")


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_hand_fits_the_window(browser, size):
    width, height = SIZES[size]
    phone = size in PHONES
    resize(browser, width, height, phone)
    with serving(Settings(delay=0.02, seed=SEED, seat=SEAT)) as (base, app):
        open_table(browser, base)
        table = next(iter(app.state.tables.rooms.values())).table
        met, hinted = set(), set()
        shot_taken = False
        while True:
            wait(browser, lambda d: body(d, "my-turn") == "1" or body(d, "decision") == "HAND_OVER", "a decision")
            check_fits(browser)
            if body(browser, "decision") == "HAND_OVER":
                break
            version = body(browser, "version")
            assert int(version) == table.version
            state = table.hand
            met.add(kind_of(state))
            check_in_view(browser, "#controls button")
            check_in_view(browser, "#hand-me")
            if phone:
                check_rows(browser)
            if kind_of(state) in ("GRAND_TICHU", "PLAY lead") and kind_of(state) not in hinted:
                check_hint(browser, state, phone)
                hinted.add(kind_of(state))
            action = choose(state, SEED)
            if kind_of(state) == "BOMB" and not shot_taken:  # a full hand, a trick, the bomb chosen
                choose_and_shoot(browser, list(action.move.cards), size)
                shot_taken = True
            do(browser, state, action, phone)
            wait(browser, lambda d, v=version: body(d, "version") != v, f"the page after {action}")
            assert not browser.find_element(By.ID, "error").text
            check_not_greyed(browser)
        assert met == EVERY_KIND
        assert shot_taken
        check_score(browser, table, size)


def check_hint(driver: Any, state: tf.HandState, phone: bool) -> None:
    """Hint asks the server's hint bot: its action is named, its button outlined and its cards chosen."""
    click(driver, driver.find_element(By.CSS_SELECTOR, '#controls [data-action="hint"]'), phone)
    line = wait(driver, lambda d: d.find_element(By.ID, "hint-line").text, "the hint")
    assert line.startswith("Hint (")
    text = line.split("): ", 1)[1]
    assert driver.find_element(By.CSS_SELECTOR, "#controls button.hinted").get_attribute("data-action") == text
    check_in_view(driver, "#controls button, #hint-line")
    action = state.parse_action(text)
    cards = sorted(action.move.cards) if action.move is not None and not action.move.is_pass else []
    chosen = driver.find_elements(By.CSS_SELECTOR, '#hand-me [aria-pressed="true"]')
    assert sorted(e.get_attribute("data-card") for e in chosen) == cards
    if chosen:  # back to nothing chosen, for the person's own choice
        click(driver, driver.find_element(By.CSS_SELECTOR, '#controls [data-action="clear"]'), phone)


def choose_and_shoot(driver: Any, cards: list[str], size: str) -> None:
    """Chooses `cards` (their Play button shows, in view), takes the screenshot, and unchooses them."""
    phone = size in PHONES
    for card in cards:
        click(driver, driver.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]'), phone)
    assert driver.find_elements(By.CSS_SELECTOR, "#controls button.primary[data-action]")
    check_in_view(driver, "#controls button")
    if size in ("390x844", "1280x800"):
        shot(driver, "web_phone.png" if phone else "web_desktop.png")
    click(driver, driver.find_element(By.CSS_SELECTOR, '#controls [data-action="clear"]'), phone)


def check_not_greyed(driver: Any) -> None:
    """When it is not his turn, the person's hand is drawn as it is (only not clickable)."""
    # read at once: the bots play on meanwhile
    turn, cards = driver.execute_script(
        "return [document.body.dataset.myTurn, [...document.querySelectorAll('#hand-me .card')]"
        ".map(c => [c.disabled, getComputedStyle(c).opacity])]"
    )
    if turn == "0":
        assert all(card == [True, "1"] for card in cards), cards


def check_score(driver: Any, table: Any, size: str) -> None:
    """The hand's score in its parts, its buttons in view, and the parts add up to the total."""
    check_in_view(driver, "#controls button, #viewer-link")
    rows = driver.find_elements(By.CSS_SELECTOR, "#score-table tr")
    totals = [row.text for row in rows if row.text.startswith("Hand total")]
    a, b = tf.HandState.from_replay(table.finished[-1]).returns()
    assert totals == [f"Hand total {signed(a)} {signed(b)}"]
    if size == "390x844":
        shot(driver, "web_score_phone.png")


def test_the_viewer_moves_its_log_not_the_window(browser, tmp_path):
    resize(browser, 390, 844, True)
    page = tmp_path / "hand.html"
    page.write_text(render(played_hand(7)))
    browser.get(page.as_uri())
    wait(browser, lambda d: d.find_element(By.ID, "step-info").text.startswith("Step 0"), "the viewer")
    page_body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(40):
        page_body.send_keys(Keys.ARROW_RIGHT)
    page_body.send_keys(Keys.END)
    assert browser.execute_script("return window.scrollY") == 0
    check_fits(browser)
    # the log's own panel followed the step: its last line is in it
    assert browser.execute_script("return document.getElementById('log').scrollTop") > 0
