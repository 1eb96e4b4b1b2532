"""tichu_fast: the fastest correct Tichu engine.

Cards, combinations, legal moves and scoring from a C++ core. The same API,
written for clarity in pure Python, is :mod:`tichu_fast.reference`.

The public names (`tichu_fast._face`) load on the first one read, so that
`import tichu_fast.reference`, which runs this file too, loads nothing compiled.
"""

from __future__ import annotations

import importlib
import importlib.util
from importlib.metadata import version as _version
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names as a type checker sees them; at run time __getattr__ loads them
    from tichu_fast._face import *  # noqa: F403

__version__ = _version("tichu_fast")  # the one version number lives in pyproject.toml


def __getattr__(name: str) -> object:
    """A submodule (`tf.search`), or a public name: the first one read loads the face; AttributeError otherwise."""
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name.isidentifier() and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    from tichu_fast import _face  # its imports load the compiled core

    if name != "__all__" and name not in _face.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals().update({public: getattr(_face, public) for public in _face.__all__})
    globals()["__all__"] = [*_face.__all__, "__version__"]
    return globals()[name]


def __dir__() -> list[str]:
    """The module's names and every public name, loaded or not."""
    from tichu_fast import _face

    return sorted({*globals(), *_face.__all__, "__all__"})
