"""The cross-reader (language/cross_reader.py): its weights load onto a copy of the shipped
encoder, it reads the spell's Words with the intent, every span gets a probability, and
weights that do not fit MiniLM are a clear error."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.cross_reader import MAX_PIECES, CrossReader, encoded
from adjudicator.language.judge import (
    MAX_SETS,
    READER_WEIGHTS,
    WEIGHTS,
    Judge,
    _read,
    features,
    may_cover,
)
from adjudicator.language.models import ModelError, Models
from adjudicator.rules.words import parse_words

pytestmark = pytest.mark.models

TRAP = "trap a balloon with fire"
_DATA = Path(__file__).parents[2] / "adjudicator" / "language" / "data"


@pytest.fixture(scope="module")
def reader(models: Models) -> CrossReader:
    found = Judge().cross_reader(models)
    assert found is not None  # the shipped judge reads with the cross-reader
    return found


def test_it_reads_the_words_with_the_intent(reader: CrossReader) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]." The
    same word of the same intent is missing or not as the Words change."""
    spans = [(0, 4), (7, 14), (20, 24)]  # trap, balloon, fire
    without = reader.missing(["Fire", "Ball"], TRAP, spans)
    with_trap = reader.missing(["Fire", "Ball", "Trap"], TRAP, spans)
    assert without[0] > 0.5 > with_trap[0]
    assert all(0.0 <= p <= 1.0 for p in [*without, *with_trap])


def test_the_order_of_the_words_changes_nothing(reader: CrossReader) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]": trap is
    what is missing, whatever order the player lists the Words in. Read in one order only,
    [Ball] [Fire] found "balloon" missing as well."""
    spans = [(0, 4), (7, 14), (20, 24)]
    assert np.allclose(
        reader.missing(["Ball", "Fire"], TRAP, spans), reader.missing(["Fire", "Ball"], TRAP, spans)
    )


def test_a_span_it_cannot_see_is_undecided(reader: CrossReader) -> None:
    long = "freeze " * 200 + "the lake"
    assert reader.missing(["Ice"], long, [(len(long) - 4, len(long))])[0] == 0.5
    assert reader.missing(["Fire"], TRAP, []).shape == (0,)


def test_the_shared_encoder_is_left_as_it_was(models: Models) -> None:
    """The reader fine-tunes a copy: the sentence vectors precedent and coverage store do not
    change when it is built."""
    before = models.encode(["a wall of water"])
    fresh = CrossReader(models, _shipped_reader())
    fresh.missing(["Wall", "Water"], "raise a wall of water", [(0, 5)])
    assert np.array_equal(before, models.encode(["a wall of water"]))


def test_each_span_is_read_at_its_first_piece_of_the_intent(models: Models) -> None:
    """The Words come first and are never read as the intent; a word of several pieces is read
    at its first; a word past `MAX_PIECES` is cut off (None)."""
    tokenizer = models.encoder.tokenizer
    text = "petrify the basilisk"
    ids, types, first = encoded(tokenizer, ["Stone"], text, [(0, 7), (8, 11), (12, 20)])
    pieces = tokenizer.convert_ids_to_tokens(ids)
    assert pieces[:3] == ["[CLS]", "stone", "[SEP]"]
    assert [pieces[i] for i in first if i is not None][1] == "the"
    assert all(types[i] == 1 for i in first if i is not None)
    assert pieces[first[0] or 0].startswith("pet") and pieces[first[2] or 0].startswith("bas")
    long = "freeze " * 200 + "the lake"
    cut = encoded(tokenizer, ["Ice"], long, [(0, 6), (len(long) - 4, len(long))])
    assert len(cut[0]) == MAX_PIECES and cut[2][0] is not None and cut[2][1] is None


def test_the_judge_averages_the_networks_and_the_reader(models: Models) -> None:
    """A token's P(missing) is the mean of the networks' and the cross-reader's, and its
    need is at least that."""
    coverage = Coverage(models)
    report = coverage.check(parse_words("[Fire] [Ball]"), TRAP)
    networks = Judge(_DATA / WEIGHTS).judge(coverage, report)
    averaged = Judge(_DATA / WEIGHTS, _DATA / READER_WEIGHTS).judge(coverage, report)
    parsed = coverage.read(TRAP).prepared.text  # what the parse read ("I trap ...")
    start = parsed.index("trap")
    read = CrossReader(models, _shipped_reader()).missing(
        ["Fire", "Ball"], parsed, [(start, start + 4)]
    )
    assert averaged[0].text == "trap"
    assert averaged[0].missing == pytest.approx((networks[0].missing + read[0]) / 2, abs=1e-5)
    assert all(t.missing <= t.need for t in averaged)


def test_weights_without_a_head_are_an_error(models: Models) -> None:
    with pytest.raises(ModelError, match="no head"):
        CrossReader(models, {})


def test_weights_for_another_network_are_an_error(models: Models) -> None:
    head = {"head.weight": np.zeros((1, 384), np.float32), "head.bias": np.zeros(1, np.float32)}
    odd = CrossReader(models, {**head, "encoder.decoder.weight": np.zeros(3, np.float16)})
    with pytest.raises(ModelError, match="MiniLM lacks"):
        odd.missing(["Fire"], TRAP, [(0, 4)])


def test_a_folds_judge_reads_without_one_unless_given(models: Models) -> None:
    """`train_judge.py checked` measures a fold's networks with the fold's own reader, or
    with none: never with the shipped one, which saw the held-out author."""
    assert Judge(_DATA / WEIGHTS).cross_reader(models) is None
    assert Judge(_DATA / WEIGHTS, _DATA / READER_WEIGHTS).cross_reader(models) is not None


def _shipped_reader() -> dict[str, np.ndarray]:
    return dict(np.load(_DATA / READER_WEIGHTS))


def test_a_whole_hand_is_read_word_set_by_word_set(models: Models) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]." — nor
    with six more Words that do not trap. Given a whole hand at once the reader reads every
    word as covered, so a spell of more Words than it learnt from is read with each word's
    best Word set."""
    coverage = Coverage(models)
    hand = parse_words("[Fire] [Ball] [Owl] [Copper] [Song] [Salt] [Lamp] [Moss]")
    report = coverage.check(hand, TRAP)
    assert not report.covered
    assert report.missing_lemmas == ("trap",)
    assert coverage.check((*hand, *parse_words("[Trap]")), TRAP).covered


