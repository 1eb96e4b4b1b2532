"""The viewer and the table in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium (docs/web.md).

One test plays whole hands of a match at the table by clicking (and by the keyboard), checking what is
drawn against the engine's state at every decision; one opens a viewer page and steps through it.
Marked `browser`; skipped when Chromium, its driver, Selenium or the [web] extra is missing
(.ci/run installs them). With TICHU_SCREENSHOTS=DIR the tests save the screenshots of docs/web.md
there: `TICHU_SCREENSHOTS=docs python -m pytest -n 0 tests/tables/test_web_browser.py`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tichu_fast as tf
from tichu_fast.view import frames, render

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# .ci/run sets TICHU_REQUIRE_BROWSER=1: there a missing browser is a failure, not a skip
if not os.environ.get("TICHU_REQUIRE_BROWSER"):
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("no chromium and chromedriver (apt-get install chromium chromium-driver)", allow_module_level=True)
    pytest.importorskip("selenium.webdriver")
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
assert CHROMIUM is not None, "TICHU_REQUIRE_BROWSER: chromium is needed"
assert DRIVER is not None, "TICHU_REQUIRE_BROWSER: chromedriver is needed"

import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tichu_fast.web.server import Settings, create_app, listen, uvicorn_config  # noqa: E402

SCREENSHOTS = os.environ.get("TICHU_SCREENSHOTS")
WAIT = 60  # seconds at most for the page to show a change (the machine may be busy)


def chrome(width: int = 1400, height: int = 1150) -> Any:
    """A headless Chromium through the system chromedriver (nothing downloaded)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    return webdriver.Chrome(service=Service(DRIVER), options=options)


@contextlib.contextmanager
def serving(settings: Settings) -> Iterator[tuple[str, Any]]:
    """`tichu-fast play`'s server with `settings` in a thread (uvicorn): its address and its application."""
    sock = listen("127.0.0.1", 0)  # as `tichu-fast play` does: the port is the server's before it is named
    port = sock.getsockname()[1]
    app = create_app(dataclasses.replace(settings, port=port))  # it answers to 127.0.0.1:port only
    instance = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        instance.should_exit = True
        thread.join(timeout=WAIT)
        sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chrome()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    with serving(Settings(delay=0.02, target=200, seed=11)) as served:
        yield served


def wait(driver: Any, condition: Any, what: str) -> Any:
    # an element found may be drawn anew before it is read (stale): the next poll reads the new one
    waiting = WebDriverWait(driver, WAIT, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException])
    return waiting.until(lambda d: condition(d), message=what)


def shot(driver: Any, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SCREENSHOTS) / name))


