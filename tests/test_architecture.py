"""The import graph of pnp/ (issue 36): every import points down the declared layers, and no module
imports itself back through others (no cycle).

Every ``import`` and ``from ... import`` naming a pnp module counts, at the top of a module or inside a
function (an import kept lazy for start-up speed must still point down); importing ``pnp.a.b`` counts
as importing the package ``pnp.a`` too, whose ``__init__.py`` runs first. Imports under ``if
TYPE_CHECKING:`` do not count: they never run, they only name a type for an annotation (a check's
``v: Validator``). Modules found by name at run time (``importlib``: the layouts that pnp/parts.py
names as ``"cards:items"``, the check modules pnp/rules/__init__.py loads) are not imports here.

The layers are README.md's "Architecture": a module may import its own layer and the layers below.
"""
from __future__ import annotations

import ast
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parent.parent / "pnp"

#: the layers, lowest first; a module is placed by its exact name, else by the first glob matching it
LAYERS: list[tuple[str, list[str]]] = [
    ("base", ["pnp", "pnp.problems", "pnp.node", "pnp.files", "pnp.values", "pnp.vision", "pnp.typeset", "pnp.words",
              "pnp.scene", "pnp.markup", "pnp.supply", "pnp.cache", "pnp.template_cache", "pnp.bundled",
              "pnp.forked", "pnp.coverage", "pnp.output", "pnp.ttf", "pnp.fonts", "pnp.render",
              "pnp.render.faces", "pnp.images"]),
    ("declarations", ["pnp.rules", "pnp.rules.schema"]),
    ("loading", ["pnp.load", "pnp.schema", "pnp.csvdata"]),
    ("model", ["pnp.model", "pnp.money", "pnp.groupmarks", "pnp.templates", "pnp.editions", "pnp.options"]),
    ("checks", ["pnp.rules.*"]),
    ("drawing", ["pnp.text", "pnp.marks", "pnp.legibility", "pnp.inksaver", "pnp.seeas", "pnp.render.*"]),
    ("registry", ["pnp.parts", "pnp.rules.validator"]),
    ("layout", ["pnp.layout", "pnp.layout.*", "pnp.impose", "pnp.saddle", "pnp.tiling"]),
    ("session", ["pnp.content", "pnp.session", "pnp.incremental", "pnp.checked"]),
    ("commands", ["pnp.build", "pnp.preview", "pnp.watch", "pnp.serve", "pnp.serve.*", "pnp.export",
                  "pnp.export.*", "pnp.calibrate", "pnp.scaffold", "pnp.schemas", "pnp.cli", "pnp.__main__"]),
]


def modules(root: Path = PNP) -> dict[str, tuple[Path, bool]]:
    """module name -> (file, is a package's __init__)"""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found[".".join(parts)] = (path, package)
    return found


def layer_of(module: str) -> int | None:
    for i, (_, names) in enumerate(LAYERS):
        if module in names:
            return i
    for i, (_, names) in enumerate(LAYERS):
        if any("*" in n and fnmatchcase(module, n) for n in names):
            return i
    return None


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(mods: dict[str, tuple[Path, bool]]) -> list[tuple[str, str, str, int]]:
    """Every import of a pnp module that runs: (importer, imported, file, line), packages' __init__ included."""
    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    def with_packages(name: str) -> list[str]:
        """``pnp.a.b`` -> pnp.a.b and pnp.a (running pnp.a.b runs pnp.a's __init__ first; ``pnp`` itself is left out)"""
        out = []
        while name.count("."):
            out.append(name)
            name = name.rpartition(".")[0]
        return out

    found = []
    for module, (path, package) in mods.items():
        base = module if package else module.rpartition(".")[0]

        def visit(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _type_checking(child.test):
                    for other in child.orelse:
                        visit(ast.Module(body=[other], type_ignores=[]))
                    continue
                targets: list[str] = []
                if isinstance(child, ast.Import):
                    targets = [a.name for a in child.names if a.name.split(".")[0] == "pnp"]
                elif isinstance(child, ast.ImportFrom):
                    if child.level:
                        origin = base
                        for _ in range(child.level - 1):
                            origin = origin.rpartition(".")[0]
                        origin = f"{origin}.{child.module}" if child.module else origin
                    else:
                        origin = child.module or ""
                    if origin.split(".")[0] == "pnp":
                        targets = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in mods else origin
                                   for a in child.names]
                for target in targets:
                    for name in with_packages(known(target) or target):
                        if name != module and name in mods:
                            found.append((module, name, str(path.relative_to(PNP.parent)), child.lineno))
                visit(child)

        visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return found


MODULES = modules()
IMPORTS = imports(MODULES)


def test_every_module_has_a_layer():
    unplaced = sorted(m for m in MODULES if layer_of(m) is None)
    assert not unplaced, f"modules in no layer (add them to LAYERS here and to README.md's Architecture): {unplaced}"


def test_no_module_imports_a_higher_layer():
    upward = []
    for importer, imported, file, line in IMPORTS:
        low, high = layer_of(importer), layer_of(imported)
        if low is not None and high is not None and high > low:
            upward.append(f"{file}:{line}: {importer} ({LAYERS[low][0]}) imports {imported} ({LAYERS[high][0]})")
    assert not upward, "imports against the layers:\n" + "\n".join(upward)


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected sets of more than one module (iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        members.append(m)
                        if m == node:
                            break
                    if len(members) > 1:
                        found.append(sorted(members))
    return found


def test_the_import_graph_has_no_cycle():
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    where: dict[tuple[str, str], str] = {}
    for importer, imported, file, line in IMPORTS:
        graph[importer].add(imported)
        where.setdefault((importer, imported), f"{file}:{line}")
    cycles = strongly_connected(graph)
    lines = []
    for members in cycles:
        inside = set(members)
        lines.append("a cycle through " + ", ".join(members) + ":")
        lines += [f"  {where[(a, b)]}: {a} -> {b}" for a in members for b in sorted(graph[a] & inside)]
    assert not cycles, "\n".join(lines)


def test_the_walk_sees_imports_and_cycles():
    """The test's own parts: a relative import inside a function counts, a TYPE_CHECKING one does not, and
    a circle of three is one strongly connected set."""
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    edges = {(a, b) for a, b, _, _ in IMPORTS}
    assert ("pnp.layout.booklet", "pnp.parts") in edges  # inside components()
    assert ("pnp.load", "pnp.rules") in edges  # the package pnp.rules.schema lives in
    assert ("pnp.rules.printing", "pnp.rules.validator") not in edges  # under TYPE_CHECKING


@pytest.mark.parametrize("name,layer", [("pnp.rules.board", "checks"), ("pnp.rules.validator", "registry"),
                                        ("pnp.rules.schema", "declarations"), ("pnp.layout.cards", "layout")])
def test_exact_names_place_before_globs(name, layer):
    assert LAYERS[layer_of(name)][0] == layer
