"""The package's shape, read from the source with ``ast`` (nothing is
imported): the layers (every import goes down or sideways, never up; the
entry points never import each other), who may import the CLI, no import
circles (not even through imports for the type checker), no borrowed private
names, no oversized file without a stated reason (docs/architecture.md).

``XLXQ_ARCH_ROOT`` points the checks at another checkout's ``xlxq/`` (the
old layout fails them all: ``XLXQ_ARCH_ROOT=/path/to/old/xlxq pytest
tests/test_architecture.py``).
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("XLXQ_ARCH_ROOT") or Path(__file__).resolve().parents[1] / "xlxq")

#: longest source file without a reason stated at its top (a ``Size:`` line
#: in the first lines of the module docstring)
MAX_LINES = 800
SIZE_MARKER = "Size:"

#: files allowed over MAX_LINES without a ``Size:`` line, each with why
SIZE_ALLOWED: set[str] = set()

#: import circles allowed, each as the sorted tuple of its modules, with why
#: (module-level and function-local imports both count).  To be emptied:
#: each entry is a circle outside the CLI / operations part of issue 9, left
#: to the branch that owns those files; remove an entry when its circle goes
#: (the test says so).
CYCLES_ALLOWED: set[tuple[str, ...]] = set()

#: (importer, module) pairs still taking private names, with why; to be
#: emptied by the branch that owns the files (remove an entry when it is
#: clean: the test says so)
PRIVATE_ALLOWED: set[tuple[str, str]] = set()

#: modules that may import xlxq.cli
CLI_IMPORTERS = {"xlxq.__main__"}

#: a module with imports inside its functions says why at its top: a line
#: ``Lazy imports: …`` in its docstring (start-up time of ``xlxq --help`` or
#: a button click, an optional dependency); none may close an import circle
LAZY_MARKER = "Lazy imports:"

#: modules still taking function-local imports without a stated reason, each
#: with why; to be emptied by the branch that owns the files (remove an entry
#: when it is clean: the test says so)
LAZY_PENDING: set[str] = set()


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(encoding="utf-8"), filename=str(MODULES[name]))


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _absolute(name: str, node: ast.ImportFrom) -> str:
    """The module an ``from … import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if _is_package(name) else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(name: str) -> list[tuple[str, list[str], int]]:
    """Every import in module ``name`` (at any depth: module level and inside
    functions): (the module imported from, the names taken, line)."""
    out = []
    tree = _tree(name)
    # imports under ``if TYPE_CHECKING:`` are for the type checker only: no
    # import happens at run time, so they make no circle
    typing_only = {
        id(n)
        for top in ast.walk(tree)
        if isinstance(top, ast.If) and isinstance(top.test, ast.Name) and top.test.id == "TYPE_CHECKING"
        for stmt in top.body
        for n in ast.walk(stmt)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((_absolute(name, node), [a.name for a in node.names], node.lineno))
    return out


def _targets(module: str, names: list[str]) -> set[str]:
    """The xlxq modules an import statement depends on: ``from xlxq.a import
    b`` is ``xlxq.a.b`` when that is a module, else ``xlxq.a``."""
    if not (module == "xlxq" or module.startswith("xlxq.")):
        return set()
    out = set()
    for n in names or [None]:
        sub = f"{module}.{n}" if n else None
        if sub in MODULES:
            out.add(sub)
        elif module in MODULES:
            out.add(module)
    return out


def _graph() -> dict[str, set[str]]:
    g: dict[str, set[str]] = {}
    for name in MODULES:
        deps: set[str] = set()
        for module, names, _ in _imports(name):
            deps |= _targets(module, names)
        deps.discard(name)
        g[name] = deps
    return g


def _cycles(g: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[tuple[str, ...]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(tuple(sorted(comp)))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def _private(attr: str) -> bool:
    return attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))


# --------------------------------------------------------------------------


def test_the_tree_is_found():
    assert "xlxq.operations.book" in MODULES and "xlxq.core.model" in MODULES, ROOT


def test_only_main_imports_the_cli():
    bad = []
    for name in MODULES:
        if name == "xlxq.cli" or name.startswith("xlxq.cli.") or name in CLI_IMPORTERS:
            continue
        for module, names, line in _imports(name):
            if any(t == "xlxq.cli" or t.startswith("xlxq.cli.") for t in _targets(module, names)):
                what = f"from {module} import {', '.join(names)}" if names else f"import {module}"
                bad.append(f"{MODULES[name].relative_to(ROOT.parent)}:{line} {what}")
    assert not bad, "only xlxq/__main__.py (and xlxq/cli/ itself) may import the CLI:\n" + "\n".join(bad)


def test_no_import_circles():
    found = set(_cycles(_graph()))
    new = sorted(found - CYCLES_ALLOWED)
    assert not new, "import circles (module-level and function-local imports):\n" + "\n".join(
        " ↔ ".join(c) for c in new
    )
    stale = sorted(CYCLES_ALLOWED - found)
    assert not stale, f"allowed circles that no longer exist (remove them from CYCLES_ALLOWED): {stale}"


def _private_uses(name: str) -> list[tuple[str, str, int]]:
    """Private names module ``name`` takes from other xlxq modules:
    (module, name, line), by ``from m import _x`` or ``m._x`` on an imported
    module."""
    tree = _tree(name)
    out = []
    aliases = {}  # local name → the xlxq module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _absolute(name, node)
            if not (module == "xlxq" or module.startswith("xlxq.")):
                continue
            for a in node.names:
                if _private(a.name) and module != name:
                    out.append((module, a.name, node.lineno))
                if f"{module}.{a.name}" in MODULES:
                    aliases[a.asname or a.name] = f"{module}.{a.name}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("xlxq.") and a.asname:
                    aliases[a.asname] = a.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
            and aliases[node.value.id] != name
        ):
            out.append((aliases[node.value.id], node.attr, node.lineno))
    return out


