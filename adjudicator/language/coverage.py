"""Coverage: does every concept of the intent have a Word? (DESIGN.md, "Adjudication policy")

For each concept the check looks, in order, for: a Word the player bracketed on it; a
mapping the campaign confirmed in an earlier ruling (`ConfirmedMapping`); a lexical link
from the shipped WordNet lexicon (same lemma, morphology such as silence / [Silent],
synonym, a broader Word, a Word naming a way of doing it) or through a WordNet definition
(`relations.py`); a Word of the same scope kind for area, duration, casting manner and
delivery; the meaning of the Word against the concept's lemma (and a noun's phrase:
"a protective barrier") by sentence embeddings; and pairs of Words ("silence" <-
[Decrease] + [Speech], "fireball" <- [Fire] + [Ball]). Opposites never cover ([Warm],
"chill"), nor do related natural kinds ([Dog], a fox). Every number is in
`thresholds.CoverageThresholds`, passed in (the defaults unless a sweep says otherwise).

`Coverage` holds the models, the lexicon and the embedding cache of one process: make one
and call `check` for each spell. A command reads its intent once (`read`) and hands that
`Intent` to the report, the judge, the sense checks and precedent: one spaCy parse, and one
transformer pass for the intent's vector, the judge's contextual vectors and every text the
check compares that is not encoded yet (Words, pairs, concept phrases, the judge's tokens).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from adjudicator.language import cues
from adjudicator.language.concepts import NAMED_REASON, Concept, IntentAnalysis, Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.intent import Intent
from adjudicator.language.judge import Judge, TokenJudgement
from adjudicator.language.lexicon import Lexicon
from adjudicator.language.models import TextVectors
from adjudicator.language.relations import Relations
from adjudicator.language.report import (
    ConceptCoverage,
    ConfirmedMapping,
    Cover,
    CoverageReport,
    CoverKind,
    Verdict,
)
from adjudicator.language.thresholds import DEFAULT, CoverageThresholds
from adjudicator.rules.words import Word, format_words

if TYPE_CHECKING:
    from adjudicator.language.models import Models

_CACHE_LIMIT = 200_000
#: Intents whose readings a checker keeps (a Storyteller re-checks the same intent with
#: other Words; drafting checks one intent with many Word sets).
READ_LIMIT = 256
#: (concept, Word) links a checker keeps before starting over.
_LINKS_KEPT = 20_000
#: Covers the judge never overrules: the player's brackets and the campaign's precedent.
_BINDING = frozenset({CoverKind.EXPLICIT, CoverKind.PRECEDENT})
_JUDGED_MISSING = "the judge finds that the intent asks for it and no Word covers it"
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
_DETERMINERS = frozenset(
    {
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "my",
        "your",
        "his",
        "her",
        "its",
        "our",
        "their",
        "some",
        "any",
    }
)


@dataclass(frozen=True)
class _Link:
    """How one Word relates to one concept: a lexical cover, a block, and the cosines."""

    word: Word
    cover: Cover | None
    blocked: str | None
    cosine: float  # best of the Word with the concept's forms and phrase
    strength: float  # 0..1, how strongly the intent uses the Word for this concept


def _within(concept: Concept, span: tuple[int, int]) -> bool:
    return span[0] < span[1] and concept.start <= span[0] and span[1] <= concept.end


class Coverage:
    """Models, lexicon and caches for checking many spells in one process."""

    def __init__(
        self,
        models: Models,
        lexicon: Lexicon | None = None,
        judge: Judge | None = None,
        *,
        thresholds: CoverageThresholds = DEFAULT,
    ) -> None:
        self.models = models
        self.lexicon = lexicon if lexicon is not None else Lexicon()
        self.judge = judge if judge is not None else Judge()
        self.thresholds = thresholds
        self.relations = Relations(self.lexicon, thresholds)
        self.vectors = TextVectors(models, _CACHE_LIMIT)
        self._scope: dict[str, tuple[ScopeKind | None, float]] = {}
        self._intents: OrderedDict[str, Intent] = OrderedDict()
        self._links: dict[tuple[Concept, Word], _Link] = {}

    # -- embeddings -------------------------------------------------------------------------

    def embed(self, texts: Iterable[str]) -> None:
        """Encode the texts not yet encoded, in one batch."""
        self.vectors.embed(texts)

    def cosine(self, a: str, b: str) -> float:
        return self.vectors.cosine(a, b)

    # -- the check --------------------------------------------------------------------------

    def read(self, intent: str | Intent) -> Intent:
        """The one reading of `intent` a command hands down (the last `READ_LIMIT` kept)."""
        if isinstance(intent, Intent):
            return intent
        found = self._intents.get(intent)
        if found is None:
            found = Intent(intent, self.models, self.lexicon)
            self._intents[intent] = found
            if len(self._intents) > READ_LIMIT:
                self._intents.popitem(last=False)
        else:
            self._intents.move_to_end(intent)
        return found

    def analyse(self, intent: str | Intent, words: Sequence[Word]) -> IntentAnalysis:
        """The concepts of the intent (see `walker.walk`), from its one parse."""
        return self.read(intent).analysis(words)

    def check(
        self,
        words: Sequence[Word],
        intent: str | Intent,
        *,
        precedents: Sequence[ConfirmedMapping] = (),
    ) -> CoverageReport:
        """The coverage report for casting `words` with `intent`."""
        words = tuple(dict.fromkeys(words))
        reading = self.read(intent)
        return self.report(reading.analysis(words), words, precedents=precedents, intent=reading)

    def report(
        self,
        analysis: IntentAnalysis,
        words: Sequence[Word],
        *,
        precedents: Sequence[ConfirmedMapping] = (),
        intent: Intent | None = None,
    ) -> CoverageReport:
        """The report for an analysed intent and a set of Words (drafting reuses one
        analysis for many sets); `intent` is the reading the analysis came from."""
        words = tuple(dict.fromkeys(words))
        reading = intent if intent is not None else self.read(analysis.intent)
        judging = self.thresholds.judge
        self.prepare(words, analysis, reading, judging=judging)
        results: list[ConceptCoverage] = []
        strengths: list[dict[Word, float]] = []
        for concept in analysis.concepts:
            if not self.scored(concept):
                results.append(ConceptCoverage(concept, ()))
                strengths.append({})
                continue
            item, strength = self.cover(concept, words, precedents, meanings=False)
            results.append(item)
            strengths.append(strength)
        open_ = [i for i, item in enumerate(results) if item.concept.needs_word and not item.covers]
        if open_ and len(words) > 1:  # pairs by meaning, for what nothing else covers
            for i in open_:
                if self.scored(results[i].concept):
                    results[i], strengths[i] = self.cover(
                        results[i].concept, words, precedents, meanings=True
                    )
        results = self.named_uses(analysis, words, results)
        scores = self.scores(analysis.intent, words, results, strengths)
        ruled = CoverageReport(
            words=words,
            analysis=analysis,
            concepts=tuple(results),
            word_scores=tuple((w, round(scores[w], 4)) for w in words),
            verdict=Verdict.COVERED,
        )
        judged = ruled.concepts
        meaningless = analysis.meaningless
        if judging:
            tokens = self.judge.judge(self, ruled, reading)
            meaningless = meaningless and not self._meant(ruled, tokens)
            if not meaningless:
                judged = self.adjudicate(ruled, tokens)
        if meaningless:
            verdict = Verdict.MEANINGLESS
        elif any(r.concept.needs_word and not r.covered for r in judged):
            verdict = Verdict.NOT_COVERED
        else:
            verdict = Verdict.COVERED
        return replace(ruled, concepts=judged, verdict=verdict)

    def adjudicate(
        self, ruled: CoverageReport, judged: Sequence[TokenJudgement]
    ) -> tuple[ConceptCoverage, ...]:
        """The walk's concepts as the judge rules on them. A token the judge finds missing
        (P(missing) >= threshold) is missing, even where a lexical link covered it, and
        becomes a concept of its own when the walk never picked it up ("from one shadow to
        another"); a concept the rules left open is covered by the judge's best Words
        (meaning in context) or, when the judge finds no Word needed, needs none (framing,
        colour, the recipient). What the player bracketed and what the campaign's precedent
        covers always stand, and so do the rules' findings where the policy is a rule
        rather than a reading (`_firm`), except that the words of a purpose clause are read
        by the judge, and an open scope concept it reads as no scope needs no Word
        (`_unscoped`). A substance or creature the intent needs is
        covered only by a lexical link the rules found ([Stone] never covers "fire", however
        close their contexts), unless the judge is sure of its cover ([Petrify] and "turn it
        to stone"); whether a link is blocked (related kinds, opposites: [Wine]
        and vinegar, [Warm] and "chill") is the judge's call, which it learnt from the
        training cases: the rules' WordNet siblings cost held-out accuracy
        (docs/accuracy.md)."""
        threshold = self.thresholds.judge_threshold
        heads: dict[int, TokenJudgement] = {}
        loose: list[TokenJudgement] = []
        for token in judged:
            index = self._headed(ruled.concepts, token)
            if index is None or index in heads:
                loose.append(token)
            else:
                heads[index] = token
        # a purpose clause stands as the walk read it, but the judge reads the words in it:
        # the walk takes content for colour ("leaving him stronger than before", "while I
        # cast it from a safe distance")
        firm = [
            item.concept
            for item in ruled.concepts
            if self._firm(item) and item.concept.role is not Role.PURPOSE
        ]

        def ruled_firmly(token: TokenJudgement, *, governed: bool) -> bool:
            """Whether the token lies in a firm concept, or (`governed`: not an effect of its
            own) depends on a word that does: what a consequence acts on belongs to it
            ("causes damage"), an effect beside it does not ("hurl it, it bursts")."""
            spans = [(token.start, token.end), *([token.governor] if governed else [])]
            return any(_within(concept, span) for concept in firm for span in spans)

        results: list[ConceptCoverage] = []
        for i, item in enumerate(ruled.concepts):
            head = heads.get(i)
            own = item.concept.role is Role.EFFECT
            if head is not None and self._unscoped(item, head):
                why = (
                    f"the judge reads {head.text!r} as no scope beyond the defaults "
                    f"(need {head.need:.2f})"
                )
                results.append(
                    ConceptCoverage(replace(item.concept, needs_word=False, reason=why), ())
                )
            elif self._firm(item) or (head is not None and ruled_firmly(head, governed=not own)):
                results.append(item)
            elif head is None:  # no content word heads it ("be", "for"): what lies inside
                results.append(self._unheaded(item, judged))
            elif head.missing >= threshold:
                concept = item.concept
                if not concept.needs_word:
                    concept = replace(concept, needs_word=True, reason=_JUDGED_MISSING)
                results.append(ConceptCoverage(concept, (), item.blocked, item.near))
            elif item.covered:
                results.append(item)
            elif (
                head.need >= threshold
                and item.concept.role is Role.SUBJECT
                and head.cover < self.thresholds.judge_sure_cover
            ):
                results.append(item)  # a substance or creature takes a lexical link
            elif head.need < threshold:
                why = (
                    f"the judge reads {head.text!r} as framing, colour or the recipient "
                    f"(need {head.need:.2f})"
                )
                concept = replace(item.concept, needs_word=False, reason=why)
                results.append(ConceptCoverage(concept, ()))
            else:
                results.append(ConceptCoverage(item.concept, (self._judged_cover(head),)))
        for token in loose:
            if token.missing >= threshold and not ruled_firmly(token, governed=True):
                role = Role.SUBJECT if token.pos in ("NOUN", "PROPN") else Role.EFFECT
                concept = Concept(
                    token.text, token.start, token.end, token.lemma, role, True, _JUDGED_MISSING
                )
                results.append(ConceptCoverage(concept, ()))
        return tuple(sorted(results, key=lambda item: item.concept.start))

    def _unheaded(self, item: ConceptCoverage, judged: Sequence[TokenJudgement]) -> ConceptCoverage:
        """A concept no judged word heads keeps the rules' cover; left open, it needs no
        Word of its own: the judge reads every content word, and one inside it that is
        missing becomes a concept of its own (`adjudicate`'s loose tokens)."""
        concept = item.concept
        if item.covered or not concept.needs_word:
            return item
        inside = [t.text for t in judged if _within(concept, (t.start, t.end))]
        why = (
            f"the judge finds no word of {concept.text!r} that needs a Word of its own"
            if not inside
            else f"the judge rules on {', '.join(map(repr, inside))} instead"
        )
        return ConceptCoverage(replace(concept, needs_word=False, reason=why), ())

    def _meant(self, ruled: CoverageReport, judged: Sequence[TokenJudgement]) -> bool:
        """Whether an intent the walk found no effect in still says what its Words do: the
        judge is sure a Word covers one of its words, other than the Words it names as cast
        ("let my heart set like granite": [Stone] [Heart]). "I cast [Fire] [Ball] on the
        Orc" names its Words and says nothing of them."""
        named = [item.concept for item in ruled.concepts if item.concept.reason == NAMED_REASON]
        return any(
            token.cover >= self.thresholds.judge_sure_cover
            and not any(_within(concept, (token.start, token.end)) for concept in named)
            for token in judged
        )

    def _unscoped(self, item: ConceptCoverage, head: TokenJudgement) -> bool:
        """Whether an open scope concept is no scope at all: the rules rule scope by kind (a
        Word of another kind never covers it), but whether the words are scope beyond the
        defaults is the judge's reading ("rust the cell bars" names no group)."""
        concept = item.concept
        return (
            concept.scope is not None
            and concept.needs_word
            and not item.covered
            and head.need < self.thresholds.judge_threshold
        )

    def _firm(self, item: ConceptCoverage) -> bool:
        """Whether the rules' ruling on a concept stands whatever the judge reads: what the
        player bracketed and the campaign's precedent covers; scope, which the policy
        rules by kind (a scope Word of another kind never covers); and natural consequences
        of covered concepts ("a metal mist that shreds")."""
        concept = item.concept
        return (
            not self.scored(concept)
            or any(c.kind in _BINDING for c in item.covers)
            or concept.scope is not None
            or concept.role is Role.CONSEQUENCE
            or concept.follows is not None
        )

    @staticmethod
    def _headed(concepts: Sequence[ConceptCoverage], token: TokenJudgement) -> int | None:
        """The walk's concept this judged token heads, if any (never a purpose clause: the
        words in it are judged on their own)."""
        for i, item in enumerate(concepts):
            c = item.concept
            if (
                c.role is not Role.PURPOSE
                and c.start <= token.start
                and token.end <= c.end
                and (
                    token.lemma in c.forms[:1]
                    or token.lemma == c.lemma
                    or token.text.lower() == c.text.lower()
                )
            ):
                return i
        return None

    @staticmethod
    def _judged_cover(token: TokenJudgement) -> Cover:
        words = format_words(token.best)
        return Cover(
            token.best,
            CoverKind.CONTEXT,
            token.cover,
            f"{words} covers {token.text!r} in context (the judge, {token.cover:.2f})",
        )

    def scores(
        self,
        intent: str,
        words: tuple[Word, ...],
        results: list[ConceptCoverage],
        strengths: list[dict[Word, float]],
    ) -> dict[Word, float]:
        """How strongly the intent uses each Word, 0..1: its strongest use, the share of
        the intent it serves, and how much the intent as a whole is about it. A concept
        counts less the later its sentence ("the first sentence says what the spell does")
        and when it needs no Word."""
        ends = [m.end() for m in _SENTENCE_END.finditer(intent)]
        peak = dict.fromkeys(words, 0.0)
        total = dict.fromkeys(words, 0.0)
        mass = 1.0
        for item, strength in zip(results, strengths, strict=True):
            if not self.scored(item.concept):
                continue
            sentence = sum(1 for end in ends if end <= item.concept.start)
            salience = self.thresholds.sentence_decay**sentence
            if not item.concept.needs_word:
                salience *= self.thresholds.optional_weight
            mass += salience
            used = dict(strength)
            for cover in item.covers:
                for word in cover.words:
                    used[word] = max(used.get(word, 0.0), cover.confidence)
            for word in words:
                value = used.get(word, 0.0) * salience
                peak[word] = max(peak[word], value)
                total[word] += value
        scores = {}
        for word in words:
            whole = max(0.0, self.cosine(word.text.lower(), intent))
            value = (
                self.thresholds.peak_share * peak[word]
                + (1 - self.thresholds.peak_share) * total[word] / mass
                + self.thresholds.whole_intent_weight * whole
            )
            scores[word] = min(1.0, value)
        return scores

    def named_uses(
        self, analysis: IntentAnalysis, words: tuple[Word, ...], results: list[ConceptCoverage]
    ) -> list[ConceptCoverage]:
        """ "I'll cast [Ball] and [Fire] to gather up the flames": when the intent names the
        Words it casts and exactly one named Word and one concept remain unmatched, the
        player has said what that Word is for ("[Ball] up existing [Fire]")."""
        named = [w for w in analysis.named if w in words]
        used = {w for item in results for cover in item.covers for w in cover.words}
        spare = [w for w in named if w not in used]
        open_ = [
            i
            for i, item in enumerate(results)
            if item.concept.needs_word and not item.covered and item.concept.scope is None
        ]
        if len(spare) != 1 or len(open_) != 1:
            return results
        item = results[open_[0]]
        cover = Cover(
            (spare[0],),
            CoverKind.EXPLICIT,
            self.thresholds.confidence_named,
            f"the intent names {spare[0]} as cast for {item.concept.text!r}",
        )
        results = list(results)
        results[open_[0]] = ConceptCoverage(item.concept, (cover,), item.blocked, item.near)
        return results

    @staticmethod
    def scored(concept: Concept) -> bool:
        """Concepts worth matching Words against: all but purpose clauses and the Words the
        intent names as what is cast."""
        return concept.role is not Role.PURPOSE and concept.reason != NAMED_REASON

    def prepare(
        self, words: tuple[Word, ...], analysis: IntentAnalysis, intent: Intent, *, judging: bool
    ) -> None:
        """Everything this check compares, encoded in the intent's one transformer pass
        (cached texts skipped): the intent, the Words, their pairs, the concepts' forms and
        phrases, and for the judge its tokens' texts, with the judge's contextual vectors."""
        texts = [intent.text, *(w.text.lower() for w in words)]
        texts += [f"{a.text.lower()} {b.text.lower()}" for a, b in combinations(words, 2)]
        for concept in analysis.concepts:
            if self.scored(concept):
                texts.extend(self.texts(concept))
        if any(w.text.lower() not in self._scope for w in words):
            texts += [e for examples in cues.SCOPE_WORDS.values() for e in examples]
        if judging:
            texts += self.judge.texts(intent, analysis, words)
        wanted = self.vectors.missing(texts)
        others = [t for t in wanted if t != intent.text]
        found = intent.encode(contextual=judging, texts=others)
        if len(others) < len(wanted):
            others.append(intent.text)
            found = np.concatenate([found, intent.vector[None, :]])
        self.vectors.keep(others, found)

    # -- one concept ------------------------------------------------------------------------

    def cover(
        self,
        concept: Concept,
        words: tuple[Word, ...],
        precedents: Sequence[ConfirmedMapping],
        *,
        meanings: bool,
    ) -> tuple[ConceptCoverage, dict[Word, float]]:
        """Covers of one concept, best first, and each Word's strength for it; with
        `meanings`, pairs of Words may cover it by their joint meaning."""
        covers: list[Cover] = []
        present = set(words)
        if concept.explicit and set(concept.explicit) <= present:
            covers.append(
                Cover(
                    concept.explicit,
                    CoverKind.EXPLICIT,
                    self.thresholds.confidence_explicit,
                    f"named in the intent: {format_words(concept.explicit)}",
                )
            )
        for mapping in precedents:
            if mapping.concept in concept.forms and set(mapping.words) <= present:
                covers.append(
                    Cover(
                        mapping.words,
                        CoverKind.PRECEDENT,
                        self.thresholds.confidence_precedent,
                        f"{format_words(mapping.words)} covered {mapping.concept!r} "
                        f"in ruling {mapping.ruling}",
                    )
                )
        links = [self.link(concept, word) for word in words]
        covers.extend(link.cover for link in links if link.cover is not None)
        if concept.scope is None:
            covers.extend(self.pairs(concept, links, meanings=meanings))
        covers.sort(key=lambda c: (-c.confidence, len(c.words)))
        strengths = {link.word: link.strength for link in links}
        for cover in covers:
            for word in cover.words:
                strengths[word] = max(strengths.get(word, 0.0), cover.confidence)
        blocked = tuple(link.blocked for link in links if link.blocked)
        near = max(
            ((link.word, link.strength) for link in links if link.blocked is None),
            key=lambda pair: pair[1],
            default=None,
        )
        return ConceptCoverage(concept, tuple(covers), blocked, near), strengths

    def link(self, concept: Concept, word: Word) -> _Link:
        """How `word` relates to `concept` (kept: the judge asks again for each token it
        pairs with a Word)."""
        key = (concept, word)
        found = self._links.get(key)
        if found is None:
            if len(self._links) >= _LINKS_KEPT:
                self._links.clear()
            found = self._links[key] = self._link(concept, word)
        return found

    def _link(self, concept: Concept, word: Word) -> _Link:
        lw = word.text.lower()
        if concept.scope is not None:
            return self.scope_link(concept, word, lw)
        cosine = max(self.cosine(lw, text) for text in self.texts(concept))
        blocked = self.relations.blocked(concept, lw)
        if blocked is not None:
            return _Link(word, None, blocked, cosine, 0.0)
        ramp = self.ramp(cosine, self.thresholds.single_cosine)
        found = self.relations.lexical(concept, lw) or self.relations.definition(concept, lw)
        if found is not None:
            cover = Cover((word,), found.kind, found.confidence, found.why)
            return _Link(word, cover, None, cosine, max(found.confidence, ramp))
        kind, _ = self.scope_kind(lw)
        names_removed = bool(self.relations.negative(concept) & self.relations.near(lw))
        kinds = self.relations.natural_kinds(concept, lw)
        if (
            kind is None
            and cosine >= self.thresholds.single_cosine
            and not names_removed
            and not kinds
        ):
            cover = Cover(
                (word,),
                CoverKind.CONTEXT,
                ramp,
                f"{word} means {concept.text!r} here (similarity {cosine:.2f})",
            )
            return _Link(word, cover, None, cosine, ramp)
        return _Link(word, None, None, cosine, ramp if kind is None else ramp / 2)

    @staticmethod
    def texts(concept: Concept) -> list[str]:
        """What a Word's meaning is compared with: the concept's forms, and for a noun its
        phrase ("a protective barrier")."""
        phrase = concept.phrase.lower().split()
        while phrase and phrase[0] in _DETERMINERS:
            phrase = phrase[1:]
        described = " ".join(phrase)
        if concept.role in (Role.SUBJECT, Role.RECIPIENT, Role.AREA) and (
            described not in concept.forms
        ):
            return [*concept.forms, concept.phrase.lower()]
        return list(concept.forms)

    def ramp(self, cosine: float, threshold: float) -> float:
        value = 0.5 + (cosine - threshold) / (2 * self.thresholds.cosine_ramp)
        return min(1.0, max(0.0, value))

    def scope_kind(self, lw: str) -> tuple[ScopeKind | None, float]:
        """The scope kind of a Word, if it is a scope Word, and how surely."""
        if lw in self._scope:
            return self._scope[lw]
        best: tuple[ScopeKind | None, float] = (None, 0.0)
        exact = [kind for kind, examples in cues.SCOPE_WORDS.items() if lw in examples]
        if (by_form := self._scope_by_form(lw)) is not None:
            exact.append(by_form)
        related = [
            k for k, examples in cues.SCOPE_WORDS.items() if examples & self.relations.core(lw)
        ]
        for kind, examples in cues.SCOPE_WORDS.items():
            if exact or related:
                best = ((exact or related)[0], 1.0)
                break
            cosine = max(self.cosine(lw, e) for e in examples)
            if cosine >= self.thresholds.scope_word_cosine and cosine > best[1]:
                best = (kind, cosine)
        self._scope[lw] = best
        return best

    def _scope_by_form(self, lw: str) -> ScopeKind | None:
        """A Word built to say "without" a casting requirement or "never ending", as the
        phrases that drop a default do ("without speaking", "without gestures", "a light
        that never goes out"): [Gestureless], [Handless], [Speechless] ("-less"); [Unvoiced],
        [Unspoken] ("un-" on a form of speech); [Undying], [Unending] ("un-" on a verb of
        ending)."""
        kinds: dict[ScopeKind, frozenset[str]]
        if lw.endswith("less"):  # on a noun: "gesture", "hand", "speech"
            forms = {lw.removesuffix("less")}
            kinds = {ScopeKind.VERBAL: cues.VERBAL_CUES, ScopeKind.SOMATIC: cues.SOMATIC_CUES}
        elif lw.startswith("un"):  # on a participle, not on a word of its own ([Unsound])
            stem = lw.removeprefix("un")
            forms = set(self.lexicon.base_forms(stem)) - {stem}
            kinds = {
                ScopeKind.VERBAL: cues.VERBAL_CUES | cues.SPEAKING_VERBS,
                ScopeKind.DURATION: cues.ENDING_VERBS,
            }
        else:
            return None
        return next((kind for kind, found in kinds.items() if forms & found), None)

    def scope_link(self, concept: Concept, word: Word, lw: str) -> _Link:
        """Scope is covered by a Word of its own kind, or by the same word."""
        kind, sureness = self.scope_kind(lw)
        head = concept.forms[0]
        if head == lw or self.relations.morphology(lw, head):
            cover = Cover(
                (word,), CoverKind.SAME, self.thresholds.confidence_same, f"{word} is {head!r}"
            )
            return _Link(word, cover, None, 1.0, 1.0)
        if kind is not None and kind is concept.scope:
            confidence = self.thresholds.confidence_scope * sureness
            cover = Cover((word,), CoverKind.SCOPE, confidence, f"{word} is a Word of {kind.value}")
            return _Link(word, cover, None, sureness, confidence)
        blocked = None
        if kind is not None and concept.scope is not None:
            blocked = f"{word} is a Word of {kind.value}, not of {concept.scope.value}"
        return _Link(word, None, blocked, 0.0, 0.0)

    def pairs(self, concept: Concept, links: list[_Link], *, meanings: bool) -> list[Cover]:
        """Two Words that cover a concept together: a reversing Word with what the concept
        removes ("silence" <- [Decrease] + [Speech]); the halves of a compound
        ("fireball" <- [Fire] + [Ball]); or, with `meanings` (for a concept nothing else
        covers), a pair whose joint meaning is the concept's."""
        found: list[Cover] = []
        relations = self.relations
        halves = relations.compound(concept.forms[0])
        for a, b in combinations(links, 2):
            if a.cover is not None and b.cover is not None:
                continue
            la, lb = a.word.text.lower(), b.word.text.lower()
            words = (a.word, b.word)
            for reverser, other, lo in ((a, b, lb), (b, a, la)):
                if (
                    reverser.cover is None
                    and relations.reverses(reverser.word.text.lower())
                    and relations.removes(concept, lo)
                ):
                    found.append(
                        Cover(
                            words,
                            CoverKind.JOINT,
                            self.thresholds.confidence_joint,
                            f"{reverser.word} + {other.word}: {concept.text!r} is "
                            f"{other.word.text.lower()} reduced",
                        )
                    )
                    break
            else:
                if (halves and {la, lb} == set(halves)) or (halves and self.halves(halves, la, lb)):
                    found.append(
                        Cover(
                            words,
                            CoverKind.JOINT,
                            self.thresholds.confidence_joint,
                            f"{a.word} + {b.word} make {concept.forms[0]!r}",
                        )
                    )
                    continue
                if a.blocked or b.blocked or not meanings:
                    continue
                pair = f"{la} {lb}"
                cosine = max(self.cosine(pair, t) for t in concept.forms)
                alone = max(a.cosine, b.cosine)
                if (
                    cosine >= self.thresholds.pair_cosine
                    and cosine >= alone + self.thresholds.pair_margin
                ):
                    kind = CoverKind.JOINT if alone >= 0.3 else CoverKind.METAPHOR
                    found.append(
                        Cover(
                            words,
                            kind,
                            self.ramp(cosine, self.thresholds.pair_cosine),
                            f"{a.word} + {b.word} together mean {concept.text!r} "
                            f"(similarity {cosine:.2f})",
                        )
                    )
        return found

    def halves(self, halves: tuple[str, str], la: str, lb: str) -> bool:
        core = self.relations.core
        first, second = halves
        return (first in core(la) and second in core(lb)) or (
            first in core(lb) and second in core(la)
        )


def check_coverage(
    words: Sequence[Word],
    intent: str,
    models: Models,
    *,
    lexicon: Lexicon | None = None,
    precedents: Sequence[ConfirmedMapping] = (),
) -> CoverageReport:
    """Whether `words` cover `intent` (loads the lexicon unless one is passed).

    `precedents` are the campaign's confirmed mappings; they are consulted first and cited.
    For many checks, make one `Coverage` and call its `check`.
    """
    return Coverage(models, lexicon).check(words, intent, precedents=precedents)
