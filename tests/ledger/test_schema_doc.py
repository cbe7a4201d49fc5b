"""`docs/ledger-schema.md` is generated from a fresh ledger and must match what it generates.

Issue 7: "`docs/` (Markdown): ... the ledger schema"; generated, so a schema change that is
not followed by `make docs` fails here instead of leaving the page wrong.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from pathlib import Path

import pytest

from adjudicator.ledger import migrations
from tests.ledger.helpers import new_ledger
from tools.schema_doc import DESCRIPTIONS, main, schema_markdown

DOC = Path(__file__).parents[2] / "docs" / "ledger-schema.md"


@pytest.fixture(scope="module")
def markdown() -> str:
    return schema_markdown()


def test_the_committed_schema_doc_is_current(markdown: str) -> None:
    """The file in `docs/` is exactly what the generator prints for today's migrations."""
    committed = DOC.read_text("utf-8") if DOC.exists() else ""
    if committed != markdown:
        diff = difflib.unified_diff(
            committed.splitlines(), markdown.splitlines(), "committed", "generated", lineterm=""
        )
        shown = "\n".join(list(diff)[:20])
        pytest.fail(f"docs/ledger-schema.md is stale: run `make docs`\n{shown}", pytrace=False)


def test_every_table_view_and_migration_of_a_fresh_campaign_is_documented(
    markdown: str, tmp_path: Path
) -> None:
    """What `init_campaign` creates, read back independently, each has its own section."""
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        objects = [
            (str(name), str(kind))
            for _, name, kind, *_ in ledger.conn.execute("PRAGMA main.table_list")
            if kind != "shadow" and not str(name).startswith("sqlite_")
        ]
        version = migrations.version(ledger.conn)
    headings = {
        name: (title, description)
        for name, title, description in re.findall(
            r"^### (\S+)(.*)\n\n(.+)$", markdown, re.MULTILINE
        )
    }
    assert {name for name, _ in objects} == set(headings)
    for name, kind in objects:
        title, description = headings[name]
        assert title == {"table": "", "view": " (view)", "virtual": " (virtual table)"}[kind]
        assert description == DESCRIPTIONS.get(name, description) and description.strip(), name
    for number, migration in enumerate(migrations.MIGRATIONS, start=1):
        assert f"| {number} | `{migration.name}` |" in markdown
    assert version == len(migrations.MIGRATIONS)
    assert f"the schema version, {version} for this code" in markdown


def test_the_intro_reports_the_pragmas_the_ledger_really_runs_under(markdown: str) -> None:
    """One file per campaign, WAL, foreign keys, FULL sync, busy timeout, append-only."""
    for fact in (
        "**Journal mode WAL**",
        "`foreign_keys = ON`",
        "`synchronous = FULL`",
        "`busy_timeout = 5000` ms",
        "`adjudicator ledger verify`",
        'aborts with "records are append-only: UPDATE is refused"',
    ):
        assert fact in markdown, fact


def _tomes(conn: sqlite3.Connection) -> None:
    """Tomes the party found: a test migration, appended the way a real one would be."""
    migrations.run_sql(
        conn,
        """
CREATE TABLE tomes (
    title TEXT NOT NULL CHECK (length(title) | 0 >= 1),
    pages TEXT NOT NULL CHECK (json_valid(pages)),
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE INDEX tomes_title ON tomes(title);
""",
    )
    migrations.chain_table(conn, "tome", "tomes", ("pages",))


def test_a_migration_appended_later_is_rendered_without_touching_the_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another issue appends a migration: the page shows it, its docstring and its table."""
    extra = migrations.Migration("0099_tomes", _tomes)
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, extra))
    page = schema_markdown()
    count = len(migrations.MIGRATIONS)
    assert f"| {count} | `0099_tomes` | Tomes the party found: a test migration" in page
    assert "`tomes`, `tomes_title` |" in page
    assert f"the schema version, {count} for this code" in page
    assert "### tomes\n\nMade by `0099_tomes`: Tomes the party found" in page
    assert "| `tome` | [`tomes`](#tomes) | `title`, `pages` | `pages` |" in page
    assert "`CHECK (length(title) \\| 0 >= 1)`" in page, "pipes in a cell are escaped"
    assert "- `tomes_title` on (title)" in page
    assert 'aborts with "tomes are append-only: DELETE is refused"' in page


def test_table_rows_have_as_many_cells_as_their_header(markdown: str) -> None:
    """A stray `|` (SQL's `||`) would break a Markdown table; every row keeps its shape."""
    width = 0
    for line in markdown.splitlines():
        if not line.startswith("|"):
            width = 0
            continue
        cells = len(re.findall(r"(?<!\\)\|", line))
        if width == 0:
            width = cells
        assert cells == width, line


def test_the_page_is_the_same_every_time_and_main_prints_it(
    markdown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No timestamps or temporary paths: the same schema always renders the same bytes."""
    main()
    assert capsys.readouterr().out == markdown
    assert "/tmp" not in markdown and "adjudicator-schema-" not in markdown