def test_no_private_names_across_modules():
    bad, seen = [], set()
    for name in MODULES:
        for module, attr, line in _private_uses(name):
            seen.add((name, module))
            if (name, module) not in PRIVATE_ALLOWED:
                bad.append(f"{MODULES[name].relative_to(ROOT.parent)}:{line} takes {module}.{attr}")
    assert not bad, "private names of other modules (make the shared ones public):\n" + "\n".join(bad)
    stale = sorted(PRIVATE_ALLOWED - seen)
    assert not stale, f"allowed pairs that no longer take private names (remove them from PRIVATE_ALLOWED): {stale}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_long_files_say_why(name):
    path = MODULES[name]
    rel = path.relative_to(ROOT).as_posix()
    n = len(path.read_text(encoding="utf-8").splitlines())
    if n <= MAX_LINES or rel in SIZE_ALLOWED:
        return
    doc = ast.get_docstring(_tree(name)) or ""
    head = doc.splitlines()[:15]
    assert any(line.strip().startswith(SIZE_MARKER) for line in head), (
        f"{rel} has {n} lines (> {MAX_LINES}): state why at its top (a '{SIZE_MARKER} …' line in the docstring) or split it"
    )


def _local_imports(name: str) -> list[tuple[str, list[str], int]]:
    """The imports inside the functions of module ``name`` (not those under
    ``if TYPE_CHECKING:``): (the module imported from, the names, line)."""
    tree = _tree(name)
    inside = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in ast.walk(f)
        if isinstance(n, (ast.Import, ast.ImportFrom))
    }
    return [i for i in _imports(name) if i[2] in _lines_of(tree, inside)]


def _lines_of(tree: ast.Module, ids: set[int]) -> set[int]:
    return {n.lineno for n in ast.walk(tree) if id(n) in ids}


