"""The network file (tichu_fast.net.network): what `load` refuses, and the numpy forward pass by hand."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from tichu_fast.net import network
from tichu_fast.net.network import NAMES, Network, evaluate, load, manifest_path, save
from tichu_fast.rl import MOVE_FEATURES, OBSERVATION_TENSOR_SIZE


def tiny() -> dict[str, np.ndarray]:
    """H1 = 2, H = 2, with numbers chosen so every step can be followed by hand (see test_forward_by_hand)."""
    w1 = np.zeros((2, OBSERVATION_TENSOR_SIZE), dtype=np.float32)
    w1[0, 0], w1[0, 1] = 1, 1
    w1[1, 0], w1[1, 1] = 1, -1
    wm = np.zeros((2, MOVE_FEATURES), dtype=np.float32)
    wm[0, 0] = 1
    wm[1, 70] = -2
    arrays = {
        "W1": w1,
        "b1": [0.5, 0],
        "W2": [[1, 5], [-1, 0]],
        "b2": [0, 4],
        "Wv": [[1, 0], [0, 2]],
        "bv": [0.5, -1],
        "Ws": [[1, 0], [0, -1]],
        "bp": [0, 1],
        "Wm": wm,
        "wo": [1, 2],
    }
    return {name: np.asarray(value, dtype=np.float32) for name, value in arrays.items()}


def test_forward_by_hand():
    x = np.zeros(OBSERVATION_TENSOR_SIZE, dtype=np.float32)
    x[0], x[1] = 1, 2
    feats = np.zeros((2, MOVE_FEATURES), dtype=np.float32)
    feats[0, 0] = 1  # a move with card 0
    feats[1, 70] = 1  # a bomb
    # h1 = relu([1 + 2 + 0.5, 1 - 2]) = [3.5, 0];  h = relu([3.5 + 0, -3.5 + 4]) = [3.5, 0.5]
    # value = [3.5 + 0.5, 2 * 0.5 - 1] = [4, 0];  s = [3.5, -0.5 + 1] = [3.5, 0.5]
    # z0 = relu(s + [1, 0]) = [4.5, 0.5] -> 4.5 + 2 * 0.5 = 5.5;  z1 = relu(s + [0, -2]) = [3.5, 0] -> 3.5
    value, logits = evaluate(tiny(), x, feats)
    assert value.dtype == np.float32
    assert logits.dtype == np.float32
    np.testing.assert_array_equal(value, [4.0, 0.0])
    np.testing.assert_array_equal(logits, [5.5, 3.5])
    # the network's method is the same pass, and the policy is the logits' softmax
    value2, logits2 = Network.of(tiny()).evaluate(x, feats)
    np.testing.assert_array_equal(logits2, logits)
    np.testing.assert_array_equal(value2, value)
    np.testing.assert_allclose(network.softmax(logits), [1 / (1 + np.exp(-2)), 1 / (1 + np.exp(2))])
    assert network.out_first_chance(value) == 0.5


def test_one_candidate_and_default_sizes():
    rng = np.random.default_rng(1)
    arrays = {n: rng.normal(size=s).astype(np.float32) for n, s in network.shapes(128, 64).items()}
    value, logits = evaluate(
        arrays, rng.random(OBSERVATION_TENSOR_SIZE, dtype=np.float32), np.zeros((1, 71), np.float32)
    )
    assert value.shape == (2,)
    assert logits.shape == (1,)


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "net.npz"
    side = save(Network.of(tiny()), path, command="python -m tichu_fast.net.train --out x", seed=3, positions=10)
    assert side == manifest_path(path) == tmp_path / "net.json"
    loaded = load(path)
    for name in NAMES:
        np.testing.assert_array_equal(loaded.weights[name], tiny()[name])
        assert loaded.weights[name].dtype == np.float32
        assert not loaded.weights[name].flags.writeable
    manifest = json.loads(side.read_text())
    assert manifest["format"] == 1
    assert manifest["observation_tensor_version"] == 1
    assert manifest["move_features"] == 71
    assert manifest["hidden"] == [2, 2]
    assert manifest["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert manifest["seed"] == 3
    assert manifest["positions"] == 10
    assert loaded.hidden == (2, 2)
    # the same weights make the same bytes: a file's hash depends on its weights alone
    save(Network.of(tiny()), tmp_path / "again.npz", command="other")
    assert (tmp_path / "again.npz").read_bytes() == path.read_bytes()


def written(tmp_path, arrays: dict[str, np.ndarray], **manifest_changes: object):
    """A network file of `arrays` (written as np.savez would) with a correct manifest, then changed."""
    path = tmp_path / "bad.npz"
    np.savez(path, **arrays)
    manifest = {
        "format": 1,
        "observation_tensor_version": 1,
        "move_features": 71,
        "hidden": [2, 2],
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }
    manifest.update(manifest_changes)
    manifest_path(path).write_text(json.dumps(manifest))
    return path


def test_a_plain_savez_file_with_its_manifest_loads(tmp_path):
    np.testing.assert_array_equal(load(written(tmp_path, tiny())).weights["Wm"], tiny()["Wm"])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda a: a.pop("wo"), r"missing \['wo'\]"),
        (lambda a: a.update(extra=np.zeros(2, np.float32)), r"unexpected \['extra'\]"),
        (lambda a: a.update(W2=a["W2"].astype(np.float64)), "W2 must be float32, not float64"),
        (lambda a: a.update(b2=np.zeros(3, np.float32)), r"b2 has shape \(3,\), expected \(2,\)"),
        (lambda a: a.update(W1=np.zeros((2, 730), np.float32)), r"W1 has shape \(2, 730\)"),
        (lambda a: a.update(Wm=np.zeros((2, 70), np.float32)), r"Wm has shape \(2, 70\)"),
        (lambda a: a.update(W2=np.zeros((2, 3), np.float32)), r"W2 has shape \(2, 3\), expected \(2, 2\)"),
        (lambda a: a["bv"].__setitem__(0, np.nan), "bv holds a value that is not finite"),
    ],
)
def test_bad_arrays_are_refused(tmp_path, change, words):
    arrays = tiny()
    change(arrays)
    with pytest.raises(ValueError, match=words):
        load(written(tmp_path, arrays))
    with pytest.raises(ValueError, match=words):
        Network.of(arrays)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"format": 2}, "format is 2, this version reads 1"),
        ({"observation_tensor_version": 2}, "observation_tensor_version is 2"),
        ({"move_features": 70}, "move_features is 70"),
        ({"hidden": [2, 3]}, r"hidden is \[2, 3\]"),
        ({"sha256": "0" * 64}, "sha256 is"),
    ],
)
def test_bad_manifests_are_refused(tmp_path, changes, words):
    with pytest.raises(ValueError, match=words):
        load(written(tmp_path, tiny(), **changes))


def test_a_changed_file_fails_its_hash(tmp_path):
    path = tmp_path / "net.npz"
    save(Network.of(tiny()), path)
    arrays = tiny()
    arrays["wo"][0] = 3  # another network under the old manifest
    path.write_bytes(network._npz_bytes(arrays))
    with pytest.raises(ValueError, match="sha256"):
        load(path)


def test_missing_or_broken_manifest_or_file(tmp_path):
    path = tmp_path / "net.npz"
    save(Network.of(tiny()), path)
    manifest_path(path).write_text("{not json")
    with pytest.raises(ValueError, match="not JSON"):
        load(path)
    manifest_path(path).write_text("[1]")
    with pytest.raises(ValueError, match="must be a JSON object"):
        load(path)
    manifest_path(path).unlink()
    with pytest.raises(ValueError, match=r"no manifest net\.json"):
        load(path)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    (tmp_path / "junk.json").write_text("{}")
    with pytest.raises(ValueError, match=r"not an \.npz"):
        load(tmp_path / "junk.npz")
    for key in ("format", "sha256"):
        save(Network.of(tiny()), path)
        manifest = json.loads(manifest_path(path).read_text())
        del manifest[key]
        manifest_path(path).write_text(json.dumps(manifest))
        with pytest.raises(ValueError, match=key):
            load(path)


def test_a_list_is_no_array():
    arrays: dict[str, object] = dict(tiny())
    arrays["b1"] = [0.5, 0.0]
    with pytest.raises(ValueError, match="b1 must be float32, not list"):
        Network.of(arrays)
