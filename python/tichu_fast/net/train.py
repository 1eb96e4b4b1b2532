"""Expert iteration from the command line: self-play by search, training, evaluation, round after round.

    python -m tichu_fast.net.train --out DIR [--seed 0] [--rounds R] [--hands N] [--iterations K]
        [--threads T] [--epochs E] [--deals D] [--init NPZ] [--replay NPZ ...] [--quick] [--resume] [--png FILE]

Each round plays N self-play hands with the round's search (`round_search`; round 0:
ISMCTS of K iterations, heuristic-v1 playouts, prior 0.5; with `--init`, a network file
the run starts from, round 0 searches with it already), trains the network on the
data of the last `--window` rounds (all by default) and of the earlier runs' rounds
that `--replay` names, writes a checkpoint to DIR, and measures the network's policy
(`NetBot`, its argmax) by duplicate deals against heuristic-v1 and heuristic.
docs/net.md says what each file of DIR is and what a run costs.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import hashlib
import importlib
import json
import os
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from tichu_fast._core import hand_seed
from tichu_fast.arena import duplicate
from tichu_fast.bots import NetBot
from tichu_fast.net.network import Network, load, save
from tichu_fast.net.registry import register, shipped_file
from tichu_fast.net.selfplay import SearchSpec, SelfPlayData, play_hands
from tichu_fast.net.torch_model import PolicyValueNet, epoch, from_network, to_network

__all__ = ["OPPONENTS", "NetBot", "Settings", "main", "round_search", "run"]

OPPONENTS = ("heuristic-v1", "heuristic")  # the learning curve's opponents
EVAL_STREAM = 0xE7A1  # the evaluation's deals: hand_seed(hand_seed(seed, EVAL_STREAM), d), never a training deal
CHECKPOINT = "checkpoint.pt"
CURVE = "curve.csv"
NETWORK = "net.npz"
TRAINING_NET = "training"  # the registry's name of the network being trained: the search and NetBot play it
CURVE_COLUMNS = [
    "round",
    "positions",
    "hands",
    *(f"{who}_{part}" for who in OPPONENTS for part in ("margin", "ci95")),
    "selfplay_s",
    "train_s",
    "eval_s",
    "loss",
]


@dataclass(frozen=True)
class Settings:
    """A run's settings: what the checkpoint keeps and a resumed run must match."""

    seed: int
    rounds: int
    hands: int
    iterations: int
    epochs: int
    deals: int
    window: int
    hidden: tuple[int, int]
    batch: int
    lr: float
    net_prior: float = 1.0
    value_weight: float = 0.0
    imitate: int = 0
    init: str = ""  # the sha256 of the network file the run starts from ("" from random weights)
    replay: tuple[str, ...] = ()  # the sha256 of each earlier run's data file every round also trains on


def round_search(round_: int, settings: Settings) -> SearchSpec:
    """The search that makes round `round_`'s self-play data: ISMCTS with heuristic-v1 playouts and the heuristic's
    progressive bias (prior 0.5); from round 1 on (from round 0 in a run started from a network, `--init`), with
    the network learned so far (registered as TRAINING_NET) steering it by `net_prior` and valuing its leaves by
    `value_weight`: expert iteration."""
    if round_ == 0 and settings.imitate:
        return SearchSpec(iterations=settings.iterations, teacher="heuristic")
    if (round_ == 0 and not settings.init) or (settings.net_prior == 0 and settings.value_weight == 0):
        return SearchSpec(iterations=settings.iterations, policy="heuristic-v1", prior=0.5)
    return SearchSpec(
        iterations=settings.iterations,
        policy="heuristic-v1",
        prior=0.5,
        net=TRAINING_NET,
        net_prior=settings.net_prior,
        value_weight=settings.value_weight,
    )


