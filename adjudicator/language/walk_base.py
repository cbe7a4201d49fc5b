"""The state of the walk over a parsed intent, and what it knows about single tokens.

`clauses.py` walks the clauses, `noun_roles.py` the nouns, `scope_cues.py` the cues of
scope; they share this base: the concepts found so far (`Draft`), the lemma and part of
speech of a token as the lexicon corrects them, and the concepts' spans in the intent.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.language import cues
from adjudicator.language.concepts import Concept, PreparedIntent, Role
from adjudicator.language.cues import ScopeKind, words
from adjudicator.language.lexicon import ADJ, NOUN, SPACY_PARTS, VERB, Lexicon
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_NOUNISH = words("NOUN PROPN PRON NUM")
_DEFINITE = words("the this that these those my your his her its our their")
_SKIP_DEPS = words(
    "aux auxpass neg punct cc det intj case mark predet nummod expl dep preconj meta prt"
)
_NSUBJ = frozenset({"nsubj", "nsubjpass", "csubj"})
_RELATIVE = words("that which who whom whose")
_NOT_PRODUCING = words("let allow permit have get go want try wish attempt need mean use cast")

NEEDS = {
    Role.EFFECT: "an effect needs a Word",
    Role.SUBJECT: "a substance or subject acted on or produced needs a Word",
    Role.AREA: "an explicit area or group needs a Word",
    Role.DURATION: "a duration beyond one round needs a Word",
    Role.DELIVERY: "delivery beyond touch needs a Word",
}


@dataclass
class Draft:
    """A concept being assembled: the tokens of its span, its forms and its phrase."""

    head: int
    role: Role
    needs_word: bool
    reason: str
    lemma: str
    part: str
    span: set[int] = field(default_factory=set)
    forms: list[str] = field(default_factory=list)
    phrase: set[int] = field(default_factory=set)
    scope: ScopeKind | None = None
    explicit: tuple[Word, ...] = ()
    follows: int | None = None  # head token of the concept this one follows from


class WalkerBase(ABC):
    """What every part of the walk shares: the parse, the lexicon, the concepts so far."""

    def __init__(
        self, doc: Doc, prepared: PreparedIntent, words: tuple[Word, ...], lexicon: Lexicon
    ) -> None:
        self.doc = doc
        self.prepared = prepared
        self.words = words
        self.lexicon = lexicon
        self.drafts: dict[int, Draft] = {}
        self.named: list[Word] = []
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
            c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in _DEFINITE)
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

    def add(
        self,
        token: Token,
        role: Role,
        needs_word: bool,
        reason: str = "",
        *,
        span: tuple[Token, ...] = (),
        forms: tuple[str, ...] = (),
        phrase: tuple[Token, ...] = (),
        scope: ScopeKind | None = None,
        lemma: str | None = None,
    ) -> Draft:
        """Record a concept headed by `token` (a token heads at most one concept)."""
        if token.i in self.drafts:
            return self.drafts[token.i]
        head_lemma = lemma or (forms[0] if forms else self.lemma(token))
        draft = Draft(
            token.i, role, needs_word, reason or NEEDS.get(role, ""), head_lemma, self.part(token)
        )
        draft.span = {token.i, *(t.i for t in span)}
        draft.forms = [*forms] if forms else [head_lemma]
        if head_lemma not in draft.forms:
            draft.forms.append(head_lemma)
        draft.phrase = {token.i, *(t.i for t in phrase), *(t.i for t in span)}
        draft.scope = scope
        own = self.explicit(token)
        draft.explicit = (own,) if own is not None else ()
        self.drafts[token.i] = draft
        return draft

    def claimed(self, token: Token) -> bool:
        return token.i in self.drafts

    def concepts(self) -> tuple[Concept, ...]:
        order = sorted(self.drafts.values(), key=lambda d: (min(d.span), d.head))
        index_of = {d.head: i for i, d in enumerate(order)}
        made: list[Concept] = []
        for draft in order:
            start, end = self.char_span(draft.span)
            text = self.prepared.original[start:end]
            follows = index_of.get(draft.follows) if draft.follows is not None else None
            made.append(
                Concept(
                    text=text,
                    start=start,
                    end=end,
                    lemma=draft.lemma,
                    role=draft.role,
                    needs_word=draft.needs_word,
                    reason=draft.reason,
                    forms=tuple(dict.fromkeys(f for f in draft.forms if f)),
                    phrase=self.text_of(draft.phrase) or text,
                    part=draft.part,
                    scope=draft.scope,
                    explicit=draft.explicit,
                    follows=follows,
                )
            )
        return tuple(made)

    def char_span(self, tokens: set[int]) -> tuple[int, int]:
        first = self.doc[min(tokens)]
        last = self.doc[max(tokens)]
        return self.prepared.span(first.idx, last.idx + len(last.text))

    def text_of(self, tokens: set[int]) -> str:
        """The tokens in order, as the intent spells them (spaces as written)."""
        pieces = []
        for i in sorted(tokens):
            token = self.doc[i]
            if token.pos_ == "PUNCT" and token.text not in "-'":
                continue
            pieces.append(token.text + (token.whitespace_ if i + 1 in tokens else " "))
        return "".join(pieces).strip()

    # -- implemented by the walker and its mixins (the walk calls across them) -----------

    @abstractmethod
    def clause(self, verb: Token, *, made: Token | None = None) -> None:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def result(self, adjective: Token, verb_draft: Draft | None) -> None:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def purpose(self, verb: Token, exclude: frozenset[int] | set[int] = frozenset()) -> None:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def conjunct(self, verb: Token) -> None:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def never(self, verb: Token) -> bool:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def lasting(self, verb: Token) -> None:
        """Implemented by `clauses.Walker`."""

    @abstractmethod
    def noun(self, noun: Token, context: str) -> None:
        """Implemented by `noun_roles.NounRoles`."""

    @abstractmethod
    def area(self, noun: Token) -> None:
        """Implemented by `noun_roles.NounRoles`."""

    @abstractmethod
    def scope_cue(self, verb: Token, prep: Token, draft: Draft) -> bool:
        """Implemented by `scope_cues.ScopeCues`."""

    @abstractmethod
    def duration(self, token: Token) -> None:
        """Implemented by `scope_cues.ScopeCues`."""
