"""Findings: what a check reports (file:line, severity, code), and engine errors as findings."""

from __future__ import annotations

import re

_ERROR_LOCATION = re.compile(r"-->\s*(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+)")


class Finding(dict):
    """{file, line, col, severity, code, message}; a dict so it serialises as is."""

    def __init__(self, file, line, severity, code, message, col=1):
        super().__init__(file=str(file), line=int(line), col=int(col), severity=severity, code=code,
                         message=message)

    def __str__(self):
        return f"{self['file']}:{self['line']}:{self['col']}: {self['severity']}: {self['message']} [{self['code']}]"


def _line_of_error(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 1


def errors(findings) -> list[Finding]:
    return [f for f in findings if f["severity"] == "error"]


def _from_engine_error(message: str, severity: str, code: str, default_file: str = "?") -> Finding:
    match = _ERROR_LOCATION.search(message)
    text = message.strip().splitlines()[-1].removeprefix("error: ") if message.strip() else message
    if match:
        return Finding(match["file"].strip(), match["line"], severity, code, text, match["col"])
    return Finding(default_file, 1, severity, code, text)


def _sorted(findings):
    return sorted(findings, key=lambda f: (f["file"], f["line"], f["code"]))
