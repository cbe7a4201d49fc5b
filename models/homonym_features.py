"""What the learned homonym scorer sees of a word: numbers read off its inventory meanings and
WordNet's topic files (lexicographer files) of their senses.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck"). A homonym has two *unrelated, everyday* meanings (Lead: the metal, to
guide); related senses of one concept (Fire as flames or as gunfire) are not. The inventory's
meanings carry the evidence: how often the sense-tagged corpus uses each (`tags`), how much
WordNet builds on it (`relations`), and its glosses, which for a derived sense name the word
itself ("the act of firing weapons", "to kill by throwing stones at"), and WordNet files each
sense under a topic: two concrete meanings in different topics (Bat: noun.animal and
noun.artifact) are two words; a person or a state named after the thing (Fox: a sly person) is
a figure of speech. Build time only (models/train_homonyms.py): the package ships the
decisions, so `deck submit` needs no WordNet, spaCy or torch.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from adjudicator.language.inventory import Meaning

#: the features, in the order the shipped weights use them.
NAMES = (
    "meanings",
    "established",
    "common",
    "top_tags",
    "second_tags",
    "top_relations",
    "second_relations",
    "share_ratio",
    "second_mentions",
    "mentioning",
    "unrelated_pair",
    "total_tags",
    "noun_verb",
    "adjective",
    "overlap",
    "second_person",
    "top_concrete",
    "top_abstract",
    "second_concrete",
    "second_abstract",
    "second_verb",
    "concrete_topics",
    "concrete_pair",
    "person_meaning",
)

#: WordNet topic files of things a player could hold, meet or point at.
CONCRETE = frozenset(
    {"noun.animal", "noun.plant", "noun.artifact", "noun.food", "noun.object", "noun.substance",
     "noun.body", "noun.location", "noun.phenomenon", "noun.time"}
)  # fmt: skip

_WORD = re.compile(r"[a-z]+")
_STOP = frozenset(
    {"a", "an", "the", "of", "or", "and", "to", "in", "on", "at", "by", "for", "with", "as",
     "from", "that", "which", "who", "is", "be", "its", "it", "something", "someone",
     "somebody", "one", "used", "especially", "usually", "any"}
)  # fmt: skip
_PERSON = frozenset({"person", "man", "woman", "adult", "worker", "expert", "leader"})


def mentions(meaning: Meaning, lemma: str) -> bool:
    """A meaning defined through the word itself ("the act of firing weapons") is an extension
    of another meaning, not a second word."""
    stem = lemma[:-1] if lemma.endswith("e") and len(lemma) > 3 else lemma
    pattern = re.compile(r"\b(?:" + re.escape(lemma) + "|" + re.escape(stem) + r")[a-z]{0,3}\b")
    texts = (meaning.description, *meaning.glosses)
    return any(pattern.search(text.lower()) for text in texts)


def _content(meaning: Meaning) -> set[str]:
    text = " ".join((meaning.description, *meaning.glosses, *meaning.hypernyms))
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def by_use_key(meaning: Meaning) -> tuple[int, int, float]:
    """Meanings most used first: corpus tags, then WordNet's elaborations, then weight."""
    return (-meaning.tags, -meaning.relations, -meaning.share)


def features(word: str, meanings: Sequence[Meaning], topics: Sequence[str]) -> tuple[float, ...]:
    """The numbers `NAMES` lists, for a word with at least two inventory meanings; `topics`
    are the WordNet topic files of each meaning's heaviest sense ("noun.animal")."""
    lemma = "_".join(word.strip().lower().split())
    order = sorted(range(len(meanings)), key=lambda i: by_use_key(meanings[i]))
    ordered = [meanings[i] for i in order]
    topic = {id(meanings[i]): topics[i] for i in order}
    top, second = ordered[0], ordered[1]
    mentioning = [mentions(m, lemma) for m in ordered]
    independent = [m for m, said in zip(ordered, mentioning, strict=True) if not said]
    pair = math.log1p(independent[1].tags) if len(independent) >= 2 else 0.0
    words_top, words_second = _content(top), _content(second)
    used = [m for m in ordered if m.tags >= 1 or m.relations >= 1]
    concrete = {topic[id(m)] for m in used if topic[id(m)] in CONCRETE}
    union = words_top | words_second
    return (
        math.log(len(meanings)),
        float(sum(1 for m in meanings if m.tags >= 1 or m.relations >= 1)),
        float(sum(1 for m in meanings if m.tags >= 3)),
        math.log1p(top.tags),
        math.log1p(second.tags),
        math.log1p(top.relations),
        math.log1p(second.relations),
        second.share / top.share if top.share else 0.0,
        float(mentioning[1]),
        sum(mentioning) / len(mentioning),
        pair,
        math.log1p(sum(m.tags for m in meanings)),
        float({top.pos, second.pos} == {"n", "v"} or "nv" in (top.pos, second.pos)),
        float("a" in top.pos + second.pos),
        len(words_top & words_second) / len(union) if union else 0.0,
        float(bool(_PERSON & {h.split()[-1] for h in second.hypernyms})),
        float(topic[id(top)] in CONCRETE),
        float(topic[id(top)].startswith("noun.") and topic[id(top)] not in CONCRETE),
        float(topic[id(second)] in CONCRETE),
        float(topic[id(second)].startswith("noun.") and topic[id(second)] not in CONCRETE),
        float(topic[id(second)].startswith("verb.")),
        float(len(concrete)),
        float(len(concrete) >= 2),
        float(any(topic[id(m)] == "noun.person" for m in used)),
    )
