"""The errors that carry a value of a layer above ``_errors.py`` (a message, a claimed session): they live
with the runtime that raises them, under the same :class:`~trio_claude.ClaudeSDKError` tree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._errors import ClaudeSDKError, CLIConnectionError, with_stderr

if TYPE_CHECKING:  # a plain `import trio_claude` loads neither (prewarm and its claims load on first use)
    from .._config._claim import ClaimedSession
    from ..model import ResultMessage


class ProcessError(CLIConnectionError):
    """The CLI process ended when it was not asked to (a crash, a kill from outside, a fatal input or
    startup error such as resuming a missing session).

    ``exit_code`` is its return code (``-N`` when killed by signal N), ``stderr`` the tail of what it wrote
    on stderr, and ``result`` the last :class:`~trio_claude.model.ResultMessage` it wrote, if any (for a
    missing ``resume`` id it holds the CLI's explanation in ``errors``).
    """

    def __init__(
        self,
        message: str,
        *,
        exit_code: int | None,
        stderr: str = "",
        result: ResultMessage | None = None,
    ) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.stderr = stderr
        self.result = result

    def __str__(self) -> str:
        return with_stderr(super().__str__(), self.stderr)


class ClaimRefusedError(ClaudeSDKError):
    """A pre-warmed spare could not be claimed (:meth:`~trio_claude.SpareProcess.claim`): the prompt did not
    run, so start the session with :func:`~trio_claude.open_query` or :func:`~trio_claude.open_session`.

    ``reason`` is the token the TypeScript SDK names it by: the CLI's own (``cwd_not_found``,
    ``not_a_spare``, ``env_key_not_claimable``, ``project_settings_not_claimable``,
    ``permission_mode_not_claimable``…), ``claim_failed`` (the claim broke after it began: the CLI died or
    answered something else), ``spare_exited`` / ``spare_closed`` (no process left to claim) or
    ``settings_not_applied`` (the ``settings`` overlay was refused; the prompt was never sent).  ``claimed``
    is the claimed session when the CLI had accepted the claim itself (a refused overlay key that follows
    the claim), else ``None``.
    """

    def __init__(self, reason: str, message: str, *, claimed: ClaimedSession | None = None) -> None:
        super().__init__(message if message.startswith(reason) else f"{reason}: {message}")
        self.reason = reason
        self.claimed = claimed
