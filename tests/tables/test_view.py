"""The replay viewer (tichu_fast.view, `tichu-fast view`; docs/web.md): one self-contained page per hand."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import subprocess
import sys

import pytest

import tichu_fast as tf
from tichu_fast.cli import main
from tichu_fast.view import frames, read_analysis, render

NAMES = set(tf.CARD_NAMES)


def played_hand(seed: int, policy: str = "heuristic") -> tf.HandState:
    """A whole hand, every seat by a built-in policy with calls."""
    state = tf.HandState.new(seed)
    step = 0
    while not state.is_terminal():
        state.apply(tf.policy_action(state, policy, tf.hand_seed(seed, step), calls=True))
        step += 1
    return state


def start_of(state: tf.HandState) -> tf.HandState:
    """The state before the first action of `state`'s hand."""
    return tf.HandState.from_replay("\n".join(state.replay().split("\n")[:3]) + "\n")


def page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


def card_tokens(value: object) -> set[str]:
    """Every card name written anywhere in a JSON value (as a whole word of a string)."""
    text = json.dumps(value)
    return {word for word in re.split(r"[^0-9A-Za-z]+", text) if word in NAMES}


def test_the_page_is_self_contained():
    html = render(played_hand(1))
    assert html.startswith("<!DOCTYPE html>")
    # nothing is loaded from elsewhere: no external script, style, image or font
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    assert "@import" not in html
    assert "url(" not in html
    assert html.count("<script") >= 3  # the data, the cards, the viewer


def test_frames_follow_the_engine():
    state = played_hand(2)
    data = frames(state.replay())
    assert len(data["frames"]) == len(state.history) + 1
    assert len(data["events"]) == len(state.history)
    last = data["frames"][-1]
    assert last["score"] == list(state.returns())  # R8.3 to R8.5
    assert last["out"] == list(state.out_order)
    assert last["hands"] == [list(h) for h in state.hands]
    # every frame k is the state after k actions
    replayed = start_of(state)
    for k, action in enumerate(state.history):
        frame = data["frames"][k]
        assert frame["decision"] == replayed.decision.name
        assert frame["to_act"] == replayed.current_player
        assert frame["hands"] == [list(h) for h in replayed.hands]
        assert frame["points"] == [p.points for p in replayed.piles]
        replayed.apply(action)


def test_events_name_the_story_of_the_hand():
    # a hand with a wish, a Dragon gift and a bomb: seed chosen by searching (heuristic-v1, calls: it wishes)
    found = {"wish": False, "gift": False, "bomb": False, "taken": False}
    for seed in range(60):
        data = frames(played_hand(seed, "heuristic-v1"))
        texts = [e["text"] for e in data["events"]]
        notes = [n for e in data["events"] for n in e["notes"]]
        found["wish"] |= any("wishes for" in t for t in texts)  # R6.1
        found["gift"] |= any("gives the Dragon trick" in t for t in texts)  # R5.5
        found["bomb"] |= any("bomb" in t and "does not" not in t for t in texts)  # R4.4
        found["taken"] |= any("takes the trick" in n for n in notes)  # R5.4
        if all(found.values()):
            break
    assert all(found.values()), found
    assert any("the hand is over" in n for n in data["events"][-1]["notes"])  # R8.1


def test_a_seat_view_shows_only_what_that_seat_knew():
    # R10.3: at every step, a seat's frame and the log up to it name no card the seat could not know
    for seed in (3, 4, 5):
        state = played_hand(seed)
        for seat in range(4):
            data = frames(state.replay(), seat=seat)
            truth = start_of(state)
            applied = 0
            for k, frame in enumerate(data["frames"]):
                index = data["events"][k - 1]["index"] if k else -1
                while applied <= index:
                    truth.apply(state.history[applied])
                    applied += 1
                seen = truth.observation(seat)
                known = set(seen.hand) | set(seen.pushed or ()) | set(seen.received or ())
                for cards in seen.played:
                    known |= set(cards)
                shown = card_tokens(frame) | card_tokens(data["events"][:k])
                assert shown <= known, (seed, seat, k, shown - known)
                assert [h is None for h in frame["hands"]] == [p != seat for p in range(4)]
                assert frame["hands"][seat] == list(seen.hand)


