"""Training (tichu_fast.net.torch_model, tichu_fast.net.train): the torch pass is the numpy pass, files
round-trip, the loss goes down, and the command runs end to end and resumes."""

from __future__ import annotations

import csv
import hashlib
import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from tichu_fast.net import network  # noqa: E402
from tichu_fast.net.selfplay import SearchSpec, SelfPlayData, play_hands  # noqa: E402
from tichu_fast.net.torch_model import (  # noqa: E402
    PolicyValueNet,
    batch_of,
    epoch,
    evaluate_loss,
    from_network,
    segment_log_softmax,
    to_network,
)
from tichu_fast.net.train import NETWORK, main  # noqa: E402
from tichu_fast.rl import move_features  # noqa: E402


@pytest.fixture(autouse=True)
def one_torch_thread():
    # as train.py: small steps on two threads were 20x slower on a shared 2-core machine
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def data() -> SelfPlayData:
    return play_hands(5, 0, 3, SearchSpec(iterations=40))


def seeded(h1: int = 128, h: int = 64) -> PolicyValueNet:
    torch.manual_seed(0)
    model = PolicyValueNet(h1, h)
    with torch.no_grad():  # larger weights than the initial ones, so that differences would show
        for p in model.parameters():
            p.mul_(3.0)
    return model


