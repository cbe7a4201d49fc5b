"""Cues of scope beyond an unmodified spell's defaults, in prepositions and adverbs.

"An unmodified spell is assumed to require touching the target with an empty hand,
speaking the words out loud, and only lasts one round" (rulebook): "for an hour",
"permanently", "without speaking", "with no gestures", "from a distance", "at range" and
"in a specific area" ask for more, and each needs a Word of its kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.lexicon import ADJ
from adjudicator.language.walk_base import (
    _NOUNISH,
    Draft,
    WalkerBase,
)

if TYPE_CHECKING:
    from spacy.tokens import Token


class ScopeCues(WalkerBase):
    """Finding area, duration, casting manner and delivery in modifiers."""

    def modifier(self, verb: Token, child: Token, draft: Draft, *, framing: bool) -> None:
        dep, word = child.dep_, child.lower_
        if dep == "prep":
            self.preposition(verb, child, draft, framing=framing)
        elif dep in ("advmod", "npadvmod"):
            if self.adverb_cue(child):
                return
            if dep == "npadvmod" and self.is_time(self.lemma(child)):
                self.duration(child)
            elif dep == "npadvmod" and child.pos_ in _NOUNISH:
                self.noun(child, "object")
            elif framing and self.lexicon.knows(word, ADJ) and word not in ("so", "then", "up"):
                self.result(child, None)  # "turn my skin hard as stone"
        elif dep in ("dobj", "pobj") and child.pos_ in _NOUNISH:
            self.noun(child, "object")

    def adverb_cue(self, child: Token) -> bool:
        """ "permanently", "remotely", "silently": scope said by one adverb."""
        word = child.lower_
        if word in cues.DURATION_ADVERBS:
            self.add(child, Role.DURATION, True, scope=ScopeKind.DURATION, lemma=word)
        elif word in cues.DELIVERY_ADVERBS:
            self.add(child, Role.DELIVERY, True, scope=ScopeKind.DELIVERY, lemma=word)
        elif word in cues.VERBAL_ADVERBS:
            self.add(
                child,
                Role.MANNER,
                True,
                "casting without speaking needs a Word (e.g. [Silent])",
                scope=ScopeKind.VERBAL,
                lemma=word,
            )
        else:
            return False
        return True

    def scope_cue(self, verb: Token, prep: Token, draft: Draft) -> bool:
        """Scope said by a prepositional phrase, wherever the parser attached it."""
        word = prep.lower_
        objects = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
        if not objects:
            return False
        head = objects[0]
        lemma = self.lemma(head)
        if word == "without" or (word == "with" and self.has_no(head)):
            self.without(prep, objects)
        elif word in cues.DURATION_PREPOSITIONS and (
            self.is_time(lemma) or word in ("until", "till")
        ):
            self.duration(prep)
        elif word == "from":
            self.source(verb, prep, head)
        elif word == "at" and lemma in cues.DISTANCE_NOUNS:
            self.add(head, Role.DELIVERY, True, span=(prep,), scope=ScopeKind.DELIVERY)
        elif word in ("in", "within", "across", "throughout", "over") and (
            lemma in cues.AREA_NOUNS or (word == "throughout" and head.pos_ == "NOUN")
        ):
            self.area(head)
        else:
            return False
        return True

    def preposition(self, verb: Token, prep: Token, draft: Draft, *, framing: bool) -> None:
        if self.scope_cue(verb, prep, draft):
            return
        word = prep.lower_
        objects = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
        if not objects:
            return
        head = self.gerund_object(objects[0])
        lemma = self.lemma(head)
        if word in ("into", "to") and framing:
            for pobj in objects:
                self.noun(self.gerund_object(pobj), "product")
        elif word in ("into", "to") and self.is_result(verb, head):
            draft.forms.append(lemma)  # "crumble to dust", "split it into three"
            draft.span.update(t.i for t in head.subtree)
            draft.phrase.update(t.i for t in prep.subtree)
        elif word in ("as", "like"):
            target = next(
                (d for d in self.drafts.values() if d.role is Role.EFFECT and d.head > verb.i),
                draft,
            )
            target.forms.append(lemma)
            target.span.update((prep.i, head.i))
        elif word == "with" and self.stuff(head):
            self.noun(head, "instrument")  # "trap a balloon with fire"; "hide in the
            # shadows", "hanging in the air" only say where
        elif word == "on" and lemma == "fire":
            self.add(head, Role.EFFECT, True, span=(prep,))  # "set the ball on fire"
        elif word in ("across", "over") and self.is_place(lemma) and self.quantified(head):
            self.area(head)
        elif word in ("at", "on", "around", "upon", "onto") and head.pos_ in _NOUNISH:
            self.noun(head, "target")

    def gerund_object(self, token: Token) -> Token:
        """ "in creeping vines" parsed as a gerund with an object: the noun is the vines."""
        if token.dep_ == "pcomp" and token.tag_ == "VBG":
            inner = next((c for c in token.children if c.dep_ == "dobj"), None)
            if inner is not None and not self.particles(token):
                return inner
        return token

    def is_result(self, verb: Token, head: Token) -> bool:
        """ "to dust", "into three", "to the size of a mouse" end a change; "to my side",
        "to the far side of the chasm" are where a movement ends."""
        if head.pos_ == "PRON" or self.motion(verb):
            return False
        if head.pos_ == "NUM":
            return True
        if any(c.dep_ == "poss" for c in head.children):
            return False
        if self.is_definite(head):
            return "noun.attribute" in self.topics(head)
        return True

    def has_no(self, noun: Token) -> bool:
        return any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children)

    def without(self, prep: Token, objects: list[Token]) -> None:
        """ "without speaking", "without voice or hands", "with no gestures"."""
        heads: list[Token] = []
        queue = list(objects)
        while queue:
            head = queue.pop(0)
            if head in heads:
                continue
            inner = [c for c in head.children if c.dep_ in ("dobj", "xcomp")]
            if self.lemma(head) in cues.WITHOUT_LIGHT_VERBS and inner:
                queue.extend(inner)  # "without requiring voice or hands"
                queue.extend(c for c in head.children if c.dep_ == "conj")
                continue
            heads.append(head)
            queue.extend(c for c in head.children if c.dep_ == "conj")
        for head in heads:
            own = {t.lower_ for t in head.subtree if t.dep_ != "conj" or t.i == head.i}
            words = own | {self.lemma(t) for t in head.subtree}
            first = {head.lower_, self.lemma(head)}
            if words & cues.TOUCH_CUES:
                self.add(head, Role.DELIVERY, True, span=(prep,), scope=ScopeKind.DELIVERY)
            elif first & cues.VERBAL_CUES or (
                not first & cues.SOMATIC_CUES and words & cues.VERBAL_CUES
            ):
                self.manner(prep, head, ScopeKind.VERBAL)
            elif words & cues.SOMATIC_CUES:
                self.manner(prep, head, ScopeKind.SOMATIC)
            else:
                self.add(head, Role.EFFECT, True, span=(prep,), phrase=tuple(prep.subtree))

    def manner(self, prep: Token, head: Token, kind: ScopeKind) -> None:
        example = "[Silent]" if kind is ScopeKind.VERBAL else "[Still]"
        inner = tuple(
            t for t in head.subtree if t.dep_ not in ("cc", "conj") and t.head.dep_ != "conj"
        )
        span = (prep, *inner) if prep.i < head.i and head.i - prep.i <= 3 else inner
        self.add(
            head,
            Role.MANNER,
            True,
            f"casting {kind.value} needs a Word (e.g. {example})",
            span=span,
            scope=kind,
            phrase=(prep, *inner),
        )

    def duration(self, token: Token) -> None:
        """ "for an hour", "until dawn", "all night"; spans within a round need nothing."""
        nouns = [t for t in token.subtree if t.pos_ in ("NOUN", "PROPN")]
        head = nouns[-1] if nouns else token
        lemma = self.lemma(head)
        span = tuple(token.subtree)
        if lemma in cues.WITHIN_A_ROUND:
            self.add(
                head,
                Role.DURATION,
                False,
                "a span within the default single round needs no Word",
                span=span,
                scope=ScopeKind.DURATION,
            )
        else:
            self.add(head, Role.DURATION, True, span=span, scope=ScopeKind.DURATION)

    def source(self, verb: Token, prep: Token, head: Token) -> None:
        """ "from a distance", "from the rooftop" deliver at range; "drift down from the
        tower" and "away from me" only say where a movement starts."""
        inner = head
        if head.dep_ == "pcomp":  # "from across the square"
            inner = next((t for t in head.subtree if t.dep_ == "pobj"), head)
        if inner.lower_ in cues.SELF_PRONOUNS:
            return
        objects = [c for c in verb.children if c.dep_ in ("dobj",)]
        self_moving = self.motion(verb) and all(o.lower_ in cues.SELF_PRONOUNS for o in objects)
        if self_moving and self.lemma(inner) not in cues.DISTANCE_NOUNS:
            return
        self.add(inner, Role.DELIVERY, True, span=tuple(prep.subtree), scope=ScopeKind.DELIVERY)

    def sweep(self) -> None:
        """Scope cues the walk did not reach (the parser hung them on a noun inside a
        phrase): "a light in the chapel that never goes out"."""
        inside_purpose = {i for d in self.drafts.values() if d.role is Role.PURPOSE for i in d.span}
        for token in self.doc:
            if token.i in inside_purpose or self.claimed(token):
                continue
            if token.lower_ == "never" and self.never(token.head):
                self.lasting(token.head)
                continue
            governor = token.head
            while governor.pos_ not in ("VERB", "AUX") and governor.head.i != governor.i:
                governor = governor.head
            draft = self.drafts.get(governor.i)
            if draft is None or draft.role is Role.PURPOSE:
                continue
            if token.dep_ == "prep" and token.lower_ != "from":
                self.scope_cue(governor, token, draft)
            elif token.dep_ in ("advmod", "npadvmod"):
                self.adverb_cue(token)
