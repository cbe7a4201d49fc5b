"""How a count reads in the tool's sentences: "1 action left", "2 actions left".

It lives in `rules`, the layer every other one imports (combat's event texts, the ledger's
book, the CLI's and the table's lines), so one function words every count.
"""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """`count` and its noun, singular for exactly one: `plural(1, "action")` is "1 action",
    `plural(0, "action")` "0 actions", `plural(2, "policy", "policies")` "2 policies"."""
    noun = singular if count == 1 else (plural_form or singular + "s")
    return f"{count} {noun}"
