"""Recording the concepts that end the walk: scope cues, purpose clauses, named Words.

"An unmodified spell is assumed to require touching the target with an empty hand,
speaking the words out loud, and only lasts one round" (rulebook): "for an hour",
"permanently", "without speaking", "with no gestures", "from a distance" ask for more,
and each needs a Word of its kind. Purpose clauses and narrative colour need none, nor
do the Words an intent names as what is cast ("cast [Fire] [Ball]"). None of these walks
further into the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import NAMED_REASON, Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.walker.drafts import Drafts
from adjudicator.language.walker.tokens import TokenFacts

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


def manner_reason(kind: ScopeKind) -> str:
    """Why casting without speaking or without gestures needs a Word, with an example."""
    example = "[Silent]" if kind is ScopeKind.VERBAL else "[Still]"
    return f"casting {kind.value} needs a Word (e.g. {example})"


class Recorder:
    """Adds the concepts that need no further walk to the drafts of one intent."""

    def __init__(self, doc: Doc, facts: TokenFacts, drafts: Drafts) -> None:
        self.doc = doc
        self.facts = facts
        self.drafts = drafts

    def adverb_cue(self, child: Token) -> bool:
        """ "permanently", "remotely", "silently": scope said by one adverb."""
        word = child.lower_
        if word in cues.DURATION_ADVERBS:
            self.drafts.add(child, Role.DURATION, True, scope=ScopeKind.DURATION, lemma=word)
        elif word in cues.DELIVERY_ADVERBS:
            self.drafts.add(child, Role.DELIVERY, True, scope=ScopeKind.DELIVERY, lemma=word)
        elif word in cues.VERBAL_ADVERBS:
            kind = ScopeKind.VERBAL
            self.drafts.add(child, Role.MANNER, True, manner_reason(kind), scope=kind, lemma=word)
        else:
            return False
        return True

    def without(self, prep: Token, objects: list[Token]) -> None:
        """ "without speaking", "without voice or hands", "with no gestures"."""
        heads: list[Token] = []
        queue = list(objects)
        while queue:
            head = queue.pop(0)
            if head in heads:
                continue
            inner = [c for c in head.children if c.dep_ in ("dobj", "xcomp")]
            if self.facts.lemma(head) in cues.WITHOUT_LIGHT_VERBS and inner:
                queue.extend(inner)  # "without requiring voice or hands"
                queue.extend(c for c in head.children if c.dep_ == "conj")
                continue
            heads.append(head)
            queue.extend(c for c in head.children if c.dep_ == "conj")
        for head in heads:
            own = {t.lower_ for t in head.subtree if t.dep_ != "conj" or t.i == head.i}
            words = own | {self.facts.lemma(t) for t in head.subtree}
            first = {head.lower_, self.facts.lemma(head)}
            if words & cues.TOUCH_CUES:
                self.drafts.add(head, Role.DELIVERY, True, span=(prep,), scope=ScopeKind.DELIVERY)
            elif first & cues.VERBAL_CUES or (
                not first & cues.SOMATIC_CUES and words & cues.VERBAL_CUES
            ):
                self.manner(prep, head, ScopeKind.VERBAL)
            elif words & cues.SOMATIC_CUES:
                self.manner(prep, head, ScopeKind.SOMATIC)
            else:
                self.drafts.add(head, Role.EFFECT, True, span=(prep,), phrase=tuple(prep.subtree))

    def denied(self) -> None:
        """ "never once speaking the Words aloud", "she made no gesture and spoke no word",
        "with me saying nothing": the caster's own speech or gestures denied, as "without"
        denies them. Not the target's ("make the guard never speak"), nor a whole clause."""
        roots = [t for t in self.doc if t.dep_ == "ROOT"]
        casters = {c.lower_ for r in roots for c in r.children if c.dep_ in cues.NSUBJ}
        for verb in self.doc:
            if verb.pos_ != "VERB" or verb.dep_ == "ROOT":
                continue
            children = list(verb.children)
            objects = [c for c in children if c.dep_ == "dobj"]
            refused = any(c.dep_ == "neg" for c in children) or any(
                o.lower_ == "nothing" or any(d.lower_ == "no" for d in o.children) for o in objects
            )
            subjects = [c.lower_ for c in children if c.dep_ in cues.NSUBJ]
            caster = all(s in cues.SELF_PRONOUNS or s in casters for s in subjects)
            purpose = any(  # "once" in "never once speaking" opens nothing
                c.lower_ in cues.PURPOSE_MARKERS and (c.dep_ == "mark" or c.lower_ == "so")
                for t in (verb, *verb.ancestors)
                for c in t.children
                if c.i < t.i
            )
            if not refused or not caster or purpose:  # "so she says nothing"
                continue
            lemma = self.facts.lemma(verb)
            said = {self.facts.lemma(o) for o in objects}
            if lemma in cues.SPEAKING_VERBS:
                kind = ScopeKind.VERBAL
            elif lemma in cues.GESTURING_VERBS or (
                lemma in cues.WITHOUT_LIGHT_VERBS and said & cues.GESTURES
            ):
                kind = ScopeKind.SOMATIC
            else:
                continue
            inner = tuple(
                t for t in verb.subtree if t.dep_ not in ("cc", "conj") and t.head.dep_ != "conj"
            )
            self.drafts.add(
                verb, Role.MANNER, True, manner_reason(kind), span=inner, scope=kind, phrase=inner
            )

    def manner(self, prep: Token, head: Token, kind: ScopeKind) -> None:
        inner = tuple(
            t for t in head.subtree if t.dep_ not in ("cc", "conj") and t.head.dep_ != "conj"
        )
        span = (prep, *inner) if prep.i < head.i and head.i - prep.i <= 3 else inner
        self.drafts.add(
            head,
            Role.MANNER,
            True,
            manner_reason(kind),
            span=span,
            scope=kind,
            phrase=(prep, *inner),
        )

    def duration(self, token: Token) -> None:
        """ "for an hour", "until dawn", "all night"; spans within a round need nothing."""
        nouns = [t for t in token.subtree if t.pos_ in ("NOUN", "PROPN")]
        head = nouns[-1] if nouns else token
        lemma = self.facts.lemma(head)
        span = tuple(token.subtree)
        if lemma in cues.WITHIN_A_ROUND:
            self.drafts.add(
                head,
                Role.DURATION,
                False,
                "a span within the default single round needs no Word",
                span=span,
                scope=ScopeKind.DURATION,
            )
        else:
            self.drafts.add(head, Role.DURATION, True, span=span, scope=ScopeKind.DURATION)

    def source(self, verb: Token, prep: Token, head: Token) -> None:
        """ "from a distance", "from the rooftop" deliver at range; "drift down from the
        tower" and "away from me" only say where a movement starts, and "purge the venom
        from his blood" what it is taken from."""
        inner = head
        if head.dep_ == "pcomp":  # "from across the square"
            inner = next((t for t in head.subtree if t.dep_ == "pobj"), head)
        if inner.lower_ in cues.SELF_PRONOUNS:
            return
        objects = [c for c in verb.children if c.dep_ in ("dobj",)]
        self_moving = self.facts.motion(verb) and all(
            o.lower_ in cues.SELF_PRONOUNS for o in objects
        )
        separating = any(o.i < prep.i for o in objects) and self.facts.verb_class(
            self.facts.lemma(verb), cues.SEPARATING_VERBS, cues.SEPARATING_SEEDS
        )  # "From the ridge, drive the ghost out" says where the caster stands
        # "from across the square", "from a distance" always say where the caster stands
        placed = head.dep_ == "pcomp" or self.facts.lemma(inner) in cues.DISTANCE_NOUNS
        if (self_moving or separating) and not placed:
            return
        self.drafts.add(
            inner, Role.DELIVERY, True, span=tuple(prep.subtree), scope=ScopeKind.DELIVERY
        )

    def purpose(self, verb: Token, exclude: frozenset[int] | set[int] = frozenset()) -> None:
        """A purpose clause or narrative colour: recorded, needs no Word."""
        if self.drafts.claimed(verb):
            return
        tokens = [
            t
            for t in verb.subtree
            if t.dep_ != "mark"
            and t.pos_ != "PUNCT"
            and t.i not in exclude
            and self.facts.prepared.origin[t.idx] >= 0
        ]
        self.drafts.add(
            verb,
            Role.PURPOSE,
            False,
            "purpose clauses and narrative colour need no Word",
            span=tuple(tokens),
        )

    def lasting(self, verb: Token) -> None:
        """ "that lasts all night", "that never goes out": a duration of what was made."""
        if self.facts.never(verb):
            never = next(c for c in verb.children if c.lower_ == "never")
            self.drafts.add(
                never,
                Role.DURATION,
                True,
                span=(verb, *self.facts.particles(verb)),
                scope=ScopeKind.DURATION,
                lemma="never",
            )
            return
        for child in verb.children:
            if child.dep_ in ("npadvmod", "dobj", "prep", "advmod"):
                self.duration(child)

    def name(self, token: Token) -> None:
        """A Word named as what is cast, with its conjuncts: "cast [Ball] and [Fire]"."""
        for part in (token, *token.conjuncts):
            word = self.facts.explicit(part) or next(
                (w for w in self.facts.words if w.text.lower() == part.lower_), None
            )
            if word is not None and word not in self.drafts.named:
                self.drafts.named.append(word)
            self.drafts.add(part, Role.FRAMING, False, NAMED_REASON, lemma=part.lower_)
            for child in part.children:
                if (
                    child.dep_ in ("compound", "appos", "conj")
                    and self.facts.is_name(child)
                    and not self.drafts.claimed(child)
                ):
                    self.name(child)

    def made_of_named(self, verb: Token) -> None:
        """ "use [Metal] [Mist] to create a hazard zone": what the clause makes is made of
        the Words named, so they are its explicit Words."""
        named = tuple(self.drafts.named)
        for token in verb.subtree:
            draft = self.drafts.get(token.i)
            if draft is None or draft.explicit or draft.role not in (Role.SUBJECT, Role.AREA):
                continue
            maker = self.drafts.get(self.doc[draft.head].head.i)
            if (
                self.doc[draft.head].dep_ in ("dobj", "oprd")
                and maker is not None
                and maker.role is Role.FRAMING
                and maker.lemma not in cues.NOT_PRODUCING
            ):
                draft.explicit = named