def test_lazy_imports_say_why():
    bad = []
    for name in sorted(MODULES):
        if name in LAZY_PENDING or not _local_imports(name):
            continue
        doc = ast.get_docstring(_tree(name)) or ""
        if not any(line.strip().startswith(LAZY_MARKER) for line in doc.splitlines()):
            lines = ", ".join(str(line) for _, _, line in _local_imports(name))
            bad.append(f"{MODULES[name].relative_to(ROOT.parent)} (lines {lines})")
    assert not bad, (
        f"imports inside functions without a '{LAZY_MARKER} …' line in the module docstring saying why "
        "(or move them to the top):\n" + "\n".join(bad)
    )
    stale = sorted(n for n in LAZY_PENDING if n in MODULES and not _local_imports(n))
    assert not stale, f"modules without function-local imports any more (remove them from LAZY_PENDING): {stale}"


def test_no_lazy_import_closes_a_circle():
    """A function-local import A → B where B reaches A again (through any
    imports) would hide a circle: none, beyond the allowed circles."""
    g = _graph()

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            v = todo.pop()
            if v == goal:
                return True
            if v not in seen:
                seen.add(v)
                todo += sorted(g.get(v, ()))
        return False

    allowed = {m for c in CYCLES_ALLOWED for m in c}
    bad = []
    for name in sorted(MODULES):
        for module, names, line in _local_imports(name):
            for target in _targets(module, names) - {name}:
                if reaches(target, name) and not {name, target} <= allowed:
                    bad.append(
                        f"{MODULES[name].relative_to(ROOT.parent)}:{line} imports {target}, which imports it back"
                    )
    assert not bad, "function-local imports that hide an import circle:\n" + "\n".join(bad)


def test_the_cli_imports_only_the_standard_library_at_its_top():
    """``xlxq --help`` stays fast: the CLI's modules import, at module level,
    nothing but the standard library, :mod:`xlxq.text` and each other."""
    bad = []
    for name in sorted(MODULES):
        if not (name == "xlxq.cli" or name.startswith("xlxq.cli.")):
            continue
        tree = _tree(name)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                module = _absolute(name, node)
            elif isinstance(node, ast.Import):
                module = node.names[0].name
            else:
                continue
            top = module.split(".")[0]
            if top == "xlxq" and not (module in ("xlxq.text",) or module.startswith("xlxq.cli")):
                bad.append(f"{MODULES[name].relative_to(ROOT.parent)}:{node.lineno} {module}")
            elif top not in ("xlxq", "__future__") and top not in sys.stdlib_module_names:
                bad.append(f"{MODULES[name].relative_to(ROOT.parent)}:{node.lineno} {module}")
    assert not bad, "the CLI imports more than the standard library at its top (start-up time):\n" + "\n".join(bad)


# --------------------------------------------------------------------------
# The layers (docs/architecture.md, "The house by folder"): each module's
# layer is its folder; an import may go to the same or a lower layer, never up.


#: the layers, lowest first.  The entry points share the top rank and never
#: import each other (``ENTRY_POINTS``).  The presentation sits under the
#: operations: an operation that makes a report, a site or a booklet calls it;
#: the presentation renders the model and the sheets' values and runs no
#: operation.  ``backends`` sits over ``sheets``: a backend implements the
#: sheet mapping's ``Book`` on openpyxl or xlwings.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # shared by every layer, standard library only: errors with their place,
    # the language's texts, text tables, the shipped files, the version
    ("base", ("xlxq", "xlxq.errors", "xlxq.i18n", "xlxq.text", "xlxq.resources")),
    ("core", ("xlxq.core",)),
    ("systems", ("xlxq.systems",)),
    ("sheets", ("xlxq.sheets",)),
    ("backends", ("xlxq.backends",)),
    ("presentation", ("xlxq.presentation",)),
    ("operations", ("xlxq.operations",)),
    ("entry", ("xlxq.cli", "xlxq.__main__", "xlxq.excel", "xlxq.api")),
)

#: the entry points: each a group of modules that never imports another group
ENTRY_POINTS = {"xlxq.cli": "cli", "xlxq.__main__": "cli", "xlxq.excel": "excel", "xlxq.api": "api"}

#: imports between entry points allowed, each (importer, imported) with why
#: (remove an entry when it is gone: the test says so)
ENTRY_ALLOWED: set[tuple[str, str]] = set()