def test_declined_offers_of_other_seats_are_left_out_of_a_seat_view():
    # R10.2, R10.3: find a hand with a declined bomb offer
    for seed in range(200):
        state = played_hand(seed, "random")
        steps = list(enumerate(zip(state.history, _decisions(state), strict=True)))
        declined = [(i, seat) for i, (a, (d, seat)) in steps if d == tf.Decision.BOMB and str(a) == "pass"]
        if declined:
            break
    index, offered = declined[0]
    other = (offered + 1) % 4
    assert index in {e["index"] for e in frames(state.replay())["events"]}
    assert index in {e["index"] for e in frames(state.replay(), seat=offered)["events"]}
    assert index not in {e["index"] for e in frames(state.replay(), seat=other)["events"]}
    # nor is the offer shown as the decision under way
    for frame in frames(state.replay(), seat=other)["frames"]:
        assert not (frame["decision"] == "BOMB" and frame["to_act"] != other)
    # the view of every hand shows it: the offered seat to act
    assert any(f["decision"] == "BOMB" and f["to_act"] == offered for f in frames(state.replay())["frames"])


def _decisions(state: tf.HandState) -> list[tuple[tf.Decision, int]]:
    replayed = start_of(state)
    out = []
    for action in state.history:
        out.append((replayed.decision, replayed.current_player))
        replayed.apply(action)
    return out


def sample_analysis(state: tf.HandState, index: int) -> dict:
    """A hand-written analysis of one decision (docs/web.md), as the solver writes it."""
    replayed = start_of(state)
    for action in state.history[:index]:
        replayed.apply(action)
    legal = [str(a) for a in replayed.legal_actions()]
    taken = str(state.history[index])
    values = {text: float(10 * k) for k, text in enumerate(legal)}
    return {
        "format": "tichu_fast analysis 1",
        "decisions": [
            {
                "action_index": index,
                "seat": replayed.current_player,
                "taken": taken,
                "taken_value": values[taken],
                "best": legal[-1],
                "best_value": values[legal[-1]],
                "loss": 12.5,
                "values": values,
                "an_unknown_key": "ignored",
            }
        ],
        "loss_by_seat": [0.0, 0.0, 12.5, 0.0],
        "total_loss": 12.5,
    }


def test_analysis_is_shown_beside_its_decision():
    state = played_hand(6)
    index = next(i for i, (d, _) in enumerate(_decisions(state)) if d == tf.Decision.PLAY and i > 20)
    analysis = sample_analysis(state, index)
    seat = analysis["decisions"][0]["seat"]
    data = frames(state.replay(), analysis=analysis)
    event = data["events"][index]
    assert event["analysis"]["values"] == analysis["decisions"][0]["values"]
    assert event["analysis"]["loss"] == 12.5
    assert sum("analysis" in e for e in data["events"]) == 1
    # in a seat's view only its own decisions carry values (others' would show their cards)
    own = frames(state.replay(), seat=seat, analysis=analysis)
    assert sum("analysis" in e for e in own["events"]) == 1
    other = frames(state.replay(), seat=(seat + 1) % 4, analysis=analysis)
    assert not any("analysis" in e for e in other["events"])
    html = render(state, analysis=analysis)
    assert page_data(html)["views"][0]["events"][index]["analysis"]["taken"] == analysis["decisions"][0]["taken"]


@pytest.mark.parametrize(
    ("analysis", "match"),
    [
        ({"decisions": "x"}, "list 'decisions'"),
        ({"decisions": [{"values": {}}]}, "action_index"),
        ({"decisions": [{"action_index": True}]}, "action_index"),
        ({"decisions": [{"action_index": 1, "values": {"pass": "high"}}]}, "numbers"),
    ],
)
def test_a_malformed_analysis_is_refused(analysis, match):
    with pytest.raises(ValueError, match=match):
        render(played_hand(1), analysis=analysis)


def test_text_from_the_analysis_cannot_close_the_script():
    state = played_hand(1)
    analysis = sample_analysis(state, 12)
    analysis["decisions"][0]["values"]["</script><script>alert(1)</script>"] = 1.0
    html = render(state, analysis=analysis)
    assert "</script><script>alert(1)" not in html
    assert "</script><script>alert(1)</script>" in page_data(html)["views"][0]["events"][12]["analysis"]["values"]


def test_unfinished_and_position_hands_render():
    state = tf.HandState.new(9)
    for _ in range(20):
        state.apply(tf.policy_action(state, "heuristic", 0, calls=False))
    data = frames(state.replay())
    assert "score" not in data["frames"][-1]
    position = tf.HandState.from_position(["5j 9s Kt", "3p 2s Qs", "", "7j 8t"], leader=0, out_order=[2], wish=7)
    position.apply("5j")
    data = frames(position.replay(), seat=0)
    assert data["frames"][0]["wish"] == 7  # R6.2
    assert len(data["events"]) == 1


