"""The package's shape: no import inside a function to dodge a cycle (issue 12).

"No module in `adjudicator/` imports inside a function to avoid a cycle." An import inside a
function is allowed only to keep a heavy library (torch, spaCy, numpy, sqlite-utils, the
web server) out of a command that does not need it, and then it says so:
`# lazy: heavy import (numpy)`. The named library must really be imported, at module level,
by what the statement imports, so the mark cannot hide a cycle. The layers themselves are
import-linter's (`lint-imports`, in `make test`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"
MARK = re.compile(r"#\s*lazy: heavy import \(([^)]+)\)")
#: How a mark names a library, and the module it is imported as.
LIBRARIES = {
    "torch": "torch",
    "spacy": "spacy",
    "sentence-transformers": "sentence_transformers",
    "transformers": "transformers",
    "numpy": "numpy",
    "sqlite-utils": "sqlite_utils",
    "fastapi": "fastapi",
    "starlette": "starlette",
    "uvicorn": "uvicorn",
    "jinja2": "jinja2",
    "segno": "segno",
}
#: Function-level imports of the package allowed without a heavy reason: none.
ALLOWED: frozenset[tuple[str, str]] = frozenset()


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    """The modules (or module.name candidates) one import statement names, made absolute."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")[: -node.level]
        base = ".".join([*package, base] if base else package)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def _function_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    def walk(node: ast.AST, inside: bool) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            yield from walk(child, inside or isinstance(child, functions))

    return walk(tree, False)


def _top_level(tree: ast.Module, module: str) -> set[str]:
    """What a module imports when it is imported: not in functions, not for type checking."""
    found: set[str] = set()

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.update(_imported(child, module))
            walk(child)

    walk(tree)
    return found


@cache
def _sources() -> dict[str, tuple[Path, ast.Module]]:
    return {
        _module_name(path): (path, ast.parse(path.read_text("utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


@cache
def _loads(module: str) -> frozenset[str]:
    """Every top-level package a module's import pulls in, following the package's own
    modules (and their parent packages) transitively."""
    sources = _sources()
    seen: set[str] = set()
    libraries: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen or name not in sources:
            continue
        seen.add(name)
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        for target in [*_top_level(sources[name][1], name), *parents]:
            if target.split(".")[0] != "adjudicator":
                libraries.add(target.split(".")[0])
            todo.append(target)
    return frozenset(libraries)


def _statements() -> Iterator[tuple[str, int, str, list[str], str | None]]:
    """Each function-level import of an `adjudicator` module: file, line, text, what it
    imports, and its lazy mark (on its own lines or the line above) if any."""
    for module, (path, tree) in _sources().items():
        lines = path.read_text("utf-8").splitlines()
        for node in _function_imports(tree):
            targets = _imported(node, module)
            if not targets[0].startswith("adjudicator"):
                continue
            span = lines[max(node.lineno - 2, 0) : node.end_lineno or node.lineno]
            marks = [m.group(1) for line in span for m in [MARK.search(line)] if m]
            where = str(path.relative_to(PACKAGE))
            yield where, node.lineno, ast.unparse(node), targets, marks[-1] if marks else None


def test_no_function_level_import_of_the_package_without_a_heavy_reason() -> None:
    """Issue 12: "no imports inside functions to dodge a cycle anywhere in the package"."""
    unmarked = [
        f"adjudicator/{where}:{line}: {text}"
        for where, line, text, targets, mark in _statements()
        if mark is None and (where, targets[0]) not in ALLOWED
    ]
    assert not unmarked, "move these to the top of the module (or mark a heavy one):\n" + (
        "\n".join(unmarked)
    )


def test_every_lazy_mark_names_a_library_the_import_really_loads() -> None:
    """A mark is a claim: the library it names is imported, at module level, by the modules
    the statement imports, and not already by the module the statement is in."""
    false = []
    for where, line, text, targets, mark in _statements():
        if mark is None:
            continue
        named = [part.strip() for part in mark.split(",")]
        unknown = [name for name in named if name.lower() not in LIBRARIES]
        loaded = set().union(*(_loads(target) for target in targets))
        here = _loads(_module_name(PACKAGE / where))
        missing = [
            n for n in named if n.lower() in LIBRARIES and LIBRARIES[n.lower()] not in loaded
        ]
        already = [n for n in named if n.lower() in LIBRARIES and LIBRARIES[n.lower()] in here]
        if unknown or missing or already:
            false.append(f"adjudicator/{where}:{line}: {text} ({mark})")
    assert not false, "lazy marks that are not true:\n" + "\n".join(false)


def test_the_allow_list_holds_only_imports_that_still_exist() -> None:
    """An entry whose import is gone must leave the list, so that it shrinks to nothing."""
    present = {(where, targets[0]) for where, _, _, targets, _ in _statements()}
    stale = sorted(ALLOWED - present)
    assert not stale, f"remove from ALLOWED (the import is gone): {stale}"
