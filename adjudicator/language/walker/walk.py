"""The dependency walk that turns a parsed intent into concepts with roles.

It follows the policy clause by clause: the effect verbs of the main clauses (and of what
a framing verb such as "make" or "turn ... into" governs) need Words; so does what they act
on or produce, unless it is the single recipient; prepositional and adverbial cues add
scope (area, duration, casting manner, delivery); purpose clauses, narrative colour,
sending or placing what the spell made, and a hazard's harm do not. The parse is
en_core_web_sm's, which errs on short imperatives; the walk repairs the errors it meets
most (a result adjective read as a noun, a subject read as a compound, a purpose clause
read as the main one).

"the single recipient that is touched or directly affected ("this guy", "the orc", "the
door", "my left arm")" needs no Word; "every substance or subject that is acted on or
produced (speech or sound, fire, metal, mist ... a bear, a frog)" does, and so does "an
explicit area or group ("the whole village", "every guard in the courtyard")".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import MEANINGFUL_ROLES, IntentAnalysis, PreparedIntent, Role
from adjudicator.language.concepts import prepare as prepare_intent
from adjudicator.language.cues import ScopeKind
from adjudicator.language.lexicon import ADJ, NOUN, VERB, Lexicon
from adjudicator.language.walker.drafts import Draft, Drafts
from adjudicator.language.walker.record import Recorder
from adjudicator.language.walker.tokens import TokenFacts
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from adjudicator.language.models import Models

#: Pipeline components the walk never reads (named entities): skipped to save time.
UNUSED_PIPES = ("ner",)


class Walker:
    """The walk over the clauses, nouns and modifiers of one parsed intent."""

    def __init__(
        self, doc: Doc, prepared: PreparedIntent, words: tuple[Word, ...], lexicon: Lexicon
    ) -> None:
        self.doc = doc
        self.lexicon = lexicon
        self.facts = TokenFacts(prepared, words, lexicon)
        self.drafts = Drafts(doc, self.facts)
        self.record = Recorder(doc, self.facts, self.drafts)

    def run(self) -> None:
        self.record.denied()
        roots = [t for t in self.doc if t.dep_ == "ROOT"]
        for number, root in enumerate(roots):
            earlier = [c for c in root.children if c.dep_ in ("ccomp", "advcl") and c.i < root.i]
            if (
                self.facts.opens_purpose(root)
                and (number or earlier)
                and not self.facts.own_subject(root)
            ):
                # "break the ice ..., so he opens up": the parser made the purpose the root
                for clause in earlier:
                    self.clause(clause)
                self.record.purpose(root, exclude={t.i for c in earlier for t in c.subtree})
            elif root.pos_ in cues.NOUNISH and self.facts.part(root) != VERB:
                self.noun(root, "product")
            else:
                self.clause(root)

    def clause(self, verb: Token, *, made: Token | None = None) -> None:
        """A clause whose verb is part of the spell; `made` is the thing it describes, for
        a relative clause on something the spell makes ("a fog that puts them to sleep")."""
        if self.drafts.claimed(verb):
            return
        if verb.pos_ in cues.NOUNISH and self.facts.part(verb) != VERB:
            self.noun(verb, "product")
            return
        lemma = self.facts.lemma(verb)
        if self.facts.part(verb) == ADJ or (
            verb.pos_ != "VERB" and self.facts.adjective_like(verb)
        ):
            self.result(verb, None)
            return
        if made is not None and self.facts.harms(verb, lemma):
            self.consequence(
                verb, "a hazard harming whoever meets it is a natural consequence", made
            )
            return
        if self.facts.is_framing(verb, lemma):
            self.framing(verb, lemma)
            return
        if made is not None and (lemma in cues.LASTING_VERBS or self.facts.never(verb)):
            self.record.lasting(verb)
            return
        particles = self.facts.particles(verb)
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
            forms.append(self.facts.lemma(gerund))
            span.append(gerund)
        objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
        placing = self.facts.verb_class(lemma, cues.PLACING_VERBS, cues.PLACING_SEEDS) and any(
            c.dep_ == "prep" and c.lower_ in ("with", "in", "into")
            for holder in (verb, *objects)
            for c in holder.children
        )
        if self.facts.verb_class(lemma, cues.SENDING_VERBS, cues.SENDING_SEEDS) and all(
            o.pos_ == "PRON" or not self.facts.is_definite(o) for o in objects
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
        draft = self.drafts.add(
            verb,
            Role.EFFECT,
            True,
            span=tuple(span),
            forms=tuple(forms),
            phrase=tuple(self.facts.verb_phrase(verb)),
            lemma=lemma,
        )
        self.arguments(verb, draft, skip={t.i for t in span})

    def consequence(
        self, verb: Token, reason: str, made: Token | None = None, *, objects_are: str = "target"
    ) -> None:
        """A natural consequence: recorded with what it acts on ("hurl a fireball": the
        fireball was made; "fill the hall with mist": the hall is where it goes)."""
        draft = self.drafts.add(
            verb,
            Role.CONSEQUENCE,
            False,
            reason,
            span=self.facts.particles(verb),
            phrase=tuple(self.facts.verb_phrase(verb)),
        )
        if made is not None:
            draft.follows = made.i
        for child in verb.children:
            if child.dep_ in ("dobj", "dative") and child.pos_ in cues.NOUNISH:
                self.noun(child, objects_are)
            elif child.dep_ == "prep":
                objects = [
                    self.facts.gerund_object(c)
                    for c in child.children
                    if c.dep_ in ("pobj", "pcomp")
                ]
                if (
                    child.lower_ in ("with", "in", "into")
                    and objects
                    and self.facts.stuff(objects[0])
                ):
                    self.noun(objects[0], "instrument")
                elif objects and objects[0].pos_ in cues.NOUNISH:
                    self.scope_cue(verb, child, draft)
            elif child.dep_ == "conj":
                self.conjunct(child)

    def framing(self, verb: Token, lemma: str) -> None:
        draft = self.drafts.add(
            verb,
            Role.FRAMING,
            False,
            "a framing verb needs no Word",
            span=self.facts.particles(verb),
        )
        naming = lemma in cues.NAMING_VERBS and any(
            self.facts.is_name(c) for c in verb.children if c.dep_ in ("dobj", "dative")
        )
        producing = lemma not in cues.NOT_PRODUCING
        for child in verb.children:
            dep = child.dep_
            if dep in cues.SKIP_DEPS or dep in cues.NSUBJ:
                continue
            if dep in ("dobj", "oprd", "attr", "dative", "npadvmod") and child.pos_ in cues.NOUNISH:
                if naming and self.facts.is_name(child):
                    self.record.name(child)
                elif dep == "dobj" and self.facts.adjective_like(child) and child.pos_ != "PRON":
                    self.result(child, None)  # "set the spilled lamp oil alight"
                    for part in child.children:
                        if part.dep_ == "compound":
                            self.noun(part, "object")
                elif dep == "npadvmod" and self.facts.is_time(self.facts.lemma(child)):
                    self.record.duration(child)
                else:
                    self.noun(child, "product" if producing else "object")
            elif dep in ("ccomp", "xcomp"):
                if self.facts.before_with_subject(child, verb):
                    self.record.purpose(child)
                elif self.facts.adjective_like(child) and self.facts.part(child) != VERB:
                    self.result(child, None)
                else:
                    self.clause(child)
            elif dep == "acomp" or (dep == "oprd" and child.pos_ == "ADJ"):
                self.result(child, None)  # "keep it numb all night"
            elif dep == "advcl":
                if naming or self.facts.idiom_result(verb, child):
                    self.clause(child)
                elif self.facts.until_clause(child):
                    self.drafts.add(
                        child,
                        Role.DURATION,
                        True,
                        span=tuple(child.subtree),
                        scope=ScopeKind.DURATION,
                    )
                else:
                    self.record.purpose(child)
            elif dep == "conj":
                self.conjunct(child)
            else:
                self.modifier(verb, child, draft, framing=True)
        if naming:
            self.record.made_of_named(verb)

    def result(self, adjective: Token, verb_draft: Draft | None) -> None:
        """A state the spell brings about: "make it invisible", "set the cart ablaze";
        with `verb_draft`, part of that effect: "freeze the thug solid"."""
        if verb_draft is not None:
            verb_draft.forms.append(self.facts.lemma(adjective))
            verb_draft.span.add(adjective.i)
            verb_draft.phrase.add(adjective.i)
            verb = self.doc[verb_draft.head]
            for child in adjective.children:
                if child.dep_ == "prep":
                    self.scope_cue(verb, child, verb_draft)
            return
        word = adjective.lower_
        lemma = word if self.lexicon.knows(word) else self.facts.lemma(adjective)
        if lemma in cues.DURATION_ADJECTIVES:
            self.drafts.add(adjective, Role.DURATION, True, scope=ScopeKind.DURATION, lemma=lemma)
            return
        draft = self.drafts.add(adjective, Role.EFFECT, True, lemma=lemma)
        for child in adjective.children:
            if child.dep_ in cues.NSUBJ or child.dep_ == "dobj":
                if child.lower_ not in cues.SELF_PRONOUNS or child.dep_ == "dobj":
                    self.noun(child, "object")
            elif child.dep_ == "prep" and child.lower_ in ("as", "like"):
                for pobj in child.children:
                    draft.forms.append(self.facts.lemma(pobj))
                    draft.span.update((child.i, pobj.i))
            elif child.dep_ not in cues.SKIP_DEPS:
                self.modifier(adjective, child, draft, framing=False)

    def conjunct(self, verb: Token) -> None:
        if verb.pos_ == "ADP":  # "mend it without gestures and without speaking"
            owner = self.drafts.get(verb.head.i)
            if owner is not None:
                self.scope_cue(verb.head, verb, owner)
            return
        lemma = self.facts.lemma(verb)
        if lemma in cues.PURPOSE_VERBS:
            self.record.purpose(verb)  # "... and allow safe passage"
        elif lemma in cues.WATCHING_VERBS and any(
            c.dep_ in ("ccomp", "xcomp") for c in verb.children
        ):
            self.record.purpose(verb)  # "... and watch him slip"
        else:
            self.clause(verb)

    def arguments(self, verb: Token, draft: Draft, *, skip: set[int]) -> None:
        """The objects, complements and modifiers of an effect verb."""
        for child in verb.children:
            dep = child.dep_
            if dep in cues.SKIP_DEPS or child.i in skip or self.drafts.claimed(child):
                continue
            if dep in cues.NSUBJ or (dep == "compound" and child.pos_ in cues.NOUNISH):
                if child.lower_ not in cues.SELF_PRONOUNS:
                    self.noun(child, "object")
            elif dep in ("dobj", "dative"):
                if child.pos_ == "ADJ" or (
                    child.pos_ != "PRON" and self.facts.adjective_like(child)
                ):
                    self.result(child, draft)
                else:
                    self.noun(child, "object")
            elif dep in ("acomp", "oprd") or (dep == "appos" and self.facts.adjective_like(child)):
                self.result(child, draft)
            elif dep in ("xcomp", "ccomp"):
                if child.pos_ == "ADJ":
                    self.result(child, draft)
                elif (
                    self.facts.before_with_subject(child, verb)
                    or self.facts.opens_purpose(child)
                    or any(c.dep_ in cues.NSUBJ for c in child.children)
                ):  # "teleport to the tower I can see": a clause of its own narrates
                    self.record.purpose(child)
                else:
                    self.clause(child)
            elif dep == "advcl":
                if self.facts.until_clause(child):
                    self.drafts.add(
                        child,
                        Role.DURATION,
                        True,
                        span=tuple(child.subtree),
                        scope=ScopeKind.DURATION,
                    )
                elif self.facts.idiom_result(verb, child):
                    self.clause(child)
                else:
                    self.record.purpose(child)
            elif dep == "conj":
                self.conjunct(child)
            elif dep in ("relcl", "acl"):
                self.record.purpose(child)
            else:
                self.modifier(verb, child, draft, framing=False)

    def noun(self, noun: Token, context: str) -> None:
        """A noun the spell acts on, makes, wields or aims at.

        `context`: "object" (acted on), "product" (made by a framing verb), "instrument"
        (wielded: "with fire"), "target" (aimed at: "at the orc"), "location" (where a
        placed substance goes: "fill the hall with mist").
        """
        if self.drafts.claimed(noun) or noun.lower_ in cues.RELATIVE or noun.lower_ in ("the", "a"):
            return
        if noun.pos_ in ("ADJ", "ADV") and not self.lexicon.knows(self.facts.lemma(noun), NOUN):
            return
        lemma = self.facts.lemma(noun)
        topics = self.facts.topics(noun)
        conjuncts = [c for c in noun.children if c.dep_ == "conj"]
        if lemma in cues.AREA_NOUNS and self.spreading_of(noun):
            return
        if (
            noun.lower_ in cues.AREA_PRONOUNS
            or lemma in cues.AREA_NOUNS
            or (
                self.facts.quantified(noun)
                and (topics & cues.RECIPIENT_LEXNAMES or noun.pos_ == "PRON")
            )
        ) or (
            context == "object"
            and noun.pos_ == "NOUN"
            and self.facts.is_place(lemma)
            and not (self.facts.is_time(lemma))
        ):
            self.area(noun)
        elif (
            noun.pos_ == "PRON"
            or context in ("target", "location")
            or (
                self.facts.is_definite(noun)
                and context != "instrument"
                and (not topics & cues.SUBSTANCE_LEXNAMES or self.facts.part_of_recipient(noun))
            )
            or (context == "object" and self.facts.affected(noun, topics))
        ):
            self.recipient(noun)
        else:
            if self.facts.piece_of_stuff(noun):
                self.drafts.add(
                    noun, Role.CONSEQUENCE, False, "pieces of a substance are that substance"
                )
            else:
                self.drafts.add(
                    noun, Role.SUBJECT, True, phrase=tuple(self.facts.noun_phrase(noun))
                )
            self.modifiers(noun, made=True)
            for child in noun.children:
                if child.dep_ == "prep" and child.lower_ == "of":
                    for pobj in child.children:
                        if pobj.dep_ == "pobj":
                            self.noun(pobj, "product")
                elif child.dep_ == "prep":
                    self.noun_prep(noun, child)
                elif child.dep_ in ("relcl", "acl"):
                    self.clause(child, made=noun)
        for conjunct in conjuncts:
            self.noun(conjunct, context)

    def spreading_of(self, noun: Token) -> bool:
        """ "a hazard zone of metal mist": an area made of what spreads by itself is that
        stuff's natural extent; the stuff is what the spell makes."""
        stuff = [
            p
            for c in noun.children
            if c.dep_ == "prep" and c.lower_ == "of"
            for p in c.children
            if p.dep_ == "pobj"
        ]
        if not any(
            self.facts.lemma(p) in cues.SPREADING or self.facts.relations_spread(p) for p in stuff
        ):
            return False
        self.drafts.add(
            noun,
            Role.CONSEQUENCE,
            False,
            "a mist, fog or smoke fills the space around it by itself",
        )
        for pobj in stuff:
            self.noun(pobj, "product")
        for child in noun.children:
            if child.dep_ in ("relcl", "acl"):
                self.clause(child, made=noun)
        return True

    def recipient(self, noun: Token) -> None:
        span = tuple(t for t in noun.subtree if t.i <= noun.i and t.dep_ not in ("relcl", "acl"))
        self.drafts.add(
            noun,
            Role.RECIPIENT,
            False,
            "the single recipient touched or directly affected needs no Word",
            span=span if len(span) < 6 else (),
        )
        self.modifiers(noun, made=False)
        for child in noun.children:
            if child.dep_ in ("relcl", "acl"):
                self.record.purpose(child)
            elif child.dep_ == "prep":
                self.noun_prep(noun, child)

    def noun_prep(self, noun: Token, prep: Token) -> None:
        """A phrase hung on a noun: a scope cue the parser misplaced, or a wielded stuff
        ("coat my dagger in venom"); else colour ("the gash on Mira's leg")."""
        governor = noun.head
        while governor.pos_ not in ("VERB", "AUX") and governor.head.i != governor.i:
            governor = governor.head
        draft = self.drafts.get(governor.i)
        if draft is not None and self.scope_cue(governor, prep, draft):
            return
        objects = [c for c in prep.children if c.dep_ == "pobj"]
        if prep.lower_ in ("with", "in") and objects and self.facts.stuff(objects[0]):
            owner = self.drafts.get(governor.i)
            if (owner is not None and owner.role in (Role.CONSEQUENCE,)) or (
                self.facts.verb_class(
                    self.facts.lemma(governor), cues.PLACING_VERBS, cues.PLACING_SEEDS
                )
            ):
                self.noun(objects[0], "instrument")

    def modifiers(self, noun: Token, *, made: bool) -> None:
        """Compounds and adjectives of a noun. On something made, a substance noun is a
        substance of its own ("a metal mist"); the rest describes."""
        for child in noun.children:
            if child.dep_ not in ("compound", "amod", "nmod", "appos"):
                continue
            lemma = self.facts.lemma(child)
            after = child.i > noun.i
            if after and child.dep_ in ("amod", "appos") and self.facts.adjective_like(child):
                owner = self.drafts.get(noun.head.i)
                if owner is not None and owner.role is Role.EFFECT:
                    self.result(child, owner)  # "freeze the thug solid", "jolt him awake"
                    continue
            if child.dep_ == "appos":
                continue
            if child.dep_ == "amod" and lemma in cues.DURATION_ADJECTIVES:
                self.drafts.add(child, Role.DURATION, True, scope=ScopeKind.DURATION)
                continue
            if child.lower_ in cues.AREA_QUANTIFIERS or child.pos_ not in (
                "NOUN",
                "ADJ",
                "PROPN",
                "VERB",
            ):
                continue
            stuff = self.lexicon.lexnames(lemma, NOUN, 1) & {"noun.substance", "noun.phenomenon"}
            if made and child.dep_ == "compound" and stuff:
                self.drafts.add(child, Role.SUBJECT, True)
            else:
                self.drafts.add(
                    child,
                    Role.RECIPIENT,
                    False,
                    "describing the recipient or what is made needs no Word",
                )

    def area(self, noun: Token) -> None:
        """An explicit area or group: "the whole village", "everyone in the camp"."""
        head = noun
        places = [
            t
            for t in noun.subtree
            if t.dep_ == "pobj"
            and t.head.lower_ in ("in", "of", "across", "throughout", "at")
            and t.pos_ in ("NOUN", "PROPN")
        ]
        if noun.pos_ == "PRON" and places:
            head = places[0]
        span = tuple(self.facts.noun_phrase(noun))
        if noun.pos_ == "PRON":
            span = tuple(t for t in noun.subtree if t.dep_ not in ("relcl", "acl"))
        self.drafts.add(
            head, Role.AREA, True, span=(*span, noun), scope=ScopeKind.AREA, phrase=span
        )
        for child in noun.children:
            if child.dep_ in ("relcl", "acl"):
                self.clause(child, made=noun)

    def modifier(self, verb: Token, child: Token, draft: Draft, *, framing: bool) -> None:
        dep, word = child.dep_, child.lower_
        if dep == "prep":
            self.preposition(verb, child, draft, framing=framing)
        elif dep in ("advmod", "npadvmod"):
            if self.record.adverb_cue(child):
                return
            if dep == "npadvmod" and self.facts.is_time(self.facts.lemma(child)):
                self.record.duration(child)
            elif dep == "npadvmod" and child.pos_ in cues.NOUNISH:
                self.noun(child, "object")
            elif framing and self.lexicon.knows(word, ADJ) and word not in ("so", "then", "up"):
                self.result(child, None)  # "turn my skin hard as stone"
        elif dep in ("dobj", "pobj") and child.pos_ in cues.NOUNISH:
            self.noun(child, "object")

    def scope_cue(self, verb: Token, prep: Token, draft: Draft) -> bool:
        """Scope said by a prepositional phrase, wherever the parser attached it, and by
        each phrase coordinated with it: "without gestures and without speaking"."""
        for other in prep.children:
            if other.dep_ == "conj" and other.pos_ == "ADP":
                self.scope_cue(verb, other, draft)
        word = prep.lower_
        objects = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
        if not objects:
            return False
        head = objects[0]
        lemma = self.facts.lemma(head)
        if word == "without" or (word == "with" and self.facts.has_no(head)):
            self.record.without(prep, objects)
        elif word in cues.DURATION_PREPOSITIONS and (
            self.facts.is_time(lemma) or word in ("until", "till")
        ):
            self.record.duration(prep)
        elif word == "from":
            self.record.source(verb, prep, head)
        elif word == "at" and lemma in cues.DISTANCE_NOUNS:
            self.drafts.add(head, Role.DELIVERY, True, span=(prep,), scope=ScopeKind.DELIVERY)
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
        head = self.facts.gerund_object(objects[0])
        lemma = self.facts.lemma(head)
        if word in ("into", "to") and framing:
            for pobj in objects:
                self.noun(self.facts.gerund_object(pobj), "product")
        elif word in ("into", "to") and self.facts.is_result(verb, head):
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
        elif word == "with" and self.facts.stuff(head):
            self.noun(head, "instrument")  # "trap a balloon with fire"; "hide in the
            # shadows", "hanging in the air" only say where
        elif word == "on" and lemma == "fire":
            self.drafts.add(head, Role.EFFECT, True, span=(prep,))  # "set the ball on fire"
        elif (
            word in ("across", "over")
            and self.facts.is_place(lemma)
            and self.facts.quantified(head)
        ):
            self.area(head)
        elif word in ("at", "on", "around", "upon", "onto") and head.pos_ in cues.NOUNISH:
            self.noun(head, "target")

    def sweep(self) -> None:
        """Scope cues the walk did not reach (the parser hung them on a noun inside a
        phrase): "a light in the chapel that never goes out"."""
        inside_purpose = {i for d in self.drafts.values() if d.role is Role.PURPOSE for i in d.span}
        for token in self.doc:
            if token.i in inside_purpose or self.drafts.claimed(token):
                continue
            if token.lower_ == "never" and self.facts.never(token.head):
                self.record.lasting(token.head)
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
                self.record.adverb_cue(token)


