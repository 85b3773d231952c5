"""Helpers shared by the runtime tests: callbacks that record what happened to them, and wire views."""

from __future__ import annotations

from typing import Any

import trio

from trio_claude import ClaudeSession, HookContext, ToolPermissionContext
from trio_claude.model import (
    CanUseToolRequest,
    ControlCancelRequest,
    ControlRequest,
    ControlRequestPayload,
    ControlResponse,
    HookCallbackRequest,
    HookInput,
    JSONObject,
    KeepAlive,
    Message,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    SessionStateChangedMessage,
    SyncHookOutput,
)
from trio_claude.testing import FakeCLIProcess, SentRequest

BASH: JSONObject = {"command": "echo hi", "description": "Print hi"}


def permission(tool_use_id: str) -> CanUseToolRequest:
    """A bare ``can_use_tool`` request for Bash (the fake sends it without the surrounding frames)."""
    return CanUseToolRequest(tool_name="Bash", display_name="Bash", input=BASH, tool_use_id=tool_use_id)


class Asked:
    """A callback answered out of band: ``can_use_tool`` (three arguments), ``on_elicitation`` or
    ``on_user_dialog`` (two).  It keeps each context (its last argument) and answers ``answer`` (after
    ``delay``); :meth:`request_id` waits for the first question."""

    def __init__(self, answer: object, *, delay: float = 0.0) -> None:
        self.answer = answer
        self.delay = delay
        self.contexts: list[Any] = []
        self.cancelled = 0
        self._asked = trio.Event()

    async def __call__(self, *arguments: Any) -> Any:
        self.contexts.append(arguments[-1])
        self._asked.set()
        try:
            await trio.sleep(self.delay)
        except trio.Cancelled:
            self.cancelled += 1
            raise
        return self.answer

    async def request_id(self) -> str:
        """The request id of the first question, once asked."""
        await self._asked.wait()
        request_id = self.contexts[0].request_id
        assert isinstance(request_id, str)
        return request_id


class Recorder:
    """Callbacks (a permission callback and hooks) that log ``(time, event)`` and can block forever.

    ``block`` holds the tool_use ids / hook ids whose callback sleeps forever; ``delay`` how long the others
    take; ``fail`` makes every callback raise :class:`RuntimeError` with that text.
    """

    def __init__(self, *, block: frozenset[str] = frozenset(), delay: float = 0.0, fail: str = "") -> None:
        self.block = block
        self.delay = delay
        self.fail = fail
        self.log: list[tuple[float, str]] = []
        self.started = 0
        self._changed = trio.Event()

    def events(self) -> list[str]:
        return [event for _, event in self.log]

    def at(self, event: str) -> float:
        [when] = [when for when, seen in self.log if seen == event]
        return when

    async def wait_started(self, count: int) -> None:
        while self.started < count:
            await self._changed.wait()
            self._changed = trio.Event()

    async def _run(self, name: str) -> None:
        self.log.append((trio.current_time(), f"{name} started"))
        self.started += 1
        self._changed.set()
        try:
            if name in self.block:
                await trio.sleep_forever()
            await trio.sleep(self.delay)
        except trio.Cancelled:
            self.log.append((trio.current_time(), f"{name} cancelled"))
            raise
        if self.fail:
            raise RuntimeError(self.fail)
        self.log.append((trio.current_time(), f"{name} answered"))

    async def can_use_tool(
        self, name: str, tool_input: JSONObject, context: ToolPermissionContext
    ) -> PermissionResultAllow | PermissionResultDeny:
        await self._run(context.tool_use_id or name)
        return PermissionResultAllow()

    async def hook(
        self, hook_input: HookInput, tool_use_id: str | None, context: HookContext
    ) -> SyncHookOutput:
        await self._run(context.request.callback_id)
        return SyncHookOutput(continue_=True)


def sent_request(process: FakeCLIProcess, kind: type[Any], key: str) -> SentRequest:
    """The fake's request of type ``kind`` whose tool_use id (``can_use_tool``) or callback id is ``key``."""
    for sent in process.requests:
        request = sent.request
        if isinstance(request, kind):
            if isinstance(request, CanUseToolRequest) and request.tool_use_id == key:
                return sent
            if isinstance(request, HookCallbackRequest) and request.callback_id == key:
                return sent
    raise LookupError(key)


def host_requests(process: FakeCLIProcess, kind: type[ControlRequestPayload]) -> list[ControlRequest]:
    """The host's control requests of type ``kind``, as the fake received them."""
    return [frame for frame in process.host_requests if isinstance(frame.request, kind)]


def answered_ids(process: FakeCLIProcess) -> list[str]:
    """The ids of the fake's requests that the host answered, in the order the answers arrived."""
    return [response.request_id for response in process.responses_received]


def delivered(process: FakeCLIProcess) -> list[Message]:
    """What a consumer should see of what the fake wrote: every message, in order, except control
    frames and the SDK-only state frames."""
    messages: list[Message] = []
    for frame in process.sent:
        if isinstance(frame, ControlRequest | ControlResponse | ControlCancelRequest | KeepAlive):
            continue
        if isinstance(frame, SessionStateChangedMessage) and frame.sdk_host_only:
            continue
        messages.append(frame)
    return messages


async def read_turn(session: ClaudeSession) -> list[Message]:
    """The messages of one turn; the last one is its result."""
    messages = [message async for message in session.receive_response()]
    assert isinstance(messages[-1], ResultMessage)
    return messages


def result_of(messages: list[Message]) -> ResultMessage:
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    return result


class LaggingStream(trio.abc.ReceiveStream):
    """A stream whose data arrives ``lag`` seconds late (a busy machine reading a pipe)."""

    def __init__(self, inner: trio.abc.ReceiveStream, lag: float) -> None:
        self._inner = inner
        self._lag = lag

    async def receive_some(self, max_bytes: int | None = None) -> bytes | bytearray:
        data = await self._inner.receive_some(max_bytes)
        await trio.sleep(self._lag)
        return data

    async def aclose(self) -> None:
        await self._inner.aclose()


class LaggingStderr:
    """A fake CLI process whose stderr lags behind its exit (a :class:`~trio_claude.CLIProcess` for
    ``ClaudeAgentOptions.spawn``)."""

    def __init__(self, process: FakeCLIProcess, lag: float) -> None:
        self._process = process
        self.stderr = LaggingStream(process.stderr, lag)
        self.stdin = process.stdin
        self.stdout = process.stdout

    @property
    def pid(self) -> int | None:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    async def wait(self) -> int:
        return await self._process.wait()

    def terminate(self) -> None:
        self._process.terminate()

    def kill(self) -> None:
        self._process.kill()
