"""`adjudicator models verify`: are the pinned language models installed and intact?"""

from __future__ import annotations

import typer
from rich.table import Table

from adjudicator.cli._options import JsonOption
from adjudicator.cli._output import console, print_json
from adjudicator.language.models import load_manifest

app = typer.Typer(help="The language models the tool uses.", no_args_is_help=True)


@app.command("verify")
def verify_command(as_json: JsonOption = False) -> None:
    """Check every model package's version and the sha256 of each model file.

    Example: adjudicator models verify
    """

    manifest = load_manifest()
    checked = [(spec, spec.verify()) for spec in manifest.values()]  # raises on the first fault
    if as_json:
        print_json(
            [
                {"model": s.key, "package": s.package, "version": s.version,
                 "files": len(s.files), "folder": str(folder), "ok": True}
                for s, folder in checked
            ]
        )  # fmt: skip
        return
    table = Table("model", "package", "version", "files", "status", title="Language models")
    for spec, _ in checked:
        table.add_row(spec.key, spec.package, spec.version, str(len(spec.files)), "[green]ok[/]")
    console().print(table)
