"""An outbound control request's side of the session: the slot its waiter waits on, and how a refusal of
a request the CLI does not know reads."""

from __future__ import annotations

from typing import Any

import trio

from ..model import ControlError


class Pending:
    """What an outbound request's waiter needs: the slot of the request in the connection's table."""

    __slots__ = ("done", "error", "response", "subtype")

    def __init__(self, subtype: str | None) -> None:
        self.subtype = subtype
        self.done = trio.Event()
        self.response: Any = None
        self.error: BaseException | None = None


def is_unsupported(error: ControlError) -> bool:
    """Whether the CLI refused a request it does not know (CLI 2.1.197 sends no ``error_code``)."""
    return error.error_code == "unsupported_request" or error.error.startswith(
        "Unsupported control request subtype"
    )
