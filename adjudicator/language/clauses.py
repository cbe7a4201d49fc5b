"""The dependency walk that turns a parsed intent into concepts with roles.

It follows the policy clause by clause: the effect verbs of the main clauses (and of what
a framing verb such as "make" or "turn ... into" governs) need Words; so does what they act
on or produce, unless it is the single recipient; prepositional and adverbial cues add
scope (area, duration, casting manner, delivery); purpose clauses, narrative colour,
sending or placing what the spell made, and a hazard's harm do not. The parse is
en_core_web_sm's, which errs on short imperatives; the walk repairs the errors it meets
most (a result adjective read as a noun, a subject read as a compound, a purpose clause
read as the main one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import MEANINGFUL_ROLES, IntentAnalysis, PreparedIntent, Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.lexicon import ADJ, VERB, Lexicon
from adjudicator.language.noun_roles import NounRoles
from adjudicator.language.scope_cues import ScopeCues
from adjudicator.language.walk_base import _NOT_PRODUCING, _NOUNISH, _NSUBJ, _SKIP_DEPS, Draft
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


class Walker(ScopeCues, NounRoles):
    """The walk over the clauses of one parsed intent."""

    def run(self) -> None:
        roots = [t for t in self.doc if t.dep_ == "ROOT"]
        for number, root in enumerate(roots):
            earlier = [c for c in root.children if c.dep_ in ("ccomp", "advcl") and c.i < root.i]
            if self.opens_purpose(root) and (number or earlier) and not self.own_subject(root):
                # "break the ice ..., so he opens up": the parser made the purpose the root
                for clause in earlier:
                    self.clause(clause)
                self.purpose(root, exclude={t.i for c in earlier for t in c.subtree})
            elif root.pos_ in _NOUNISH and self.part(root) != VERB:
                self.noun(root, "product")
            else:
                self.clause(root)

    def own_subject(self, verb: Token) -> bool:
        """Whether the caster is the subject: "so I want to ..." goes on with the spell,
        "so he opens up" is its purpose."""
        subjects = [c for c in verb.children if c.dep_ in _NSUBJ]
        return not subjects or any(c.lower_ in cues.SELF_PRONOUNS for c in subjects)

    def opens_purpose(self, verb: Token) -> bool:
        return any(
            c.dep_ in ("mark", "advmod") and c.lower_ in cues.PURPOSE_MARKERS and c.i < verb.i
            for c in verb.children
        )

    def is_framing(self, verb: Token, lemma: str) -> bool:
        if lemma not in cues.FRAMING_VERBS:
            return False
        deps = {c.dep_ for c in verb.children}
        if lemma in cues.FRAMING_NEEDS_PARTICLE:
            return any(p.lower_ == "up" for p in self.particles(verb))
        if lemma in cues.FRAMING_NEEDS_RESULT:
            preps = {c.lower_ for c in verb.children if c.dep_ == "prep"}
            return bool(
                deps & {"ccomp", "xcomp", "acomp", "oprd", "advcl"}
                or preps & {"into", "to", "on", "as", "like"}
                or any(
                    c.dep_ in ("advmod", "dobj") and self.adjective_like(c) for c in verb.children
                )
            )
        if lemma in (
            "go",
            "want",
            "try",
            "wish",
            "attempt",
            "need",
            "mean",
            "keep",
            "start",
            "begin",
            "continue",
        ):
            return bool(deps & {"xcomp", "ccomp"})
        if lemma in ("raise", "erect"):
            return any(c.dep_ == "dobj" and not self.is_definite(c) for c in verb.children)
        return True

    def clause(self, verb: Token, *, made: Token | None = None) -> None:
        """A clause whose verb is part of the spell; `made` is the thing it describes, for
        a relative clause on something the spell makes ("a fog that puts them to sleep")."""
        if self.claimed(verb):
            return
        if verb.pos_ in _NOUNISH and self.part(verb) != VERB:
            self.noun(verb, "product")
            return
        lemma = self.lemma(verb)
        if self.part(verb) == ADJ or (verb.pos_ != "VERB" and self.adjective_like(verb)):
            self.result(verb, None)
            return
        if made is not None and self.harms(verb, lemma):
            self.consequence(
                verb, "a hazard harming whoever meets it is a natural consequence", made
            )
            return
        if self.is_framing(verb, lemma):
            self.framing(verb, lemma)
            return
        if made is not None and (lemma in cues.LASTING_VERBS or self.never(verb)):
            self.lasting(verb)
            return
        particles = self.particles(verb)
        forms = [lemma]
        if particles:
            phrasal = f"{lemma} {particles[0].lower_}"
            if self.lexicon.knows(phrasal, VERB):
                forms.insert(0, phrasal)
        span: list[Token] = list(particles)
        gerund = next(
            (c for c in verb.children if c.dep_ in ("xcomp", "ccomp") and c.tag_ == "VBG"), None
        )
        if lemma in cues.ASPECT_VERBS and gerund is not None:  # "stop talking"
            forms.append(self.lemma(gerund))
            span.append(gerund)
        objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
        placing = self.verb_class(lemma, cues.PLACING_VERBS, cues.PLACING_SEEDS) and any(
            c.dep_ == "prep" and c.lower_ in ("with", "in", "into")
            for holder in (verb, *objects)
            for c in holder.children
        )
        if self.verb_class(lemma, cues.SENDING_VERBS, cues.SENDING_SEEDS) and all(
            o.pos_ == "PRON" or not self.is_definite(o) for o in objects
        ):
            self.consequence(
                verb,
                "sending off what the spell made is a natural consequence",
                objects_are="product",
            )
            return
        if placing:
            self.consequence(
                verb, "placing what the spell made is a natural consequence", objects_are="location"
            )
            return
        draft = self.add(
            verb,
            Role.EFFECT,
            True,
            span=tuple(span),
            forms=tuple(forms),
            phrase=tuple(self.verb_phrase(verb)),
            lemma=lemma,
        )
        self.arguments(verb, draft, skip={t.i for t in span})

    def harms(self, verb: Token, lemma: str) -> bool:
        """A hazard's harm: "that shreds whoever moves through it", "that causes damage"."""
        if self.verb_class(lemma, cues.HARM_VERBS, cues.HARM_SEEDS):
            return True
        if lemma in ("cause", "do", "deal", "inflict"):
            return any(
                c.dep_ == "dobj" and self.lexicon.family(self.lemma(c)) & cues.HARM_VERBS
                for c in verb.children
            )
        return False

    def consequence(
        self, verb: Token, reason: str, made: Token | None = None, *, objects_are: str = "target"
    ) -> None:
        """A natural consequence: recorded with what it acts on ("hurl a fireball": the
        fireball was made; "fill the hall with mist": the hall is where it goes)."""
        draft = self.add(
            verb,
            Role.CONSEQUENCE,
            False,
            reason,
            span=self.particles(verb),
            phrase=tuple(self.verb_phrase(verb)),
        )
        if made is not None:
            draft.follows = made.i
        for child in verb.children:
            if child.dep_ in ("dobj", "dative") and child.pos_ in _NOUNISH:
                self.noun(child, objects_are)
            elif child.dep_ == "prep":
                objects = [
                    self.gerund_object(c) for c in child.children if c.dep_ in ("pobj", "pcomp")
                ]
                if child.lower_ in ("with", "in", "into") and objects and self.stuff(objects[0]):
                    self.noun(objects[0], "instrument")
                elif objects and objects[0].pos_ in _NOUNISH:
                    self.scope_cue(verb, child, draft)
            elif child.dep_ == "conj":
                self.conjunct(child)

    def never(self, verb: Token) -> bool:
        return self.lemma(verb) in cues.ENDING_VERBS and any(
            c.lower_ == "never" for c in verb.children
        )

    def lasting(self, verb: Token) -> None:
        """ "that lasts all night", "that never goes out": a duration of what was made."""
        if self.never(verb):
            never = next(c for c in verb.children if c.lower_ == "never")
            self.add(
                never,
                Role.DURATION,
                True,
                span=(verb, *self.particles(verb)),
                scope=ScopeKind.DURATION,
                lemma="never",
            )
            return
        for child in verb.children:
            if child.dep_ in ("npadvmod", "dobj", "prep", "advmod"):
                self.duration(child)

    def verb_phrase(self, verb: Token) -> list[Token]:
        """The verb with its particles and objects: "close up the gash on Mira's leg"."""
        tokens = [verb, *self.particles(verb)]
        for child in verb.children:
            if child.dep_ in ("dobj", "xcomp", "acomp", "oprd", "dative") or (
                child.dep_ == "prep" and child.lower_ in ("into", "to", "with", "in")
            ):
                tokens.extend(
                    t
                    for t in child.subtree
                    if not any(
                        a.dep_ in ("relcl", "acl", "advcl") and a.i != verb.i
                        for a in [t, *t.ancestors]
                        if a.i > verb.i
                    )
                )
        return tokens

    def framing(self, verb: Token, lemma: str) -> None:
        draft = self.add(
            verb, Role.FRAMING, False, "a framing verb needs no Word", span=self.particles(verb)
        )
        naming = lemma in cues.NAMING_VERBS and any(
            self.is_name(c) for c in verb.children if c.dep_ in ("dobj", "dative")
        )
        producing = lemma not in _NOT_PRODUCING
        for child in verb.children:
            dep = child.dep_
            if dep in _SKIP_DEPS or dep in _NSUBJ:
                continue
            if dep in ("dobj", "oprd", "attr", "dative", "npadvmod") and child.pos_ in _NOUNISH:
                if naming and self.is_name(child):
                    self.name(child)
                elif dep == "dobj" and self.adjective_like(child) and child.pos_ != "PRON":
                    self.result(child, None)  # "set the spilled lamp oil alight"
                    for part in child.children:
                        if part.dep_ == "compound":
                            self.noun(part, "object")
                elif dep == "npadvmod" and self.is_time(self.lemma(child)):
                    self.duration(child)
                else:
                    self.noun(child, "product" if producing else "object")
            elif dep in ("ccomp", "xcomp"):
                if self.before_with_subject(child, verb):
                    self.purpose(child)
                elif self.adjective_like(child) and self.part(child) != VERB:
                    self.result(child, None)
                else:
                    self.clause(child)
            elif dep == "acomp":
                self.result(child, None)
            elif dep == "advcl":
                if naming or self.idiom_result(verb, child):
                    self.clause(child)
                elif self.until_clause(child):
                    self.add(
                        child,
                        Role.DURATION,
                        True,
                        span=tuple(child.subtree),
                        scope=ScopeKind.DURATION,
                    )
                else:
                    self.purpose(child)
            elif dep == "conj":
                self.conjunct(child)
            else:
                self.modifier(verb, child, draft, framing=True)
        if naming:
            self.made_of_named(verb)

    def made_of_named(self, verb: Token) -> None:
        """ "use [Metal] [Mist] to create a hazard zone": what the clause makes is made of
        the Words named, so they are its explicit Words."""
        named = tuple(self.named)
        for token in verb.subtree:
            draft = self.drafts.get(token.i)
            if draft is None or draft.explicit or draft.role not in (Role.SUBJECT, Role.AREA):
                continue
            maker = self.drafts.get(self.doc[draft.head].head.i)
            if (
                self.doc[draft.head].dep_ in ("dobj", "oprd")
                and maker is not None
                and maker.role is Role.FRAMING
                and maker.lemma not in _NOT_PRODUCING
            ):
                draft.explicit = named

    def idiom_result(self, verb: Token, clause: Token) -> bool:
        """ "put the sentry to sleep": an infinitive with nothing of its own is the result."""
        own = [c for c in clause.children if c.dep_ not in ("aux", "neg")]
        return self.lemma(verb) in ("put", "send", "lull", "bring") and all(
            c.dep_ in ("prep", "advmod", "npadvmod") for c in own
        )

    def result(self, adjective: Token, verb_draft: Draft | None) -> None:
        """A state the spell brings about: "make it invisible", "set the cart ablaze";
        with `verb_draft`, part of that effect: "freeze the thug solid"."""
        if verb_draft is not None:
            verb_draft.forms.append(self.lemma(adjective))
            verb_draft.span.add(adjective.i)
            verb_draft.phrase.add(adjective.i)
            verb = self.doc[verb_draft.head]
            for child in adjective.children:
                if child.dep_ == "prep":
                    self.scope_cue(verb, child, verb_draft)
            return
        word = adjective.lower_
        lemma = word if self.lexicon.knows(word) else self.lemma(adjective)
        if lemma in cues.DURATION_ADJECTIVES:
            self.add(adjective, Role.DURATION, True, scope=ScopeKind.DURATION, lemma=lemma)
            return
        draft = self.add(adjective, Role.EFFECT, True, lemma=lemma)
        for child in adjective.children:
            if child.dep_ in _NSUBJ or child.dep_ == "dobj":
                if child.lower_ not in cues.SELF_PRONOUNS or child.dep_ == "dobj":
                    self.noun(child, "object")
            elif child.dep_ == "prep" and child.lower_ in ("as", "like"):
                for pobj in child.children:
                    draft.forms.append(self.lemma(pobj))
                    draft.span.update((child.i, pobj.i))
            elif child.dep_ not in _SKIP_DEPS:
                self.modifier(adjective, child, draft, framing=False)

    def conjunct(self, verb: Token) -> None:
        lemma = self.lemma(verb)
        if lemma in cues.PURPOSE_VERBS:
            self.purpose(verb)  # "... and allow safe passage"
        elif lemma in cues.WATCHING_VERBS and any(
            c.dep_ in ("ccomp", "xcomp") for c in verb.children
        ):
            self.purpose(verb)  # "... and watch him slip"
        else:
            self.clause(verb)

    def purpose(self, verb: Token, exclude: frozenset[int] | set[int] = frozenset()) -> None:
        """A purpose clause or narrative colour: recorded, needs no Word."""
        if self.claimed(verb):
            return
        tokens = [
            t
            for t in verb.subtree
            if t.dep_ != "mark"
            and t.pos_ != "PUNCT"
            and t.i not in exclude
            and self.prepared.origin[t.idx] >= 0
        ]
        self.add(
            verb,
            Role.PURPOSE,
            False,
            "purpose clauses and narrative colour need no Word",
            span=tuple(tokens),
        )

    def arguments(self, verb: Token, draft: Draft, *, skip: set[int]) -> None:
        """The objects, complements and modifiers of an effect verb."""
        for child in verb.children:
            dep = child.dep_
            if dep in _SKIP_DEPS or child.i in skip or self.claimed(child):
                continue
            if dep in _NSUBJ or (dep == "compound" and child.pos_ in _NOUNISH):
                if child.lower_ not in cues.SELF_PRONOUNS:
                    self.noun(child, "object")
            elif dep in ("dobj", "dative"):
                if child.pos_ == "ADJ" or (child.pos_ != "PRON" and self.adjective_like(child)):
                    self.result(child, draft)
                else:
                    self.noun(child, "object")
            elif dep in ("acomp", "oprd") or (dep == "appos" and self.adjective_like(child)):
                self.result(child, draft)
            elif dep in ("xcomp", "ccomp"):
                if child.pos_ == "ADJ":
                    self.result(child, draft)
                elif (
                    self.before_with_subject(child, verb)
                    or self.opens_purpose(child)
                    or any(c.dep_ in _NSUBJ for c in child.children)
                ):  # "teleport to the tower I can see": a clause of its own narrates
                    self.purpose(child)
                else:
                    self.clause(child)
            elif dep == "advcl":
                if self.until_clause(child):
                    self.add(
                        child,
                        Role.DURATION,
                        True,
                        span=tuple(child.subtree),
                        scope=ScopeKind.DURATION,
                    )
                elif self.idiom_result(verb, child):
                    self.clause(child)
                else:
                    self.purpose(child)
            elif dep == "conj":
                self.conjunct(child)
            elif dep in ("relcl", "acl"):
                self.purpose(child)
            else:
                self.modifier(verb, child, draft, framing=False)

    def before_with_subject(self, clause: Token, verb: Token) -> bool:
        """A clause before the spell's verb with a subject of its own narrates the scene:
        "Right, the guards are about to raise the alarm, so I want to ..."."""
        return clause.i < verb.i and any(
            c.dep_ in _NSUBJ and c.lower_ not in cues.SELF_PRONOUNS for c in clause.children
        )

    def until_clause(self, clause: Token) -> bool:
        return any(c.dep_ == "mark" and c.lower_ in ("until", "till") for c in clause.children)


def walk(
    doc: Doc, prepared: PreparedIntent, words: tuple[Word, ...], lexicon: Lexicon
) -> IntentAnalysis:
    """The concepts of a parsed intent (see the module docstring)."""
    walker = Walker(doc, prepared, words, lexicon)
    walker.run()
    walker.sweep()
    concepts = walker.concepts()
    meaningful = any(c.role in MEANINGFUL_ROLES for c in concepts)
    return IntentAnalysis(
        intent=prepared.original,
        words=words,
        concepts=concepts,
        named=tuple(walker.named),
        meaningless=not meaningful,
    )
