"""Are two intents the same situation? Meaning, scope and effects, compared.

"Two intents are 'the same' when they ask for the same effect with the same scope (same
kinds of target, area, duration, casting manner and delivery)" (wop-dev README). Wording
differs between rulings, so meaning is compared, three ways:

- the sentence embeddings of the two intents (all-MiniLM-L6-v2 cosine): the confidence;
- their scope: the kinds of scope the parse finds (`Concept.scope`), those the policy's
  own cue words name ("every", "permanently", "without a word", "from afar"), and those a
  veto's missing Words name ([Permanent] says the intent asked for a duration). A kind in
  one intent and not the other makes them different situations, unless the veto names
  the Words it lacks and none is of that kind (then the veto is about something else);
- their effects: when both have effects and one has an extra one that matches none of the
  other's ("sleep and never wake up again" against "sleep"), they differ;
- what they act on or produce: two intents worded alike but for one thing named ("cool the
  red-hot coals ..." against "cool the red-hot horseshoe ...", "turn the lead weight into
  gold" against "... into silver") are a near miss, not a rewording: the one content word
  each has that the other lacks is the head of a subject, recipient or area in both.

A `Reading` holds what one intent contributes; `Reader` makes them with the language
layer (one spaCy parse and one batched encode per intent); `compare` is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from adjudicator.language import cues
from adjudicator.language.concepts import Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.report import Verdict
from adjudicator.precedent import thresholds as limits
from adjudicator.rules.words import Word, format_words

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from adjudicator.language.coverage import Coverage
    from adjudicator.language.report import CoverageReport

    Vector = NDArray[np.float32]

#: The issue's scope kinds: "same kinds of target, area, duration, casting manner and
#: delivery". Without speaking and without gestures are both the casting manner.
AREA, DURATION, MANNER, DELIVERY = "area", "duration", "casting manner", "delivery"
COARSE = {
    ScopeKind.AREA: AREA,
    ScopeKind.DURATION: DURATION,
    ScopeKind.VERBAL: MANNER,
    ScopeKind.SOMATIC: MANNER,
    ScopeKind.DELIVERY: DELIVERY,
}

#: Cue words of each scope kind, all from the policy's own lists in `language.cues`, plus
#: "never" ("never wake up again" asks for forever, the rulebook's [Permanent]).
_AREA_CUES = cues.AREA_QUANTIFIERS | cues.AREA_PRONOUNS | cues.AREA_NOUNS
_DURATION_CUES = cues.DURATION_ADVERBS | cues.DURATION_ADJECTIVES | {"never"}
#: Roles of what an intent acts on or produces: a near miss swaps one of these.
_THINGS = frozenset({Role.SUBJECT, Role.RECIPIENT, Role.AREA})
_WITHOUT_WINDOW = 4  # tokens after "without" that may name what is dropped
_TOKEN = re.compile(r"[a-z]+")


def scope_hints(intent: str) -> frozenset[str]:
    """Scope kinds the policy's cue words name in `intent` (a check beside the parse)."""
    tokens = _TOKEN.findall(intent.lower())
    found: set[str] = set()
    words = set(tokens)
    if words & _AREA_CUES:
        found.add(AREA)
    if words & _DURATION_CUES:
        found.add(DURATION)
    if words & (cues.DELIVERY_ADVERBS | cues.DISTANCE_NOUNS):
        found.add(DELIVERY)
    if words & cues.VERBAL_ADVERBS:
        found.add(MANNER)
    for i, token in enumerate(tokens):
        if token != "without":
            continue
        after = set(tokens[i + 1 : i + 1 + _WITHOUT_WINDOW])
        if after & (cues.VERBAL_CUES | cues.SOMATIC_CUES):
            found.add(MANNER)
        if after & cues.TOUCH_CUES:
            found.add(DELIVERY)
    return frozenset(found)


