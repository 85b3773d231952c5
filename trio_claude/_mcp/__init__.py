"""Pure in-process MCP: ``@tool``, schemas from type hints, JSON-Schema validation, tool results, the
JSON-RPC server of in-process servers, the mcp-package server declaration.  Imports no trio."""
