"""The cross-reader: the shipped MiniLM, fine-tuned to read a spell's Words and its intent
together and say which words of the intent no Word covers.

The judge's networks (`judge.py`) see a token and one Word set at a time, through features:
cosines, the rules' links, the token's contextual vector from the intent alone. The
cross-reader attends across both texts at once ("Become Speech [SEP] make the guard tell the
truth"), so what a word needs is read from this intent and these Words, not from how often
the word was uncovered elsewhere. Its P(missing) for each content token is averaged with the
networks' (`Judge.judge`); the networks still say which Words cover a word.

The weights (`data/reader.npz`, written by `models/train_reader.py` on the same cases as the
judge) hold what fine-tuning changed: the transformer's layers in float16 and a linear head.
The word-piece embeddings are the shipped encoder's, so the network is the loaded encoder's
transformer, copied once (its embeddings shared), with its layers replaced.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from adjudicator.language.intent import CONTEXT_PIECES
from adjudicator.language.models import ModelError

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from adjudicator.language.models import Models

#: Word pieces of a spell's Words and intent read (the rest of the intent is cut), as the
#: judge's contextual vectors read it.
MAX_PIECES = CONTEXT_PIECES
HEAD = ("head.weight", "head.bias")


class CrossReader:
    """The fine-tuned network of one process, built on first use from the loaded encoder."""

    def __init__(self, models: Models, arrays: Mapping[str, NDArray[Any]]) -> None:
        self.models = models
        self._arrays = dict(arrays)
        if any(name not in self._arrays for name in HEAD):
            raise ModelError(
                "the cross-reader's weights have no head (retrain: models/train_reader.py)"
            )

    @cached_property
    def _network(self) -> tuple[Any, Any, Any]:
        import torch  # lazy: heavy import

        base: Any = self.models.encoder[0].auto_model
        # the copy shares the word-piece embeddings (not fine-tuned) instead of copying them
        shared = {id(t): t for t in base.embeddings.state_dict(keep_vars=True).values()}
        encoder: Any = copy.deepcopy(base, memo=shared)
        layers = {
            name.removeprefix("encoder."): torch.from_numpy(value.astype(np.float32))
            for name, value in self._arrays.items()
            if name.startswith("encoder.")
        }
        unknown = set(layers) - set(encoder.state_dict())
        if unknown:
            raise ModelError(
                f"the cross-reader's weights name layers MiniLM lacks: {sorted(unknown)[:3]}"
            )
        encoder.load_state_dict(layers, strict=False)
        encoder.eval()
        weight, bias = (torch.from_numpy(self._arrays[n].astype(np.float32)) for n in HEAD)
        self._arrays.clear()  # loaded: the float16 copies are not needed again
        return encoder, weight, bias

    def missing(
        self, words: Sequence[str], text: str, spans: Sequence[Sequence[int]]
    ) -> NDArray[np.float32]:
        """P(missing) of each span (`start`, `end`: characters of `text`) of the intent, read
        with the spell's Words; a span the reader cannot see (cut off) gets 0.5.

        The order a player lists the Words in says nothing about what they cover, but the
        network reads them as a sentence: [Ball] [Fire] and [Fire] [Ball] read "trap a
        balloon with fire" differently. So the Words are read in their order and reversed,
        in one batch, and the two readings averaged: a spell of two Words reads the same
        either way."""
        import torch  # lazy: heavy import

        if not spans:
            return np.zeros(0, dtype=np.float32)
        encoder, weight, bias = self._network
        # both orders hold the same word pieces, so the two rows are as long
        orders = [list(words), list(reversed(words))] if len(words) > 1 else [list(words)]
        read = [encoded(self.models.encoder.tokenizer, order, text, spans) for order in orders]
        with torch.inference_mode():
            hidden = encoder(
                input_ids=torch.tensor([ids for ids, _, _ in read]),
                token_type_ids=torch.tensor([types for _, types, _ in read]),
            ).last_hidden_state
            logits = (hidden @ weight.T + bias)[..., 0].numpy()
        chance = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
        result = np.full(len(spans), 0.5, dtype=np.float32)
        for i in range(len(spans)):
            pieces = [first[i] for _, _, first in read]
            if None not in pieces:
                result[i] = np.mean([chance[row, piece] for row, piece in enumerate(pieces)])
        return result


def encoded(
    tokenizer: Any, words: Sequence[str], text: str, spans: Sequence[Sequence[int]]
) -> tuple[list[int], list[int], list[int | None]]:
    """The pair the cross-reader reads (the Words, then the intent, cut at `MAX_PIECES`): its
    piece ids, segment ids, and the first piece of the intent inside each span (None where
    the span was cut off). Training (`models/train_reader.py`) reads with this too."""
    found = tokenizer(
        " ".join(words), text, return_offsets_mapping=True, truncation="only_second",
        max_length=MAX_PIECES,
    )  # fmt: skip
    sequence = found.sequence_ids()
    intent = [(i, a, b) for i, (a, b) in enumerate(found["offset_mapping"]) if sequence[i] == 1]
    first = [next((i for i, a, b in intent if a < end and b > start), None) for start, end in spans]
    return list(found["input_ids"]), list(found["token_type_ids"]), first
