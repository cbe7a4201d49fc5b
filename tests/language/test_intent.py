"""One reading per intent (language/intent.py, issue 12): "a command analyses an intent once
(parse, concepts, vectors) and hands that analysis to coverage, senses and precedent". No
timing here: `benchmarks/bench_language.py` measures the speed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from adjudicator.language import intent as reading_module
from adjudicator.language import walker
from adjudicator.language.coverage import Coverage
from adjudicator.language.intent import Intent
from adjudicator.language.lexicon import Lexicon
from adjudicator.language.models import Models
from adjudicator.language.senses import SenseModel, SenseVerdict, check_declared_sense
from adjudicator.rules.spells import MissingIntent
from adjudicator.rules.words import Word, parse_words

pytestmark = pytest.mark.models

METAL = Word("Lead", sense="the heavy grey metal")


class Counted:
    """A stand-in that counts the calls of a module function and runs it."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.function(*args, **kwargs)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> tuple[Counted, Counted]:
    """Counters of spaCy parses and transformer passes made by readings."""
    parses, passes = Counted(walker.parse), Counted(reading_module.forward)
    monkeypatch.setattr(walker, "parse", parses)
    monkeypatch.setattr(reading_module, "forward", passes)
    return parses, passes


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


def test_a_check_parses_its_intent_once_and_runs_the_transformer_once(
    models: Models, lexicon: Lexicon, counted: tuple[Counted, Counted]
) -> None:
    """The walk and the judge share one parse; the intent's vector, the judge's contextual
    vectors and every text the check compares come from one transformer pass."""
    parses, passes = counted
    checker = Coverage(models, lexicon)
    intent = "trap a balloon with fire"
    report = checker.check(parse_words("[Fire] [Ball]"), intent)
    assert report.missing_lemmas == ("trap",)  # the judge ran on the shared reading
    assert (parses.calls, passes.calls) == (1, 1)
    checker.check(parse_words("[Fire] [Ball] [Trap]"), intent)  # the Storyteller re-checks
    assert parses.calls == 1 and passes.calls <= 2  # only the new Words' texts
    seen = passes.calls
    checker.check(parse_words("[Fire] [Ball] [Trap]"), intent)
    assert (parses.calls, passes.calls) == (1, seen)


def test_a_reading_is_handed_down_not_made_again(models: Models, lexicon: Lexicon) -> None:
    checker = Coverage(models, lexicon)
    reading = checker.read("make this guy stop talking")
    assert checker.read(reading) is reading
    assert checker.read("make this guy stop talking") is reading
    words = parse_words("[Decrease] [Speech]")
    assert checker.analyse(reading, words) is reading.analysis(words)
    assert checker.check(words, reading).covered


def test_the_packed_pass_gives_the_sentence_encoders_vectors(
    models: Models, lexicon: Lexicon
) -> None:
    """Texts of every length packed into one pass are the vectors sentence-transformers
    gives each (to float rounding), and the contextual vectors do not depend on what else
    shared the pass."""
    text = "I'll cast [Ball] and [Fire] to gather up the flames"
    others = ["fire", "ball", "fire ball", "gather up the flames", "a protective barrier"]
    packed = Intent(text, models, lexicon)
    found = packed.encode(contextual=True, texts=others)
    np.testing.assert_allclose(found, models.encode(others), atol=1e-5)
    np.testing.assert_allclose(packed.vector, models.encode([text])[0], atol=1e-5)
    alone = Intent(text, models, lexicon)
    tokens, sentence = alone.contextual
    np.testing.assert_allclose(packed.contextual[0], tokens, atol=1e-5)
    np.testing.assert_allclose(packed.contextual[1], sentence, atol=1e-5)
    assert tokens.shape == (len(alone.doc), 384)


def test_an_intent_read_as_written_gives_its_vector_from_the_judges_pass(
    models: Models, lexicon: Lexicon
) -> None:
    reading = Intent("I make this guy stop talking", models, lexicon)
    assert reading.prepared.text == reading.text
    reading.encode(contextual=True)
    np.testing.assert_allclose(reading.vector, models.encode([reading.text])[0], atol=1e-5)


def test_an_empty_intent_still_names_the_words(models: Models, lexicon: Lexicon) -> None:
    """ "'I cast [Fire] [Ball] on the Orc.' is totally incomprehensible." """
    with pytest.raises(MissingIntent, match=r"\[Fire\] \[Ball\]"):
        Intent("   ", models, lexicon).analysis(parse_words("[Fire] [Ball]"))


def test_the_sense_check_reads_the_same_reading(models: Models, lexicon: Lexicon) -> None:
    """ "[Lead] [Person] cannot both lure a person and petrify them", read through the
    command's reading as without it."""
    intent = "lure the guard into the courtyard, then turn his body into solid lead"
    words = [METAL, Word("Person")]
    model = SenseModel(models)
    reading = Intent(intent, models, lexicon)
    shared = check_declared_sense(METAL, intent, words, models, model=model, reading=reading)
    alone = check_declared_sense(METAL, intent, words, models, model=model)
    assert shared.verdict is alone.verdict is SenseVerdict.BOTH
    assert shared.scores.keys() == alone.scores.keys()
    assert all(abs(shared.scores[k] - alone.scores[k]) < 1e-4 for k in alone.scores)
