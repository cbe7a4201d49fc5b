"""Every number the homonym detector (`adjudicator.language.homonyms`) uses, in one place.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck"). The shipped inventory (`models/build_senses.py`) gives each candidate
word its coarse meanings, with the evidence that a player would think of each. A meaning is
*established* when the language evidently uses it: the sense-tagged corpus uses it, or WordNet
builds other concepts on it. A figure of speech usually has neither ("an ocean of debt", "a
wolf" for a womaniser, "to wolf" one's food), so Ocean and Wolf are no homonyms; Cricket (the
insect; the game, with its ten topic terms) and Punch (the blow; the drink, with its eight
kinds) are.

Calibrated on ../shared/benchmarks/wop-dev/homonyms.jsonl (dev) only: the values are the plain
"any evidence counts" ones, not searched for, and dev confirmed them (F1 0.875 with every
inventory meaning counted -> 0.913; left: Gravity's solemn manner, Freeze's "stop moving" and
Arrow's mark are used in the corpus, Swap's computing sense has a kind of its own). The
held-out homographs/homonyms.jsonl is reported, never tuned on (accuracy 0.83 -> 0.67: "sow"
the hog, a "console" table, a "rodeo" pen are neither tagged in SemCor nor elaborated).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HomonymThresholds:
    """When a Word's meanings make it a homonym (wop-dev/homonyms.jsonl)."""

    #: a meaning that SemCor (WordNet's `cntlist.rev`) tags at least this often is established.
    min_tags: int = 1
    #: ... or one on which WordNet builds at least this many concepts: kinds, parts, members,
    #: wholes, topic terms, a head adjective's satellites (`Meaning.relations`).
    min_relations: int = 1
    #: a Word with at least this many established meanings is a homonym.
    min_meanings: int = 2


DEFAULT = HomonymThresholds()
