"""How one Word relates to one concept, by the lexicon: the evidence coverage weighs.

- lexical links: same lemma, morphology (silence / [Silent], bleeding / [Bleed]), synonym,
  a broader Word ("[Metal] covers a bronze bell"), a Word naming a way of doing it;
- definitions: WordNet defines "ablaze" as "lighted up by or as by fire or flame", so
  [Fire] covers it; "terrify" is "fill with terror", and terror is a kind of fear; a
  definition that removes its content ("silence": "the absence of sound"; "dim": "lacking
  in light") makes the concept a reduction, covered by a reversing Word with the content's
  Word ([Decrease] + [Light]);
- blocks: "Opposites never cover each other" ([Warm], "chill"), and a related but
  different natural kind does not cover ("`Dog` does not cover a fox").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from adjudicator.language import cues
from adjudicator.language.concepts import Concept, Role
from adjudicator.language.lexicon import ADJ, NOUN, VERB, Lexicon
from adjudicator.language.report import CoverKind
from adjudicator.language.thresholds import DEFAULT, CoverageThresholds

_TOKEN = re.compile(r"[a-z]+(?:-[a-z]+)*")
_BOUNDARY = frozenset({"or", "and", ";", ","})


@dataclass(frozen=True)
class Link:
    """Evidence that a Word covers a concept: the kind, a confidence, the explanation."""

    kind: CoverKind
    confidence: float
    why: str


@dataclass(frozen=True)
class Terms:
    """Content lemmas of a lemma's definitions: those present, and those it removes."""

    positive: frozenset[str]
    negative: frozenset[str]
    genus: frozenset[str]  # the first content word of each definition: what it is a kind of


