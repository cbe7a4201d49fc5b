"""Every threshold and weight of precedent retrieval and conflict detection, in one place.

Calibrated on ../shared/benchmarks/wop-dev/precedent.jsonl only (21 cases: the dev set the
issue measures its goals on; nothing else was looked at). "Cosine" is the cosine of two
all-MiniLM-L6-v2 sentence embeddings (unit vectors; unrelated English sentences sit near
0.0-0.3). The pairs that matter on dev are those that pass the Word-set test and are not
released by a policy: 14 same-situation pairs (the gold conflicts) and 4 that are not.
Each value says what it is and how it was chosen. How they hold on data they were not
tuned on (wop-voices, training/author-e; leave one source out): docs/accuracy.md, from
`models/eval_precedent_folds.py`.
"""

from __future__ import annotations

# -- the same situation ------------------------------------------------------------------------

#: Two intents can be "the same" only from this intent cosine up. On dev the 14 gold pairs
#: sit at 0.44-0.89 (lowest: "soar up onto the belfry roof" / "fly up to the top of the bell
#: tower", 0.44); the same-Words pairs that are different situations and that no scope or
#: effect test catches sit at 0.34 and below ("make a glow so I can peer into the cistern" /
#: "conjure a blinding flash right in the goblin's eyes"). 0.40 is the midpoint, rounded.
SAME_COSINE = 0.40
#: Width of the ramp from cosine to confidence: 0.5 at `SAME_COSINE`, 1.0 at
#: `SAME_COSINE + CONFIDENCE_RAMP` (0.70: a paraphrase, "unlock the paymaster's coffer" /
#: "spring the lock on the paymaster's coffer" is 0.89).
CONFIDENCE_RAMP = 0.30
#: A conflict is reported (and `ruling add` refuses) from this confidence up: below it the
#: tool stays silent ("Silence when unsure beats a false accusation"). 0.5 is the
#: confidence at `SAME_COSINE`, so the two say the same thing.
REPORT_CONFIDENCE = 0.5
#: When the parse finds a scope kind in one intent only but the veto names the Words it
#: lacks and none of them is of that kind, the veto is about something else and the pair
#: may still be the same situation; the confidence is multiplied by this (one dev pair:
#: "corrode the gate's iron chain until it gives way", vetoed for [Break], where the parse
#: reads "until it gives way" as a duration). 0.85 keeps that pair (cosine 0.48) just above
#: `REPORT_CONFIDENCE`; it says "less sure", it is not fitted further.
EXCUSED_SCOPE_FACTOR = 0.85
#: Two effects are the same change from this cosine up (effect texts: "wake up" / "sleep" is
#: 0.67, a different change; "restrain" / "bind" 0.77 are matched one-to-one before this
#: applies). An effect of one intent with no partner this close is an extra effect.
EFFECT_SAME = 0.80

# -- how many candidates are read ------------------------------------------------------------

#: At most this many Word-set candidates (most similar first) are parsed per check: a parse
#: costs ~5 ms, and a candidate below `SAME_COSINE` can never conflict.
MAX_READ = 8

# -- retrieval ranking -------------------------------------------------------------------------

#: The hybrid score of a ruling for a query: semantic (intent cosine, floored at 0), lexical
#: (FTS5 bm25 over intent, Words and notes, scaled so the best hit is 1; token overlap in the
#: evaluation) and Word overlap (Jaccard of the Word sets, a Word whose declared sense
#: differs counting as another Word). Meaning leads because wording differs between
#: rulings; Words break ties between near paraphrases. On dev every gold precedent ranks
#: first with these weights (0.5-0.8 semantic all do).
WEIGHT_SEMANTIC = 0.6
WEIGHT_LEXICAL = 0.2
WEIGHT_WORDS = 0.2
#: FTS5 hits fetched per query (best bm25 first); rulings beyond score 0 lexically.
LEXICAL_POOL = 200
#: Query terms sent to FTS5, the rarest in the campaign first. Matching is an OR of terms
#: and bm25 scores every ruling that matches any of them: at 100,000 rulings (the benchmark)
#: an unfiltered ten-term query took ~45 ms p50; six terms each in at most 1% of the
#: rulings, 2.8 ms p50 / 8 ms p95 (5%: 4 ms / 32 ms). The rare terms are the ones that
#: rank: a common term's bm25 weight is near zero anyway.
LEXICAL_TERMS = 6
#: Terms in more than this share of the rulings are left out of the FTS5 query ("target",
#: "creature" in a campaign of spell texts), unless no other term is left; a term in at most
#: `COMMON_FLOOR` rulings is always kept (a small campaign has no common terms to fear).
COMMON_SHARE = 0.01
COMMON_FLOOR = 100
#: FTS5 column weights for bm25: intent, Words, missing Words, notes.
BM25_WEIGHTS = (1.0, 0.75, 0.25, 0.25)
#: How many closest precedents `ruling add` and `spell check` show for reference.
NEIGHBOURS = 3
#: ...and only those whose hybrid score reaches this: a "close precedent". Unrelated intents
#: sit at cosine 0.0-0.3, so meaning alone gives them at most 0.18; to reach 0.30 a ruling
#: must also share Words or wording (the rulebook's "[Decrease] [Speech]" mute ruling scores
#: 0.8+ for "make this guy stop talking"), or mean nearly the same (cosine 0.5). Below it the
#: check says "no close precedent" rather than list a ruling at 0.13 as if it mattered.
CLOSE_PRECEDENT = 0.30
