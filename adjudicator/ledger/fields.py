"""Free text as the ledger stores it: trimmed, within documented limits, never with NULs.

Limits keep a ledger readable and its exports small: an intent is at most
`spells.MAX_INTENT_LENGTH` (1,000) characters, like every other spell's; the Storyteller's
notes, reasons and policy texts at most `MAX_TEXT` (2,000); titles and names `MAX_TITLE`.
"""

from __future__ import annotations

from adjudicator.errors import InvalidInput
from adjudicator.ledger.errors import TextTooLong

MAX_TEXT = 2000
MAX_TITLE = 200


def clean_text(value: str | None, field: str, limit: int = MAX_TEXT) -> str | None:
    """`value` trimmed, or None when it is empty; over `limit` characters is an error."""
    if value is None:
        return None
    if "\x00" in value:
        raise InvalidInput(f"the {field} contains a NUL character")
    text = value.strip()
    if len(text) > limit:
        raise TextTooLong(field, len(text), limit)
    return text or None


def required_text(value: str, field: str, limit: int = MAX_TEXT) -> str:
    """Like `clean_text`, but an empty value is an error."""
    text = clean_text(value, field, limit)
    if text is None:
        raise InvalidInput(f"the {field} cannot be empty")
    return text


def name_text(value: str, what: str, limit: int) -> str:
    """A person's or character's name: inner whitespace collapsed, not empty, within `limit`."""
    name = " ".join(value.split())
    if not name:
        raise InvalidInput(f"a {what} needs a name")
    if "\x00" in name:
        raise InvalidInput(f"the {what}'s name contains a NUL character")
    if len(name) > limit:
        raise TextTooLong(f"{what}'s name", len(name), limit)
    return name