def _owner(module: str, groups: dict[str, str] | tuple[str, ...]) -> str | None:
    """The longest prefix of ``module`` among ``groups`` (a package name owns
    its sub-modules; ``xlxq`` itself only the package's ``__init__``)."""
    best = None
    for g in groups:
        if module == g or (g != "xlxq" and module.startswith(g + ".")):
            if best is None or len(g) > len(best):
                best = g
    return best


def layer_of(module: str) -> int:
    """The rank of ``module``'s layer (0: base)."""
    for rank, (_, prefixes) in enumerate(LAYERS):
        if _owner(module, prefixes):
            return rank
    raise AssertionError(f"{module} is in no layer: add its folder to LAYERS (and to docs/architecture.md)")


def _all_imports(name: str) -> list[tuple[str, list[str], int]]:
    """Every import of module ``name``, those for the type checker included:
    a dependency, even one that costs no start-up."""
    out = []
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((_absolute(name, node), [a.name for a in node.names], node.lineno))
    return out


def _dependencies() -> dict[str, set[str]]:
    g: dict[str, set[str]] = {}
    for name in MODULES:
        deps: set[str] = set()
        for module, names, _ in _all_imports(name):
            deps |= _targets(module, names)
        deps.discard(name)
        g[name] = deps
    return g


def test_every_module_has_a_layer():
    assert [layer_of(m) for m in MODULES]


def test_imports_go_down_the_layers():
    """core < systems < sheets < backends < presentation < operations <
    entry points (module level, inside functions and for the type checker
    alike: the rule is about dependency, not start-up)."""
    bad = []
    for name in sorted(MODULES):
        mine = layer_of(name)
        for module, names, line in _all_imports(name):
            for target in sorted(_targets(module, names) - {name}):
                if layer_of(target) > mine:
                    bad.append(
                        f"{MODULES[name].relative_to(ROOT.parent)}:{line} ({LAYERS[mine][0]}) imports "
                        f"{target} ({LAYERS[layer_of(target)][0]})"
                    )
    assert not bad, "imports that run up the layers:\n" + "\n".join(bad)


def test_entry_points_never_import_each_other():
    bad, seen = [], set()
    for name in sorted(MODULES):
        mine = _owner(name, tuple(ENTRY_POINTS))
        if mine is None:
            continue
        for module, names, line in _all_imports(name):
            for target in _targets(module, names):
                theirs = _owner(target, tuple(ENTRY_POINTS))
                if theirs is not None and ENTRY_POINTS[theirs] != ENTRY_POINTS[mine]:
                    seen.add((name, target))
                    if (name, target) not in ENTRY_ALLOWED:
                        bad.append(f"{MODULES[name].relative_to(ROOT.parent)}:{line} imports {target}")
    assert not bad, "entry points importing another entry point:\n" + "\n".join(bad)
    stale = sorted(ENTRY_ALLOWED - seen)
    assert not stale, f"allowed imports that are gone (remove them from ENTRY_ALLOWED): {stale}"


LITE = ROOT.parent / "lite"


@pytest.mark.skipif(not LITE.is_dir(), reason="no lite/ beside this xlxq/")
def test_lite_calls_the_operations_not_another_entry_point():
    """xlwings Lite's main.py is an entry point of its own: it imports the
    operations (and xlwings), never :mod:`xlxq.excel` or :mod:`xlxq.cli`."""
    bad = []
    for path in sorted(LITE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            mods = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for m in mods:
                if _owner(m, tuple(ENTRY_POINTS)):
                    bad.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} imports {m}")
    assert not bad, "lite/ imports another entry point:\n" + "\n".join(bad)


def test_no_circle_even_for_the_type_checker():
    """No circle between modules, imports for the type checker included (a
    graph search over every import)."""
    found = _cycles(_dependencies())
    assert not found, "import circles (any import, TYPE_CHECKING included):\n" + "\n".join(" ↔ ".join(c) for c in found)
