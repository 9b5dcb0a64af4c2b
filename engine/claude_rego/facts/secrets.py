"""Secret findings: credentials in a text, found once in Python so policies need not.

`find(text)` returns the secrets in one string as `{"kind", "value", "generic"}`:

- provider token formats (Stripe webhook `whsec_`, New Relic `NRAK-`, Slack `xapp-`,
  Square, Supabase, Netlify, Fly, Sentry, Cloudflare origin CA, Heroku, age, …);
- key material in files: PEM private key blocks, PuTTY key files, kubeconfig
  `client-key-data` / `client-certificate-data` / `token`, `.pgpass` lines,
  `PGPASSWORD=` / `MYSQL_PWD=` prefixes, terraform `"sensitive": true` output values;
- GENERIC (`generic: true`): a secret-ish name (password, secret, token, api_key,
  private_key, client_secret, access_key, …; any case, `_`/`-`/`.` variants, quoted
  or not) assigned with `=`, `:`, `:=` or `=>` a literal that looks random: 12+
  characters, letters and digits, Shannon entropy ≥ 3 bits a character, and not a
  placeholder or code (`os.environ[…]`, `${VAR}`, `<your-key>`, `changeme`, `xxx`,
  `example`, dotted names, paths).

`value` is the exact substring to remove (a redaction replaces it entirely). Values
contained in another finding's value are dropped so sequential replacement cannot leave
part of the longer one behind. Linear regular expressions, bounded input; standard
library only; never raises on any string.
"""

from __future__ import annotations

import json
import math
import re

MAX_SCAN = 256 * 1024  # characters of one text scanned
MAX_FINDINGS = 32

