"""Fixtures shared by the whole suite."""

import pytest

from adjudicator.language.models import Models


@pytest.fixture(scope="session")
def models() -> Models:
    """One set of language models for the whole test session: each loads on first use."""
    return Models()
