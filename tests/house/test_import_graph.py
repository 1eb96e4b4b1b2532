"""Imports that run one way (CONTRIBUTING.md, "The layers"): the import graph of
tichu_fast has no circle, each module imports only its own layer or those below it,
the game wing never reaches the players (directly or through another module), the
fast layer never reaches the reference, the reference never reaches the compiled
core (and `import tichu_fast.reference` does not load it). The C++ core's includes
and wings are checked in tests/house/test_cpp_wings.py."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "tichu_fast"

# The layers of CONTRIBUTING.md, bottom first, as module names (a name ending in "."
# stands for every module of that package). Each module belongs to exactly one.
LAYERS = [
    ("cards and moves", ["_core", "enums", "errors", "formats", "rules", "_args", "_ray"]),
    ("hand state", ["observation", "replay", "hand", "match", "game"]),
    (
        "searches, ids and views",
        [
            "search",
            "summary",
            "simulated",
            "rl",
            "solver",
            "vec",
            "view",
            "analysis",
            "net",
            "net.network",
            "net.registry",
        ],
    ),
    ("players", ["bots", "bots.", "net.selfplay"]),
    (
        "tables",
        ["arena", "gauntlet", "calibration", "ladder", "envs", "envs.", "web", "web.", "net.torch_model", "net.train"],
    ),
    ("face", ["", "_face", "cli", "__main__", "ismcts", "decide"]),
]
GAME_WING = 3  # the first three layers: the game, which knows no player
# HandState's methods forward down to the free functions of these modules, which
# take a state as an argument and import tichu_fast.hand only for typing.
FORWARDS = {
    ("tichu_fast.hand", "tichu_fast.search"),
    ("tichu_fast.hand", "tichu_fast.rl"),
    ("tichu_fast.hand", "tichu_fast.solver"),
}


def module_name(path: Path) -> str:
    """The dotted name of a module file under python/."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
MODULES["tichu_fast._core"] = PACKAGE / "_core.pyi"  # compiled: it imports nothing of tichu_fast


def is_type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_imports(name: str) -> set[str]:
    """The tichu_fast modules `name` imports at run time, at the top or inside functions.

    Imports under `if TYPE_CHECKING:` are left out. Importing a.b.c also runs the
    __init__ of every package on the way that `name` is not already inside of
    (tichu_fast itself aside: every module is inside it).
    """
    if name == "tichu_fast._core":
        return set()
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        if not target.startswith("tichu_fast") or target == name:
            return
        found.add(target)
        parent = target.rpartition(".")[0]
        while parent not in ("", "tichu_fast") and not (name == parent or name.startswith(parent + ".")):
            found.add(parent)
            parent = parent.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


GRAPH = {name: run_time_imports(name) for name in MODULES}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph, as the nodes along it, or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (circle := walk(nxt)) is not None:
                return circle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (circle := walk(node)) is not None:
            return circle
    return None


def layer_of(name: str) -> int:
    """The index in LAYERS of a fast-layer module."""
    short = name.removeprefix("tichu_fast").removeprefix(".")
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            if short == member or (member.endswith(".") and short.startswith(member)):
                return index
    raise AssertionError(f"{name} is in no layer of CONTRIBUTING.md: add it to LAYERS and to the picture")