class _Recorder:
    """Stands in for the cross-reader to see which Words `judge._read` reads each word with."""

    def __init__(self) -> None:
        self.read: dict[str, tuple[str, ...]] = {}

    def missing(
        self, words: Sequence[str], text: str, spans: Sequence[Sequence[int]]
    ) -> np.ndarray:
        for start, end in spans:
            self.read[text[start:end]] = tuple(words)
        return np.full(len(spans), 0.5, dtype=np.float32)


@pytest.mark.parametrize(
    ("words", "intent", "expected"),
    [
        ("[Reduce] [Voice]", "mute the herald", {"mute": ("Reduce", "Voice")}),
        # "A scope Word only covers its own kind of scope" (a verb is never scope)
        (
            "[Fire] [Ball] [Zone]",
            TRAP,
            {"trap": ("Fire", "Ball"), "fire": ("Fire", "Ball", "Zone")},
        ),
        # "delivery beyond touch ("from a distance", ...), e.g. `Blast`, `Ray`" (wop-dev
        # README): a spell of four Words, as the reader learnt from, is read whole, not with
        # the one Word the networks find closest to "square" ([Person])
        (
            "[Ray] [Still] [Freeze] [Person]",
            "freeze the fleeing thief solid from across the square without lifting a hand",
            {"square": ("Ray", "Still", "Freeze", "Person")},
        ),
    ],
)
def test_each_word_is_read_with_the_words_that_may_cover_it(
    models: Models, words: str, intent: str, expected: dict[str, tuple[str, ...]]
) -> None:
    coverage = Coverage(models)
    report = coverage.check(parse_words(words), intent)
    found = features(coverage, report)
    count = len(found.meta)
    covers = (np.zeros((count, MAX_SETS), np.float32), may_cover(coverage, found))
    recorder = _Recorder()
    _read(recorder, report.words, found, covers, np.zeros(count, np.float32))  # type: ignore[arg-type]
    assert {k: v for k, v in recorder.read.items() if k in expected} == expected
