"""Roles of nouns: the single recipient, a substance or subject, an explicit area.

"the single recipient that is touched or directly affected ("this guy", "the orc", "the
door", "my left arm")" needs no Word; "every substance or subject that is acted on or
produced (speech or sound, fire, metal, mist ... a bear, a frog)" does, and so does "an
explicit area or group ("the whole village", "every guard in the courtyard")".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import NAMED_REASON, Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.lexicon import NOUN, VERB
from adjudicator.language.walk_base import (
    _RELATIVE,
    WalkerBase,
)

if TYPE_CHECKING:
    from spacy.tokens import Token


class NounRoles(WalkerBase):
    """Deciding what each noun of the intent is to the spell."""

    def noun(self, noun: Token, context: str) -> None:
        """A noun the spell acts on, makes, wields or aims at.

        `context`: "object" (acted on), "product" (made by a framing verb), "instrument"
        (wielded: "with fire"), "target" (aimed at: "at the orc"), "location" (where a
        placed substance goes: "fill the hall with mist").
        """
        if self.claimed(noun) or noun.lower_ in _RELATIVE or noun.lower_ in ("the", "a"):
            return
        if noun.pos_ in ("ADJ", "ADV") and not self.lexicon.knows(self.lemma(noun), NOUN):
            return
        lemma = self.lemma(noun)
        topics = self.topics(noun)
        conjuncts = [c for c in noun.children if c.dep_ == "conj"]
        if lemma in cues.AREA_NOUNS and self.spreading_of(noun):
            return
        if (
            noun.lower_ in cues.AREA_PRONOUNS
            or lemma in cues.AREA_NOUNS
            or (self.quantified(noun) and (topics & cues.RECIPIENT_LEXNAMES or noun.pos_ == "PRON"))
        ) or (
            context == "object"
            and noun.pos_ == "NOUN"
            and self.is_place(lemma)
            and not (self.is_time(lemma))
        ):
            self.area(noun)
        elif (
            noun.pos_ == "PRON"
            or context in ("target", "location")
            or (
                self.is_definite(noun)
                and context != "instrument"
                and (not topics & cues.SUBSTANCE_LEXNAMES or self.part_of_recipient(noun))
            )
            or (context == "object" and self.affected(noun, topics))
        ):
            self.recipient(noun)
        else:
            if self.piece_of_stuff(noun):
                self.add(noun, Role.CONSEQUENCE, False, "pieces of a substance are that substance")
            else:
                self.add(noun, Role.SUBJECT, True, phrase=tuple(self.noun_phrase(noun)))
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

    def piece_of_stuff(self, noun: Token) -> bool:
        """ "metal shards", "shards of ice", "drops of water": pieces of a named substance
        (`cues.PIECE_SEEDS`), covered by the substance's Word."""
        lexicon = self.lexicon
        if not any(
            cues.PIECE_SEEDS & set(lexicon.synsets[n].words)
            for n in lexicon.ancestors(self.lemma(noun), NOUN, 1, 2)
        ):
            return False
        made_of = [c for c in noun.children if c.dep_ == "compound"] + [
            p
            for c in noun.children
            if c.dep_ == "prep" and c.lower_ == "of"
            for p in c.children
            if p.dep_ == "pobj"
        ]
        return any("noun.substance" in lexicon.lexnames(self.lemma(m), NOUN, 1) for m in made_of)

    def affected(self, noun: Token, topics: frozenset[str]) -> bool:
        """ "trap a balloon": a countable thing an effect acts on, not brings forth."""
        counted = any(c.dep_ == "det" and c.lower_ in ("a", "an", "one") for c in noun.children)
        verb = noun.head
        bringing = self.lemma(verb) in cues.BRINGING_VERBS or "verb.creation" in (
            self.lexicon.lexnames(self.lemma(verb), VERB, 1)
        )
        return (
            (counted or noun.tag_ == "NNS")
            and noun.dep_ == "dobj"
            and not bringing
            and bool(topics & cues.RECIPIENT_LEXNAMES)
            and not topics & cues.SUBSTANCE_LEXNAMES
        )

    def part_of_recipient(self, noun: Token) -> bool:
        """ "the dents in my breastplate", "the gash on Mira's leg": a mark on the
        recipient is part of it."""
        after = [c for c in noun.head.children if c.i == noun.right_edge.i + 1]
        if noun.dep_ != "dobj":
            after = []
        for prep in (*noun.children, *after):
            if prep.dep_ == "prep" and prep.lower_ in ("in", "on", "under", "of"):
                for pobj in prep.children:
                    if (
                        pobj.dep_ == "pobj"
                        and self.is_definite(pobj)
                        and (self.topics(pobj) & cues.RECIPIENT_LEXNAMES or pobj.pos_ == "PROPN")
                    ):
                        return True
        return False

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
        if not any(self.lemma(p) in cues.SPREADING or self.relations_spread(p) for p in stuff):
            return False
        self.add(
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

    def relations_spread(self, noun: Token) -> bool:
        lemma = self.lemma(noun)
        return any(
            cues.SPREADING & set(self.lexicon.synsets[n].words)
            for n in self.lexicon.ancestors(lemma, NOUN, 1, 2)
        )

    def recipient(self, noun: Token) -> None:
        span = tuple(t for t in noun.subtree if t.i <= noun.i and t.dep_ not in ("relcl", "acl"))
        self.add(
            noun,
            Role.RECIPIENT,
            False,
            "the single recipient touched or directly affected needs no Word",
            span=span if len(span) < 6 else (),
        )
        self.modifiers(noun, made=False)
        for child in noun.children:
            if child.dep_ in ("relcl", "acl"):
                self.purpose(child)
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
        if prep.lower_ in ("with", "in") and objects and self.stuff(objects[0]):
            owner = self.drafts.get(governor.i)
            if (owner is not None and owner.role in (Role.CONSEQUENCE,)) or (
                self.verb_class(self.lemma(governor), cues.PLACING_VERBS, cues.PLACING_SEEDS)
            ):
                self.noun(objects[0], "instrument")

    def noun_phrase(self, noun: Token) -> list[Token]:
        """The noun with its determiners and adjectives: "a protective barrier"."""
        own = [noun]
        for child in noun.children:
            if child.dep_ in ("amod", "det", "nummod") and child.i < noun.i:
                own.extend(child.subtree)
        return own

    def modifiers(self, noun: Token, *, made: bool) -> None:
        """Compounds and adjectives of a noun. On something made, a substance noun is a
        substance of its own ("a metal mist"); the rest describes."""
        for child in noun.children:
            if child.dep_ not in ("compound", "amod", "nmod", "appos"):
                continue
            lemma = self.lemma(child)
            after = child.i > noun.i
            if after and child.dep_ in ("amod", "appos") and self.adjective_like(child):
                owner = self.drafts.get(noun.head.i)
                if owner is not None and owner.role is Role.EFFECT:
                    self.result(child, owner)  # "freeze the thug solid", "jolt him awake"
                    continue
            if child.dep_ == "appos":
                continue
            if child.dep_ == "amod" and lemma in cues.DURATION_ADJECTIVES:
                self.add(child, Role.DURATION, True, scope=ScopeKind.DURATION)
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
                self.add(child, Role.SUBJECT, True)
            else:
                self.add(
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
        span = tuple(self.noun_phrase(noun))
        if noun.pos_ == "PRON":
            span = tuple(t for t in noun.subtree if t.dep_ not in ("relcl", "acl"))
        self.add(head, Role.AREA, True, span=(*span, noun), scope=ScopeKind.AREA, phrase=span)
        for child in noun.children:
            if child.dep_ in ("relcl", "acl"):
                self.clause(child, made=noun)

    def name(self, token: Token) -> None:
        """A Word named as what is cast, with its conjuncts: "cast [Ball] and [Fire]"."""
        for part in (token, *token.conjuncts):
            word = self.explicit(part) or next(
                (w for w in self.words if w.text.lower() == part.lower_), None
            )
            if word is not None and word not in self.named:
                self.named.append(word)
            self.add(part, Role.FRAMING, False, NAMED_REASON, lemma=part.lower_)
            for child in part.children:
                if (
                    child.dep_ in ("compound", "appos", "conj")
                    and self.is_name(child)
                    and not self.claimed(child)
                ):
                    self.name(child)
