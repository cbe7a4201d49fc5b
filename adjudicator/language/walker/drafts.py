"""The concepts the walk has found so far, and how they become `Concept` values.

A `Draft` is a concept being assembled (its tokens, forms and phrase grow as the walk meets
them); `Drafts` keeps them by head token, at most one per token, with the Words the intent
names as what is cast, and turns them into concepts in reading order at the end.
"""

from __future__ import annotations

from collections.abc import ValuesView
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.language.concepts import Concept, Role
from adjudicator.language.cues import ScopeKind
from adjudicator.language.walker.tokens import TokenFacts
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

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


class Drafts:
    """The concepts of one intent found so far, by head token, and the Words named as cast."""

    def __init__(self, doc: Doc, facts: TokenFacts) -> None:
        self.doc = doc
        self.facts = facts
        self.found: dict[int, Draft] = {}
        self.named: list[Word] = []

    def get(self, head: int) -> Draft | None:
        return self.found.get(head)

    def values(self) -> ValuesView[Draft]:
        return self.found.values()

    def claimed(self, token: Token) -> bool:
        return token.i in self.found

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
        if token.i in self.found:
            return self.found[token.i]
        facts = self.facts
        head_lemma = lemma or (forms[0] if forms else facts.lemma(token))
        draft = Draft(
            token.i, role, needs_word, reason or NEEDS.get(role, ""), head_lemma, facts.part(token)
        )
        draft.span = {token.i, *(t.i for t in span)}
        draft.forms = [*forms] if forms else [head_lemma]
        if head_lemma not in draft.forms:
            draft.forms.append(head_lemma)
        draft.phrase = {token.i, *(t.i for t in phrase), *(t.i for t in span)}
        draft.scope = scope
        own = facts.explicit(token)
        draft.explicit = (own,) if own is not None else ()
        self.found[token.i] = draft
        return draft

    def concepts(self) -> tuple[Concept, ...]:
        """The drafts as concepts, in reading order."""
        order = sorted(self.found.values(), key=lambda d: (min(d.span), d.head))
        index_of = {d.head: i for i, d in enumerate(order)}
        made: list[Concept] = []
        for draft in order:
            start, end = self.char_span(draft.span)
            text = self.facts.prepared.original[start:end]
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
        return self.facts.prepared.span(first.idx, last.idx + len(last.text))

    def text_of(self, tokens: set[int]) -> str:
        """The tokens in order, as the intent spells them (spaces as written)."""
        pieces = []
        for i in sorted(tokens):
            token = self.doc[i]
            if token.pos_ == "PUNCT" and token.text not in "-'":
                continue
            pieces.append(token.text + (token.whitespace_ if i + 1 in tokens else " "))
        return "".join(pieces).strip()