def reached(name: str) -> set[str]:
    """Every module that importing `name` runs, directly or through other modules (`name` aside)."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for target in GRAPH[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    seen.discard(name)
    return seen


def is_reference(name: str) -> bool:
    """Whether `name` is the reference backend or one of its modules."""
    return name == "tichu_fast.reference" or name.startswith("tichu_fast.reference.")


def test_the_graph_sees_imports_inside_functions_and_skips_typing_ones():
    assert "tichu_fast._face" in GRAPH["tichu_fast"]  # inside __getattr__
    assert "tichu_fast.hand" in GRAPH["tichu_fast.match"]
    assert "tichu_fast.hand" not in GRAPH["tichu_fast.search"]  # under TYPE_CHECKING only
    assert "tichu_fast.reference.search" in GRAPH["tichu_fast.reference.hand_state"]  # a relative import
    # an import inside a function counts: one that closes a circle would be found
    assert find_circle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def imports_in_functions(name: str) -> list[int]:
    """The lines of `name` that import a tichu_fast module inside a function."""
    lines = []
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    ours = bool(inner.level) or (inner.module or "").startswith("tichu_fast")
                elif isinstance(inner, ast.Import):
                    ours = any(alias.name.startswith("tichu_fast") for alias in inner.names)
                else:
                    continue
                if ours:
                    lines.append(inner.lineno)
    return lines


# Only these defer imports: a command of the command line imports what it runs, and the
# package's __init__ loads its face on the first public name read (so that the reference loads
# without the compiled core).
DEFERRED = ("tichu_fast.cli", "tichu_fast._core", "tichu_fast")


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n not in DEFERRED))
def test_no_import_hides_in_a_function(name):
    assert imports_in_functions(name) == []


def test_no_import_circle():
    assert find_circle(GRAPH) is None


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not is_reference(n)))
def test_the_fast_layer_never_reaches_the_reference(name):
    assert not {target for target in reached(name) if is_reference(target)}


@pytest.mark.parametrize("name", sorted(n for n in MODULES if is_reference(n)))
def test_the_reference_never_reaches_the_core(name):
    assert "tichu_fast._core" not in reached(name)


def test_importing_the_reference_loads_nothing_compiled():
    # what a user of the reference alone runs: importing it, a hand, its observation's array, a replay, a match
    program = """if True:
        import sys
        import tichu_fast.reference as r
        state = r.HandState.new(7)
        for _ in range(40):
            state.apply(state.legal_actions()[0])
        state.observation(1).to_array()
        r.HandState.from_replay(state.replay())
        r.Match.new(3)
        assert "tichu_fast._core" not in sys.modules
        compiled = [n for n, m in sys.modules.items() if str(getattr(m, "__file__", "")).endswith((".so", ".pyd"))]
        assert not [n for n in compiled if n.startswith("tichu_fast")], compiled
    """
    subprocess.run([sys.executable, "-c", program], check=True, timeout=120)


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not is_reference(n) and layer_of(n) < GAME_WING))
def test_the_game_wing_never_reaches_the_players(name):
    # does it know about players? then it is not in the game wing (CONTRIBUTING.md, "The layers")
    players = {target for target in reached(name) if not is_reference(target) and layer_of(target) >= GAME_WING}
    assert not players, f"{name} reaches {sorted(players)}"


def test_the_face_loads_every_public_name():
    # __init__ defers its names to tichu_fast._face; each of them is one of the package's names
    face = ast.parse(MODULES["tichu_fast._face"].read_text(encoding="utf-8"))
    imported = {
        alias.asname or alias.name for node in face.body if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    listed = next(
        ast.literal_eval(node.value)
        for node in face.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
    )
    assert sorted(imported) == sorted(listed)


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not is_reference(n)))
def test_imports_run_down_the_layers(name):
    upward = {
        target
        for target in GRAPH[name]
        if not is_reference(target) and layer_of(target) > layer_of(name) and (name, target) not in FORWARDS
    }
    assert not upward, f"{name} ({LAYERS[layer_of(name)][0]}) imports a higher layer: {sorted(upward)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not is_reference(n) and n != "tichu_fast._core"))
def test_only_the_hand_reads_a_states_core(name):
    # the rest of the fast layer reads it through _args.core_of, which checks it is a C++ HandState
    # (an object's own self._core, as VecHands has, is its own business)
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    reads = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "_core"
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]
    assert name == "tichu_fast.hand" or not reads, f"{name} reads ._core at lines {reads}"


def test_the_old_paths_still_import():
    # the players moved into tichu_fast.bots; what users imported from the old paths is the same object
    import tichu_fast.bots.decide
    import tichu_fast.bots.ismcts
    import tichu_fast.decide
    import tichu_fast.game
    import tichu_fast.hand
    import tichu_fast.ismcts

    for old, new in ((tichu_fast.ismcts, tichu_fast.bots.ismcts), (tichu_fast.decide, tichu_fast.bots.decide)):
        assert old.__all__ == new.__all__
        assert all(getattr(old, name) is getattr(new, name) for name in old.__all__)
    assert tichu_fast.game.HandState is tichu_fast.hand.HandState


def test_the_layers_are_written_in_contributing():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for title, _ in LAYERS:
        assert re.search(rf"^\d\. \*\*{re.escape(title)}\*\*", text, re.MULTILINE), title
