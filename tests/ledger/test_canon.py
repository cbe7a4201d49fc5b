"""The rulebook's own rulings: one file, seeded into every new ledger, each citing its section."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.ledger.canon import canon_text, load_canon
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import ImportRefused
from adjudicator.ledger.rulings import RulingFilter, Verdict, get_ruling, list_rulings
from adjudicator.rules.words import format_words
from tests.ledger.helpers import new_ledger

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "seeds" / "001_aa0c654548bc39bc.txt"


def test_the_packaged_canon_is_the_readable_copy_at_the_root() -> None:
    """One source of truth: edit rulings/canon.jsonl, then copy it to the package."""
    root = (ROOT / "rulings" / "canon.jsonl").read_text("utf-8")
    assert canon_text() == root, (
        "cp rulings/canon.jsonl adjudicator/ledger/data/canon.jsonl after editing the root copy"
    )


def _sections() -> dict[str, str]:
    if not RULEBOOK.exists():
        pytest.skip("the rulebook is not beside the repository")
    text = RULEBOOK.read_text("utf-8")
    parts = re.split(r"^#+ (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_each_canon_ruling_cites_a_rulebook_section_that_shows_its_words() -> None:
    sections = _sections()
    for example in load_canon():
        assert example.citation in sections, example.id
        body = sections[example.citation]
        for word in example.words:
            assert f"[{word.text}]" in body or word.text in body, (example.id, word)


def test_the_canon_holds_the_rulebooks_worked_examples() -> None:
    """[Decrease] [Speech] family, [Metal] [Mist], the [Fire] [Ball] intents, [Trap], [Become]
    [Evade], [Bind] [Person], [Lead] [Person], [Stone] [Heart] (issue 3)."""
    canon = {(format_words(e.words), e.intent): e for e in load_canon()}
    verdicts = {key: example.verdict for key, example in canon.items()}
    assert verdicts[("[Decrease] [Speech]", "make this guy stop talking")] is Verdict.APPROVED
    assert verdicts[("[Fire] [Ball]", "I cast [Fire] [Ball] on the Orc.")] is Verdict.VETOED
    assert verdicts[("[Ball] [Fire]", "gather up the flames and allow safe passage")] is (
        Verdict.APPROVED
    )
    trap = canon[("[Fire] [Ball]", "trap a balloon with fire")]
    assert trap.verdict is Verdict.VETOED and format_words(trap.needs) == "[Trap]"
    assert verdicts[("[Trap] [Ball] [Fire]", "trap a balloon with fire")] is Verdict.APPROVED
    assert verdicts[("[Lead] [Person]", "lure a person and petrify them")] is Verdict.VETOED
    assert verdicts[("[Stone] [Heart]", "resist influence")] is Verdict.APPROVED
    metal = canon[
        ("[Metal] [Mist]", "create a hazard zone that causes damage to anyone who moves through it")
    ]
    assert metal.implementation.damage == "1 damage"
    town = next(e for e in canon.values() if len(e.words) == 6)
    assert format_words(town.words) == "[Silent] [Still] [Permanent] [Decrease] [Speech] [Zone]"
    assert {e.citation for e in canon.values()} == {
        "Words of Power",
        "Fireball vs [Fire] [Ball]",
        "Counterspelling",
    }


def test_init_seeds_the_canon_as_c1_c2_and_no_canon_skips_it(
    ledger: Ledger, tmp_path: Path
) -> None:
    """ "`adjudicator init` seeds them into every new ledger (`--no-canon` to skip)." """
    seeded = list_rulings(ledger)
    assert [r.id for r in seeded] == [e.id for e in load_canon()]
    assert all(r.canon and r.caster is None and r.session is None for r in seeded)
    assert get_ruling(ledger, "C4").citation == "Words of Power"
    with new_ledger(tmp_path / "bare.sqlite", canon=False) as bare:
        assert list_rulings(bare, RulingFilter()) == ()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "C1"}', "exactly the fields"),
        ("not json", "not JSON"),
        (
            '{"id": "C2", "citation": "x", "words": ["Fire"], "intent": "i", "verdict": "approved",'
            ' "needs": [], "implementation": {}, "reason": "r", "mapping": {}}',
            "should be 'C1'",
        ),
        (
            '{"id": "C1", "citation": "x", "words": ["Fi re"], "intent": "i", "verdict": "maybe",'
            ' "needs": [], "implementation": {}, "reason": "r", "mapping": {}}',
            "is not a Word",
        ),
    ],
)
def test_a_malformed_canon_line_is_named(line: str, message: str) -> None:
    with pytest.raises(ImportRefused, match=r"canon\.jsonl line 1") as error:
        load_canon(line + "\n")
    assert message in error.value.message
