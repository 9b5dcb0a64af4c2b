"""Shell facts: what inline JavaScript does with a web page's data.

The code a browser tool evaluates in a page (`mcp__playwright__browser_evaluate`'s `function`,
puppeteer's `script`, chrome-devtools' `evaluate_script`) is read like `node -e CODE` by
scan_code; this helper adds what only matters in a page: the page's secrets (cookies, web
storage, stored credentials, password fields) or its content (the DOM's text, form values)
handed to a request (`fetch`, `XMLHttpRequest`, `WebSocket`, `sendBeacon`, an image's or a
script's `src`, a navigation) whose destination is another machine, or cannot be told; a
script injected from another machine; and the browser's own internal pages and remote
debugging endpoint (`chrome://`, `devtools://`, `:9222/json`, `chrome.debugger`).

Marks (scan_code turns them into opaque reasons the pack judges):
- `page_secret_sent`: a request to a named non-local host carries the page's secrets;
- `page_data_sent`: a request carries the page's secrets to a destination that cannot be
  told, or its content to another machine, or the code both reads the page's secrets and
  sends a request to another machine;
- `page_remote_script`: a `<script>` element loaded from another machine;
- `page_secret_read`: the page's cookies, a credential-named storage item, a whole storage dump or
  saved credentials read and not only handed to a request to this machine (returned to the model);
- `browser_internal`: the browser's internal pages or its debugging protocol.

A request to the page's own origin (a relative URL, `location.origin + …`) or to this machine
(`localhost`, `127.0.0.1`, `*.localhost`) passes: that is the app under test. Bounded linear
scans over text the caller capped; never raises.
"""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: only page code needs these

# the page's secrets: cookies, web storage, stored credentials, password fields
_SECRET_SOURCES = ("document.cookie", "cookiestore", "localstorage", "sessionstorage", "indexeddb",
                   "navigator.credentials", "passwordcredential", "type=password", "type=\"password\"",
                   "type='password'", "type=\\\"password\\\"", "[type=password", "input:password",
                   "autocomplete=\"current-password\"", "current-password", "#password", "name=password",
                   "name=\"password\"", "name='password'", "getelementbyid('password')", "getelementbyid(\"password\")",
                   # the automation side (a playwright run_code's `page`, puppeteer, the devtools protocol)
                   ".cookies(", "storagestate(", "getallcookies", "network.getcookies", "storage.getcookies")
# the page's content: its text and markup, form values, the selection and clipboard
_CONTENT_SOURCES = ("innerhtml", "outerhtml", "innertext", "textcontent", "document.body", "document.documentelement",
                    "formdata", ".value", "getselection(", "clipboard.read", "document.forms")
_NEEDLES = ("fetch", "xmlhttprequest", "websocket", "sendbeacon", "eventsource", "src", "href", "location", "open(",
            "action", "ajax", "axios", "import", "chrome", "devtools", "9222", "edge://", "about:", "cookie", "storage",
            "credentials", "password", "storagestate")
# a request: a call whose first argument is its destination, or an assignment of one
_SINK = lazy(
    r"(?<![\w$])(?:fetch|sendbeacon|importscripts|open|location\s*\.\s*(?:assign|replace)|"
    r"(?:\$|jquery|axios)\s*\.\s*(?:ajax|get|post|put|patch|getjson|request)|axios|"
    r"new\s+(?:websocket|eventsource|request|worker|sharedworker))\s*\(|"
    r"(?:\.src|\.href|\.action|(?<![\w$])location)\s*=(?![=>])|"
    r"setattribute\s*\(\s*['\"](?:src|href|action|poster|formaction)['\"]\s*,|"
    r"\.send\s*\(", re.IGNORECASE)
_ASSIGN = lazy(r"(?<![\w$.])(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*=(?![=>])\s*([^;\n]{0,400})")
_WORD = lazy(r"[A-Za-z_$][\w$]*")
_HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
_SAME_ORIGIN = ("location.origin", "location.href", "window.location", "document.location", "document.url",
                "document.baseuri", "location.protocol", "location.host", "location.pathname", "self.origin")
_INTERNAL_SCHEMES = ("chrome:", "chrome-extension:", "chrome-untrusted:", "devtools:", "edge:", "brave:", "opera:",
                     "vivaldi:", "about:config", "about:debugging", "about:preferences", "about:logins",
                     "about:profiles", "moz-extension:", "resource:", "chrome-search:")
_DEBUG_ENDPOINTS = ("chrome.debugger", ":9222", ":9229", "/json/version", "/json/list", "/json/new", "/devtools/browser",
                    "/devtools/page", "chrome.cookies", "chrome.passwordsprivate", "browser.cookies")
