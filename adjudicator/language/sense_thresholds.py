"""Every number the homonym sense checks use, in one place, each with where it was calibrated.

Calibrated on wop-dev/senses.jsonl (dev) and coarsewsd20/train.jsonl and
homographs/train.jsonl (train splits) only; never on a test or eval split.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SenseThresholds:
    """The knobs of `adjudicator.language.senses`."""

    #: words kept on each side of the homonym when the text is long (coarsewsd20 train).
    window: int = 12
    #: weight of the card's own description against the inventory's enriched text when both
    #: describe a sense (coarsewsd20 train, wop-dev).
    description_weight: float = 0.8
    #: a description is enriched from an inventory meaning only when their cosine is at
    #: least this: a wrong meaning hurts more than none (wop-dev, coarsewsd20 train).
    inventory_match: float = 0.7
    #: a spell check takes the inventory meaning closest to the card's declaration as the
    #: declared one when their cosine is at least this; the others compete (wop-dev).
    declaration_match: float = 0.3
    #: added to the cosine of a sense whose description names the word's part of speech in
    #: the text ("affect (verb)"), read by spaCy (homographs train).
    pos_bonus: float = 0.2
    #: softmax temperature turning cosines into probabilities: not tuned (argmax does not
    #: depend on it); 0.05 makes a cosine lead of 0.05 odds of e to 1.
    temperature: float = 0.05
    #: few-shot: the zero-shot log-probabilities are added to the examples' classifier with
    #: weight prior_examples / (number of examples): the card text counts as this many
    #: rulings (coarsewsd20 train, two folds: with hundreds of examples the prior only costs).
    prior_examples: float = 10.0
    #: few-shot classifier: L2 penalty and steps of the softmax regression (coarsewsd20 train).
    l2: float = 1e-3
    steps: int = 300
    learning_rate: float = 2.0
    #: a spell check flags another meaning only when its probability beats the declared one
    #: by this margin: silence when unsure beats a false accusation (wop-dev).
    flag_margin: float = 0.0
    #: "both at once": one part of the intent uses the declared meaning (beats every other)
    #: and another part uses another meaning with at least this share of the two's
    #: probability (set on the rulebook's [Lead] [Person] example; wop-dev has no such case).
    both_confidence: float = 0.6


DEFAULT = SenseThresholds()