@dataclass(frozen=True, eq=False)
class Reading:
    """What one intent brings to a comparison: its unit vector, the scope kinds its parse
    found and its cue words name, its effects (with unit vectors), whether it means
    anything at all ("I cast [Fire] [Ball] on the Orc" does not), and the head words of
    what it acts on or produces (its subjects, recipients and areas)."""

    intent: str
    vector: Vector
    scope: frozenset[str] = frozenset()
    hinted: frozenset[str] = frozenset()
    effects: tuple[str, ...] = ()
    effect_vectors: Vector | None = None
    meaningless: bool = False
    heads: frozenset[str] = frozenset()

    @property
    def kinds(self) -> frozenset[str]:
        return self.scope | self.hinted


@dataclass(frozen=True)
class Sameness:
    """Whether two intents are the same situation, how sure (0..1), and why."""

    same: bool
    confidence: float
    cosine: float
    reasons: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "same": self.same,
            "confidence": round(self.confidence, 3),
            "cosine": round(self.cosine, 3),
            "reasons": list(self.reasons),
        }


def confidence_of(cosine: float) -> float:
    """The ramp from intent cosine to confidence (0.5 at `SAME_COSINE`)."""
    value = 0.5 + (cosine - limits.SAME_COSINE) / (2 * limits.CONFIDENCE_RAMP)
    return min(1.0, max(0.0, value))


def compare(
    new: Reading,
    old: Reading,
    *,
    new_needs: frozenset[str] = frozenset(),
    old_needs: frozenset[str] = frozenset(),
    veto_needs: Sequence[Word] = (),
    old_id: str = "the precedent",
) -> Sameness:
    """Whether `new` asks for the same situation as `old` (the ruling `old_id`).

    `new_needs`/`old_needs` are the scope kinds each side's veto said were missing (the
    intent asked for them); `veto_needs` are the Words the veto of the pair named, which
    tell whether a scope difference the parse found is what the veto was about.
    """
    cosine = float(new.vector @ old.vector)
    confidence = confidence_of(cosine)
    if new.meaningless or old.meaningless:
        which = "this intent" if new.meaningless else f"{old_id}'s intent"
        return Sameness(False, 0.0, cosine, (f"{which} names no effect: it means nothing",))
    reasons: list[str] = []
    ours, theirs = new.kinds | new_needs, old.kinds | old_needs
    differ = ours ^ theirs
    if differ:
        kinds = ", ".join(sorted(differ))
        named = differ & (new_needs | old_needs)  # the veto's own Words name the difference
        if veto_needs and not named:
            confidence *= limits.EXCUSED_SCOPE_FACTOR
            reasons.append(
                f"only one intent asks for {kinds}, but the veto names "
                f"{format_words(tuple(veto_needs))}, not a Word of {kinds}"
            )
        else:
            extra = sorted(ours - theirs)
            side = (
                f"this intent asks for {', '.join(extra)} and {old_id}'s does not"
                if extra
                else f"{old_id}'s intent asks for {kinds} and this one does not"
            )
            return Sameness(False, confidence, cosine, (f"different scope: {side}",))
    swapped = _swapped_thing(new, old)
    if swapped is not None:
        ours_, theirs_ = swapped
        return Sameness(
            False,
            confidence,
            cosine,
            (f"a different subject: {ours_!r} here, {theirs_!r} in {old_id}'s intent",),
        )
    extra_effect = _extra_effect(new, old)
    if extra_effect is not None:
        text, owner = extra_effect
        whose = "this intent" if owner is new else f"{old_id}'s intent"
        return Sameness(
            False, confidence, cosine, (f"an extra effect: {whose} also asks to {text!r}",)
        )
    same = cosine >= limits.SAME_COSINE
    reasons.insert(0, f"intent similarity {cosine:.2f}")
    if not same:
        reasons.append("too far apart in meaning to be the same situation")
    return Sameness(same, confidence, cosine, tuple(reasons))


def content_words(intent: str) -> frozenset[str]:
    """The words of `intent` that carry content (`cues.GLOSS_STOPWORDS` left out)."""
    return frozenset(_TOKEN.findall(intent.lower())) - cues.GLOSS_STOPWORDS