class Relations:
    """Lexicon-backed relations between Words and concepts, memoised per instance."""

    def __init__(self, lexicon: Lexicon, thresholds: CoverageThresholds = DEFAULT) -> None:
        self.lexicon = lexicon
        self.thresholds = thresholds
        self.core = lru_cache(maxsize=65536)(self._core)
        self.near = lru_cache(maxsize=65536)(self._near)
        self.terms = lru_cache(maxsize=65536)(self._terms)

    # -- what a lemma means -----------------------------------------------------------------

    def _core(self, lemma: str) -> frozenset[str]:
        """The lemma, its forms and its synonyms (WordNet's, and the policy's own)."""
        lex = self.lexicon
        found = {lemma} | lex.family(lemma) | lex.synonyms(lemma, self.thresholds.senses)
        for group in cues.POLICY_SYNONYMS:
            if lemma in group:
                found |= group
        return frozenset(found)

    def _near(self, lemma: str) -> frozenset[str]:
        """The core, and the synonyms of the lemma's forms ([Speech] -> speak -> talk)."""
        found = set(self.core(lemma))
        for form in self.lexicon.family(lemma):
            found.update(self.lexicon.synonyms(form, self.thresholds.senses))
        return frozenset(found)

    def _terms(self, lemma: str) -> Terms:
        """Content words of the definitions of the lemma's first senses, split by whether a
        negative cue ("absence of", "lacking", "stop") removes them."""
        positive: set[str] = set()
        negative: set[str] = set()
        genus: set[str] = set()
        for n in self.lexicon.senses(lemma, None, self.thresholds.senses):
            negated = False
            first = True
            for token in _TOKEN.findall(self.lexicon.synsets[n].gloss.lower()):
                if token in cues.NEGATIVE_CUES:
                    negated = True
                    continue
                if token in _BOUNDARY:
                    negated = False
                    continue
                if token in cues.GLOSS_STOPWORDS or len(token) < 3:
                    continue
                base = self.base(token)
                if base == lemma or base in cues.GLOSS_STOPWORDS:
                    continue
                (negative if negated else positive).add(base)
                if first and not negated:
                    genus.add(base)
                first = False
        return Terms(frozenset(positive), frozenset(negative), frozenset(genus))

    def base(self, token: str) -> str:
        forms = self.lexicon.base_forms(token)
        return forms[0] if forms else token

    def heads(self, concept: Concept) -> tuple[str, ...]:
        """The forms that name the concept's head word: "lift up" and "lift"."""
        return tuple(
            f for f in concept.forms if f == concept.lemma or f.startswith(f"{concept.lemma} ")
        ) or (concept.forms[0],)

    def reduction(self, concept: Concept) -> bool:
        """A concept that is itself a reduction ("prevent", "halt", "silence")."""
        return any(self.core(h) & cues.REVERSING_WORDS for h in self.heads(concept))

    def negative(self, concept: Concept) -> frozenset[str]:
        """What the concept removes: "stop talking" removes talk; "silence" removes sound."""
        head = concept.forms[0]
        if head in cues.NEGATIVE_CUES or head in cues.REVERSING_WORDS:
            return frozenset(concept.forms[1:])
        return self.terms(head).negative

    def reverses(self, lw: str) -> bool:
        """A Word that turns its partner into the partner's absence: [Decrease], [Remove]."""
        return lw in cues.REVERSING_WORDS or bool(self.core(lw) & cues.REVERSING_WORDS)

    # -- blocks -------------------------------------------------------------------------------

    def blocked(self, concept: Concept, lw: str) -> str | None:
        """Why this Word may not cover the concept: opposites, close siblings."""
        head = concept.forms[0]
        if lw in concept.forms:
            return None
        word = f"[{lw.capitalize()}]"
        if self.lexicon.opposed(
            lw, head, limit=self.thresholds.senses, depth=self.thresholds.opposite_steps
        ):
            return f"{word} is the opposite of {head!r}"
        if (concept.part == NOUN or concept.role in (Role.SUBJECT, Role.RECIPIENT)) and (
            self.siblings(lw, head)
        ):
            return f"{word} is related to {head!r} but not the same thing"
        return None

    def siblings(self, lw: str, lemma: str) -> bool:
        """Close co-hyponyms among natural kinds: wolf and bear, iron and gold."""
        lex = self.lexicon
        if lemma in self.core(lw) or lw in self.core(lemma):
            return False
        if self.broader(lw, lemma) is not None or self.broader(lemma, lw) is not None:
            return False
        topics = (lex.lexnames(lw, NOUN, 1), lex.lexnames(lemma, NOUN, 1))
        if not all(t & self.thresholds.sibling_topics for t in topics):
            return False
        shared = lex.lowest_common(
            lw, lemma, limit=self.thresholds.senses, depth=self.thresholds.sibling_steps, part=NOUN
        )
        return (
            shared is not None
            and 0 < min(shared) <= self.thresholds.sibling_near
            and max(shared) <= self.thresholds.sibling_steps
        )

    # -- links --------------------------------------------------------------------------------

    def broader(self, lw: str, form: str, part: str = "") -> int | None:
        """Hypernym steps from the form's first senses up to the Word, among nouns or
        verbs as `part` says (either when it is unknown): "frog" is not a person, though
        a rare sense of it is, and the verb "shrink" is no psychiatrist."""
        lex = self.lexicon
        if part == VERB:
            return lex.hypernym_distance(
                lw,
                form,
                limit=self.thresholds.senses,
                depth=self.thresholds.broader_steps_verb,
                part=VERB,
            )
        senses = self.thresholds.broader_senses
        first = lex.lexnames(form, NOUN, 1)
        if "noun.person" in lex.lexnames(form, NOUN, senses) - first:
            senses = 1  # a frog is not a person, whatever a slur says
        steps = lex.hypernym_distance(
            lw,
            form,
            limit=senses,
            depth=self.thresholds.broader_steps_noun,
            part=NOUN,
            broader_limit=self.thresholds.senses,
        )
        if steps is None and part != NOUN:
            steps = lex.hypernym_distance(
                lw,
                form,
                limit=self.thresholds.senses,
                depth=self.thresholds.broader_steps_verb,
                part=VERB,
            )
        return steps

    def morphology(self, lw: str, form: str) -> bool:
        """Forms of one word: derivation (silence / silent), inflection (bleeding / bleed)."""
        lex = self.lexicon
        return lex.derived(lw, form) or lw in lex.base_forms(form) or form in lex.base_forms(lw)

    def lexical(self, concept: Concept, lw: str) -> Link | None:
        """The strongest lexical link from the Word to one of the concept's forms. The
        head form takes every link; the other forms ("awake" in "jolt ... awake") only the
        same lemma, a form of it or a synonym."""
        word = f"[{lw.capitalize()}]"
        aspect = concept.forms[0] in cues.ASPECT_VERBS
        for number, form in enumerate(concept.forms):
            secondary = number > 0
            if secondary and aspect:
                break  # "stop talking": [Speech] alone stops nothing
            if form == lw:
                return Link(CoverKind.SAME, self.thresholds.confidence_same, f"{word} is {form!r}")
            if self.morphology(lw, form):
                return Link(
                    CoverKind.MORPHOLOGY,
                    self.thresholds.confidence_morphology,
                    f"{word} is a form of {form!r}",
                )
        if concept.part != NOUN:
            synonym = self.synonym(concept, lw, aspect)
            if synonym is not None:
                return synonym
        for head in self.heads(concept):
            steps = self.broader(lw, head, concept.part)
            if steps is not None:
                confidence = (
                    self.thresholds.confidence_broader
                    - self.thresholds.broader_step_cost * (steps - 1)
                )
                return Link(CoverKind.BROADER, confidence, f"{word} is broader than {head!r}")
            narrower = self.lexicon.hypernym_distance(
                head,
                lw,
                limit=self.thresholds.senses,
                depth=self.thresholds.narrower_steps_verb,
                part=VERB,
            )
            if narrower is not None:
                return Link(
                    CoverKind.NARROWER,
                    self.thresholds.confidence_narrower,
                    f"{word} is a way to {head}",
                )
        synonym = self.synonym(concept, lw, aspect)
        if synonym is not None:
            return synonym
        if self.reverses(lw) and self.reduction(concept):
            return Link(
                CoverKind.SYNONYM,
                self.thresholds.confidence_synonym,
                f"{word} and {concept.forms[0]!r} both reduce",
            )
        return None

    def synonym(self, concept: Concept, lw: str, aspect: bool) -> Link | None:
        for number, form in enumerate(concept.forms):
            if number > 0 and aspect:
                break
            if form in self.core(lw) or lw in self.core(form):
                return Link(
                    CoverKind.SYNONYM,
                    self.thresholds.confidence_synonym,
                    f"[{lw.capitalize()}] and {form!r} mean the same",
                )
        return None

    def natural_kinds(self, concept: Concept, lw: str) -> bool:
        """Two natural kinds ("`Wine` does not cover vinegar"): only a hypernym or synonym
        links them, never a definition or a likeness."""
        lex = self.lexicon
        head = concept.forms[0]
        if concept.part != NOUN or not lex.knows(lw, NOUN) or not lex.knows(head, NOUN):
            return False
        topics = (lex.lexnames(lw, NOUN, 1), lex.lexnames(head, NOUN, 1))
        return all(t & self.thresholds.sibling_topics for t in topics)

    def definition(self, concept: Concept, lw: str) -> Link | None:
        """A link through a definition: the concept's definition names the Word (or
        something the Word is broader than), or the Word's definition names the concept.
        A Word naming what the concept removes does not cover it alone ([Heat] is not
        "freeze", "the withdrawal of heat")."""
        head = concept.forms[0]
        word = f"[{lw.capitalize()}]"
        if self.natural_kinds(concept, lw):
            return None
        lex = self.lexicon
        mine = {lw} | lex.family(lw) | lex.synonyms(lw, self.thresholds.definition_senses)
        removed = self.negative(concept)
        if removed & self.near(lw):
            return None
        terms = self.terms(head)
        shared = terms.positive & mine
        if not shared:  # "terrify" is "fill with terror", and terror is a kind of fear
            shared = frozenset(
                t
                for t in terms.positive
                if lex.hypernym_distance(lw, t, limit=1, depth=1, part=NOUN) == 1
            )
        if shared:
            return Link(
                CoverKind.CONTEXT,
                self.thresholds.confidence_definition,
                f"{head!r} is defined by {sorted(shared)[0]!r}, which {word} covers",
            )
        if removed:
            own = self.terms(lw).negative & (removed | self.core(head))
            if own:  # [Silence] is "not talk": it covers "stop talking" alone
                return Link(
                    CoverKind.CONTEXT,
                    self.thresholds.confidence_definition,
                    f"{word} means without {sorted(own)[0]!r}, as {head!r} does",
                )
            return None
        defined = frozenset().union(
            *(self.core(h) | self.terms(h).genus for h in self.heads(concept))
        )
        genus = self.terms(lw).genus & defined
        if genus:  # [Levitate] is "be suspended in the air"; "hang" is "be suspended"
            return Link(
                CoverKind.CONTEXT,
                self.thresholds.confidence_definition,
                f"{word} means {sorted(genus)[0]!r}, as {head!r} does",
            )
        if self.property_of(lw, concept):
            own = frozenset(t for t in self.terms(lw).positive if self.lexicon.knows(t, ADJ))
            shared = own & (self.core(head) | terms.positive)
            if shared:  # [Stone] is hard: "harden my heart"
                return Link(
                    CoverKind.METAPHOR,
                    self.thresholds.confidence_definition,
                    f"{word} stands for {sorted(shared)[0]!r}",
                )
        return None

    def property_of(self, lw: str, concept: Concept) -> bool:
        """Whether a noun Word lends a property to a verb or adjective concept ([Stone] is
        hard: "harden my heart"): the rulebook's metaphor."""
        lex = self.lexicon
        return lex.parts_of(lw)[:1] == (NOUN,) and concept.part in (VERB, ADJ)

    def removes(self, concept: Concept, lw: str) -> bool:
        """Whether the Word names what the concept removes: [Light] for "dim", [Speech]
        for "silence" (so a reversing Word with it covers the concept)."""
        removed = self.negative(concept)
        if not removed:
            return self.lexicon.opposed(
                lw,
                concept.forms[0],
                limit=self.thresholds.senses,
                depth=self.thresholds.opposite_steps,
            )
        return bool(removed & self.near(lw)) or any(lw in self.near(r) for r in removed)

    def compound(self, form: str) -> tuple[str, str] | None:
        """A closed compound of two known words: "fireball" is fire + ball."""
        if " " in form or "-" in form or len(form) < 6:
            return None
        best: tuple[str, str] | None = None
        for cut in range(3, len(form) - 2):
            left, right = form[:cut], form[cut:]
            known = self.lexicon.knows(left, NOUN) and self.lexicon.knows(right, NOUN)
            if known and (best is None or min(len(left), len(right)) > min(map(len, best))):
                best = (left, right)
        return best