# reads of the page's session secrets: cookies (not a cookie set), a storage item named like a
# credential, a whole storage dump (its names alone, Object.keys, are not), saved credentials
_SECRET_READ = lazy(
    r"document\s*\.\s*cookie(?!\s*=(?!=))|\.\s*cookies\s*\(|storagestate\s*\(|getallcookies|getcookies|cookiestore\s*\.\s*get|navigator\s*\.\s*credentials\s*\.\s*get"
    r"|(?:local|session)storage\s*(?:\.\s*getitem\s*\(\s*|\[\s*|\.\s*)['\"`]?[\w.:-]{0,64}"
    r"(?:token|auth|session|jwt|secret|passw|pwd|credential|bearer|api[_-]?key|apikey|sid|cookie|refresh|access)"
    r"|(?<!keys\()(?<!keys\(\s)(?:local|session)storage(?!\s*(?:\.|\[|\)\s*\.\s*length))",
    re.IGNORECASE)
_MAX_SINKS = 64
_VALUE_READ = lazy(r"\.\s*value\b(?!\s*=(?!=))")
_LOCAL_HOSTS = frozenset({"localhost", "0.0.0.0", "[::1]", "::1", "host.docker.internal", "127.1"})


def _host_of(url: str) -> str | None:
    """The host of an absolute (`https://h/…`) or scheme-relative (`//h/…`) URL; None when
    the host is built at run time (`${…}` or a quote inside it)."""
    rest = url.split("://", 1)[1] if "://" in url else url[2:]
    cut = len(rest)
    for mark in "/?#\\":
        at = rest.find(mark)
        if at != -1:
            cut = min(cut, at)
    authority = rest[:cut].rpartition("@")[2]
    if "${" in authority or any(c in authority for c in "'\"` +"):
        return None
    host = authority.lower()
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.partition(":")[0].rstrip(".")


def _local(host: str) -> bool:
    """This machine: localhost, *.localhost, a loopback IPv4 address (127.0.0.1, not 127.0.0.1.evil.io)."""
    if host in _LOCAL_HOSTS or host.endswith(".localhost"):
        return True
    parts = host.split(".")
    return parts[0] == "127" and len(parts) == 4 and all(p.isdigit() and len(p) <= 3 for p in parts)


def _classify(text: str) -> str | None:
    """A literal's destination: "local" (this machine, the page's origin, data/blob/javascript
    URLs), "remote", "unknown" (a host built at run time), "internal" (a browser page), or None
    when the literal is no URL (a method name, a body)."""
    low = text.strip().lower()
    if low.startswith(("javascript:", "data:", "blob:", "about:blank", "#")):
        return "local"
    if low.startswith(_INTERNAL_SCHEMES):
        return "internal"
    if low.startswith("//") or "://" in low[:24]:
        if low.startswith(("file:", "filesystem:")):
            return "local"  # a file's path: the reader's literal paths judge it
        host = _host_of(low)
        if not host:
            return "unknown"  # built at run time (`'//' + data + '.evil.io'`)
        return "local" if _local(host) else "remote"
    if low.startswith(("/", "./", "../", "?")):
        return "local"  # relative: the page's own origin
    if low.startswith("${"):
        inner = low[2:].lstrip()
        return "local" if inner.startswith(_SAME_ORIGIN) or inner.startswith("location.") else "unknown"
    return None


def _quoted(code: str, i: int) -> tuple[str, int] | None:
    """The string literal that starts at code[i] (', \", `), and the index after it."""
    quote = code[i]
    j, buf = i + 1, []
    while j < len(code) and code[j] != quote and j - i < 2048:
        if code[j] == "\\" and j + 1 < len(code):
            buf.append(code[j + 1])
            j += 2
            continue
        buf.append(code[j])
        j += 1
    return "".join(buf), j + 1


def _window(code: str, start: int, call: bool) -> str:
    """The sink's operands: a call's arguments up to its closing parenthesis, an assignment's
    value up to the end of the statement (quotes skipped, at most 2000 characters)."""
    depth, i, end = (1 if call else 0), start, min(len(code), start + 2000)
    while i < end:
        c = code[i]
        if c in "'\"`":
            q = _quoted(code, i)
            i = q[1] if q else i + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth <= 0 and (call or depth < 0):
                return code[start:i]
        elif not call and depth == 0 and c in ";\n,":
            return code[start:i]
        i += 1
    return code[start:end]


def _destination(code: str, window: str, assigned: dict[str, str], send: bool, urls: list[str]) -> str:
    """Where a sink's request goes: the first URL-like literal of its operands, a name
    assigned one, the page's own origin, else unknown. An XHR/WebSocket `.send(…)` goes
    where the code's URLs point."""
    if send:
        kinds = {_classify(u) for u in urls} - {None}
        for worst in ("remote", "internal", "unknown", "local"):
            if worst in kinds:
                return worst
        return "unknown"
    i = 0
    while i < len(window):
        c = window[i]
        if c in "'\"`":
            q = _quoted(window, i)
            if q is None:
                break
            kind = _classify(q[0])
            if kind is not None:
                return kind
            if q[0].lower() not in _HTTP_METHODS:
                break  # the first operand is a literal that is no URL: its destination is not here
            i = q[1]
            continue
        if c.isalpha() or c in "_$":
            m = _WORD.match(window, i)
            if m is None:
                break
            name = m.group(0)
            rest = window[i:i + 40].lower()
            if any(rest.startswith(s) for s in _SAME_ORIGIN) or rest.startswith(("location.", "origin")):
                return "local"
            value = assigned.get(name)
            if value is not None and value[:1] in "'\"`":
                q = _quoted(value, 0)
                kind = _classify(q[0]) if q else None
                if kind is not None:
                    return kind
            if value is not None and any(s in value.lower() for s in _SAME_ORIGIN):
                return "local"
            if name.lower() in ("new", "await", "url") and "(" in window[i:i + 8]:
                i = m.end()
                continue  # new URL('/api', location.origin), await …: look at what follows
            return "unknown"
        if c in " \t\n(":
            i += 1
            continue
        break
    return "unknown"


