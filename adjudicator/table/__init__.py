"""The table server: one process that keeps the models warm and serves the Storyteller's
screen and every player's phone from the campaign ledger, with live updates.

Thin, like `cli/`: `service` calls the same library functions the CLI commands call;
`app` is the FastAPI routing, `live` the change feed, `access` the links' tokens, `runfile`
the file that tells the CLI a table is running, `client` the CLI's side of it (standard
library only, so a forwarded command never imports torch or spaCy).
"""