def walk(
    doc: Doc, prepared: PreparedIntent, words: tuple[Word, ...], lexicon: Lexicon
) -> IntentAnalysis:
    """The concepts of a parsed intent (see the module docstring)."""
    walker = Walker(doc, prepared, words, lexicon)
    walker.run()
    walker.sweep()
    concepts = walker.drafts.concepts()
    meaningful = any(c.role in MEANINGFUL_ROLES for c in concepts)
    return IntentAnalysis(
        intent=prepared.original,
        words=words,
        concepts=concepts,
        named=tuple(walker.drafts.named),
        meaningless=not meaningful,
    )


def analyse(
    intent: str, words: Sequence[Word], models: Models, *, lexicon: Lexicon | None = None
) -> IntentAnalysis:
    """The concepts of `intent` for a spell of `words` (one spaCy parse).

    Pass a `Lexicon` when analysing many intents; without one it is loaded for this call.
    """
    lexicon = lexicon if lexicon is not None else Lexicon()
    prepared = prepare_intent(intent, words, lexicon)
    return walk(parse(prepared.text, models), prepared, tuple(words), lexicon)


def parse(text: str, models: Models) -> Doc:
    """The spaCy parse the walk reads (tags, dependencies, lemmas; no named entities)."""
    nlp = models.nlp
    return nlp(text, disable=[p for p in UNUSED_PIPES if p in nlp.pipe_names])
