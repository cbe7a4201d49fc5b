"""Fixtures shared by the whole suite, and what keeps it fast on a small box: one torch
thread, the models and the packaged word data read once per session, the CLI built once."""

import os

# Before anything imports torch: one intra-op thread. On a busy 2-core machine torch's default
# (a thread per core, spinning while it waits) made the encoder ~5x slower in wall time and
# ~6x in CPU time. Set here, it also reaches the processes tests start (serve, demo, CLI).
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from collections.abc import Iterator
from functools import cache, cached_property
from typing import Any

import pytest
import typer.main
import typer.testing
from hypothesis import settings

from adjudicator.cli._models import shared_models
from adjudicator.language import lexicon
from adjudicator.language.inventory import SenseInventory
from adjudicator.language.models import Models

# Property tests: enough examples to reach the edge cases the strategies aim at, no more
# (HYPOTHESIS_PROFILE=thorough for a long hunt).
settings.register_profile("ci", max_examples=50, deadline=None)
settings.register_profile("thorough", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def models() -> Models:
    """One set of language models for the whole test session, the very instance the CLI's
    commands use (`shared_models`), so CLI tests never load a second copy; each model loads
    on first use."""
    return shared_models()


@pytest.fixture(scope="session", autouse=True)
def _read_once_per_session() -> Iterator[None]:
    """What a real process builds or reads once, the tests' one process reads once too:

    - the click command of a Typer app (`CliRunner.invoke` rebuilds it from every signature
      on every call: ~0.1 s of CPU, thousands of times);
    - the packaged lexicon (`lexicon.load_data`, ~0.7 s) and sense inventory (~0.4 s), read
      anew by every `Coverage`, `deck submit` or `deck approve` of a test.

    Both are read-only data; a test that names its own inventory file still reads that."""
    built: dict[int, tuple[typer.Typer, Any]] = {}

    def command_of(app: typer.Typer) -> Any:
        if id(app) not in built:
            built[id(app)] = (app, typer.main.get_command(app))
        return built[id(app)][1]

    read = SenseInventory.__dict__["_data"].func
    packaged: list[dict[str, Any]] = []

    def inventory_data(self: SenseInventory) -> dict[str, Any]:
        if self._path is not None:
            data: dict[str, Any] = read(self)
            return data
        if not packaged:
            packaged.append(read(self))
        return packaged[0]

    once = cached_property(inventory_data)
    once.__set_name__(SenseInventory, "_data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", command_of)
        patch.setattr(lexicon, "load_data", cache(lexicon.load_data))
        patch.setattr(SenseInventory, "_data", once)
        yield
