"""The network file (format 1) and its numpy forward pass (docs/net.md "The network").

A network is ten float32 arrays in an .npz, with a JSON manifest beside it (the same
stem, ``.json``) that says what it was trained on and holds the sha256 of the .npz's
bytes. For the seat p deciding, with x = ``state.observation_tensor(p)`` and one row
f_m = ``move_features(records)[m]`` per candidate move::

    h1      = relu(W1 @ x + b1)        W1 [H1, 731]  b1 [H1]
    h       = relu(W2 @ h1 + b2)       W2 [H, H1]    b2 [H]
    value   = Wv @ h + bv              Wv [2, H]     bv [2]
    s       = Ws @ h + bp              Ws [H, H]     bp [H]
    z_m     = relu(s + Wm @ f_m)       Wm [H, 71]
    logit_m = wo . z_m                 wo [H]

value[0] is the seat's team's expected margin / 400 (calls included), value[1] the
logit of the chance that seat p goes out first; the policy is the softmax of the
logits over the decision's candidates. This module needs numpy alone (no PyTorch):
`evaluate` is the plain statement of the formulas above, kept as the reference the
C++ forward pass is tested against.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.rl import MOVE_FEATURES, OBSERVATION_TENSOR_SIZE, OBSERVATION_TENSOR_VERSION

__all__ = [
    "FORMAT",
    "NAMES",
    "VALUE_SCALE",
    "Network",
    "evaluate",
    "load",
    "manifest_path",
    "out_first_chance",
    "save",
    "shapes",
    "softmax",
]

FORMAT = 1  # the file's format; a change of names, shapes or formulas changes it
VALUE_SCALE = 400.0  # value[0] is the team margin in points divided by this
NAMES = ("W1", "b1", "W2", "b2", "Wv", "bv", "Ws", "bp", "Wm", "wo")
# A fixed time in the .npz's zip entries, so that the same weights make the same bytes (and hash).
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

Array = npt.NDArray[np.float32]


def shapes(h1: int, h: int) -> dict[str, tuple[int, ...]]:
    """The shape of each array of a network with hidden sizes H1 = `h1` and H = `h`."""
    return {
        "W1": (h1, OBSERVATION_TENSOR_SIZE),
        "b1": (h1,),
        "W2": (h, h1),
        "b2": (h,),
        "Wv": (2, h),
        "bv": (2,),
        "Ws": (h, h),
        "bp": (h,),
        "Wm": (h, MOVE_FEATURES),
        "wo": (h,),
    }


@dataclass(frozen=True)
class Network:
    """A network's weights (float32 arrays, named as in the file) and its manifest.

    Build one with `Network.of` (which checks names, dtypes and shapes) or `load`.
    The arrays are read-only: a network is shared by bots on several threads.
    """

    weights: Mapping[str, Array]
    manifest: Mapping[str, Any]

    @staticmethod
    def of(weights: Mapping[str, Any], manifest: Mapping[str, Any] | None = None) -> Network:
        """A network of these arrays (copied to read-only float32 after the checks); ValueError naming what is wrong.

        The arrays must be float32 already (a float64 array is a mistake worth hearing
        of, not a conversion); `manifest` defaults to the facts the arrays give.
        """
        checked = _checked_arrays(weights)
        h1, h = checked["W1"].shape[0], checked["W2"].shape[0]
        facts = dict(manifest) if manifest is not None else {}
        facts.setdefault("format", FORMAT)
        facts.setdefault("observation_tensor_version", OBSERVATION_TENSOR_VERSION)
        facts.setdefault("move_features", MOVE_FEATURES)
        facts.setdefault("hidden", [h1, h])
        return Network(checked, facts)

    @property
    def hidden(self) -> tuple[int, int]:
        """(H1, H): the sizes of the two hidden layers."""
        return self.weights["W1"].shape[0], self.weights["W2"].shape[0]

    def evaluate(self, obs: npt.NDArray[np.float32], move_feats: npt.NDArray[np.float32]) -> tuple[Array, Array]:
        """`evaluate(self.weights, obs, move_feats)`."""
        return evaluate(self.weights, obs, move_feats)


def _checked_arrays(weights: Mapping[str, Any]) -> dict[str, Array]:
    """The arrays, read-only, after checking names, dtypes, shapes and finiteness (ValueError)."""
    names = set(weights)
    if names != set(NAMES):
        missing, extra = sorted(set(NAMES) - names), sorted(names - set(NAMES))
        raise ValueError(f"a network has exactly the arrays {', '.join(NAMES)}: missing {missing}, unexpected {extra}")
    for name in NAMES:
        array = weights[name]
        if not isinstance(array, np.ndarray) or array.dtype != np.float32:
            what = array.dtype if isinstance(array, np.ndarray) else type(array).__name__
            raise ValueError(f"array {name} must be float32, not {what}")
    w1, w2 = weights["W1"], weights["W2"]
    if w1.ndim != 2 or w2.ndim != 2:
        raise ValueError(f"W1 and W2 must be matrices, not of shapes {w1.shape} and {w2.shape}")
    if w1.shape[0] < 1 or w2.shape[0] < 1:
        raise ValueError(f"the hidden sizes must be at least 1, not {w1.shape[0]} and {w2.shape[0]}")
    expected = shapes(w1.shape[0], w2.shape[0])
    out = {}
    for name in NAMES:
        array = weights[name]
        if array.shape != expected[name]:
            raise ValueError(
                f"array {name} has shape {array.shape}, expected {expected[name]} (H1, H = {w2.shape[::-1]})"
            )
        if not np.isfinite(array).all():
            raise ValueError(f"array {name} holds a value that is not finite")
        copy = np.array(array, dtype=np.float32, order="C")
        copy.flags.writeable = False
        out[name] = copy
    return out


def evaluate(
    weights: Mapping[str, Array], obs: npt.NDArray[np.float32], move_feats: npt.NDArray[np.float32]
) -> tuple[Array, Array]:
    """(value float32[2], logits float32[k]) for one decision: `obs` float32[731], `move_feats` float32[k, 71].

    The formulas of the module's docstring, one line each, in float32. value[0] is the
    team margin / VALUE_SCALE, value[1] the logit of going out first; the logits are
    those of the k candidate moves, in the order of `move_feats`' rows.
    """
    x = np.asarray(obs, dtype=np.float32)
    f = np.asarray(move_feats, dtype=np.float32).reshape(-1, MOVE_FEATURES)
    h1 = np.maximum(weights["W1"] @ x + weights["b1"], np.float32(0))
    h = np.maximum(weights["W2"] @ h1 + weights["b2"], np.float32(0))
    value = weights["Wv"] @ h + weights["bv"]
    s = weights["Ws"] @ h + weights["bp"]  # the decision's part of each move's hidden layer, computed once
    z = np.maximum(s[None, :] + f @ weights["Wm"].T, np.float32(0))  # [k, H]: one row per move
    logits = z @ weights["wo"]
    return value.astype(np.float32), logits.astype(np.float32)


def manifest_path(path: str | Path) -> Path:
    """The manifest beside a network file: the same stem, ``.json``."""
    return Path(path).with_suffix(".json")


def _npz_bytes(weights: Mapping[str, Array]) -> bytes:
    """The .npz of the arrays, byte for byte the same for the same arrays (fixed entry times, in NAMES order)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in NAMES:
            entry = io.BytesIO()
            np.lib.format.write_array(entry, np.ascontiguousarray(weights[name]), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entry.getvalue())
    return buffer.getvalue()


