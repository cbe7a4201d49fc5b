"""The rulebook's own worked spell examples, seeded into every new ledger as precedent.

They live in `rulings/canon.jsonl` at the repository root, the readable copy people edit,
and ship as `adjudicator/ledger/data/canon.jsonl`, a byte-for-byte copy a test keeps equal.
One JSON object a line: `id` (C1, C2, ... in file order), `citation` (the rulebook section),
`words`, `intent`, `verdict`, `needs`, `implementation`, `reason`, `mapping`. Canon rulings
have no caster and no session, and are recorded as ids C1... so the campaign's own rulings
still start at R1.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import ImportRefused
from adjudicator.ledger.rulings import Implementation, Ruling, RulingWord, Verdict, append_ruling
from adjudicator.rules.words import Word

_FIELDS = (
    "id",
    "citation",
    "words",
    "intent",
    "verdict",
    "needs",
    "implementation",
    "reason",
    "mapping",
)


@dataclass(frozen=True)
class CanonExample:
    """One worked example from the rulebook, as a ruling to seed."""

    id: str
    citation: str
    words: tuple[Word, ...]
    intent: str
    verdict: Verdict
    needs: tuple[Word, ...]
    implementation: Implementation
    reason: str
    mapping: dict[str, tuple[str, ...]]


def canon_text() -> str:
    """The packaged canon.jsonl."""
    return (resources.files("adjudicator.ledger") / "data" / "canon.jsonl").read_text("utf-8")


def load_canon(text: str | None = None) -> tuple[CanonExample, ...]:
    """Read canon examples (the packaged file by default); errors name the line at fault."""
    examples: list[CanonExample] = []
    for number, line in enumerate((canon_text() if text is None else text).splitlines(), 1):
        if not line.strip():
            continue
        where = f"canon.jsonl line {number}"
        try:
            data = json.loads(line)
            example = _example(data)
        except json.JSONDecodeError as error:
            raise ImportRefused(where, f"not JSON: {error.msg}") from None
        except (AdjudicatorError, KeyError, TypeError, ValueError, AttributeError) as error:
            raise ImportRefused(where, str(error)) from None
        expected = f"C{len(examples) + 1}"
        if example.id != expected:
            raise ImportRefused(
                where, f"id {example.id!r} should be {expected!r} (ids follow the file)"
            )
        examples.append(example)
    return tuple(examples)


def _example(data: Any) -> CanonExample:
    if not isinstance(data, dict) or set(data) != set(_FIELDS):
        raise ValueError(f"a canon example has exactly the fields {', '.join(_FIELDS)}")
    return CanonExample(
        id=str(data["id"]),
        citation=str(data["citation"]),
        words=tuple(Word(str(text)) for text in data["words"]),
        intent=str(data["intent"]),
        verdict=Verdict(data["verdict"]),
        needs=tuple(Word(str(text)) for text in data["needs"]),
        implementation=Implementation(**data["implementation"]),
        reason=str(data["reason"]),
        mapping={str(c): tuple(str(w) for w in ws) for c, ws in data["mapping"].items()},
    )


def seed_canon(
    ledger: Ledger, examples: tuple[CanonExample, ...] | None = None
) -> tuple[Ruling, ...]:
    """Record the canon examples as rulings C1, C2, ... Call inside `write(ledger)`."""
    seeded = []
    for example in load_canon() if examples is None else examples:
        ruling = append_ruling(
            ledger,
            canon=True,
            session=None,
            caster=None,
            words=tuple(RulingWord(word) for word in example.words),
            intent=example.intent,
            verdict=example.verdict,
            mapping=example.mapping,
            needs=example.needs,
            implementation=example.implementation,
            reason=example.reason,
            citation=example.citation,
        )
        if ruling.id != example.id:
            raise ImportRefused(
                example.id, f"was recorded as {ruling.id}: seed canon into a new ledger"
            )
        seeded.append(ruling)
    return tuple(seeded)