def drawn_cards(driver: Any, selector: str) -> list[str]:
    return [e.get_attribute("data-card") for e in driver.find_elements(By.CSS_SELECTOR, selector + " .card[data-card]")]


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def tab_to(driver: Any, element: Any, most: int = 80) -> None:
    """Presses Tab until `element` has the focus: it is reachable by the keyboard."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    for _ in range(most):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.switch_to.active_element == element:
            return
    raise AssertionError(f"Tab never reached {element.get_attribute('outerHTML')[:120]}")


# -- the table -------------------------------------------------------------------------------------


def check_drawn(driver: Any, state: tf.HandState, seat: int) -> None:
    """What the page draws at the person's decision is the engine's state, seen from his seat (R10.3)."""
    seen = state.observation(seat)
    assert drawn_cards(driver, "#hand-me") == list(seen.hand)
    for p in range(4):
        if p != seat:
            backs = driver.find_elements(By.CSS_SELECTOR, f'[data-hand="{p}"] .card.back')
            assert len(backs) == seen.hand_sizes[p]
            assert not driver.find_elements(By.CSS_SELECTOR, f'[data-hand="{p}"] .card[data-card]')
    # the trick in play, each play and pass in order; a taken trick folds away (to one line)
    starts = seen.trick_starts
    trick_open = bool(seen.trick) or seen.table is not None
    plays = [text for _, text in seen.plays[starts[-1] :]] if starts and trick_open else []
    shown = [e.get_attribute("data-play") for e in driver.find_elements(By.CSS_SELECTOR, "#trick .trick-play")]
    assert shown == plays
    # only the legal cards can be clicked: each enabled card is in some legal play
    if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
        playable = set()
        for action in state.legal_actions():
            if action.move is not None:
                playable |= set(action.move.cards)
        for button in driver.find_elements(By.CSS_SELECTOR, "#hand-me button.card"):
            assert button.is_enabled() == (button.get_attribute("data-card") in playable)


def click_action(driver: Any, state: tf.HandState, action: Any) -> None:
    """Does `action` the way a person does: its cards, then its button."""
    text = str(action)
    if state.decision == tf.Decision.EXCHANGE:  # by the keyboard: Tab to each card, Space, then Enter on Push
        for card in action.push:
            tab_to(driver, driver.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]'))
            ActionChains(driver).send_keys(Keys.SPACE).perform()
        tab_to(driver, driver.find_element(By.CSS_SELECTOR, '[data-action="push"]'))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        return
    if action.move is not None and not action.move.is_pass:
        for card in action.move.cards:
            driver.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]').click()
    button = driver.find_element(By.CSS_SELECTOR, f'#controls [data-action="{text}"]')
    if state.decision == tf.Decision.GRAND_TICHU:
        tab_to(driver, button)  # the keyboard reaches it, and Enter presses it
        button.send_keys(Keys.ENTER)
    else:
        button.click()


def test_play_whole_hands_by_clicking(browser, server):
    base, app = server
    rng = random.Random(3)
    browser.get(base + "/")
    Select(browser.find_element(By.ID, "seat")).select_by_value("2")
    browser.find_element(By.ID, "start").click()
    wait(browser, lambda d: "/table/" in d.current_url, "the table page")
    room = next(iter(app.state.tables.rooms.values()))
    table = room.table
    seat = table.seat
    assert seat == 2
    decisions = hands = 0
    shot_taken = False
    while True:
        wait(
            browser,
            lambda d: (
                d.find_element(By.TAG_NAME, "body").get_attribute("data-my-turn") == "1"
                or d.find_element(By.TAG_NAME, "body").get_attribute("data-decision") == "HAND_OVER"
            ),
            "the person's turn",
        )
        version = browser.find_element(By.TAG_NAME, "body").get_attribute("data-version")
        assert int(version) == table.version  # the page shows the latest state
        if browser.find_element(By.TAG_NAME, "body").get_attribute("data-decision") == "HAND_OVER":
            hands += 1
            over = tf.HandState.from_replay(table.finished[-1])
            a, b = over.returns()
            prompt = browser.find_element(By.ID, "prompt").text
            assert f"team 0 {signed(a)}" in prompt
            assert f"team 1 {signed(b)}" in prompt
            link = browser.find_element(By.ID, "viewer-link").get_attribute("href")
            assert link.endswith(f"/hand/{hands}")
            if hands == 1:
                shot(browser, "web_table_score.png")
            if table.match.is_terminal():  # R9.1: the match ran to its target
                assert "The match is over" in browser.find_element(By.ID, "match-over").text
                break
            next_button = browser.find_element(By.CSS_SELECTOR, '[data-action="next"]')
            next_button.click()
            wait(
                browser,
                lambda d, v=version: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") != v,
                "the next hand",
            )
            continue
        state = table.hand
        assert state.current_player == seat
        check_drawn(browser, state, seat)
        action = rng.choice(state.legal_actions())
        if state.decision == tf.Decision.EXCHANGE:
            action = rng.choice(state.legal_actions()[::97])  # any 3 cards; a sample of the 2184 pushes
        if not shot_taken and state.decision == tf.Decision.PLAY and len(state.observation(seat).plays) > 12:
            card = next(iter(action.move.cards), None) if action.move is not None else None
            if state.table is not None and card is not None:
                browser.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]').click()
                shot(browser, "web_table.png")
                browser.find_element(By.CSS_SELECTOR, f'#hand-me [data-card="{card}"]').click()  # unselect again
                shot_taken = True
        click_action(browser, state, action)
        wait(
            browser,
            lambda d, v=version: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") != v,
            f"the page after {action}",
        )
        assert not browser.find_element(By.ID, "error").text
        decisions += 1
        assert hands < 12, "the match does not end"
    assert hands >= 1
    assert decisions > 20
    assert table.match.is_terminal()
    # the finished hand's viewer page opens from the table
    browser.get(base + f"/table/{table.token}/hand/1")
    wait(browser, lambda d: d.find_element(By.ID, "step-info").text.startswith("Step 0"), "the viewer")
    assert not [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


# -- the viewer --------------------------------------------------------------------------------------


def played_hand(seed: int) -> tf.HandState:
    state = tf.HandState.new(seed)
    step = 0
    while not state.is_terminal():
        state.apply(tf.policy_action(state, "heuristic", tf.hand_seed(seed, step), calls=True))
        step += 1
    return state


def replayed_seat(state: tf.HandState, index: int) -> int:
    """The seat that took action `index` of `state`'s hand."""
    replayed = tf.HandState.from_replay("\n".join(state.replay().split("\n")[:3]) + "\n")
    for action in state.history[:index]:
        replayed.apply(action)
    return replayed.current_player