def save(network: Network, path: str | Path, **facts: Any) -> Path:
    """Writes the network to `path` (.npz) and its manifest beside it; returns the manifest's path.

    The manifest is the network's own, updated with `facts` (the training command,
    seed, positions, hands, rounds, created, ...), and always with the format, the
    features' versions, the hidden sizes and the sha256 of the bytes written.
    """
    data = _npz_bytes(network.weights)
    h1, h = network.hidden
    manifest = {
        **dict(network.manifest),
        **facts,
        "format": FORMAT,
        "observation_tensor_version": OBSERVATION_TENSOR_VERSION,
        "move_features": MOVE_FEATURES,
        "hidden": [h1, h],
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    target = Path(path)
    target.write_bytes(data)
    side = manifest_path(target)
    side.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return side


def _check_manifest(manifest: Mapping[str, Any], data: bytes, hidden: tuple[int, int], where: str) -> None:
    """ValueError unless the manifest is the one of these bytes and of this program's features."""
    expected = {
        "format": FORMAT,
        "observation_tensor_version": OBSERVATION_TENSOR_VERSION,
        "move_features": MOVE_FEATURES,
        "hidden": list(hidden),
    }
    for key, value in expected.items():
        if key not in manifest:
            raise ValueError(f"{where}: the manifest has no {key!r}")
        if manifest[key] != value:
            raise ValueError(f"{where}: the manifest's {key} is {manifest[key]!r}, this version reads {value!r}")
    digest = hashlib.sha256(data).hexdigest()
    if manifest.get("sha256") != digest:
        raise ValueError(f"{where}: the file's sha256 is {digest}, the manifest says {manifest.get('sha256')!r}")


def load(path: str | Path) -> Network:
    """The network of `path` (.npz) checked against its manifest (beside it, ``.json``).

    ValueError naming what is wrong: a missing or unreadable manifest, another format
    or features version, a hash that does not match the bytes, other array names, a
    dtype other than float32, shapes that do not fit together or the manifest's hidden
    sizes, a value that is not finite. FileNotFoundError for a missing .npz.
    """
    target = Path(path)
    data = target.read_bytes()
    side = manifest_path(target)
    try:
        manifest = json.loads(side.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{target}: no manifest {side.name} beside it") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{side}: not JSON ({error})") from None
    if not isinstance(manifest, dict):
        raise ValueError(f"{side}: the manifest must be a JSON object")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except (ValueError, OSError, zipfile.BadZipFile) as error:
        raise ValueError(f"{target}: not an .npz of arrays ({error})") from None
    network = Network.of(arrays, manifest)
    _check_manifest(manifest, data, network.hidden, str(target))
    return network


def softmax(logits: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """The policy of a decision: the softmax of its candidates' logits (float64, summing to 1)."""
    shifted = np.asarray(logits, dtype=np.float64) - float(np.max(logits))
    weights: npt.NDArray[np.float64] = np.exp(shifted)
    policy: npt.NDArray[np.float64] = weights / weights.sum()
    return policy


def out_first_chance(value: npt.NDArray[np.float32]) -> float:
    """The chance that the deciding seat goes out first, from value[1] (a logit)."""
    return 1.0 / (1.0 + math.exp(-float(value[1])))
