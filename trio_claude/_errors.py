"""The exceptions trio_claude raises, one tree under :class:`ClaudeSDKError` (the sans-IO core's
:class:`ProtocolError` family included).  Each docstring says exactly when it is raised."""

from __future__ import annotations


class ClaudeSDKError(Exception):
    """Base class of every error trio_claude raises on purpose."""


class CLIConnectionError(ClaudeSDKError):
    """The session cannot talk to the CLI: it has ended, or its stdin/stdout broke.

    Raised by calls on a session that has already ended (including pending :meth:`~ClaudeSession.request`
    calls when it ends), and by writes after the CLI closed its stdin.
    """


class CLINotFoundError(CLIConnectionError):
    """The ``claude`` executable could not be found or could not be started.

    The message lists every place looked at, in order (see :func:`~trio_claude.find_cli`), and the
    shortest fix.  ``cli_path`` is the path that was tried when one was given (``cli_path`` or
    ``TRIO_CLAUDE_CLI``), and ``searched`` the places looked at, one line each.
    """

    def __init__(self, message: str, *, cli_path: str | None = None, searched: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.cli_path = cli_path
        self.searched = searched


class InitializeTimeoutError(CLIConnectionError):
    """The CLI did not answer ``initialize`` within the ``initialize_timeout`` of
    :func:`~trio_claude.open_session`, :func:`~trio_claude.open_query` or :func:`~trio_claude.prewarm`
    (whatever kept the answer away: a CLI stuck on a prompt, a wrapper that swallows its stdout, lines
    that do not type).  The CLI has been shut down and reaped.

    The message says what was seen instead: how many stdout lines, of which kinds (``system/init?``: a
    frame that did not fit its class; ``not JSON``), whether the CLI was still running, and the tail of its
    stderr.  ``timeout`` is the bound in seconds, ``exit_code`` the CLI's return code when it had exited
    by then (else ``None``), ``stderr`` the tail of what it wrote on stderr.
    """

    def __init__(self, message: str, *, timeout: float, exit_code: int | None, stderr: str = "") -> None:
        super().__init__(message)
        self.timeout = timeout
        self.exit_code = exit_code
        self.stderr = stderr

    def __str__(self) -> str:
        return with_stderr(super().__str__(), self.stderr)


def with_stderr(text: str, stderr: str) -> str:
    return f"{text}\n--- CLI stderr (tail) ---\n{stderr.rstrip()}" if stderr else text


class IncompatibleDependencyError(ClaudeSDKError):
    """The one converter cannot type the frames every session depends on (a ``control_response``, a
    ``system/init``), so no session could start: an installed dependency is of a version trio_claude does not
    work with (cattrs 24.1, whose generated functions take a second argument, turns every frame into an
    ``Unknown*``).  Raised by :func:`~trio_claude.open_session`, :func:`~trio_claude.open_query` and
    :func:`~trio_claude.prewarm` before the CLI starts; the check runs once per process.

    The message names what did not type and why; ``versions`` maps ``cattrs`` and ``attrs`` to their
    installed versions.
    """

    def __init__(self, message: str, *, versions: dict[str, str]) -> None:
        super().__init__(message)
        self.versions = versions


class ControlRequestError(ClaudeSDKError):
    """The CLI answered a control request with an error (e.g. an unsupported request, an invalid mode).

    ``error`` is the CLI's message and ``error_code`` its token (CLI ≥ 2.1.330, e.g. ``unsupported_request``,
    ``invalid_mode``), ``subtype`` the request's subtype.
    """

    def __init__(self, error: str, *, error_code: str | None, subtype: str | None) -> None:
        super().__init__(f"{subtype or 'control request'} failed: {error}")
        self.error = error
        self.error_code = error_code
        self.subtype = subtype


class UnsupportedRequestError(ControlRequestError):
    """The CLI does not know the control request: it is older than the request (e.g. ``update_settings`` or
    ``reload_output_styles`` sent to CLI 2.1.197).  ``cli_version`` is the CLI's version when known."""

    def __init__(
        self, error: str, *, error_code: str | None, subtype: str | None, cli_version: str | None
    ) -> None:
        super().__init__(error, error_code=error_code, subtype=subtype)
        self.cli_version = cli_version
        self.args = (
            f"{subtype or 'control request'} is not supported by the Claude Code CLI "
            f"{cli_version or '(version unknown)'}: {error}",
        )


class RequestNotPendingError(ClaudeSDKError, LookupError):
    """An out-of-band answer (:meth:`ClaudeSession.respond_to_permission`,
    :meth:`~ClaudeSession.respond_to_elicitation`, :meth:`~ClaudeSession.respond_to_user_dialog`) named a
    request of the CLI that waits for no answer: an unknown id, one already answered, one the CLI withdrew
    or an interrupt dropped, or the session has ended.  ``request_id`` is the id given; each kind of
    request has its subclass."""

    kind = "control"

    def __init__(self, request_id: str) -> None:
        super().__init__(
            f"no {self.kind} request {request_id!r} is waiting for an answer (unknown, already answered, "
            "withdrawn by the CLI, dropped by an interrupt, or the session has ended)"
        )
        self.request_id = request_id


class PermissionRequestNotPendingError(RequestNotPendingError):
    """:meth:`ClaudeSession.respond_to_permission` named a ``can_use_tool`` request that waits for no
    answer (see :class:`RequestNotPendingError`)."""

    kind = "can_use_tool"


class ElicitationRequestNotPendingError(RequestNotPendingError):
    """:meth:`ClaudeSession.respond_to_elicitation` named an ``elicitation`` request that waits for no
    answer (see :class:`RequestNotPendingError`)."""

    kind = "elicitation"


class UserDialogRequestNotPendingError(RequestNotPendingError):
    """:meth:`ClaudeSession.respond_to_user_dialog` named a ``request_user_dialog`` request that waits for
    no answer (see :class:`RequestNotPendingError`)."""

    kind = "request_user_dialog"


class MessageParseError(ClaudeSDKError):
    """An answer to one of our control requests could not be typed: its payload did not have the shape its
    request promises, or the ``control_response`` itself did not fit (raised at once, then, by the request
    that waited for it: by :func:`~trio_claude.open_session` for the answer to ``initialize``).  ``data`` is
    the raw JSON."""

    def __init__(self, message: str, data: object) -> None:
        super().__init__(message)
        self.data = data


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


class UnsupportedOptionError(ClaudeSDKError):
    """An option needs a newer CLI than the one that would run it.  Raised by
    :func:`~trio_claude.open_session` before the CLI is started (it would otherwise die with
    ``error: unknown option``, or ignore the option without a word); and at once, ending the session, when
    the running CLI reports an older version than its ``--version`` did and the option is one it would
    ignore to the user's harm (a tool policy, ``verbatim_prompts``).

    ``option`` is the :class:`~trio_claude.ClaudeAgentOptions` field, ``flag`` its CLI flag, ``cli_version``
    the installed version and ``required_version`` the oldest version known to accept the flag.  To pass the
    flag anyway, use ``extra_args`` (never checked).
    """

    def __init__(
        self,
        *,
        option: str,
        flag: str,
        cli_version: tuple[int, ...],
        required_version: tuple[int, ...],
        hint: str = "",
        subject: str | None = None,
    ) -> None:
        subject = subject or f"ClaudeAgentOptions.{option}"
        super().__init__(self._message(subject, flag, cli_version, required_version, hint))
        self.option = option
        self.flag = flag
        self.cli_version = cli_version
        self.required_version = required_version

    def _message(
        self,
        subject: str,
        flag: str,
        cli_version: tuple[int, ...],
        required_version: tuple[int, ...],
        hint: str,
    ) -> str:
        return (
            f"{subject} ({flag}) needs Claude Code CLI {_dotted(required_version)} "
            f"or newer; the CLI is {_dotted(cli_version) or 'of an unknown version'}"
            + (f" ({hint})" if hint else "")
        )


class UnknownCLIVersionError(UnsupportedOptionError):
    """An option that an older CLI would ignore without a word, letting through what the option forbids
    (a tool under an ``always_deny`` policy would run…), on a CLI whose version could not be read: its
    ``--version`` wrote something else (a login banner, a wrapper's output) or nothing in time, or the
    running CLI named none.  The session is not started (or ends at once).

    ``read`` says what was read instead; ``cli_version`` is ``()``.
    """

    def __init__(
        self,
        *,
        option: str,
        flag: str,
        required_version: tuple[int, ...],
        read: str,
        hint: str = "",
        subject: str | None = None,
    ) -> None:
        self.read = read
        super().__init__(
            option=option,
            flag=flag,
            cli_version=(),
            required_version=required_version,
            hint=hint,
            subject=subject,
        )

    def _message(
        self,
        subject: str,
        flag: str,
        cli_version: tuple[int, ...],
        required_version: tuple[int, ...],
        hint: str,
    ) -> str:
        return (
            f"{subject} ({flag}) needs Claude Code CLI {_dotted(required_version)} or newer, and the CLI's "
            f"version could not be read: {self.read}; an older CLI ignores it without a word ({hint}), so "
            "the session is not started"
        )


class UnsupportedCapabilityError(ClaudeSDKError):
    """A control request sets a field that only a CLI saying ``capability`` honours, and the session's CLI
    does not say it (in the ``capabilities`` of its ``initialize`` answer or of ``system/init``): it would
    ignore the field, so the request is not sent.  E.g. ``McpCallRequest(soft_error_result=True)`` needs
    ``mcp_call_soft_error_result_v1`` (CLI ≥ 2.1.332).

    ``subtype`` is the request's, ``field`` the Python name of the field, ``cli_version`` the CLI's version
    when known."""

    def __init__(self, *, subtype: str | None, field: str, capability: str, cli_version: str | None) -> None:
        super().__init__(
            f"{subtype or 'control request'}: {field} needs a Claude Code CLI that supports {capability}; "
            f"this CLI ({cli_version or 'of an unknown version'}) does not say so and would ignore it "
            "(the request was not sent)"
        )
        self.subtype = subtype
        self.field = field
        self.capability = capability
        self.cli_version = cli_version


class SessionStoreError(ClaudeSDKError):
    """A session store could not do what was asked: its database could not be opened or reached, refused
    a statement, or an entry could not be stored as JSON.

    The driver's own exception, when there is one, is the ``__cause__``.  ``sqlstate`` is PostgreSQL's
    five-character error code (e.g. ``"57014"`` for a cancelled statement), ``None`` for other stores.
    """

    def __init__(self, message: str, *, sqlstate: str | None = None) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


class SessionStoreClosedError(SessionStoreError):
    """The session store was used after ``aclose()`` (or after leaving its ``async with`` block)."""


class SessionStoreLoadError(SessionStoreError):
    """Starting a session with ``resume`` or ``continue_conversation`` and a ``session_store`` failed because
    a store call (``load``, ``list_sessions``, ``list_subkeys``) raised or took longer than
    ``load_timeout_ms``.  The store's own exception, when there is one, is the ``__cause__``.  The CLI was not
    started."""


# -- the sans-IO protocol core's errors, split h11-style by whose fault they are ------------------------


class ProtocolError(ClaudeSDKError):
    """Base class of every error raised by :mod:`trio_claude.protocol` (a
    :class:`~trio_claude.ClaudeSDKError`, like every error trio_claude raises on purpose).

    Never raised itself; catch it to handle both :class:`LocalProtocolError` and
    :class:`RemoteProtocolError`.
    """


class LocalProtocolError(ProtocolError):
    """The caller misused the protocol core; the peer had nothing to do with it.

    Raised, for example, when data is fed to a :class:`LineFramer` after EOF, or when an
    :class:`OutboundRequests` table is asked to track an id that it did not mint or that was already used.
    It signals a bug in the calling code, so it is not meant to be caught and recovered from.
    """


class RemoteProtocolError(ProtocolError):
    """The peer sent something the protocol core cannot accept.

    Raised when the byte stream from the peer is unusable (see :class:`LineTooLongError`).  The
    connection it came from should be treated as broken.
    """


class LineTooLongError(RemoteProtocolError):
    """The peer sent a line longer than the configured limit.

    Raised by :meth:`LineFramer.next_line` as soon as a line has more than ``limit`` bytes before its
    ``\\n`` — also while the line is still incomplete, so an endless line is reported instead of buffered
    forever.  ``limit`` is the configured maximum; ``size`` is the number of bytes of the line seen so far
    (for an incomplete line, a lower bound of its final length).  After this error the framer is broken
    and raises it again on every further call.
    """

    def __init__(self, limit: int, size: int) -> None:
        super().__init__(f"line of at least {size} bytes exceeds the limit of {limit} bytes")
        self.limit = limit
        self.size = size

    def __reduce__(self) -> tuple[type[LineTooLongError], tuple[int, int]]:
        # The message is derived from the two fields, so pickling (e.g. across processes) must rebuild
        # from them rather than from ``args``.
        return (type(self), (self.limit, self.size))
