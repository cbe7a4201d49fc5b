"""`python -m adjudicator` runs the CLI."""

from adjudicator.cli import main

main()