def round_hands(round_: int, settings: Settings) -> tuple[int, int]:
    """(first hand, hands) of round `round_`'s self-play: `--imitate` hands for an imitation round 0, else `--hands`."""
    if not settings.imitate:
        return round_ * settings.hands, settings.hands
    if round_ == 0:
        return 0, settings.imitate
    return settings.imitate + (round_ - 1) * settings.hands, settings.hands


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tichu_fast.net.train", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the run's directory (checkpoint, data, network, curve)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (deals, searches, weights, batches)")
    parser.add_argument("--rounds", type=int, help="rounds of expert iteration (default 4; 1 with --quick)")
    parser.add_argument("--hands", type=int, default=400, help="self-play hands a round (default 400)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations a decision (default 200)")
    parser.add_argument("--threads", type=int, default=1, help="threads for self-play and evaluation")
    parser.add_argument(
        "--ray", metavar="ADDRESS", help='self-play as Ray tasks: "auto", "local" or a cluster (the [ray] extra)'
    )
    parser.add_argument("--epochs", type=int, default=4, help="passes over the data a round (default 4)")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals against each opponent (default 100)")
    parser.add_argument("--window", type=int, default=0, help="train on the last W rounds' data (default 0: all)")
    parser.add_argument("--hidden", type=int, nargs=2, default=[128, 64], metavar=("H1", "H"), help="hidden sizes")
    parser.add_argument("--batch", type=int, default=256, help="decisions a batch (default 256)")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate (default 0.001)")
    parser.add_argument(
        "--net-prior", type=float, default=1.0, help="from round 1, the network's PUCT weight in the search (default 1)"
    )
    parser.add_argument(
        "--imitate",
        type=int,
        default=0,
        metavar="HANDS",
        help="round 0 learns the shipped heuristic's moves over HANDS hands instead of searching (default 0: no)",
    )
    parser.add_argument(
        "--value-weight",
        type=float,
        default=0.0,
        help="from round 1, the network's share of a leaf's value (default 0)",
    )
    parser.add_argument(
        "--init",
        metavar="NPZ",
        help="start from this network file's weights (its hidden sizes) instead of random ones; 'net' for the "
        "shipped one, or a shipped network's name ('net-v2'). Round 0 then searches with it",
    )
    parser.add_argument(
        "--replay",
        nargs="+",
        default=[],
        metavar="NPZ",
        help="earlier runs' self-play data (their data/round_NNN.npz) that every round trains on besides its own",
    )
    parser.add_argument("--quick", action="store_true", help="a tiny run end to end in seconds (overrides the sizes)")
    parser.add_argument("--resume", action="store_true", help="continue the run of --out from its checkpoint")
    parser.add_argument("--png", help="draw the learning curve to this file (needs matplotlib)")
    return parser


def _sha256(path: Path) -> str:
    """The sha256 of a file's bytes: how a manifest names the files a run started from."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _initial(path: str | None) -> tuple[Network | None, str]:
    """The network `--init` names (None without one) and the sha256 of its file's bytes."""
    if path is None:
        return None, ""
    found = shipped_file(path) or Path(path)
    try:
        return load(found), _sha256(found)
    except (OSError, ValueError) as error:
        raise SystemExit(f"--init: {error}") from None


def _replayed(paths: Sequence[str]) -> tuple[list[Path], tuple[str, ...]]:
    """The data files `--replay` names, checked to be self-play data, and the sha256 of each one's bytes."""
    found = [Path(p) for p in paths]
    for path in found:
        try:
            SelfPlayData.load(path)
        except (OSError, ValueError) as error:
            raise SystemExit(f"--replay: {error}") from None
    return found, tuple(_sha256(path) for path in found)


def _settings(
    args: argparse.Namespace, init: Network | None = None, init_sha256: str = "", replay: tuple[str, ...] = ()
) -> Settings:
    """The run's settings from the command line; with a network `init` to start from, its hidden sizes;
    `replay`, the sha256 of each `--replay` file."""
    if args.quick:  # whatever else was asked: a few hands, few iterations and two deals (one round unless told)
        args.hands, args.iterations = min(args.hands, 4), min(args.iterations, 20)
        args.epochs, args.deals = min(args.epochs, 2), min(args.deals, 2)
        args.imitate = min(args.imitate, 4)
    if args.rounds is None:
        args.rounds = 1 if args.quick else 4
    for name in ("rounds", "hands", "iterations", "epochs", "deals", "batch", "threads"):
        if getattr(args, name) < 1:
            raise SystemExit(f"--{name} must be at least 1")
    if args.window < 0 or min(args.hidden) < 1:
        raise SystemExit("--window must be 0 or more and --hidden sizes at least 1")
    if args.imitate < 0:
        raise SystemExit("--imitate must be 0 or more")
    if args.net_prior < 0 or not 0 <= args.value_weight <= 1:
        raise SystemExit("--net-prior must be 0 or more and --value-weight in 0..1")
    if init is not None:
        if args.imitate:
            raise SystemExit("--init starts from a network: round 0 searches with it, --imitate has nothing to do")
        args.hidden = list(init.hidden)
    return Settings(
        seed=args.seed,
        rounds=args.rounds,
        hands=args.hands,
        iterations=args.iterations,
        epochs=args.epochs,
        deals=args.deals,
        window=args.window,
        hidden=(args.hidden[0], args.hidden[1]),
        batch=args.batch,
        lr=args.lr,
        net_prior=args.net_prior,
        value_weight=args.value_weight,
        imitate=args.imitate,
        init=init_sha256,
        replay=replay,
    )


