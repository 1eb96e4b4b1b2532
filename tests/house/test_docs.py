"""The documentation is checked like code.

- Every ```pycon block of README.md and docs/*.md is run as a doctest, in
  reading order, with one namespace per document (a later block may use an
  earlier block's names). ```python blocks are signature listings, not run.
  Each document also passes `python -m doctest DOC` as it stands, which
  reads the whole page as one docstring: an example's output must end on a
  blank line, or the closing fence is read as expected output.
- Every relative link of the documents reaches a file of the checkout.
- docs/rules.md and the tests agree on the rule numbers: every number a test
  cites is a section or a rule of the page, and every rule of the page is
  cited by some test.
"""

from __future__ import annotations

import doctest
import enum
import importlib
import inspect
import pkgutil
import re
import textwrap
from pathlib import Path

import pytest

import tichu_fast.reference as reference_package

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGE = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Documents that must show runnable examples: an empty collection would pass silently.
WITH_EXAMPLES = {"README.md", "rules.md"}

# A fenced block, possibly indented inside a list item; the closing fence has the same indent.
FENCE = re.compile(r"^(?P<indent>[ ]*)```(?P<info>[\w-]*)\n(?P<body>.*?)^(?P=indent)```[ ]*$", re.MULTILINE | re.DOTALL)

SECTION = re.compile(r"^## (R\d+)\. ", re.MULTILINE)
RULE = re.compile(r"^- \*\*(R\d+\.\d+)\*\* ", re.MULTILINE)
# "R7.1-R7.3", "R8.3 to R8.5": a range cites every rule in it.
CITED_RANGE = re.compile(r"\bR(\d+)\.(\d+) *(?:-|to|\.\.) *R?(\d+)\.(\d+)\b")
CITED = re.compile(r"\bR\d+(?:\.\d+)?\b")


def examples(document: Path) -> list[tuple[int, str]]:
    """The ```pycon blocks of a document: (line of the block's first line, dedented text)."""
    text = document.read_text(encoding="utf-8")
    blocks = []
    for fence in FENCE.finditer(text):
        if fence["info"] == "pycon":
            line = text.count("\n", 0, fence.start("body")) + 1
            blocks.append((line, textwrap.dedent(fence["body"])))
    return blocks


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_examples_run_as_written(document):
    blocks = examples(document)
    if document.name in WITH_EXAMPLES:
        assert blocks, f"{document.name} has no ```pycon example left"
    namespace: dict[str, object] = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    for line, body in blocks:
        test = parser.get_doctest(body, namespace, f"{document.name}:{line}", str(document), line - 1)
        assert test.examples, f"{document.name}:{line}: a ```pycon block without a >>> prompt"
        runner.run(test, out=report.append, clear_globs=False)
        namespace = test.globs  # the DocTest ran on a copy: carry its names to the next block
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_document_passes_the_standard_doctest(document):
    # What a reader runs: `python -m doctest docs/rl.md`, with the standard library's defaults.
    if not examples(document):
        pytest.skip("no ```pycon example")
    result = doctest.testfile(str(document), module_relative=False, verbose=False, report=False)
    assert result.failed == 0, f"python -m doctest {document.relative_to(ROOT)} fails {result.failed} example(s)"


# A relative link in Markdown, [text](target) or [text](target#anchor); web addresses are not followed.
LINK = re.compile(r"\]\((?P<target>[^)#\s]+)(?:#[^)]*)?\)")


# The changelog may be left out of a checkout (CI's clean copy of main has come without it), so it is
# read only where present, and a link to it is not a broken link when the copy has none.
CHANGELOG = ROOT / "CHANGELOG.md"
LINKING = [*DOCUMENTS, ROOT / "CONTRIBUTING.md", *([CHANGELOG] if CHANGELOG.exists() else [])]


