"""The CLI's one `Models` per process ("Models load lazily, once per process, on first use").

The CLI is the composition root: commands ask here, and pass the instance to library code,
which never creates models itself. Importing this module loads nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from adjudicator.language.models import Models

if TYPE_CHECKING:
    from adjudicator.language.coverage import Coverage


@cache
def shared_models() -> Models:
    """This process's models; each loads on first use."""

    return Models()


def shared_coverage() -> Coverage:
    """This process's coverage checker on `shared_models()`: its lexicon is read once, so a
    running table (`adjudicator serve`) answers each command without reading it again."""
    return _coverage_for(shared_models())


@cache
def _coverage_for(models: Models) -> Coverage:
    from adjudicator.language.coverage import Coverage  # lazy: heavy import (numpy)

    return Coverage(models)