def _swapped_thing(new: Reading, old: Reading) -> tuple[str, str] | None:
    """The one content word each intent has that the other lacks, when both are heads of
    what the intent acts on or produces: the same sentence about another thing."""
    ours, theirs = content_words(new.intent), content_words(old.intent)
    only_ours, only_theirs = ours - theirs, theirs - ours
    if len(only_ours) != 1 or len(only_theirs) != 1:
        return None
    (mine,), (other,) = only_ours, only_theirs
    return (mine, other) if mine in new.heads and other in old.heads else None


def _extra_effect(new: Reading, old: Reading) -> tuple[str, Reading] | None:
    """An effect of the intent with more effects that matches none of the other's."""
    if not new.effects or not old.effects or len(new.effects) == len(old.effects):
        return None
    more, fewer = (new, old) if len(new.effects) > len(old.effects) else (old, new)
    if more.effect_vectors is None or fewer.effect_vectors is None:
        return None
    similarity = more.effect_vectors @ fewer.effect_vectors.T  # (more, fewer)
    matched: set[int] = set()
    for column in range(similarity.shape[1]):  # each of the fewer takes its best partner
        order = np.argsort(-similarity[:, column])
        for row in order:
            if int(row) not in matched:
                matched.add(int(row))
                break
    for row, text in enumerate(more.effects):
        if row not in matched and float(similarity[row].max()) < limits.EFFECT_SAME:
            return text, more
    return None


# -- reading intents with the language layer ---------------------------------------------------


class Reader:
    """Makes `Reading`s with one process's coverage checker (spaCy, lexicon, encoder)."""

    def __init__(self, coverage: Coverage) -> None:
        self.coverage = coverage

    def encode(self, texts: Sequence[str]) -> Vector:
        """Unit float32 vectors for `texts`, in one batch."""
        return self.coverage.models.encode(texts)

    def read(
        self,
        intent: str,
        words: Sequence[Word],
        *,
        vector: Vector | None = None,
        report: CoverageReport | None = None,
        effects: bool = True,
    ) -> Reading:
        """The reading of one intent; pass its stored vector or its coverage report to reuse
        them. Its scope and whether it means anything are the coverage check's, the judge's
        rulings included: a phrase the check reads as no scope ("spin him around") is none
        here either, so the same situation in other words is not told apart by the parse.
        With `effects` False the effects' vectors are left for `with_effects` (they matter
        only when a candidate precedent is close; most checks have none)."""
        judged = report if report is not None else self.coverage.check(words, intent)
        parsed = judged.analysis
        named = tuple(
            dict.fromkeys(c.text.lower() for c in parsed.concepts if c.role is Role.EFFECT)
        )
        texts = ([] if vector is not None else [intent]) + (list(named) if effects else [])
        encoded = self.encode(texts)
        if vector is None:
            vector, encoded = encoded[0], encoded[1:]
        scope = frozenset(
            COARSE[item.concept.scope]
            for item in judged.concepts
            if item.concept.scope is not None and item.concept.needs_word
        )
        heads = frozenset(
            found[-1]
            for c in parsed.concepts
            if c.role in _THINGS and (found := _TOKEN.findall(c.text.lower()))
        )
        return Reading(
            intent=intent,
            vector=vector,
            scope=scope,
            hinted=scope_hints(intent),
            effects=named,
            effect_vectors=encoded if named and effects else None,
            meaningless=judged.verdict is Verdict.MEANINGLESS,
            heads=heads,
        )

    def with_effects(self, reading: Reading) -> Reading:
        """`reading` with its effects' vectors, encoded now if they were left out."""
        if not reading.effects or reading.effect_vectors is not None:
            return reading
        return replace(reading, effect_vectors=self.encode(reading.effects))

    def scope_of_words(self, words: Sequence[Word]) -> frozenset[str]:
        """The scope kinds of these Words ([Permanent]: duration, [Zone]: area); Words of no
        scope kind add nothing."""
        if not words:
            return frozenset()
        examples = [e for group in cues.SCOPE_WORDS.values() for e in group]
        self.coverage.embed([*(w.text.lower() for w in words), *examples])
        kinds = (self.coverage.scope_kind(w.text.lower())[0] for w in words)
        return frozenset(COARSE[kind] for kind in kinds if kind is not None)