@pytest.mark.parametrize("document", LINKING, ids=lambda path: path.name)
def test_relative_links_reach_a_file(document):
    text = document.read_text(encoding="utf-8")
    targets = {m["target"] for m in LINK.finditer(text) if "://" not in m["target"] and ":" not in m["target"]}
    missing = sorted(t for t in targets if not (path := (document.parent / t).resolve()).exists() and path != CHANGELOG)
    assert not missing, f"{document.name} links to files that do not exist: {missing}"


def rules_of_the_page() -> tuple[set[str], set[str]]:
    """(section numbers, rule numbers) defined by docs/rules.md: "## R6. ..." and "- **R6.3** ..."."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    return set(SECTION.findall(text)), set(RULE.findall(text))


def citations() -> dict[str, set[str]]:
    """Every rule number cited in tests/, with the files citing it; ranges count for each rule in them."""
    cited: dict[str, set[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):  # every folder of tests/
        if path == Path(__file__).resolve():
            continue  # this file talks about the numbers, it does not test the rules
        text = path.read_text(encoding="utf-8")
        numbers = set(CITED.findall(text))
        for section, first, section_end, last in CITED_RANGE.findall(text):
            if section == section_end:
                numbers.update(f"R{section}.{k}" for k in range(int(first), int(last) + 1))
        for number in numbers:
            cited.setdefault(number, set()).add(str(path.relative_to(TESTS)))
    return cited


def test_rules_page_numbers_are_complete():
    sections, rules = rules_of_the_page()
    assert sections == {f"R{k}" for k in range(1, 11)}
    # every rule belongs to a section of the page, and each section has rules
    assert {rule.split(".")[0] for rule in rules} == sections
    assert len(rules) == 41


def test_every_cited_rule_is_on_the_rules_page():
    sections, rules = rules_of_the_page()
    unknown = {number: sorted(files) for number, files in citations().items() if number not in sections | rules}
    assert not unknown, f"tests cite rule numbers that docs/rules.md does not define: {unknown}"


def test_every_rule_is_cited_by_a_test():
    _, rules = rules_of_the_page()
    uncited = sorted(rules - set(citations()), key=lambda r: tuple(int(k) for k in r[1:].split(".")))
    assert not uncited, f"rules of docs/rules.md that no test cites: {uncited}"


def _described(doc: str | None, name: str) -> bool:
    """Whether `doc` says something beyond the signature pybind11 writes for every function."""
    lines = [line for line in (doc or "").splitlines() if line.strip()]
    lines = [line for line in lines if not re.match(rf"(\d+\. )?{re.escape(name)}\(", line.strip())]
    return bool(lines) and lines != ["Overloaded function."]


def _undocumented(module) -> list[str]:
    """Public names of `module` (and the public members of its classes) without a docstring."""
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if (inspect.isclass(obj) or callable(obj)) and not _described(obj.__doc__, name):
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, enum.Enum):
            for attr, value in vars(obj).items():
                doc = value.__doc__ if isinstance(value, property) or callable(value) else "a value"
                if isinstance(value, (staticmethod, classmethod)):
                    doc = value.__func__.__doc__
                if not attr.startswith("_") and not _described(doc, attr):
                    missing.append(f"{name}.{attr}")
        if inspect.isclass(obj) and issubclass(obj, enum.Enum):
            missing += [
                f"{name}.{attr}"
                for attr, value in vars(obj).items()
                if callable(value) and not attr.startswith("_") and not value.__doc__
            ]
    return missing


def test_every_public_name_has_a_docstring(backend):
    # Both backends, the pybind11 members of the C++ one included.
    assert _undocumented(backend) == []


def test_reference_public_names_have_docstrings():
    missing = []
    for info in pkgutil.iter_modules(reference_package.__path__):
        module = importlib.import_module(f"tichu_fast.reference.{info.name}")
        if not module.__doc__:
            missing.append(module.__name__)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if getattr(obj, "__module__", None) != module.__name__:
                continue  # defined elsewhere (enums, errors, rules)
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and not obj.__doc__:
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                    if not attr.startswith("_") and callable(function) and not function.__doc__:
                        missing.append(f"{module.__name__}.{name}.{attr}")
    assert missing == []