_TOKENS: list[tuple[str, re.Pattern]] = [(k, re.compile(p)) for k, p in [
    ("Stripe webhook secret", r"\bwhsec_[A-Za-z0-9+/=]{24,}"),
    ("Stripe key", r"\b(?:sk|rk)_live_[0-9A-Za-z]{20,}"),
    ("New Relic key", r"\bNR(?:AK|II|JS|AA|RA)-[A-Za-z0-9]{20,}"),
    ("Slack app token", r"\bxapp-\d-[A-Za-z0-9]+-\d+-[A-Za-z0-9]{20,}"),
    ("Slack token", r"\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxoxe\.xox[bp]-[A-Za-z0-9-]{10,}"),
    ("Twilio key", r"\bSK[0-9a-fA-F]{32}\b"),
    ("SendGrid key", r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}"),
    ("Mailgun key", r"\bkey-[0-9a-f]{32}\b|\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b"),
    ("Sentry token", r"\bsntr[ysu]_[A-Za-z0-9+/=_-]{30,}"),
    ("Sentry DSN", r"https?://[a-f0-9]{32}(?::[a-f0-9]{32})?@[A-Za-z0-9.-]+"),
    ("Shopify token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("Square token", r"\bsq0(?:atp|csp|idp)-[0-9A-Za-z_-]{22,}|\bEAAA[A-Za-z0-9_-]{56,}"),
    ("Linear key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{32,}"),
    ("Notion token", r"\bsecret_[A-Za-z0-9]{43}\b|\bntn_[A-Za-z0-9]{40,}"),
    ("Supabase key", r"\bsbp_[a-f0-9]{40}\b|\bsb_secret_[A-Za-z0-9_-]{20,}"),
    ("Vercel token", r"\bvc[pkira]_[A-Za-z0-9]{24,}"),
    ("Netlify token", r"\bnf[pc]_[A-Za-z0-9]{30,}"),
    ("Fly.io token", r"\bFlyV1 fm[12]_[A-Za-z0-9_+/=-]{20,}|\bfo1_[A-Za-z0-9_-]{40,}"),
    ("DigitalOcean token", r"\bdo[porm]_v1_[a-f0-9]{64}"),
    ("Cloudflare key", r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{100,}"),
    ("Heroku key", r"\bHRKU-[A-Za-z0-9_-]{20,}"),
    ("Doppler token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{30,}"),
    ("age secret key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}"),
    ("Postman key", r"\bPMAK-[0-9a-f]{24}-[0-9a-f]{34}"),
    ("Pulumi token", r"\bpul-[a-f0-9]{40}\b"),
    ("Atlassian token", r"\bATATT3[A-Za-z0-9_=-]{60,}"),
    ("Databricks token", r"\bdapi[a-f0-9]{32}\b"),
    ("AWS access key ID", r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
    ("GitHub token", r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}|\bgithub_pat_[A-Za-z0-9_]{22,}"),
    ("GitLab token", r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
    ("OpenAI API key", r"\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}"),
    ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}"),
]]

# whole blocks: from the BEGIN line through the END line (or the end of the text)
_PEM = re.compile(r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[^-]*(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?")
_PUTTY_HEADER = "PuTTY-User-Key-File-"
_PUTTY_END = re.compile(r"\nPrivate-(?:MAC|Hash):[ \t]*[0-9a-fA-F]*")
_KUBE = re.compile(r"(?im)^[ \t-]*(client-key-data|client-certificate-data|token|id-token|refresh-token)[ \t]*:[ \t]*[\"']?([A-Za-z0-9+/=._~-]{20,})")
_PGPASS = re.compile(r"(?m)^[ \t]*([A-Za-z0-9_.\-*\[\]]+):(\d{2,5}|\*):([^:\s#]+):([^:\s]+):([^\s]{4,})[ \t]*$")
_ENV_PASSWORD = re.compile(r"\b(PGPASSWORD|MYSQL_PWD|MYSQL_PASSWORD|REDISCLI_AUTH|PGPASS)=(\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"'$`;&|]{4,})")
_KUBECONFIG = re.compile(r"(?m)^(?:kind:[ \t]*Config|users:|[ \t]*client-(?:key|certificate)-data:|[ \t]*certificate-authority-data:)")
_DEV_PASSWORDS = {"postgres", "root", "admin", "test", "dev", "pass", "mysql", "guest", "user"}
_TF_SENSITIVE = re.compile(r"\"sensitive\"[ \t]*:[ \t]*true")

_NAME = (r"(?:[A-Za-z0-9]{1,24}[_.-]){0,4}?(?:password|passwd|passphrase|pwd|secret|secret[_-]?key|api[_-]?key|apikey"
         r"|api[_-]?token|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key"
         r"|client[_-]?secret|access[_-]?key|secret[_-]?access[_-]?key|signing[_-]?key|master[_-]?key"
         r"|encryption[_-]?key|credentials?|auth|dsn|[A-Za-z0-9]{1,24}[_-]key)(?:[_-][A-Za-z0-9]{1,24})?")
_ASSIGN = re.compile(
    r"(?i)(?<![A-Za-z0-9])[\"'`]?(" + _NAME + r")[\"'`]?[ \t]*(?:=>|:=|=|:)[ \t]*"
    r"(?:\"([^\"\n]{1,512})\"|'([^'\n]{1,512})'|`([^`\n]{1,512})`|([^\s\"'`,;)}\]]{1,512}))")

_PLACEHOLDER = re.compile(
    r"(?i)example|xxx|changeme|change_me|change-me|dummy|placeholder|redacted|sample|your[_-]|<|>|\*\*\*|\.\.\."
    r"|\$\{|\$\(|^\$|^%|\{\{|localhost|fake|insert|replace|todo|none|null|undefined|password|secret|lorem")
_CODE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\]|\(.*\))+$|^(?:/|~|\./|\.\./)|://|\(|\)|\[|\]")


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def looks_random(value: str) -> bool:
    """A literal that looks like a generated secret, not a word, a placeholder or code."""
    if len(value) < 12 or len(value) > 512 or any(ch.isspace() for ch in value):
        return False
    if _PLACEHOLDER.search(value) or _CODE.search(value):
        return False
    if not any(ch.isdigit() for ch in value) or not any(ch.isalpha() for ch in value):
        return False
    if len(set(value)) < 8:
        return False
    parts = [x for x in re.split(r"[_.-]", value) if x]
    if len(parts) >= 2 and all(x.isalpha() or x.isdigit() for x in parts):
        return False  # created_at_2024, build-v2-final: words and numbers, not a generated secret
    return entropy(value) >= 3.0


def _placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.search(value)) or len(set(value)) < 3


# Values that are public by design or documented examples, never secrets: Stripe
# publishable keys (pk_live_/pk_test_, shipped in frontend code), Mapbox public tokens
# (pk.eyJ…), and AWS's documentation keys (AKIAIOSFODNN7EXAMPLE, the secret key
# wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY; real key IDs never end in EXAMPLE).
_PUBLIC = re.compile(
    r"^(?:pk_(?:live|test)_[0-9A-Za-z]{10,}|pk\.eyJ[A-Za-z0-9_.-]{10,}|(?:AKIA|ASIA)[A-Z0-9]{9}EXAMPLE"
    r"|wJalrXUtnFEMI/K7MDENG/bPxRfiCY[A-Z]*EXAMPLEKEY)$")


def _add(out: list, kind: str, value: str, generic: bool = False) -> None:
    if _PUBLIC.match(value or ""):
        return
    if value and len(out) < MAX_FINDINGS and not any(f["value"] == value for f in out):
        out.append({"kind": kind, "value": value, "generic": generic})


def _putty(text: str, out: list) -> None:
    """PuTTY key files: from the header through the Private-MAC line (else 16 KiB or the end)."""
    start = text.find(_PUTTY_HEADER)
    seen = 0
    while start >= 0 and seen < 8:
        seen += 1
        window = text[start:start + 16384]
        m = _PUTTY_END.search(window)
        nxt = window.find(_PUTTY_HEADER, len(_PUTTY_HEADER))
        if m and (nxt < 0 or m.start() < nxt):
            end = m.end()
        elif nxt > 0:
            end = nxt
        else:
            end = len(window)
        _add(out, "PuTTY private key", window[:end])
        start = text.find(_PUTTY_HEADER, start + max(end, len(_PUTTY_HEADER)))


def _terraform(text: str, out: list) -> None:
    """`terraform output -json`: the values of outputs marked sensitive."""
    if not _TF_SENSITIVE.search(text):
        return
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return
    stack = [doc]
    seen = 0
    while stack and seen < 10000:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            if node.get("sensitive") is True and "value" in node:
                values = [node["value"]]
                while values and seen < 10000:
                    v = values.pop()
                    seen += 1
                    if isinstance(v, str) and len(v) >= 4:
                        _add(out, "terraform sensitive output", v)
                    elif isinstance(v, dict):
                        values.extend(v.values())
                    elif isinstance(v, list):
                        values.extend(v)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def find(text) -> list[dict]:
    """The secrets in `text` (see the module docstring). Never raises."""
    if not isinstance(text, str) or not text:
        return []
    text = text[:MAX_SCAN]
    out: list[dict] = []
    try:
        for m in _PEM.finditer(text):
            _add(out, "private key", m.group(0))
        _putty(text, out)
        for kind, pattern in _TOKENS:
            for m in pattern.finditer(text):
                _add(out, kind, m.group(0))
        for m in _KUBE.finditer(text):
            value = m.group(2)
            if m.group(1).lower() in ("client-key-data", "client-certificate-data") or (
                    _KUBECONFIG.search(text) and looks_random(value)):
                _add(out, "kubeconfig credential", value)
        for m in _PGPASS.finditer(text):
            password = m.group(5)
            if not _placeholder(password) and password.lower() not in _DEV_PASSWORDS and password != m.group(4):
                _add(out, ".pgpass password", password)
        for m in _ENV_PASSWORD.finditer(text):
            value = m.group(2).strip("\"'")
            if not _placeholder(value) and not value.startswith("$"):
                _add(out, "password in the environment", value)
        _terraform(text, out)
        for m in _ASSIGN.finditer(text):
            value = next(g for g in m.groups()[1:] if g is not None)
            if looks_random(value):
                _add(out, "random-looking secret assignment", value, generic=True)
    except (RecursionError, MemoryError):  # pragma: no cover - bounded input
        pass
    # drop values inside another finding's value (replacing both could leave a part)
    return [f for f in out if not any(f is not g and f["value"] in g["value"] for g in out)]


def find_in(doc, limit: int = MAX_SCAN) -> list[dict]:
    """The secrets in every string of a JSON value (keys too), scanning up to `limit` characters."""
    out: list[dict] = []
    budget = limit
    stack = [doc]
    while stack and budget > 0 and len(out) < MAX_FINDINGS:
        node = stack.pop()
        if isinstance(node, str):
            budget -= len(node)
            for f in find(node):
                if not any(f["value"] == g["value"] for g in out):
                    out.append(f)
        elif isinstance(node, dict):
            for k, v in node.items():
                stack.append(v)
                # "api_key": "…" as a JSON object: scan the pair as text too
                # (only when JSON would not escape it: the value must stay the exact text)
                if (isinstance(k, str) and isinstance(v, str) and len(v) <= 512 and len(k) <= 64
                        and v.isprintable() and '"' not in v and "\\" not in v):
                    stack.append(json.dumps({k: v}, ensure_ascii=False))
        elif isinstance(node, list):
            stack.extend(node)
    return [f for f in out if not any(f is not g and f["value"] in g["value"] for g in out)]
