"""A count reads as English: "1 action left", "2 actions left", never "1 action(s) left"."""

from __future__ import annotations

from adjudicator.rules.wording import plural


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert plural(1, "action") == "1 action"
    assert [plural(n, "action") for n in (0, 2, 11)] == ["0 actions", "2 actions", "11 actions"]


def test_an_irregular_plural_is_named() -> None:
    assert plural(1, "policy", "policies") == "1 policy"
    assert plural(3, "policy", "policies") == "3 policies"
    assert plural(2, "success", "successes") == "2 successes"
