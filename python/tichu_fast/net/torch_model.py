"""The network of `tichu_fast.net.network` in PyTorch: its module, loss, training epochs, export and import.

Needs the ``[train]`` extra (PyTorch; the CPU build is enough at this size). The
module computes exactly `tichu_fast.net.network.evaluate`, batched: a batch of
decisions with their candidate moves in CSR form (``owner[j]`` is the decision of
move j), so one forward pass scores every candidate of every decision at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from tichu_fast.net.network import NAMES, VALUE_SCALE, Network
from tichu_fast.net.selfplay import SelfPlayData
from tichu_fast.rl import MOVE_FEATURES, OBSERVATION_TENSOR_SIZE, move_features

__all__ = [
    "Batch",
    "Losses",
    "PolicyValueNet",
    "batch_of",
    "epoch",
    "evaluate_loss",
    "from_network",
    "loss",
    "segment_log_softmax",
    "to_network",
]


class PolicyValueNet(nn.Module):
    """The format-1 network (docs/net.md): a trunk, a value head of 2 and a move-scoring policy head.

    Parameter names map to the file's arrays: trunk1 (W1, b1), trunk2 (W2, b2),
    value (Wv, bv), state (Ws, bp), move (Wm, no bias), out (wo, no bias).
    """

    def __init__(self, h1: int = 128, h: int = 64) -> None:
        super().__init__()
        self.trunk1 = nn.Linear(OBSERVATION_TENSOR_SIZE, h1)
        self.trunk2 = nn.Linear(h1, h)
        self.value = nn.Linear(h, 2)
        self.state = nn.Linear(h, h)
        self.move = nn.Linear(MOVE_FEATURES, h, bias=False)
        self.out = nn.Linear(h, 1, bias=False)

    @property
    def hidden(self) -> tuple[int, int]:
        """(H1, H)."""
        return int(self.trunk1.out_features), int(self.trunk2.out_features)

    def forward(self, obs: torch.Tensor, feats: torch.Tensor, owner: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(value [B, 2], logits [M]) for B decisions' observations and their M candidates' features.

        `owner` [M] (int64) is the decision (0..B-1) of each candidate.
        """
        h = torch.relu(self.trunk2(torch.relu(self.trunk1(obs))))
        s = self.state(h)  # once per decision, as in the C++ pass
        z = torch.relu(s[owner] + self.move(feats))
        return self.value(h), self.out(z).squeeze(-1)


def to_network(model: PolicyValueNet, manifest: dict[str, Any] | None = None) -> Network:
    """The model's weights as a checked `Network` (float32 copies)."""
    with torch.no_grad():
        tensors = {
            "W1": model.trunk1.weight,
            "b1": model.trunk1.bias,
            "W2": model.trunk2.weight,
            "b2": model.trunk2.bias,
            "Wv": model.value.weight,
            "bv": model.value.bias,
            "Ws": model.state.weight,
            "bp": model.state.bias,
            "Wm": model.move.weight,
            "wo": model.out.weight[0],
        }
        arrays = {name: tensors[name].detach().cpu().numpy().astype(np.float32).copy() for name in NAMES}
    return Network.of(arrays, manifest)


def from_network(network: Network) -> PolicyValueNet:
    """A model holding `network`'s weights."""
    h1, h = network.hidden
    model = PolicyValueNet(h1, h)
    w = {name: torch.from_numpy(np.array(network.weights[name])) for name in NAMES}
    with torch.no_grad():
        model.trunk1.weight.copy_(w["W1"])
        model.trunk1.bias.copy_(w["b1"])
        model.trunk2.weight.copy_(w["W2"])
        model.trunk2.bias.copy_(w["b2"])
        model.value.weight.copy_(w["Wv"])
        model.value.bias.copy_(w["bv"])
        model.state.weight.copy_(w["Ws"])
        model.state.bias.copy_(w["bp"])
        model.move.weight.copy_(w["Wm"])
        model.out.weight.copy_(w["wo"][None, :])
    return model


@dataclass(frozen=True)
class Batch:
    """Decisions as tensors: inputs, CSR candidates and the targets of the three losses."""

    obs: torch.Tensor  # [B, 731] float32
    feats: torch.Tensor  # [M, 71] float32
    owner: torch.Tensor  # [M] int64: the decision of each candidate
    target: torch.Tensor  # [M] float32: the search's visits, normalized within each decision
    margin: torch.Tensor  # [B] float32: the team margin / VALUE_SCALE
    out_first: torch.Tensor  # [B] float32: 1 when the seat went out first


