"""The CLI's one `Models` per process ("Models load lazily, once per process, on first use").

The CLI is the composition root: commands ask here, and pass the instance to library code,
which never creates models itself. Importing this module loads nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.language.models import Models


@cache
def shared_models() -> Models:
    """This process's models; each loads on first use."""
    from adjudicator.language.models import Models

    return Models()