def _data_path(out: Path, round_: int) -> Path:
    return out / "data" / f"round_{round_:03d}.npz"


def _positions(path: Path) -> int:
    """The number of decisions in a round's data file."""
    with np.load(path, allow_pickle=False) as archive:
        return len(archive["chosen"])


def _write_curve(out: Path, rows: list[dict[str, Any]]) -> None:
    with (out / CURVE).open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=CURVE_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def _draw(rows: list[dict[str, Any]], path: str) -> None:
    """The curve as a picture, if matplotlib is installed (the [examples] extra)."""
    try:  # by name: matplotlib is optional, and mypy checks this module without it
        importlib.import_module("matplotlib").use("Agg")  # no display needed
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print("--png: matplotlib is not installed (pip install matplotlib); the curve is in curve.csv")
        return
    figure, axes = plt.subplots(figsize=(6, 3.5))
    positions = [int(r["positions"]) / 1000 for r in rows]
    for who in OPPONENTS:
        means = np.array([float(r[f"{who}_margin"]) for r in rows])
        cis = np.array([float(r[f"{who}_ci95"]) for r in rows])
        axes.errorbar(positions, means, yerr=cis, marker="o", capsize=3, label=f"net against {who}")
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("positions made so far (thousands of decisions)")
    axes.set_ylabel("margin a hand (duplicate, 95%)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    print(f"curve drawn to {path}")


def _save_checkpoint(out: Path, state: dict[str, Any]) -> None:
    """The checkpoint, written whole or not at all (a stopped run resumes from the previous one)."""
    partial = out / (CHECKPOINT + ".part")
    torch.save(state, partial)
    os.replace(partial, out / CHECKPOINT)


def _evaluate(settings: Settings, threads: int) -> dict[str, Any]:
    """The network's policy (NetBot of TRAINING_NET, in C++) against each opponent on the same duplicate deals."""
    row: dict[str, Any] = {}
    for who in OPPONENTS:
        bot = NetBot(network=TRAINING_NET)
        result = duplicate(bot, who, settings.deals, hand_seed(settings.seed, EVAL_STREAM), threads=threads)
        row[f"{who}_margin"] = round(result.margin.mean, 2)
        row[f"{who}_ci95"] = round(result.margin.ci, 2)
        print(f"  net against {who}: {result.margin} a hand over {settings.deals} deals")
    return row


def run(
    settings: Settings,
    out: Path,
    threads: int,
    resume: bool,
    command: str,
    ray: str | None = None,
    init: Network | None = None,
    replay: Sequence[Path] = (),
) -> list[dict[str, Any]]:
    """The run (or the rest of it, with `resume`): returns the learning curve's rows; `ray` plays the self-play
    hands as Ray tasks (the same data); `init`, the network whose sha256 is `settings.init`, gives the first
    weights; `replay`, the data files whose sha256 are `settings.replay`, join every round's training."""
    if (init is None) != (settings.init == ""):
        raise ValueError("give the network to start from (init) exactly when settings.init holds its sha256")
    if len(replay) != len(settings.replay):
        raise ValueError("give the data files to replay exactly as settings.replay holds their sha256")
    out.mkdir(parents=True, exist_ok=True)
    (out / "data").mkdir(exist_ok=True)
    torch.use_deterministic_algorithms(True)
    # one thread: at this size a second one made steps 20x slower here, and sums in another order
    torch.set_num_threads(1)
    torch.manual_seed(settings.seed)
    model = PolicyValueNet(*settings.hidden) if init is None else from_network(init)
    optimizer = torch.optim.Adam(model.parameters(), lr=settings.lr)
    start, rows = 0, []
    if resume and (out / CHECKPOINT).exists():
        saved = torch.load(out / CHECKPOINT, weights_only=False)
        if Settings(**{**saved["settings"], "rounds": settings.rounds}) != settings:
            raise SystemExit(f"--resume: {out} was run with other settings: {saved['settings']}")
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        start, rows = saved["round"] + 1, saved["curve"]
        print(f"resumed after round {saved['round']} of {out}")
    elif (out / CHECKPOINT).exists():
        raise SystemExit(f"{out} holds a run: --resume to continue it, or another --out")
    for round_ in range(start, settings.rounds):
        register(to_network(model), TRAINING_NET)  # the network so far, for the round's search
        spec = round_search(round_, settings)
        clock = time.perf_counter()
        first_hand, hands = round_hands(round_, settings)
        data = play_hands(settings.seed, first_hand, hands, spec, threads=threads, ray=ray)
        selfplay_s = time.perf_counter() - clock
        data.save(_data_path(out, round_), seed=settings.seed, round=round_, search=spec.facts(), hands=hands)
        print(
            f"round {round_}: self-play {hands} hands, {len(data)} positions in {selfplay_s:.1f} s "
            f"({len(data) / selfplay_s:.0f} searched decisions/s)"
        )
        first = 0 if settings.window == 0 else max(0, round_ + 1 - settings.window)
        # this round's data as made (the same arrays as its file): one copy of it in memory, not three
        earlier = [*replay, *(_data_path(out, r) for r in range(first, round_))]
        training = SelfPlayData.concat([*(SelfPlayData.load(path) for path in earlier), data])
        del data
        clock = time.perf_counter()
        rng = np.random.default_rng([settings.seed, round_])
        losses: dict[str, float] = {}
        for e in range(settings.epochs):
            losses = epoch(model, optimizer, training, rng, settings.batch)
            print(f"  epoch {e}: loss {losses['total']:.4f} (policy {losses['policy']:.4f}, ", end="")
            print(f"margin {losses['value']:.4f}, out first {losses['out_first']:.4f})")
        train_s = time.perf_counter() - clock
        steps = settings.epochs * -(-len(training) // settings.batch)
        print(f"  trained on {len(training)} positions in {train_s:.1f} s ({steps / max(train_s, 1e-9):.0f} steps/s)")
        positions = sum(_positions(_data_path(out, r)) for r in range(round_ + 1))
        network = to_network(model)
        facts = {
            "command": command,
            "seed": settings.seed,
            "positions": len(training),  # the positions of the last round's training
            "positions_made": positions,  # all the rounds' self-play positions
            "hands": sum(round_hands(r, settings)[1] for r in range(round_ + 1)),
            "rounds": round_ + 1,
            "created": datetime.date.today().isoformat(),
            "search": spec.facts(),
            "epochs": settings.epochs,
            "window": settings.window,
            "batch": settings.batch,
            "lr": settings.lr,
            "loss": losses,
            **({"init_sha256": settings.init} if settings.init else {}),  # the network file the run started from
            **({"replay_sha256": list(settings.replay)} if settings.replay else {}),  # earlier runs' data it learned
        }
        save(network, out / NETWORK, **facts)
        register(network, TRAINING_NET)
        clock = time.perf_counter()
        row = {
            "round": round_,
            "positions": positions,
            "hands": facts["hands"],
            **_evaluate(settings, threads),
        }
        eval_s = time.perf_counter() - clock
        row.update(selfplay_s=round(selfplay_s, 2), train_s=round(train_s, 2), eval_s=round(eval_s, 2))
        row["loss"] = round(losses.get("total", float("nan")), 5)
        print(f"  evaluation in {eval_s:.1f} s")
        rows.append(row)
        _write_curve(out, rows)
        _save_checkpoint(
            out,
            {
                "settings": asdict(settings),
                "model": model.state_dict(),
                "optimizer": optimizer.state_dict(),
                "round": round_,
                "curve": rows,
            },
        )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: parses `argv` (default sys.argv[1:]) and runs."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(arguments)
    init, init_sha256 = _initial(args.init)
    replay, replay_sha256 = _replayed(args.replay)
    settings = _settings(args, init, init_sha256, replay_sha256)
    # the manifest's command makes the weights from nothing: a resumed run ends as the whole run does
    command = shlex.join(["python", "-m", "tichu_fast.net.train", *(a for a in arguments if a != "--resume")])
    rows = run(settings, Path(args.out), args.threads, args.resume, command, args.ray, init, replay)
    print(json.dumps(rows[-1] if rows else {}, sort_keys=True))
    if args.png:
        _draw(rows, args.png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
