"""Who may do what at the table: the secret tokens of the Storyteller's and players' links.

The tokens live in a file beside the ledger (`campaign.sqlite.table-tokens`), readable by
its owner only (mode 0600), not in the ledger: the ledger is the campaign's shared record
(exported, copied, handed round), its records can never be removed, and a secret in it
would outlive every rotation. A token is `secrets.token_urlsafe(24)`; presented tokens are
compared with `hmac.compare_digest` against every known one, so timing tells nothing.
"""

from __future__ import annotations

import enum
import hmac
import json
import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from adjudicator.errors import AdjudicatorError

#: The file mode of the tokens file and the server's run file: the owner reads and writes.
PRIVATE = 0o600


class Forbidden(AdjudicatorError):
    """A token that may not do this (a player ruling, moving another's unit, ...)."""


class NotSignedIn(AdjudicatorError):
    """No token, or one this table does not know."""


class Role(enum.Enum):
    STORYTELLER = "storyteller"
    PLAYER = "player"


@dataclass(frozen=True)
class Access:
    """Whose link a request came with: the Storyteller's (everything) or a player's."""

    role: Role
    player: str | None = None

    @property
    def is_storyteller(self) -> bool:
        return self.role is Role.STORYTELLER

    def require_storyteller(self, action: str) -> None:
        if not self.is_storyteller:
            raise Forbidden(f"only the Storyteller may {action}")

    def require_player(self, player: str, action: str) -> None:
        """The Storyteller, or the player named."""
        if self.is_storyteller:
            return
        if self.player is None or self.player.casefold() != player.casefold():
            raise Forbidden(f"a player may {action} only for themselves, not for {player}")

    def to_dict(self) -> dict[str, str | None]:
        return {"role": self.role.value, "player": self.player}


@dataclass(frozen=True)
class Tokens:
    """The Storyteller's token and one per player (names as the ledger spells them)."""

    storyteller: str
    players: Mapping[str, str] = field(default_factory=dict)

    def identify(self, presented: str | None, *extra: tuple[str, Access]) -> Access | None:
        """The access a presented token grants, or None. Every known token is compared,
        in constant time each, whatever matches first."""
        if not presented:
            return None
        given = presented.encode()
        found: Access | None = None
        candidates = [
            (self.storyteller, Access(Role.STORYTELLER)),
            *((token, Access(Role.PLAYER, name)) for name, token in self.players.items()),
            *extra,
        ]
        for token, access in candidates:
            if hmac.compare_digest(token.encode(), given) and found is None:
                found = access
        return found

    def links(self, base_url: str) -> dict[str, object]:
        """`{"storyteller": URL, "players": {NAME: URL}}`: each link carries its token."""
        base = base_url.rstrip("/")
        return {
            "storyteller": f"{base}/?token={quote(self.storyteller)}",
            "players": {
                name: f"{base}/?token={quote(token)}" for name, token in self.players.items()
            },
        }

    def to_dict(self) -> dict[str, object]:
        return {"storyteller": self.storyteller, "players": dict(self.players)}


def tokens_path(ledger: Path) -> Path:
    return ledger.with_name(ledger.name + ".table-tokens")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def load_tokens(ledger: Path, players: Sequence[str], *, rotate: bool = False) -> Tokens:
    """The table's tokens for this ledger, made on first use: a token for each player of
    `players` who has none yet. `rotate` replaces every token (old links stop working)."""
    path = tokens_path(ledger)
    stored: Tokens | None = None if rotate else _read(path)
    storyteller = stored.storyteller if stored is not None else new_token()
    known = dict(stored.players) if stored is not None else {}
    tokens = Tokens(storyteller, {name: known.get(name) or new_token() for name in players})
    if tokens != stored:
        write_private(path, json.dumps(tokens.to_dict(), indent=2) + "\n")
    return tokens


def read_tokens(ledger: Path) -> Tokens | None:
    """The tokens stored for `ledger`, or None when it has none yet."""
    return _read(tokens_path(ledger))


def _read(path: Path) -> Tokens | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        players = {str(k): str(v) for k, v in dict(data["players"]).items()}
        return Tokens(str(data["storyteller"]), players)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        raise AdjudicatorError(
            f"{path} is not a table tokens file",
            hint="make new links (old ones stop working): adjudicator table links --rotate",
        ) from None


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` readable by the owner only, atomically (a temporary file
    created with mode 0600, then renamed over `path`)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, PRIVATE)  # whatever the umask
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise AdjudicatorError(f"cannot write {path}: {error.strerror or error}") from None