def _tainted(window_low: str, names: set[str], sources: tuple[str, ...]) -> bool:
    if any(s in window_low for s in sources):
        return True
    return bool(names) and any(w in names for w in _WORD.findall(window_low))


def page_marks(code: str) -> list[str]:
    """The marks above for inline JavaScript (empty when it touches none of it)."""
    low = code.lower()
    if not any(n in low for n in _NEEDLES):
        return []
    marks: list[str] = []
    from .programs import _string_literals

    literals = _string_literals(code, "node")
    urls = [lit for lit in literals if _classify(lit) is not None]
    if any(_classify(u) == "internal" for u in urls) or any(e in low for e in _DEBUG_ENDPOINTS):
        marks.append("browser_internal")
    secret = any(s in low for s in _SECRET_SOURCES)
    content = any(s in low for s in _CONTENT_SOURCES)
    remote_literal = any(_classify(u) == "remote" for u in urls)
    if ("createelement('script')" in low or 'createelement("script")' in low or "createelement(`script`)" in low
            or "<script" in low) and remote_literal:
        marks.append("page_remote_script")
    if not (secret or content):
        return marks
    reads = [m.start() for m, _ in zip(_SECRET_READ.finditer(code[:16384]), range(_MAX_SINKS), strict=False)] if secret else []
    if secret and "password" in low:
        # a password field's value read (`….value`, not filled: `….value = 'x'`)
        reads += [m.start() for m, _ in zip(_VALUE_READ.finditer(code[:16384]), range(_MAX_SINKS), strict=False)]
    # names that hold a value: `const url = 'https://…'`, `const c = document.cookie`
    assigned: dict[str, str] = {}
    reassigned: set[str] = set()
    secret_names: set[str] = set()
    content_names: set[str] = set()
    for m in _ASSIGN.finditer(code[:16384]):
        name, value = m.group(1), m.group(2)
        if name in ("const", "let", "var"):
            continue
        if name in assigned and assigned[name] != value:
            reassigned.add(name)  # a name given two values: its destination cannot be told
        assigned.setdefault(name, value)
        vlow = value.lower()
        if any(s in vlow for s in _SECRET_SOURCES) or any(w in secret_names for w in _WORD.findall(vlow)):
            secret_names.add(name.lower())
        if any(s in vlow for s in _CONTENT_SOURCES) or any(w in content_names for w in _WORD.findall(vlow)):
            content_names.add(name.lower())
    for name in reassigned:
        assigned.pop(name, None)
    sent_secret = sent_data = False
    consumed: list[tuple[int, int]] = []  # the operands of requests to this machine or the page's origin
    local_words: set[str] = set()
    for n, m in enumerate(_SINK.finditer(code[:16384])):
        if n >= _MAX_SINKS:
            sent_data = sent_data or bool(reads)  # more requests than are read here: not vouched for
            break
        text = m.group(0).lower()
        call = text.endswith("(")
        window = _window(code, m.end(), call)
        wlow = window.lower()
        dest = _destination(code, window, assigned, text.startswith(".send"), urls)
        if dest == "local":
            consumed.append((m.end(), m.end() + len(window)))
            local_words.update(w.lower() for w in _WORD.findall(window))
            continue
        if _tainted(wlow, secret_names, _SECRET_SOURCES):
            if dest in ("remote", "internal"):
                sent_secret = True
            else:
                sent_data = True
        elif _tainted(wlow, content_names, _CONTENT_SOURCES) or (reads and dest in ("remote", "internal")):
            sent_data = True
    if sent_secret:
        marks.append("page_secret_sent")
    elif sent_data:
        marks.append("page_data_sent")
    elif any(not _used_locally(code, at, consumed, local_words) for at in reads):
        # read and not handed to a request to this machine: returned to the model
        marks.append("page_secret_read")
    return marks


def _used_locally(code: str, at: int, consumed: list[tuple[int, int]], local_words: set[str]) -> bool:
    """A secret read at `at` used by a request to this machine: inside its operands, or assigned
    to a name that such a request's operands use."""
    if any(a <= at < b for a, b in consumed):
        return True
    line_start = max(code.rfind(";", 0, at), code.rfind("\n", 0, at), code.rfind("{", 0, at)) + 1
    while line_start < len(code) and code[line_start] in " \t\r":
        line_start += 1
    m = _ASSIGN.match(code, line_start)
    return bool(m and m.end(1) <= at and m.group(1).lower() in local_words)