def test_bad_input_is_refused():
    with pytest.raises(tf.InvalidNotationError, match="line 1"):
        render("not a replay")
    text = played_hand(1).replay().replace("\npass\n", "\nfly\n", 1)
    with pytest.raises(tf.InvalidNotationError, match="line"):
        render(text)
    with pytest.raises(IndexError):
        render(played_hand(1), seat=4)
    with pytest.raises(TypeError):
        render(played_hand(1), seat="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render(played_hand(1), analysis=[1])  # type: ignore[arg-type]


def test_a_seat_page_holds_that_view_only():
    data = page_data(render(played_hand(2), seat=3))
    assert [v["seat"] for v in data["views"]] == [3]
    assert [v["seat"] for v in page_data(render(played_hand(2)))["views"]] == [None, 0, 1, 2, 3]


def test_cards_have_text_labels_in_the_script():
    html = render(played_hand(1))
    assert 'setAttribute("aria-label"' in html
    assert 'aria-label="Next step"' in html


def test_the_command_writes_the_page(tmp_path):
    state = played_hand(4)
    replay = tmp_path / "hand.txt"
    replay.write_text(state.replay())
    analysis = tmp_path / "analysis.json"
    analysis.write_text(json.dumps(sample_analysis(state, 14)))
    out = tmp_path / "out.html"
    run = [sys.executable, "-m", "tichu_fast", "view", str(replay), "-o", str(out), "--analysis", str(analysis)]
    result = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "analysis" in page_data(out.read_text())["views"][0]["events"][14]
    result = subprocess.run([*run[:4], str(replay)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "hand.html").exists()
    bad = subprocess.run([*run[:4], str(tmp_path / "missing.txt")], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2
    assert "cannot read the replay file" in bad.stderr


def test_the_core_and_the_viewer_need_no_web_library():
    # without the [web] extra (its modules blocked): everything but the server imports, and `play` says what to install
    code = (
        "import sys\n"
        "for name in ('starlette', 'uvicorn', 'websockets'):\n"
        "    sys.modules[name] = None\n"
        "import tichu_fast, tichu_fast.view, tichu_fast.web, tichu_fast.web.table\n"
        "from tichu_fast import cli\n"
        "sys.exit(cli.main(['play']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert 'pip install ".[web]"' in result.stderr


def test_a_seat_view_tells_every_trick_taken_even_when_a_declined_offer_ends_it():
    # R5.4, R10.3: in hand 8 seat 2 declines the last offer of two tricks, which ends them; the other seats
    # never see the offer, but they see the trick taken, after the action before it
    state = played_hand(8)
    every = [n for e in frames(state)["events"] for n in e["notes"]]
    assert sum("takes the trick" in n for n in every) >= 2
    for seat in range(4):
        assert [n for e in frames(state, seat=seat)["events"] for n in e["notes"]] == every


# -- what the command reads --------------------------------------------------------------------------


def padded(state: tf.HandState, after: int, blank: str) -> str:
    """The replay of `state` with `blank` inserted after its action line `after`."""
    lines = state.replay().split("\n")
    cut = len(lines) - len(state.history) - 1 + after  # the header lines, then one line per action
    return "\n".join([*lines[:cut], blank, *lines[cut:]])


def test_a_replay_is_read_whole_or_refused_over_the_limit(tmp_path, capsys, monkeypatch):
    # a file past 10**7 characters was cut there, silently: "0 decisions analysed" of a padded replay
    state = played_hand(3)  # 17 decisions analysed from 10 cards
    plain = tmp_path / "plain.txt"
    plain.write_text(state.replay())
    assert main(["analyze", str(plain), "--cards", "10", "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert expected["decisions"]
    under = tmp_path / "under.txt"  # blank space within the limit: read whole, the same analysis
    blank = " " * 3999 + "\n"  # a replay has at most 4096 lines of 4096 characters, blank or not
    under.write_text(padded(state, 30, blank * 2_250))  # 9 MB
    assert main(["analyze", str(under), "--cards", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    over = tmp_path / "over.txt"
    over.write_text(padded(state, 30, blank * 2_500 + " " * 3000))  # 10 MB and a few KB
    for command in (["analyze", str(over)], ["view", str(over), "-o", str(tmp_path / "over.html")]):
        assert main(command) == 2
        captured = capsys.readouterr()
        assert "longer than 10,000,000 bytes" in captured.err
        assert not captured.out
    assert not (tmp_path / "over.html").exists()
    # the same from stdin
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(over.read_bytes()), encoding="utf-8"))
    assert main(["analyze", "-", "--cards", "10"]) == 2
    assert "the replay from stdin is longer than 10,000,000 bytes" in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(under.read_bytes()), encoding="utf-8"))
    assert main(["analyze", "-", "--cards", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(state.replay().encode() + b"\xe9\n")
    assert main(["analyze", str(bad)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


# -- an analysis that does not fit the page, or the replay ------------------------------------------


def test_an_analysis_holding_nan_infinity_a_list_or_deep_nesting_is_refused(tmp_path, capsys):
    state = played_hand(4)
    replay = tmp_path / "hand.txt"
    replay.write_text(state.replay())
    good = json.dumps(sample_analysis(state, 14))
    bad = {
        "nan": (good.replace('"loss": 12.5', '"loss": NaN'), "NaN"),
        "infinity": (good.replace('"loss": 12.5', '"loss": Infinity'), "Infinity"),
        "-infinity": (good.replace('"loss": 12.5', '"loss": -Infinity'), "-Infinity"),
        "1e999": (good.replace('"loss": 12.5', '"loss": 1e999'), "finite"),
        "a value 1e999": (re.sub(r'("values": \{"[^"]+": )[0-9.]+', r"\g<1>1e999", good), "finite"),
        "a list": (json.dumps([sample_analysis(state, 14)]), "JSON object"),
        "deep": ('{"decisions": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        "not json": ("{", "not JSON"),
    }
    for name, (text, message) in bad.items():
        path = tmp_path / "analysis.json"
        path.write_text(text)
        out = tmp_path / "out.html"
        assert main(["view", str(replay), "-o", str(out), "--analysis", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert message in err, (name, err)
        assert err.count("\n") == 1  # one line, no traceback
        assert not out.exists()
    assert main(["view", str(replay), "-o", str(tmp_path / "out.html"), "--analysis", str(path.parent / "a.json")]) == 2
    (tmp_path / "a.json").write_text(good)
    assert main(["view", str(replay), "-o", str(tmp_path / "out.html"), "--analysis", str(tmp_path / "a.json")]) == 0
    with pytest.raises(ValueError, match="finite"):
        render(state, analysis=json.loads(good.replace('"loss": 12.5', '"loss": NaN')))
    assert read_analysis(good) == json.loads(good)


def test_an_analysis_must_be_about_the_replays_actions(tmp_path, capsys):
    state = played_hand(6)
    plays = [i for i, (d, _) in enumerate(_decisions(state)) if d == tf.Decision.PLAY and i > 20]
    # a decision with a choice: an action other than the one taken
    analysis = next(a for a in (sample_analysis(state, i) for i in plays) if len(a["decisions"][0]["values"]) > 1)
    entry = analysis["decisions"][0]
    index = entry["action_index"]
    other = next(t for t in entry["values"] if t != entry["taken"])
    wrong = {
        "taken": ({**entry, "taken": other}, "was taken"),
        "unreadable": ({**entry, "taken": "fly away"}, "was taken"),
        "seat": ({**entry, "seat": (entry["seat"] + 1) % 4}, "to seat"),
        "beyond": ({**entry, "action_index": len(state.history)}, "the replay has"),
        "twice": (None, "twice"),
    }
    for changed, message in wrong.values():
        decisions = [entry, entry] if changed is None else [changed]
        with pytest.raises(ValueError, match=message):
            render(state, analysis={**analysis, "decisions": decisions})
        with pytest.raises(ValueError, match=message):
            frames(state, seat=(entry["seat"] + 1) % 4, analysis={**analysis, "decisions": decisions})
    # the same action written another way is the action taken
    cards = entry["taken"].split()
    if len(cards) > 1:
        respelled = {**entry, "taken": " ".join(reversed(cards))}
        render(state, analysis={**analysis, "decisions": [respelled]})
    # from the command: a clear line, exit 2, no page
    replay = tmp_path / "hand.txt"
    replay.write_text(state.replay())
    path = tmp_path / "analysis.json"
    path.write_text(json.dumps({**analysis, "decisions": [{**entry, "taken": other}]}))
    out = tmp_path / "out.html"
    assert main(["view", str(replay), "-o", str(out), "--analysis", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"the replay's action {index} is {entry['taken']!r}" in err
    assert not out.exists()


# -- the Content-Security-Policy of a saved page ------------------------------------------------------


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_saved_page_allows_its_own_scripts_and_style_only():
    html = render(played_hand(1))
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert found is not None
    policy = dict(part.strip().split(" ", 1) for part in found.group(1).split(";"))
    assert "unsafe-inline" not in found.group(1)
    assert policy["default-src"] == "'none'"
    assert policy["connect-src"] == "'none'"  # a file talks to no server
    # exactly the page's own scripts and style, named by their hashes: any other script would not run
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(scripts) == 2
    assert sorted(policy["script-src"].split()) == sorted(sha256(code) for code in scripts)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert policy["style-src"] == sha256(style)
    assert "style=" not in html  # no style attribute, which the policy would block
    # the policy comes before anything it governs
    assert html.index("Content-Security-Policy") < html.index("<style>")
