"""How the fake CLI answers the host's requests about the session's settings, files, plugins and usage,
with the real CLI's answers (2.1.330; a 2.1.197 fake refuses what 2.1.197 does not know)."""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping

import attrs

from ...model import (
    ApplyFlagSettingsRequest,
    BackgroundTasksRequest,
    BackgroundTasksResponse,
    ControlError,
    ControlRequestPayload,
    EmptyResponse,
    GetUsageRequest,
    McpReadResourceRequest,
    ReadFileRequest,
    ReadFileResponse,
    ReloadOutputStylesRequest,
    ReloadOutputStylesResponse,
    ReloadPluginsRequest,
    ReloadPluginsResponse,
    ReloadSkillsRequest,
    ReloadSkillsResponse,
    SeedReadStateRequest,
    SetMcpPermissionModeOverrideRequest,
    SetMcpPermissionModeOverrideResponse,
    UpdateSettingsRequest,
    UsageResponse,
    UsageSession,
    WireObject,
)
from .state import ProcessState

__all__ = ["NOT_IN_LEGACY", "SettingsAnswers"]

NOT_IN_LEGACY: tuple[type[ControlRequestPayload], ...] = (
    UpdateSettingsRequest,
    ReloadOutputStylesRequest,
    McpReadResourceRequest,
)
"""The requests CLI 2.1.197 answers ``Unsupported control request subtype``."""

_OUTPUT_STYLES = ("default", "Proactive", "Concise", "Explanatory", "Learning")
_SETTABLE = ("outputStyle",)  # what update_settings accepts (2.1.330 refuses effortLevel, for one)
_OBJECT_SETTINGS = ("permissions", "sandbox", "env")  # apply_flag_settings refuses other values for these


@attrs.define
class SettingsAnswers:
    """The answers, and what the fake remembers of them (for tests to check)."""

    state: ProcessState
    cwd: str
    flag_settings: dict[str, object] = attrs.field(factory=dict[str, object])
    """The settings applied with ``apply_flag_settings`` (a ``null`` removes the key)."""
    updated_settings: dict[str, dict[str, object]] = attrs.field(factory=dict[str, dict[str, object]])
    """The settings written with ``update_settings``, by source."""
    mcp_overrides: dict[str, str] = attrs.field(factory=dict[str, str])
    """The MCP permission mode overrides, by server name."""

    def answer(self, request: ControlRequestPayload) -> WireObject | str | None:
        """The payload answering ``request``, the text of an error answer, or ``None`` when ``request`` is
        not one of these."""
        match request:
            case ApplyFlagSettingsRequest(settings=settings):
                invalid = [
                    key
                    for key in _OBJECT_SETTINGS
                    if key in settings and not isinstance(settings[key], Mapping)
                ]
                if invalid:
                    return (
                        "apply_flag_settings: nothing in this request was applied and earlier settings stay "
                        "in force. Fix or remove these invalid settings and send it again: "
                        + ", ".join(invalid)
                    )
                for key, value in settings.items():
                    if value is None:
                        self.flag_settings.pop(key, None)
                    else:
                        self.flag_settings[key] = value
                return EmptyResponse()
            case UpdateSettingsRequest(source=source, settings=settings):
                refused = [key for key in settings if key not in _SETTABLE]
                if refused:
                    return "update_settings keys not allowed: " + ", ".join(refused)
                self.updated_settings.setdefault(source, {}).update(settings)
                return EmptyResponse()
            case ReadFileRequest():
                return self._read_file(request)
            case SeedReadStateRequest():
                return EmptyResponse()
            case ReloadPluginsRequest():
                return ReloadPluginsResponse(
                    commands=(), agents=(), plugins=(), mcp_servers=(), error_count=0
                )
            case ReloadSkillsRequest():
                return ReloadSkillsResponse(skills=())
            case ReloadOutputStylesRequest():
                return ReloadOutputStylesResponse(available_output_styles=_OUTPUT_STYLES)
            case McpReadResourceRequest(server_name=name):
                if name not in self.state.mcp_servers:
                    return f"Server not found: {name}"
                return f"Resource not found: {request.uri}"
            case BackgroundTasksRequest(tool_use_id=tool_use_id):
                # nothing runs in the foreground of a fake: only a targeted request can say so
                return BackgroundTasksResponse(backgrounded=None if tool_use_id is None else False)
            case GetUsageRequest():
                session = UsageSession(
                    total_cost_usd=self.state.total_cost,
                    total_api_duration_ms=0,
                    total_duration_ms=0,
                    total_lines_added=0,
                    total_lines_removed=0,
                    model_usage={},
                )
                return UsageResponse(session=session, rate_limits_available=False)
            case SetMcpPermissionModeOverrideRequest(server_name=name, mode=mode):
                return self._mcp_override(name, mode)
            case _:
                return None

    def _read_file(self, request: ReadFileRequest) -> WireObject | str:
        path = os.path.join(self.cwd, request.path)
        try:
            with open(path, "rb") as file:
                data = file.read()
        except OSError:
            if self.state.legacy:
                return f"ENOENT: no such file or directory, open '{path}'"
            return f"read denied: {request.path}"
        limit = request.max_bytes
        truncated = limit is not None and len(data) > limit
        if truncated:
            data = data[:limit]
        base64_wanted = request.encoding == "base64"
        contents = base64.b64encode(data).decode() if base64_wanted else data.decode(errors="replace")
        return ReadFileResponse(
            contents=contents,
            abs_path=path,
            truncated=True if truncated else None,
            encoding="base64" if base64_wanted else None,
            lossy=None if self.state.legacy or base64_wanted else False,
        )

    def _mcp_override(self, name: str, mode: str | None) -> WireObject | str:
        if mode == "auto":
            return f"Cannot pin MCP server '{name}' to auto: auto mode unavailable for this model"
        known = name in self.state.mcp_servers
        if mode is None:
            present = self.mcp_overrides.pop(name, None) is not None
            if known:
                return SetMcpPermissionModeOverrideResponse()
            if present or not self.state.legacy:
                return SetMcpPermissionModeOverrideResponse(
                    warning=f"MCP server '{name}' is not known; its stored override was cleared."
                )
            return SetMcpPermissionModeOverrideResponse(
                warning=f"MCP server '{name}' is not known; no override was present to clear."
            )
        self.mcp_overrides[name] = mode
        if known:
            return SetMcpPermissionModeOverrideResponse()
        return SetMcpPermissionModeOverrideResponse(
            warning=f"MCP server '{name}' is not yet known; override stored but will not apply until a "
            "server with that exact name connects."
        )


def is_legacy_gap(request: ControlRequestPayload) -> bool:
    """Whether CLI 2.1.197 refuses ``request`` as unknown."""
    return isinstance(request, NOT_IN_LEGACY)


def error_answer(request_id: str, error: str) -> ControlError:
    """An error answer as the real CLI writes these (no ``error_code``)."""
    return ControlError(request_id=request_id, error=error)
