"""The one exception hierarchy: every error the tool reports to a user derives from here."""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Base of every error the adjudicator raises on purpose.

    `hint` is an optional second line telling the user what to do about it.
    """

    hint: str | None = None

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        if hint is not None:
            self.hint = hint

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else type(self).__name__


class InvalidInput(AdjudicatorError):
    """Input that cannot be understood: malformed dice, Words, numbers."""