@pytest.mark.parametrize("hidden", [(128, 64), (5, 3)])
def test_torch_forward_is_the_numpy_forward(data, hidden):
    model = seeded(*hidden)
    net = to_network(model)
    rows = np.arange(min(40, len(data)))
    batch = batch_of(data, rows)
    with torch.no_grad():
        value, logits = model(batch.obs, batch.feats, batch.owner)
    for k, i in enumerate(rows):
        moves = data.moves[data.candidates(int(i))]
        v, lg = network.evaluate(net.weights, data.obs[i], move_features(moves))
        np.testing.assert_allclose(value[k].numpy(), v, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(logits[batch.owner == k].numpy(), lg, rtol=1e-5, atol=1e-5)
    assert np.abs(logits.numpy()).max() > 0.1  # not a pass that returns zeros on both sides


def test_export_and_import_round_trip(tmp_path):
    model = seeded(16, 8)
    path = tmp_path / "net.npz"
    network.save(to_network(model), path, command="test", seed=0)
    back = from_network(network.load(path))
    assert back.hidden == (16, 8)
    for (name, a), (_, b) in zip(model.state_dict().items(), back.state_dict().items(), strict=True):
        assert torch.equal(a, b), name


def test_segment_log_softmax_is_a_softmax_per_decision():
    logits = torch.tensor([1.0, 2.0, 3.0, 100.0, -100.0])
    owner = torch.tensor([0, 0, 1, 2, 2])
    got = segment_log_softmax(logits, owner, 3)
    np.testing.assert_allclose(got[:2].numpy(), torch.log_softmax(torch.tensor([1.0, 2.0]), 0).numpy(), rtol=1e-6)
    assert got[2] == 0.0
    np.testing.assert_allclose(got[3:].numpy(), [0.0, -200.0], atol=1e-4)


def test_targets_are_the_normalized_visits(data):
    batch = batch_of(data, np.array([2, 0]))
    first = data.visits[data.candidates(2)]
    np.testing.assert_allclose(batch.target[batch.owner == 0].numpy(), first / first.sum(), rtol=1e-6)
    np.testing.assert_allclose(batch.margin.numpy(), data.margin[[2, 0]] / 400, rtol=1e-6)


def test_the_loss_goes_down_on_a_fixed_data_set(data):
    torch.manual_seed(0)
    model = PolicyValueNet(32, 16)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    batch = batch_of(data, np.arange(len(data)))
    t = batch.target.double()
    entropy = float(-(torch.where(t > 0, t * torch.log(t), 0)).sum()) / len(data)  # the policy loss's floor
    before = evaluate_loss(model, data)
    rng = np.random.default_rng(0)
    for _ in range(16):
        epoch(model, optimizer, data, rng, batch_size=32)
    after = evaluate_loss(model, data)
    assert after["total"] < 0.75 * before["total"]
    assert after["value"] < 0.5 * before["value"]
    assert after["out_first"] < before["out_first"]
    assert after["policy"] - entropy < 0.9 * (before["policy"] - entropy)  # closer to the visits by 10% at least


def test_training_is_reproducible_from_a_seed(data):
    def trained() -> dict[str, torch.Tensor]:
        torch.manual_seed(1)
        model = PolicyValueNet(16, 8)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        epoch(model, optimizer, data, np.random.default_rng(1), batch_size=16)
        return model.state_dict()

    first, second = trained(), trained()
    assert all(torch.equal(first[k], second[k]) for k in first)


def test_quick_end_to_end_and_resume(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["--out", str(out), "--quick", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    for phase in ("self-play", "trained on", "net against heuristic-v1", "net against heuristic:", "evaluation in"):
        assert phase in printed
    loaded = network.load(out / NETWORK)
    manifest = json.loads((out / "net.json").read_text())
    assert manifest["command"] == f"python -m tichu_fast.net.train --out {out} --quick --seed 3"
    assert manifest["rounds"] == 1
    assert manifest["hands"] == 4
    assert manifest["positions"] == len(SelfPlayData.load(out / "data" / "round_000.npz")) > 0
    assert loaded.hidden == (128, 64)
    # a run in place refuses to start over; --resume goes on where it stopped
    with pytest.raises(SystemExit, match="--resume"):
        main(["--out", str(out), "--quick", "--seed", "3"])
    with pytest.raises(SystemExit, match="other settings"):
        main(["--out", str(out), "--quick", "--seed", "4", "--resume", "--rounds", "2"])
    picture = tmp_path / "curve.png"
    assert main(["--out", str(out), "--quick", "--seed", "3", "--resume", "--rounds", "2", "--png", str(picture)]) == 0
    printed = capsys.readouterr().out
    assert "resumed after round 0" in printed
    resumed = json.loads((out / "net.json").read_text())["command"]
    assert resumed.endswith("--seed 3 --rounds 2 --png " + str(picture))
    assert "--resume" not in resumed
    assert picture.exists() or "matplotlib is not installed" in printed
    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert [r["round"] for r in rows] == ["0", "1"]
    assert float(rows[1]["positions"]) > float(rows[0]["positions"])
    assert all(-400 < float(r["heuristic-v1_margin"]) < 400 for r in rows)
    # the resumed run is the run without a stop: the same weights to the byte
    whole = tmp_path / "whole"
    assert main(["--out", str(whole), "--quick", "--seed", "3", "--rounds", "2"]) == 0
    assert (whole / NETWORK).read_bytes() == (out / NETWORK).read_bytes()
    with (whole / "curve.csv").open() as file:
        uninterrupted = list(csv.DictReader(file))
    untimed = [{k: v for k, v in r.items() if not k.endswith("_s")} for r in rows]
    assert [{k: v for k, v in r.items() if not k.endswith("_s")} for r in uninterrupted] == untimed


def test_imitation_then_search_with_the_network(tmp_path, capsys):
    """--imitate: round 0 learns the heuristic's moves (one visit each), round 1 searches with the network so far."""
    out = tmp_path / "run"
    assert main(["--out", str(out), "--quick", "--imitate", "3", "--rounds", "2", "--net-prior", "2"]) == 0
    capsys.readouterr()
    taught = SelfPlayData.load(out / "data" / "round_000.npz")
    searched = SelfPlayData.load(out / "data" / "round_001.npz")
    assert set(np.add.reduceat(taught.visits, taught.offsets[:-1])) == {1}
    assert np.add.reduceat(searched.visits, searched.offsets[:-1]).max() > 1
    assert set(taught.hand) <= {0, 1, 2}
    assert set(searched.hand) <= {3, 4, 5, 6}
    facts = json.loads((out / "net.json").read_text())
    assert facts["hands"] == 3 + 4
    assert facts["search"]["net"] == "training"
    assert facts["search"]["net_prior"] == 2.0


def test_a_run_goes_on_from_a_network_file(tmp_path, capsys, monkeypatch):
    """--init: the first weights are the file's (its hidden sizes), round 0 already searches with them, and the
    manifest names the file by its sha256; --imitate and a file that is no network are refused."""
    from tichu_fast.net import registry, train
    from tichu_fast.net.registry import SHIPPED

    first = tmp_path / "first"
    first.mkdir()
    network.save(to_network(seeded(16, 8)), first / "net.npz", command="t", seed=0)
    started = []
    real_run = train.run

    def spy(settings, out, threads, resume, command, ray=None, init=None, replay=()):
        started.append(to_network(from_network(init)).weights)
        return real_run(settings, out, threads, resume, command, ray, init, replay)

    monkeypatch.setattr(train, "run", spy)
    out = tmp_path / "run"
    assert main(["--out", str(out), "--quick", "--init", str(first / "net.npz")]) == 0
    capsys.readouterr()
    for name, array in network.load(first / "net.npz").weights.items():
        np.testing.assert_array_equal(started[0][name], array)
    manifest = json.loads((out / "net.json").read_text())
    assert manifest["init_sha256"] == hashlib.sha256((first / "net.npz").read_bytes()).hexdigest()
    assert manifest["search"]["net"] == train.TRAINING_NET  # round 0 searched with the network it started from
    assert network.load(out / NETWORK).hidden == (16, 8)
    # 'net' is the shipped file
    assert train._initial("net")[1] == hashlib.sha256(SHIPPED.read_bytes()).hexdigest()
    # and a shipped network by its name
    older = registry.shipped_file("net-v2")
    assert older is not None
    assert train._initial("net-v2")[1] == hashlib.sha256(older.read_bytes()).hexdigest()
    with pytest.raises(SystemExit, match="--imitate"):
        main(["--out", str(tmp_path / "other"), "--quick", "--init", "net", "--imitate", "2"])
    (tmp_path / "bad.npz").write_bytes(b"no network")
    with pytest.raises(SystemExit, match="--init"):
        main(["--out", str(tmp_path / "bad"), "--quick", "--init", str(tmp_path / "bad.npz")])


def test_a_run_trains_on_an_earlier_runs_data(tmp_path, capsys):
    """--replay: every round trains on the named data files besides its own rounds, the manifest keeps their
    sha256, a resumed run must name the same files, and a file that is no self-play data is refused."""
    earlier = tmp_path / "earlier"
    assert main(["--out", str(earlier), "--quick", "--seed", "3"]) == 0
    replayed = earlier / "data" / "round_000.npz"
    out = tmp_path / "run"
    assert main(["--out", str(out), "--quick", "--seed", "4", "--replay", str(replayed)]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "net.json").read_text())
    assert manifest["replay_sha256"] == [hashlib.sha256(replayed.read_bytes()).hexdigest()]
    own = len(SelfPlayData.load(out / "data" / "round_000.npz"))
    assert manifest["positions"] == own + len(SelfPlayData.load(replayed))  # both joined the training
    assert manifest["positions_made"] == own  # what this run made itself
    assert "--replay" in manifest["command"]
    with pytest.raises(SystemExit, match="other settings"):  # the same run without the earlier data
        main(["--out", str(out), "--quick", "--seed", "4", "--resume", "--rounds", "2"])
    (tmp_path / "bad.npz").write_bytes(b"no data")
    with pytest.raises(SystemExit, match="--replay"):
        main(["--out", str(tmp_path / "bad"), "--quick", "--replay", str(tmp_path / "bad.npz")])
