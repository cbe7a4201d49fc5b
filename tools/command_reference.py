"""The command reference in Markdown, generated from the CLI's own definitions.

`docs/commands.md` is this script's output (`make docs`, or `python -m tools.command_reference`);
`tests/cli/test_reference.py` fails when it is stale.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import typer

from adjudicator.cli import app


def command_reference(app: typer.Typer) -> str:
    """Every command and group of `app`, with its help, example and options."""
    root = typer.main.get_command(app)
    lines = [
        "# Command reference",
        "",
        "Generated from the CLI's own help by `make docs`; do not edit by hand.",
        "Every command also takes `-h`/`--help`.",
        "",
    ]
    for path, command in _walk(root, ["adjudicator"]):
        lines += _section(path, command)
    return "\n".join(lines).rstrip() + "\n"


def _walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    yield path, command
    if hasattr(command, "list_commands"):
        context = typer.Context(command)
        for name in command.list_commands(context):
            yield from _walk(command.get_command(context, name), [*path, name])


def _section(path: list[str], command: Any) -> list[str]:
    level = "#" * min(len(path) + 1, 4)
    lines = [f"{level} `{' '.join(path)}`", ""]
    for paragraph in (command.help or "").strip().split("\n\n"):
        text = " ".join(paragraph.split())
        if text.startswith("Example:"):
            lines += ["```sh", f"$ {text.removeprefix('Example:').strip()}", "```", ""]
        elif text:
            lines += [text, ""]
    params = [p for p in command.params if p.name not in ("help",) and not p.hidden]
    if params:
        lines += ["| argument or option | meaning | default |", "|---|---|---|"]
        lines += [_param_row(param) for param in params]
        lines.append("")
    if hasattr(command, "list_commands"):
        names = command.list_commands(typer.Context(command))
        lines += ["Commands: " + ", ".join(f"`{name}`" for name in names), ""]
    return lines


def _param_row(param: Any) -> str:
    if param.param_type_name == "argument":
        name = f"`{param.name.upper()}`"
    else:
        flags = ", ".join(f"`{flag}`" for flag in [*param.opts, *param.secondary_opts])
        name = flags if param.is_flag else f"{flags} `{param.name.upper()}`"
    meaning = (param.help or "").replace("|", "\\|")
    if getattr(param, "envvar", None):
        meaning += f" (env `{param.envvar}`)"
    default = "required" if param.required else _default(param.default)
    return f"| {name} | {meaning} | {default} |"


def _default(value: Any) -> str:
    if value is None or value is False or value == () or value == []:
        return ""
    return f"`{value}`"


def main() -> None:
    sys.stdout.write(command_reference(app))


if __name__ == "__main__":
    main()