def test_step_through_a_viewer_page(browser, tmp_path):
    state = played_hand(7)
    start = tf.HandState.from_replay("\n".join(state.replay().split("\n")[:3]) + "\n")
    decisions = []
    replayed = start.clone()
    for action in state.history:
        decisions.append((replayed.decision, replayed.legal_actions()))
        replayed.apply(action)
    # a hand-written analysis of one play decision (the shape the solver writes, docs/web.md)
    index = next(i for i, (d, legal) in enumerate(decisions) if d == tf.Decision.PLAY and len(legal) > 3 and i > 25)
    values = {str(a): float(5 * k - 10) for k, a in enumerate(decisions[index][1])}
    taken = str(state.history[index])
    values[taken] = min(values.values()) - 15.0  # an analysis that finds a better action than the one taken
    analysis = {
        "format": "tichu_fast analysis 1",
        "decisions": [
            {
                "action_index": index,
                "seat": replayed_seat(state, index),
                "taken": taken,
                "values": values,
                "loss": max(values.values()) - values[taken],
            }
        ],
    }
    page = tmp_path / "hand.html"
    page.write_text(render(state, analysis=analysis))
    data = frames(state, analysis=analysis)
    browser.get_log("browser")  # read (and so cleared): only this page's messages are checked below
    browser.get(page.as_uri())
    body = browser.find_element(By.TAG_NAME, "body")

    def step() -> int:
        return int(body.get_attribute("data-step"))

    def check(k: int) -> None:
        frame = data["frames"][k]
        for p in range(4):
            assert drawn_cards(browser, f'[data-hand="{p}"]') == frame["hands"][p]

    assert step() == 0
    check(0)
    # the keyboard: Right arrow steps on, Left back, End to the end, Home to the start
    for k in range(1, 30):
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        assert step() == k
        check(k)
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert step() == 28
    # the mouse: the Next and Back buttons, and a line of the log
    next_button = browser.find_element(By.ID, "next")
    next_button.click()
    next_button.click()
    assert step() == 30
    browser.find_element(By.ID, "prev").click()
    assert step() == 29
    browser.find_element(By.CSS_SELECTOR, f'#log button[data-step="{index}"]').click()
    assert step() == index
    check(index)
    # the analysis of the decision about to be made is drawn beside it
    rows = browser.find_elements(By.CSS_SELECTOR, ".analysis tr.taken")
    assert len(rows) == 1
    assert taken in rows[0].text
    shot(browser, "web_viewer.png")
    browser.find_element(By.ID, "next-trick").click()
    assert step() > index
    body.send_keys(Keys.END)
    last = len(data["frames"]) - 1
    assert step() == last
    a, b = state.returns()
    assert f"team 0 {signed(a)}, team 1 {signed(b)}" in browser.find_element(By.ID, "felt").text  # R8.3
    body.send_keys(Keys.HOME)
    assert step() == 0
    # one seat's view: its own cards, the others' as backs (R10.3)
    Select(browser.find_element(By.ID, "view")).select_by_visible_text("Seat 1's view")
    browser.find_element(By.ID, "last").click()
    seat_view = frames(state, seat=1)
    assert drawn_cards(browser, '[data-hand="1"]') == seat_view["frames"][-1]["hands"][1]
    for p in (0, 2, 3):
        assert not drawn_cards(browser, f'[data-hand="{p}"]')
    # every control is reachable by the keyboard
    for control in ("first", "prev-trick", "prev", "next", "next-trick", "last", "slider", "view"):
        element = browser.find_element(By.ID, control)
        if element.is_enabled():
            tab_to(browser, element)
    assert json.loads(browser.find_element(By.ID, "data").get_attribute("textContent"))["views"]
    assert not [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def test_an_injected_script_does_not_run_in_a_saved_page(browser, tmp_path):
    # the page's policy names its own scripts by their hashes: a script slipped into the file is blocked
    html = render(played_hand(3))
    injected = html.replace("</body>", '<script>document.body.dataset.injected = "ran"</script></body>')
    page = tmp_path / "hand.html"
    page.write_text(injected)
    browser.get_log("browser")  # read (and so cleared)
    browser.get(page.as_uri())
    wait(browser, lambda d: d.find_element(By.ID, "step-info").text.startswith("Step 0"), "the viewer")
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-injected") is None
    assert any("Content Security Policy" in entry["message"] for entry in browser.get_log("browser"))
