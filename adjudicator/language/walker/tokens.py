"""What the parse and the lexicon say about tokens of an intent and their phrases.

Pure questions, asked of one token or of the phrase it heads, that never change what the
walk has found: the lemma and part of speech as the lexicon corrects them, definiteness,
places and times, which class of the policy a verb is in ("pitch" is a way to throw),
whether a clause is framing or a purpose, the tokens of a verb's or a noun's phrase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import PreparedIntent
from adjudicator.language.lexicon import ADJ, NOUN, SPACY_PARTS, VERB, Lexicon
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from spacy.tokens import Token


class TokenFacts:
    """Facts about the tokens of one parsed intent, from its parse and the lexicon."""

    def __init__(self, prepared: PreparedIntent, words: tuple[Word, ...], lexicon: Lexicon) -> None:
        self.prepared = prepared
        self.words = words
        self.lexicon = lexicon
        self.word_texts = {w.text.lower() for w in words}

    def lemma(self, token: Token) -> str:
        """The dictionary form, checked against the lexicon ("flings" -> "fling")."""
        lemma = token.lemma_.lower()
        part = self.part(token)
        if token.pos_ == "PRON" or self.lexicon.knows(lemma, part or None):
            return lemma
        for candidate in (
            *self.lexicon.base_forms(token.lower_, part or None),
            *self.lexicon.base_forms(token.lower_),
        ):
            return candidate
        return lemma if self.lexicon.knows(lemma) else token.lower_

    def part(self, token: Token) -> str:
        part = SPACY_PARTS.get(token.pos_, "")
        if (
            part in (NOUN, ADJ)
            and token.dep_ in ("ccomp", "xcomp", "conj", "ROOT", "advcl")
            and self.lexicon.knows(token.lemma_.lower(), VERB)
            and not any(c.dep_ == "det" for c in token.children)
        ):
            return VERB  # "make the portcullis crumble": a verb the tagger missed
        return part

    def explicit(self, token: Token) -> Word | None:
        return self.prepared.explicit.get(token.idx)

    def is_name(self, token: Token) -> bool:
        """A Word of the spell named as what is cast: "cast [Fire] [Ball]"."""
        return self.explicit(token) is not None or token.lower_ in self.word_texts

    def is_definite(self, noun: Token) -> bool:
        if noun.pos_ in ("PROPN", "PRON"):
            return True
        holders = [noun]
        if noun.dep_ == "compound" and noun.head.pos_ in ("VERB", "AUX"):
            holders.append(noun.head)  # "make [the guard dog] attack": "the" hangs on attack
        return any(
            c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in cues.DEFINITE)
            for holder in holders
            for c in holder.children
        )

    def is_place(self, lemma: str) -> bool:
        if "noun.location" in self.lexicon.lexnames(lemma, NOUN, 1):
            return True
        return any(
            cues.PLACE_ANCESTORS & set(self.lexicon.synsets[n].words)
            for n in self.lexicon.ancestors(lemma, NOUN, 1, 12)
        )

    def is_time(self, lemma: str) -> bool:
        return lemma in cues.TIME_NOUNS or "noun.time" in self.lexicon.lexnames(lemma, NOUN, 1)

    def topics(self, noun: Token) -> frozenset[str]:
        return self.lexicon.lexnames(self.lemma(noun), NOUN, 1)

    def stuff(self, noun: Token) -> bool:
        """Something wielded or made of, not someone affected: "with fire", "in the shadows";
        not "with the hostage", "in my breastplate"."""
        if noun.pos_ not in ("NOUN",):
            return False
        if self.is_definite(noun):
            return bool(self.topics(noun) & cues.SUBSTANCE_LEXNAMES)
        return True

    def motion(self, verb: Token) -> bool:
        return "verb.motion" in self.lexicon.lexnames(self.lemma(verb), VERB, 1)

    def quantified(self, noun: Token) -> bool:
        return any(
            c.dep_ in ("det", "amod", "predet") and c.lower_ in cues.AREA_QUANTIFIERS
            for c in noun.children
        )

    def verb_class(self, lemma: str, listed: frozenset[str], seeds: frozenset[str]) -> bool:
        """Whether a verb is in a class of the policy: listed, or a kind of one of its
        seeds in WordNet ("pitch" is a way to throw)."""
        if lemma in listed:
            return True
        ancestors = self.lexicon.ancestors(lemma, VERB, 2, 2)
        return any(seeds & set(self.lexicon.synsets[n].words) for n in ancestors)

    def particles(self, verb: Token) -> tuple[Token, ...]:
        return tuple(c for c in verb.children if c.dep_ == "prt")

    def adjective_like(self, token: Token) -> bool:
        """A result adjective, whatever the tagger made of it ("awake", "alight")."""
        word = token.lower_
        if token.pos_ == "ADJ":
            return True
        return (
            token.pos_ in ("NOUN", "ADV", "PROPN")
            and self.lexicon.knows(word, ADJ)
            and not self.lexicon.knows(word, NOUN)
        )

    def own_subject(self, verb: Token) -> bool:
        """Whether the caster is the subject: "so I want to ..." goes on with the spell,
        "so he opens up" is its purpose."""
        subjects = [c for c in verb.children if c.dep_ in cues.NSUBJ]
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

    def never(self, verb: Token) -> bool:
        return self.lemma(verb) in cues.ENDING_VERBS and any(
            c.lower_ == "never" for c in verb.children
        )

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

    def idiom_result(self, verb: Token, clause: Token) -> bool:
        """ "put the sentry to sleep": an infinitive with nothing of its own is the result."""
        own = [c for c in clause.children if c.dep_ not in ("aux", "neg")]
        return self.lemma(verb) in ("put", "send", "lull", "bring") and all(
            c.dep_ in ("prep", "advmod", "npadvmod") for c in own
        )

    def before_with_subject(self, clause: Token, verb: Token) -> bool:
        """A clause before the spell's verb with a subject of its own narrates the scene:
        "Right, the guards are about to raise the alarm, so I want to ..."."""
        return clause.i < verb.i and any(
            c.dep_ in cues.NSUBJ and c.lower_ not in cues.SELF_PRONOUNS for c in clause.children
        )

    def until_clause(self, clause: Token) -> bool:
        return any(c.dep_ == "mark" and c.lower_ in ("until", "till") for c in clause.children)

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

    def relations_spread(self, noun: Token) -> bool:
        lemma = self.lemma(noun)
        return any(
            cues.SPREADING & set(self.lexicon.synsets[n].words)
            for n in self.lexicon.ancestors(lemma, NOUN, 1, 2)
        )

    def noun_phrase(self, noun: Token) -> list[Token]:
        """The noun with its determiners and adjectives: "a protective barrier"."""
        own = [noun]
        for child in noun.children:
            if child.dep_ in ("amod", "det", "nummod") and child.i < noun.i:
                own.extend(child.subtree)
        return own

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
