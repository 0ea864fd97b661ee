"""The import graph of ``engine/``, ``renderers/`` and ``bot/``: no cycles, no upward arrows, no
private names taken from another module.

Every module's imports are read with :mod:`ast`: module-level and function-level imports alike
(a lazy import is still an edge), but not those under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "renderers", "bot")
ADAPTERS = ("bot.telegram", "bot.discord_bot", "bot.console", "bot.web")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(name: str, path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """(module imported, names taken from it, line) for each import of a module's source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, tuple[str, ...], int]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append((target, tuple(a.name for a in node.names), node.lineno))
        for inner in ast.iter_child_nodes(node):
            visit(inner)

    visit(tree)
    return found


def resolve(target: str, names: tuple[str, ...], known: dict[str, Path]) -> list[str]:
    """The project modules an import makes its module depend on."""
    submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in known]
    # ``from package import module`` depends on that module; a name defined in the package's
    # ``__init__`` (or a plain ``import package``) depends on the ``__init__``.
    takes_other_names = len(submodules) < len(names) or not names
    return ([target] if target in known and takes_other_names else []) + submodules


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {m: set() for m in known}
    for name, path in known.items():
        for target, names, _ in imports(name, path):
            for dep in resolve(target, names, known):
                if dep != name:
                    edges[name].add(dep)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_reader_sees_lazy_imports_and_not_type_checking_ones(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from bot.app import App\n"
        "def f():\n    from renderers import png\n"
    )
    path = tmp_path / "m.py"
    path.write_text(source)
    found = [target for target, _, _ in imports("engine.m", path)]
    assert "renderers" in found
    assert "bot.app" not in found


def test_cycles_are_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("engine", "renderers"),
        ("engine", "bot"),
        ("renderers", "bot"),
        *[("bot.app", adapter) for adapter in ADAPTERS],
    ],
)
def test_no_upward_arrow(lower: str, higher: str) -> None:
    wrong = sorted(
        f"{module} imports {dep}"
        for module, deps in graph().items()
        if within(module, lower)
        for dep in deps
        if within(dep, higher)
    )
    assert wrong == []


def test_no_private_name_taken_from_another_module() -> None:
    known = modules()
    wrong = []
    for name, path in known.items():
        for target, names, line in imports(name, path):
            if (
                not within(target, "engine")
                and not within(target, "renderers")
                and not within(target, "bot")
            ):
                continue
            for n in names:
                if n.startswith("_") and not n.startswith("__") and target != name:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} takes {n} from {target}")
            leaf = target.rpartition(".")[2]
            if leaf.startswith("_") and leaf != "__main__":
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports private module {target}")
    assert wrong == []


PLAYER_ENTRY_POINTS = ("choose_play", "rank_plays", "evaluate")
"""What makes a module a computer player: it values positions and ranks or chooses plays
(:mod:`bot.ai.core` for backgammon, :mod:`bot.ai.nardy_player` for long nardy)."""


def test_the_engine_holds_no_computer_player() -> None:
    """The rules engine says what is legal, never what is good: the computer players live in
    ``bot/ai``.  No ``engine`` module defines a player's entry points, and both players are
    where the computer looks for them."""
    known = modules()
    wrong = []
    for name, path in known.items():
        if not within(name, "engine"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in tree.body:
            if (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and node.name in PLAYER_ENTRY_POINTS
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} defines {node.name}")
    assert wrong == []
    assert "bot.ai.core" in known
    assert "bot.ai.nardy_player" in known
    for player in ("bot.ai.core", "bot.ai.nardy_player"):
        tree = ast.parse(known[player].read_text(encoding="utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert {"rank_plays", "evaluate"} <= defined


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_adapters_translate_only(adapter: str) -> None:
    """An adapter imports no rules engine and no table, and reads no table: it asks the app
    (``App.facts`` and the other queries) and hands the replies to the one delivery loop."""
    known = modules()
    wrong = []
    for name, path in known.items():
        if not within(name, adapter):
            continue
        for target, names, line in imports(name, path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if within(target, "engine"):
                wrong.append(f"{where} imports {target}")
            if within(target, "bot.app.table") or (target == "bot.app" and "Table" in names):
                wrong.append(f"{where} imports the table")
        source = path.read_text(encoding="utf-8")
        if ".load_table(" in source:
            wrong.append(f"{path.relative_to(ROOT)} reads a table (load_table)")
    assert wrong == []


def test_the_pipeline_is_small() -> None:
    """``bot/app/app.py`` is the pipeline only: its services live in modules of their own."""
    lines = (ROOT / "bot" / "app" / "app.py").read_text(encoding="utf-8").count("\n")
    assert lines < 600


def test_no_module_name_is_used_twice() -> None:
    """No two modules of ``engine/``, ``renderers/`` and ``bot/`` share a file name (packages'
    ``__init__.py`` and ``__main__.py`` aside): a name says which module it is."""
    where: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name in ("__init__.py", "__main__.py"):
                continue
            where.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    twice = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert twice == {}
