"""Shell facts: one environment variable, named by a literal, printed by inline code.

`python3 -c "import os; print(os.environ['GITHUB_TOKEN'])"`, `node -e
"console.log(process.env.GITHUB_TOKEN)"`, `ruby -e 'puts ENV["X"]'`, `perl -e 'print
$ENV{X}'`, `awk 'BEGIN{print ENVIRON["X"]}'`, `php -r 'echo getenv("X");'`, `node -p
process.env.X`: the same effect as `printenv X`, so scan_code adds that segment and the
policies judge the name with the list they use for `echo $X` and `printenv X`.

A read is printed when it reaches an output call (`print`, `console.log`, `puts`, `echo`,
`say`, `printf`, `sys.stdout.write`, …) directly or through calls that keep its text
(`str`, `f"…{…}"`, `repr`, `b64encode`, `encode`, `json.dumps`, a string concatenation), or
when it is assigned to a name that an output call prints later (`t = os.getenv("X");
print(t)`). It is not printed when a check wraps it (`len(…)`, `bool(…)`, `!!…`, `typeof`,
`… is None`, `… ? 'set' : 'unset'`, `.length`, `.nil?`, a hash of it) or when another call
consumes it (`requests.get(url, headers={"Authorization": os.environ["GITHUB_TOKEN"]})`,
`fetch(…)`: a credential used, judged like `curl -H "Authorization: Bearer $TOKEN"`).
Bounded linear scans; never raises.
"""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: a command with inline code that names the environment needs them

# a variable named by a literal: python, node/bun/deno, ruby, perl, awk, php, lua, go, java, rust, R, elixir, pwsh
_NAMED_READ = lazy(
    r"(?:(?<![\w.])(?:os\.|posix\.)?environb?\s*\[\s*|(?<![\w.])(?:os\.)?environ\.get\s*\(\s*|\bgetenv\s*\(\s*"
    r"|(?<![\w.])(?:process|Bun)\.env\s*(?:\?\.)?\s*\[\s*|(?<![\w$@])ENV\s*\[\s*|(?<![\w$@])ENV\.fetch\s*\(\s*"
    r"|\bENVIRON\s*\[\s*|\$_(?:ENV|SERVER)\s*\[\s*|\bGetenv\s*\(\s*|\bLookupEnv\s*\(\s*|\benv::var(?:_os)?\s*\(\s*"
    r"|\bSys\.getenv\s*\(\s*|\bget_env\s*\(\s*|\bDeno\.env\.get\s*\(\s*|\bGetEnvironmentVariable\s*\(\s*)"
    r"([\"'`])([A-Za-z_][A-Za-z0-9_]{0,127})\1\s*[\])]?"
    r"|(?<![\w.])(?:process|Bun)\.env\s*(?:\?\.|\.)\s*([A-Za-z_][A-Za-z0-9_]{0,127})\b"
    r"|\bimport\.meta\.env\.([A-Za-z_][A-Za-z0-9_]{0,127})\b"
    r"|\$ENV\s*\{\s*[\"']?([A-Za-z_][A-Za-z0-9_]{0,127})[\"']?\s*\}"
    r"|\$env:([A-Za-z_][A-Za-z0-9_]{0,127})\b")
_NEEDLES = ("env", "environ", "getenv", "$_server")

_PRINT_CALLS = frozenset({
    "print", "println", "printf", "puts", "p", "pp", "pprint", "echo", "say", "log", "info", "warn", "error", "debug",
    "trace", "dir", "table", "dump", "var_dump", "var_export", "print_r", "display", "cat", "message", "writeln",
    "write", "fprintf", "fputs", "print_string", "print_endline", "inspect", "alert", "die", "Write-Output",
    "Write-Host", "printStackTrace", "ic"})
_KEEP_CALLS = frozenset({
    "str", "repr", "format", "encode", "decode", "b64encode", "urlsafe_b64encode", "b32encode", "b85encode", "hexlify",
    "standard_b64encode", "encodebytes", "quote", "dumps", "dump", "stringify", "String", "from", "btoa", "toString",
    "join", "strip", "rstrip", "lstrip", "trim", "upper", "lower", "toUpperCase", "toLowerCase", "reversed", "reverse",
    "list", "tuple", "bytes", "bytearray", "sprintf", "fmt", "f", "to_s", "inspect", "pack", "unpack", "escape",
    "encodeURIComponent", "encodeURI", "Sprintf", "Sprint", "Sprintln", "paste", "paste0", "concat", "replace",
    "slice", "substring", "substr", "split", "fromCharCode", "codecs", "rot13", "hex", "ord", "map", "base64", "Buffer"})
# a check or a digest of the value: what it prints tells nothing of the value
_CHECK_BEFORE = lazy(r"(?:\b(?:len|bool|length|size|count|isset|empty|is_null|defined|exists|typeof|type|isinstance"
                           r"|callable|hash|sha1|sha256|sha512|md5|blake2b|blake2s|sha224|sha384|createHash|not)\s*\(?"
                           r"|!!|!|\bnot\s)\s*$")
_CHECK_AFTER = lazy(r"^[^;\n)]{0,60}?(?:\blength\b|\bsize\b|\bempty\b|\bnil\?|\bblank\?|\bpresent\?|\bis\s+(?:not\s+)?None\b"
                          r"|==|!=|(?<![?])\?(?![.?])|&&|\bstartswith\b|\bstartsWith\b|\bendswith\b|\bendsWith\b"
                          r"|\bincludes\b|\bin\b|\bmatch\b|\btest\b|\bcount\b|\blen\b|\bdigest\b|\bhexdigest\b)")
