"""Retrieval scores: content tokens, Word-set overlap and the weighted total of a hit.

Pure: the evaluation uses token overlap where a live ledger uses FTS5 (`store`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.precedent import thresholds as limits
from adjudicator.precedent.cases import same_word
from adjudicator.rules.words import Word

#: Words that carry no content for lexical matching.
STOPWORDS = frozenset(
    {
        "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into",
        "onto", "and", "or", "but", "so", "as", "is", "are", "be", "it", "its", "this", "that",
        "these", "those", "my", "our", "your", "his", "her", "their", "them", "him", "me", "i",
        "we", "you", "they", "can", "could", "would", "will", "make", "made", "use", "cast",
        "let",
    }
)  # fmt: skip
_TOKEN = re.compile(r"[a-z0-9]+")


def content_tokens(text: str) -> frozenset[str]:
    """Lower-case content tokens, crudely stemmed (plural s, -ing, -ed), for token overlap."""
    stems = set()
    for token in _TOKEN.findall(text.lower()):
        if token in STOPWORDS or len(token) < 2:
            continue
        for suffix in ("ing", "ed", "es", "s"):
            if token.endswith(suffix) and len(token) - len(suffix) >= 3:
                token = token[: -len(suffix)]
                break
        stems.add(token)
    return frozenset(stems)


def token_overlap(a: str, b: str) -> float:
    """Jaccard overlap of content tokens: the evaluation's lexical score (FTS5 stands in
    for it in a live ledger)."""
    x, y = content_tokens(a), content_tokens(b)
    return len(x & y) / len(x | y) if x and y else 0.0


def word_overlap(a: Sequence[Word], b: Sequence[Word]) -> float:
    """Jaccard overlap of two Word sets; a Word declared with another meaning is another
    Word."""
    if not a or not b:
        return 0.0
    shared = sum(1 for word in dict.fromkeys(a) if any(same_word(word, o) for o in b))
    total = len({w.text for w in a} | {w.text for w in b})
    return shared / total if total else 0.0


@dataclass(frozen=True)
class Scores:
    """Why a ruling ranked where it did: each component and the weighted total."""

    semantic: float
    lexical: float
    words: float

    @property
    def total(self) -> float:
        return (
            limits.WEIGHT_SEMANTIC * max(self.semantic, 0.0)
            + limits.WEIGHT_LEXICAL * self.lexical
            + limits.WEIGHT_WORDS * self.words
        )

    def to_dict(self) -> dict[str, float]:
        return {
            "total": round(self.total, 4),
            "semantic": round(self.semantic, 4),
            "lexical": round(self.lexical, 4),
            "words": round(self.words, 4),
        }

    def why(self) -> str:
        return (
            f"meaning {self.semantic:.2f} x{limits.WEIGHT_SEMANTIC:g}, "
            f"wording {self.lexical:.2f} x{limits.WEIGHT_LEXICAL:g}, "
            f"Words {self.words:.2f} x{limits.WEIGHT_WORDS:g}"
        )
