"""Whether a log record shows a secret: every text a handler could print from it, checked."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Iterable

_FORMAT = logging.Formatter("%(name)s %(levelname)s %(message)s")


def record_texts(record: logging.LogRecord) -> list[str]:
    """Every text of ``record``: its message template, the repr and str of each argument, the formatted
    message, its exception's text and message, its stack."""
    texts = [str(record.msg), record.getMessage(), _FORMAT.format(record)]
    args = record.args if isinstance(record.args, tuple) else (record.args,)
    texts += [text for arg in args for text in (repr(arg), str(arg))]
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        texts += [str(error), repr(error.args), "".join(traceback.format_exception(error))]
    if record.exc_text:
        texts.append(record.exc_text)
    if record.stack_info:
        texts.append(record.stack_info)
    return texts


def leaks(records: Iterable[logging.LogRecord], secrets: Iterable[str]) -> list[tuple[str, str]]:
    """``(record, secret)`` for every secret some record shows."""
    secrets = tuple(secrets)
    return [
        (f"{record.name}:{record.lineno} {record.msg!r}", secret)
        for record in records
        for text in record_texts(record)
        for secret in secrets
        if secret in text
    ]
