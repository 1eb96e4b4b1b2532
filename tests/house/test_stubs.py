"""The hand-kept stubs (python/tichu_fast/_core.pyi) match the compiled module:
the same names, the same members, the same parameter names."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import tichu_fast
from tichu_fast import _core

STUB = Path(tichu_fast.__file__).with_name("_core.pyi")


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text())


def public(names):
    """Names a stub should list: not dunders, not pybind11's own hooks."""
    return {n for n in names if not (n.startswith("__") and n.endswith("__")) and not n.startswith("_pybind11")}


def stub_names(body) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
    return names


def runtime_params(func) -> list[str]:
    """Parameter names: from inspect.signature where the function has a text
    signature, else from pybind11's signature line 'f(hand: object, ...) -> int'."""
    try:
        return list(inspect.signature(func).parameters)
    except ValueError:
        pass
    first = (func.__doc__ or "").splitlines()[0]
    inside = first[first.index("(") + 1 : first.rindex(")")]
    return [p for p in re.findall(r"(?:^|, )(\w+):", inside) if p != "self"]


def test_module_names_match():
    names = stub_names(stub_tree().body)
    aliases = {"_CardsLike", "_TableLike"}  # argument types of the stub only
    assert set(names) - aliases == public(dir(_core))


def test_function_parameters_match():
    for name, node in stub_names(stub_tree().body).items():
        if isinstance(node, ast.FunctionDef):
            params = [a.arg for a in node.args.posonlyargs + node.args.args]
            assert params == runtime_params(getattr(_core, name)), name


def test_class_members_match():
    for name, node in stub_names(stub_tree().body).items():
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, name)
        # __init__ is left to stubtest (.ci/run), which also knows which classes cannot be built.
        runtime = public(dir(cls))
        stub = public(stub_names(node.body))
        dunders = {m for m in stub_names(node.body) if m.startswith("__") and m != "__init__"}
        assert stub == runtime, name
        for dunder in dunders:
            assert hasattr(cls, dunder), f"{name}.{dunder}"
