"""The language package's own layout: the walker in one place, imports in one direction.

Issue 12: "no imports inside functions to dodge a cycle anywhere in the package"; the only
imports inside functions keep heavy libraries (torch, numpy) out of fast CLI start-up.
"""

import ast
from pathlib import Path

import adjudicator.language

LANGUAGE = Path(adjudicator.language.__file__).parent
#: The walker's modules, lowest first: each may import only those before it.
WALKER_ORDER = ("tokens", "drafts", "record", "walk")
#: Third-party libraries heavy enough to import lazily.
HEAVY = frozenset({"torch", "numpy", "sentence_transformers", "transformers", "spacy"})


def _imports_inside_functions(tree: ast.Module) -> list[str]:
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import):
                    found.extend(alias.name for alias in inner.names)
                elif isinstance(inner, ast.ImportFrom) and inner.module:
                    found.append(inner.module)
    return found


def test_no_module_imports_inside_a_function_except_heavy_libraries() -> None:
    for path in sorted(LANGUAGE.rglob("*.py")):
        for module in _imports_inside_functions(ast.parse(path.read_text("utf-8"))):
            assert module.split(".")[0] in HEAVY, f"{path.name} imports {module} in a function"


def test_the_walker_modules_import_in_one_direction() -> None:
    for number, name in enumerate(WALKER_ORDER):
        tree = ast.parse((LANGUAGE / "walker" / f"{name}.py").read_text("utf-8"))
        imported = {
            node.module.rsplit(".", 1)[-1]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("adjudicator.language.walker.")
        }
        assert imported <= set(WALKER_ORDER[:number]), f"{name} imports {imported}"


def test_the_walker_is_one_sub_package_and_its_old_rooms_are_gone() -> None:
    for old in ("clauses", "walk_base", "noun_roles", "scope_cues"):
        assert not (LANGUAGE / f"{old}.py").exists()
    assert {p.stem for p in (LANGUAGE / "walker").glob("*.py")} == {"__init__", *WALKER_ORDER}
