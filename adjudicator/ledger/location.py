"""Where the campaign ledger is: `--ledger`, else `$ADJUDICATOR_LEDGER`, else ./campaign.sqlite.

Apart from `database` so that finding a ledger loads no sqlite-utils: a command that a
running table answers (`spell check`) finds its ledger, forwards, and opens nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

#: The ledger used when neither `--ledger` nor the environment names one.
DEFAULT_LEDGER = Path("campaign.sqlite")
#: The environment variable that names the ledger when `--ledger` is not given.
LEDGER_ENV = "ADJUDICATOR_LEDGER"


def resolve_path(explicit: str | Path | None, environ: Mapping[str, str]) -> Path:
    """`--ledger PATH`, else `ADJUDICATOR_LEDGER`, else `campaign.sqlite` here."""
    if explicit is not None and str(explicit).strip():
        return Path(explicit).expanduser()
    from_env = environ.get(LEDGER_ENV, "").strip()
    if from_env:
        return Path(from_env).expanduser()
    return DEFAULT_LEDGER