_PRINT_STATEMENT = lazy(r"(?:^|[;\n{}]|\bthen\b|\bdo\b)\s*(?:print|puts|p|pp|say|echo|printf|print_r|var_dump|warn|die"
                              r"|Write-Output|Write-Host|\$stdout\.puts|STDOUT\.puts|\$stderr\.puts|STDERR\.puts"
                              r"|console\.log)\b[^;\n]*$")
_ASSIGNED = lazy(r"(?:^|[;\n{(])\s*(?:(?:const|let|var|my|local|our)\s+)?\$?([A-Za-z_][A-Za-z0-9_]{0,63})\s*(?::=|=(?!=))\s*$")
_IDENT_BEFORE_PAREN = lazy(r"([A-Za-z_$][\w$-]*)\s*$")


def printed_env_names(code: str, print_flag: bool = False) -> list[str]:
    """The environment variables named by a literal whose value the code prints (see the
    module docstring); `print_flag`: the interpreter prints the code's value (`node -p`)."""
    try:
        low = code.lower()
        if not any(n in low for n in _NEEDLES):
            return []
        code = code[:65536]
        out: list[str] = []
        for m in _NAMED_READ.finditer(code):
            name = next((g for g in m.groups()[1:] if g), None)
            if name and name not in out and _printed(code, m.start(), m.end(), print_flag):
                out.append(name)
                if len(out) >= 8:
                    break
        return out
    except (RecursionError, MemoryError, ValueError):  # pragma: no cover - bounded input
        return []


def _printed(code: str, start: int, end: int, print_flag: bool) -> bool:
    before = code[max(0, start - 400):start]
    if _CHECK_BEFORE.search(before) or _CHECK_AFTER.match(code[end:end + 80]):
        return False
    # walk out through the enclosing brackets: an output call prints it, a call that
    # keeps its text passes it on, any other call consumes it; `[`/`{` (a list, a dict, a
    # template's `${…}`, a block) pass it on to what holds them
    depth = 0
    i = start - 1
    lo = max(0, start - 2000)
    while i >= lo:
        ch = code[i]
        if ch in ")]}":
            depth += 1
        elif ch in "([{":
            if depth:
                depth -= 1
            elif ch == "(":
                m = _IDENT_BEFORE_PAREN.search(code[max(0, i - 80):i])
                name = m.group(1).rsplit(".", 1)[-1].lstrip("$") if m else ""
                full = m.group(1) if m else ""
                if name == "write" and full != "write" and "stdout" not in full and "stderr" not in full:
                    return False  # f.write(…): into a file
                if name in _PRINT_CALLS:
                    return True
                if _CHECK_BEFORE.search(code[max(0, i - 80):i + 1]):
                    return False
                if name and name not in _KEEP_CALLS:
                    return False
        elif ch in ";\n" and depth == 0:
            break
        i -= 1
    statement_start = max(code.rfind(c, 0, start) for c in ";\n")
    brace = code.rfind("{", 0, start)
    head = code[max(statement_start + 1, 0):start]
    if _PRINT_STATEMENT.search(code[max(statement_start, brace) if max(statement_start, brace) >= 0 else 0:start]) or \
            _PRINT_STATEMENT.search(head):
        return True
    if print_flag and statement_start < 0:
        return True
    m = _ASSIGNED.search(head)
    if m:
        var = re.escape(m.group(1))
        rest = code[end:end + 4000]
        return re.search(r"(?:\b(?:print|println|printf|puts|p|pp|say|echo|log|write|dump|print_r|var_dump)\b[ \t(]"
                         r"[^;\n]*?(?<![\w.])\$?" + var + r"\b)", rest) is not None
    return False


# a name that says it holds a secret (the pack's lib/secrets secret_var_re)
_SECRET_NAME = re.compile(r"(?i)(?:(?:^|_)(?:token|secret|password|passwd|pwd|pass|passphrase|api_?key|access_?key"
                          r"|private_?key|secret_?key|signing_?key|master_?key|hmac_?key|encryption_?key|enc_?key"
                          r"|credentials?|auth_?token|session_?token|client_?secret|dsn|webhook_?url)(?:_base)?$"
                          r"|_(?:pat|pw)$|[a-z0-9](?:password|passwd|passphrase|secret)$"
                          r"|^(?:sshpass|rediscli_auth|npm_config__auth)$|^tf_token_[a-z0-9_]+$)")
# words before a read that make it a credential handed to the service (a header, basic auth)
_CREDENTIAL_WORDS = ("authorization", "headers", "header", "bearer", "token ", "auth=", "auth:", "auth(", "api-key",
                     "apikey", "private-token", "basic ", "setrequestheader", "httpbasicauth", "basic_auth", "login(")


def sent_env_names(code: str) -> list[tuple[str, bool]]:
    """(name, as a credential) of the secret-named variables that inline code which talks to
    the network reads by a literal name: `requests.post(url, data=os.environ["AWS_SECRET_KEY"])`
    sends the value in a body, `headers={"Authorization": os.environ["GITHUB_TOKEN"]}` hands it
    to a service as its credential. Never raises."""
    out: list[tuple[str, bool]] = []
    if not any(n in code.lower() for n in _NEEDLES):
        return out
    for m in _NAMED_READ.finditer(code[:65536]):
        name = next((g for g in m.groups()[1:] if g), None)
        if not name or not _SECRET_NAME.search(name):
            continue
        before = code[max(0, m.start() - 160):m.start()].lower()
        entry = (name, any(w in before for w in _CREDENTIAL_WORDS))
        if entry not in out:
            out.append(entry)
        if len(out) >= 8:
            break
    return out
