"""The messages a session watches to keep its state, and what it reads from them."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from .. import model, wire
from ..model import (
    CommandsChangedMessage,
    FrozenList,
    InitMessage,
    JSONObject,
    ResultMessage,
    SessionStateChangedMessage,
    SlashCommand,
    UnknownMessage,
)

logger = logging.getLogger("trio_claude.runtime")

# Messages that change the session's state (the rest are only queued for the consumer).  An unknown
# message is watched too: a `result` line that does not fit ResultMessage still ends its turn.  A session
# with a store watches its mirror's frames too (`SessionCore.watched`): their class loads on first use.
WATCHED_MESSAGES: frozenset[type[model.Message]] = frozenset(
    {
        SessionStateChangedMessage,
        ResultMessage,
        InitMessage,
        CommandsChangedMessage,
        UnknownMessage,
    }
)


def slash_commands(commands: Sequence[JSONObject]) -> FrozenList[SlashCommand]:
    """The commands of a ``commands_changed`` message, typed (an entry that does not fit is skipped and
    logged: the message itself, with every entry, still reaches the consumer)."""
    typed: list[SlashCommand] = []
    for command in commands:
        try:
            typed.append(wire.structure(command, SlashCommand))
        except wire.MalformedError as exc:
            logger.warning("skipping a slash command that does not fit SlashCommand (%s): %r", exc, command)
    return FrozenList(typed)