def batch_of(data: SelfPlayData, rows: npt.NDArray[np.int64]) -> Batch:
    """The decisions `rows` of `data` as a Batch (their moves' features computed now, by the C++ core)."""
    starts, stops = data.offsets[rows], data.offsets[rows + 1]
    counts = stops - starts
    # the index of every candidate of every row: start of its row + its rank within the row
    within = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    moves = np.repeat(starts, counts) + within
    owner = np.repeat(np.arange(len(rows)), counts)
    visits = data.visits[moves].astype(np.float64)
    totals = np.bincount(owner, weights=visits, minlength=len(rows))
    target = visits / np.maximum(totals, 1.0)[owner]
    return Batch(
        obs=torch.from_numpy(np.ascontiguousarray(data.obs[rows])),
        feats=torch.from_numpy(move_features(np.ascontiguousarray(data.moves[moves]))),
        owner=torch.from_numpy(owner.astype(np.int64)),
        target=torch.from_numpy(target.astype(np.float32)),
        margin=torch.from_numpy((data.margin[rows] / VALUE_SCALE).astype(np.float32)),
        out_first=torch.from_numpy(data.out_first[rows].astype(np.float32)),
    )


def segment_log_softmax(logits: torch.Tensor, owner: torch.Tensor, groups: int) -> torch.Tensor:
    """log softmax of `logits` within each group of `owner` (the candidates of one decision)."""
    top = torch.full((groups,), -torch.inf, dtype=logits.dtype).scatter_reduce(
        0, owner, logits.detach(), reduce="amax", include_self=True
    )
    shifted = logits - top[owner]
    sums = torch.zeros(groups, dtype=logits.dtype).index_add(0, owner, torch.exp(shifted))
    return shifted - torch.log(sums)[owner]


@dataclass(frozen=True)
class Losses:
    """The three parts of a batch's loss (means over its decisions) and their sum."""

    total: torch.Tensor
    policy: float
    value: float
    out_first: float


def loss(model: PolicyValueNet, batch: Batch) -> Losses:
    """Cross-entropy of the policy against the visits, + MSE of value[0] against margin / 400, + BCE of value[1]."""
    value, logits = model(batch.obs, batch.feats, batch.owner)
    decisions = batch.obs.shape[0]
    log_policy = segment_log_softmax(logits, batch.owner, decisions)
    policy = -(batch.target * log_policy).sum() / decisions
    margin = nn.functional.mse_loss(value[:, 0], batch.margin)
    out_first = nn.functional.binary_cross_entropy_with_logits(value[:, 1], batch.out_first)
    total = policy + margin + out_first
    return Losses(total, policy.item(), margin.item(), out_first.item())


def epoch(
    model: PolicyValueNet,
    optimizer: torch.optim.Optimizer,
    data: SelfPlayData,
    rng: np.random.Generator,
    batch_size: int = 256,
    step: Callable[[Losses], None] | None = None,
) -> dict[str, float]:
    """One pass over `data` in batches shuffled by `rng`; the mean of each loss over the batches."""
    order = rng.permutation(len(data))
    sums = {"total": 0.0, "policy": 0.0, "value": 0.0, "out_first": 0.0}
    batches = 0
    model.train()
    for begin in range(0, len(order), batch_size):
        losses = loss(model, batch_of(data, order[begin : begin + batch_size]))
        optimizer.zero_grad()
        losses.total.backward()  # type: ignore[no-untyped-call]  # torch leaves backward untyped
        optimizer.step()
        batches += 1
        sums["total"] += losses.total.item()
        sums["policy"] += losses.policy
        sums["value"] += losses.value
        sums["out_first"] += losses.out_first
        if step is not None:
            step(losses)
    return {name: value / max(1, batches) for name, value in sums.items()}


def evaluate_loss(model: PolicyValueNet, data: SelfPlayData) -> dict[str, float]:
    """The losses over the whole of `data` (one batch, no gradient)."""
    model.eval()
    with torch.no_grad():
        losses = loss(model, batch_of(data, np.arange(len(data), dtype=np.int64)))
    return {"total": losses.total.item(), "policy": losses.policy, "value": losses.value, "out_first": losses.out_first}
