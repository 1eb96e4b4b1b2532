"""The C++ core's two wings (CONTRIBUTING.md, "The wings"): the game (cpp/include/tichu/game,
cpp/src/game) knows nothing of the players (cpp/include/tichu/play, cpp/src/play). Read from the
sources: no game file includes a play header, the files include each other without a circle, the
CMake target tichu_game builds the game's files alone and links nothing of the players, and
only the bindings include pybind11."""

from __future__ import annotations

import graphlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CPP = ROOT / "cpp"
WINGS = ("game", "play")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def core_files() -> list[Path]:
    """Every header and source of the core, both wings."""
    return sorted([*(CPP / "include" / "tichu").rglob("*.hpp"), *(CPP / "src").rglob("*.[ci]*")])


def wing_of(path: Path) -> str:
    """'game' or 'play': the folder below cpp/include/tichu or cpp/src that holds `path`."""
    base = CPP / "include" / "tichu" if path.suffix == ".hpp" else CPP / "src"
    return path.relative_to(base).parts[0]


def includes(path: Path) -> list[str]:
    """The quoted includes of a file, as written."""
    return INCLUDE.findall(path.read_text(encoding="utf-8"))


def build_file(*parts: str) -> str:
    """A CMake file of the checkout. CI's clean copy of main has come without some files git tracks
    (the top CMakeLists.txt among them, after the package was built), so a test that reads one skips
    where the copy has none rather than failing on the copy."""
    path = ROOT.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"this checkout has no {'/'.join(parts)}")
    return path.read_text(encoding="utf-8")


def cmake_list(name: str) -> list[str]:
    """The files of a `set(NAME ...)` list of the top CMakeLists.txt."""
    text = build_file("CMakeLists.txt")
    match = re.search(rf"set\({name}\s+(.*?)\)", text, re.DOTALL)
    assert match, name
    return match.group(1).split()


def links_of(target: str) -> set[str]:
    """What `target` links, over every target_link_libraries of cmake/targets."""
    text = build_file("cmake", "targets", "CMakeLists.txt")
    calls = re.findall(rf"target_link_libraries\({target}\s+(.*?)\)", text, re.DOTALL)
    return {word for call in calls for word in call.split()} - {"PUBLIC", "PRIVATE", "INTERFACE"}


def test_every_core_file_is_in_a_wing():
    flat = [p.relative_to(ROOT).as_posix() for p in core_files() if wing_of(p) not in WINGS]
    assert not flat, f"files outside cpp/*/game and cpp/*/play: {flat}"


@pytest.mark.parametrize("path", [p for p in core_files() if wing_of(p) == "game"], ids=lambda p: p.name)
def test_the_game_includes_no_player(path):
    upward = [name for name in includes(path) if name.startswith("tichu/play/")]
    assert not upward, f"{path.relative_to(ROOT)} (game) includes the players' {upward}"


def test_every_include_of_the_core_names_its_wing():
    for path in core_files():
        for name in includes(path):
            if name.startswith("tichu/"):
                assert name.split("/")[1] in WINGS, f"{path.relative_to(ROOT)}: {name}"
                assert (CPP / "include" / name).is_file(), f"{path.relative_to(ROOT)}: no {name}"


def test_the_core_files_include_each_other_without_a_circle():
    """By stem: x.hpp and x.cpp are one node (hand_seed is in rng.hpp, below everything that seeds)."""
    graph: dict[str, set[str]] = {}
    for path in core_files():
        stems = {Path(name).stem for name in includes(path) if name.startswith("tichu/")}
        graph.setdefault(path.stem, set()).update(stems - {path.stem})
    assert "simulate" not in graph["playout"]
    graphlib.TopologicalSorter(graph).prepare()  # graphlib.CycleError names the circle


@pytest.mark.parametrize("wing", WINGS)
def test_each_cmake_target_builds_its_own_wing(wing):
    listed = cmake_list(f"TICHU_{wing.upper()}_SOURCES")
    on_disk = [p.relative_to(ROOT).as_posix() for p in sorted((CPP / "src" / wing).glob("*.cpp"))]
    assert sorted(listed) == on_disk


def test_the_game_target_links_no_player():
    assert "tichu_play" not in links_of("tichu_game")
    assert "tichu_game" in links_of("tichu_play")
    assert {"tichu_game", "tichu_play"} <= links_of("_core")


def test_the_game_tests_of_cpp_tests_link_the_game_alone():
    """cpp/tests: a test added with the game's library includes no player either."""
    text = build_file("cpp", "tests", "CMakeLists.txt")
    game_tests = re.findall(r"^tichu_add_test\((\w+) tichu_game\)", text, re.MULTILINE)
    assert "test_random_hands" in game_tests
    for name in game_tests:
        seen = includes(CPP / "tests" / f"{name}.cpp")
        local = [n for n in seen if (CPP / "tests" / n).is_file()]
        seen += [n for header in local for n in includes(CPP / "tests" / header)]
        assert not [n for n in seen if n.startswith("tichu/play/")], name


def test_only_the_bindings_include_pybind11():
    for path in core_files():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"#\s*include\s*[<\"]pybind11", text), path.relative_to(ROOT)
