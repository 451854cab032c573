"""Errors whose message is safe to show a consultant; details go to logs only."""

from __future__ import annotations


class WizardError(Exception):
    """Base error: ``str(error)`` is a plain sentence a consultant can act on."""


class ContentError(WizardError):
    """A content file (form or knowledge) is missing or invalid."""


class InputError(WizardError):
    """The consultant's input (message, file, value) cannot be used as given."""


class ProjectNotFound(WizardError):
    """No project with the requested id exists in the store."""


class StorageError(WizardError):
    """The project store could not be read or written."""


class CorruptStoreError(StorageError):
    """A stored project file cannot be read; the message names the file."""


class ConflictError(StorageError):
    """The project was saved by someone else since it was loaded."""


class AdvisorError(WizardError):
    """The advisor could not be reached or did not answer usefully."""


class InvalidReplyError(AdvisorError):
    """The advisor answered, but its reply does not fit the response format.

    ``raw`` keeps the reply as received, for logs only.
    """

    def __init__(self, message: str, raw: object = None) -> None:
        super().__init__(message)
        self.raw = raw


class TurnCancelled(AdvisorError):
    """The consultant cancelled the turn while the model was answering; nothing was changed."""
