"""Fixtures of the table's tests: the campaign (built once, copied per test), its tokens,
and the app over it with the session's models."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from adjudicator.language.models import Models
from adjudicator.table.access import Tokens, load_tokens
from adjudicator.table.app import create_app
from adjudicator.table.service import TableConfig, TableService
from tests.table.campaign import build_campaign


@pytest.fixture(scope="session")
def built_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_campaign(tmp_path_factory.mktemp("table") / "campaign.sqlite")


@pytest.fixture
def ledger_file(built_campaign: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(built_campaign, path)
    return path


@dataclass(frozen=True)
class Table:
    """A test's table: its ledger, tokens, service and an HTTP client for each role."""

    ledger: Path
    tokens: Tokens
    service: TableService
    client: TestClient

    def headers(self, who: str) -> dict[str, str]:
        token = self.tokens.storyteller if who == "storyteller" else self.tokens.players[who]
        return {"Authorization": f"Bearer {token}"}

    def get(self, who: str, path: str) -> tuple[int, object]:
        response = self.client.get(path, headers=self.headers(who))
        return response.status_code, response.json()

    def post(self, who: str, path: str, body: object) -> tuple[int, object]:
        response = self.client.post(path, json=body, headers=self.headers(who))
        return response.status_code, response.json()


@pytest.fixture
def table(ledger_file: Path, models: Models) -> Iterator[Table]:
    tokens = load_tokens(ledger_file, ["Ann", "Bram"])
    config = TableConfig(ledger=ledger_file, tokens=tokens, models=models, local_token="local-x")
    service = TableService(config)
    with TestClient(create_app(config, service), base_url="http://127.0.0.1") as client:
        yield Table(ledger_file, tokens, service, client)
