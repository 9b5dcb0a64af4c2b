"""Secret findings: credentials in a text, found once in Python so policies need not.

`find(text)` returns the secrets in one string as `{"kind", "value", "generic"}`:

- provider token formats (Stripe webhook `whsec_`, New Relic `NRAK-`, Slack `xapp-`,
  Square, Supabase, Netlify, Fly, Sentry, Cloudflare origin CA, Heroku, age, …), except
  documentation tokens (`AKIAIOSFODNN7EXAMPLE`, `ghp_xxxxxx…`);
- key material in files: PEM private key blocks, PuTTY key files, kubeconfig
  `client-key-data` / `client-certificate-data` / `token`, `.pgpass` lines,
  `PGPASSWORD=` / `MYSQL_PWD=` prefixes, terraform `"sensitive": true` output values;
- the PROVIDER_TOKENS table (facts/secret_tokens.py: ~75 more formats after gitleaks/trufflehog rules: PlanetScale,
  Tailscale, Figma, Buildkite, Okta SSWS, Sourcegraph `sgp_`, ReadMe `rdme_`, OpenRouter, Groq, Replicate, Resend, 1Password
  service accounts, …); a table token whose body is a placeholder (all X) is skipped;
- passwords on a command line: `mysql -pXXXX`, `sshpass -p`, `… login -p`, `--password=`,
  `redis-cli -a`, `ldapsearch -w`, `smbclient -U u%p`, `sqlcmd -P`, `7z -p`, `htpasswd -b`,
  `-passin pass:` — when the value looks like a password (not `$VAR`, `<password>`, a word,
  a METAVAR, a dev default or a `key=value` spec);
- GENERIC token shape (`generic: true`): `prefix_` + 24+ mixed-case random characters whose
  prefix ends in a secret word (`acme_sk_…`) or that stands on or under a line naming a
  token, key, secret or password (bare tokens on their own line of output);
- GENERIC (`generic: true`): a secret-ish name (password, secret, token, api_key,
  private_key, client_secret, access_key, …; any case, `_`/`-`/`.` variants, quoted
  or not) assigned with `=`, `:`, `:=` or `=>` a literal that looks random: 12+
  characters, letters and digits, Shannon entropy ≥ 3 bits a character, and not a
  placeholder or code (`os.environ[…]`, `${VAR}`, `<your-key>`, `changeme`, `xxx`,
  `example`, Django's `django-insecure-…` development keys, dotted names, paths).

`value` is the exact substring to remove (a redaction replaces it entirely). Values
contained in another finding's value are dropped so sequential replacement cannot leave
part of the longer one behind. Each pattern runs only on a text holding one of its
literal needles (a substring test first). Linear regular expressions, bounded input; standard
library only; never raises on any string.
"""

from __future__ import annotations

import json
import math
import re

from .lazy_re import LazyPattern, lazy  # compiled at first use: most calls need few
from .secret_tokens import PROVIDER_TOKENS  # the table of provider formats

MAX_SCAN = 256 * 1024  # characters of one text scanned
MAX_FINDINGS = 32

_TOKENS: list[tuple[str, LazyPattern]] = [(k, lazy(p)) for k, p in [
    ("Stripe webhook secret", r"\bwhsec_[A-Za-z0-9+/=]{24,}"),
    ("Stripe key", r"\b(?:sk|rk)_live_[0-9A-Za-z]{20,}"),
    ("New Relic key", r"\bNR(?:AK|II|JS|AA|RA)-[A-Za-z0-9]{20,}"),
    ("Slack app token", r"\bxapp-\d-[A-Za-z0-9]+-\d+-[A-Za-z0-9]{20,}"),
    ("Slack token", r"\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxoxe\.xox[bp]-[A-Za-z0-9-]{10,}"),
    ("Twilio key", r"\bSK[0-9a-fA-F]{32}\b"),
    ("SendGrid key", r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}"),
    ("Mailgun key", r"\bkey-[0-9a-f]{32}\b|\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b"),
    ("Sentry token", r"\bsntr[ysu]_[A-Za-z0-9+/=_-]{30,}|\bsntrys_eyJ[^\s'\"`<>]{30,2048}"),
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
    # dp.st.<config>.<40> (service tokens name their config; the name may hold dots' parts)
    ("Doppler token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{30,}"),
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
] + PROVIDER_TOKENS]

_PROVIDER_KINDS = {k for k, _ in PROVIDER_TOKENS}

def _needles(pattern: str) -> tuple[str, ...] | None:
    """The literal prefixes of a pattern's top-level alternatives (`pscale_`, `tskey-`),
    or None when one has none of 3+ characters: a pattern is run only on a text that holds
    one of them (a substring test per kind instead of a regex pass per kind)."""
    alts, depth, cur = [], 0, ""
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            cur += pattern[i:i + 2]
            i += 2
            continue
        if ch == "(" or ch == "[":
            depth += 1
        elif ch == ")" or ch == "]":
            depth -= 1
        elif ch == "|" and depth == 0:
            alts.append(cur)
            cur = ""
            i += 1
            continue
        cur += ch
        i += 1
    alts.append(cur)
    out = []
    for alt in alts:
        lit, j = "", 0
        if alt.startswith("\\b"):
            j = 2
        while j < len(alt):
            ch = alt[j]
            if ch == "\\" and j + 1 < len(alt) and alt[j + 1] in ".$/-_":
                lit += alt[j + 1]
                j += 2
            elif ch.isalnum() or ch in "_-:/ ":
                lit += ch
                j += 1
            else:
                break
        if j < len(alt) and alt[j] in "?*{" and lit:
            lit = lit[:-1]
        if len(lit) < 3:
            return None
        out.append(lit)
    return tuple(out)


_PLACEHOLDER_TOKEN = lazy(r"(?i)x{4,}|\*{3,}|\.{3}|example|placeholder|your[_-]|redacted|dummy|0{8,}|1234567890|abcdefghij")

# GENERIC token shape for providers not in the table: an identifier-like prefix ending in
# a secret-ish part (sk, pat, key, token, secret, api, …: `acme_sk_…`, `foo-api-…`) and a
# separator, then 24+ random-looking characters; or any `prefix_`+body on a line that
# names a token/key/secret (`token: foo_…`, `Your API key is abc_…`).
_TOKEN_SHAPE = lazy(r"(?<![A-Za-z0-9_./+=-])((?:[a-z][a-z0-9]{0,11}[_-]){1,3})([A-Za-z0-9]{24,200})(?![A-Za-z0-9_./+=-])")
_SECRET_PREFIX = lazy(r"(?:^|[_-])(?:sk|pk_live|sec|secret|pat|key|apikey|api|token|tok|tkn|auth|pw|pwd|pass|cred|live|prod|priv)[_-]$")
_SECRET_LINE = lazy(r"(?i)token|api[ _-]?key|secret|password|passwd|credential|bearer|access[ _-]?key|\bauth(?:orization|[ _-]?token|[ _-]?key)?\b")
_NOT_SECRET_PREFIX = lazy(r"^(?:sha[0-9]*|md5|blake[0-9a-z]*|xxh[0-9]*|crc[0-9]*|id|uuid|ulid|req|request|msg|toolu|chatcmpl|run|cus|pi|ch|evt|in|sub|price|prod|acct|txn|pm|seti|si|src|tok_test)[_-]")

# passwords given on a command line (mysql -pXXXX, sshpass -p XXXX, docker login -p XXXX,
# --password=XXXX, redis-cli -a XXXX): the value, when it looks like a real password
_CLI_VALUE = r"[^\s'\"$`;&|<>-][^\s'\"$`;&|<>]{3,127}|'[^'\n<>$]{4,128}'|\"[^\"\n$`<>]{4,128}\""
_QUOTED = r"'[^'\n]{4,128}'|\"[^\"\n$`]{4,128}\""
_GLUED = r"[^\s'\"$`;&|]{4,128}|" + _QUOTED
# (needles, pattern): each pattern runs only on a text holding one of its needles, and
# starts with its literal, so a scan is a substring search plus a bounded look ahead
_CLI_PASSWORDS: list[tuple[tuple[str, ...], LazyPattern]] = [(n, lazy(p.replace("VAL", _CLI_VALUE).replace("GLUED", _GLUED))) for n, p in [
    (("mysql", "mariadb"), r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump)\b"
                           r"[^\n;|&]{0,200}?(?<![A-Za-z0-9_-])-p(GLUED)"),
    (("sshpass",), r"\bsshpass[ \t]+-p[ \t]*(GLUED)"),
    (("login", "connect", "auth"), r"\b(?:login|connect|auth)\b[^\n;|&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(VAL)"),
    (("redis-cli",), r"\bredis-cli\b[^\n;|&]{0,200}?[ \t]-a[ \t]+(VAL)"),
    (("-pass", "-db-pass", "-admin-pass", "-secret", "-token", "-api-key", "-client-secret", "-http-pass", "-ftp-pass",
      "-proxy-pass", "-auth-token", "-access-token"),
     r"(?<![A-Za-z0-9_-])--?(?:password|passwd|pass|db-password|admin-password|client-secret|secret|token|api-key"
     r"|http-password|ftp-password|proxy-password|passin|passout|auth-token|access-token)(?:=|[ \t]+)(VAL)"),
    (("ldap",), r"\b(?:ldapsearch|ldapmodify|ldapadd|ldapdelete|ldappasswd|ldapwhoami)\b[^\n;|&]{0,200}?[ \t]-w[ \t]+(VAL)"),
    (("smbclient",), r"\bsmbclient\b[^\n;|&]{0,200}?(?:-U|--user)[ \t=]*[^\s%'\"]{1,64}%([^\s'\"$`;&|]{4,128})"),
    (("sqlcmd", "bcp", "zip"), r"\b(?:sqlcmd|bcp|zip|unzip)\b[^\n;|&]{0,200}?[ \t]-P[ \t]+(VAL)"),
    (("7z",), r"\b7za?\b[^\n;|&]{0,200}?[ \t]-p([^\s'\"$`;&|]{4,128})"),
    (("xfreerdp",), r"\bxfreerdp\b[^\n;|&]{0,200}?[ \t]/p:(VAL)"),
    (("htpasswd",), r"\bhtpasswd[ \t]+-[a-zA-Z]*b[a-zA-Z]*[ \t]+[^\s]+[ \t]+[^\s]+[ \t]+(VAL)"),
]]
_CLI_PASSWORD_WORDS = lazy(r"(?i)^(?:password|passwd|pass|secret|token|stdin|prompt|none|null|true|false|env|file|-)$")


def _real_password(value: str) -> bool:
    """A command-line password that is a value, not a placeholder, a variable or a word."""
    if value.startswith(("env:", "file:", "fd:", "stdin")) or re.match(r"[a-z_]+=", value):
        return False  # a reference, or a key=value spec (docker build --secret id=x,src=y)
    if len(value) < 6 or _placeholder(value) or _CLI_PASSWORD_WORDS.match(value) or value.lower() in _DEV_PASSWORDS:
        return False
    if value.startswith(("$", "@", "/", "~", "./", "<", "%", "[")) or "{{" in value or value[-1] in "])}>":
        return False
    if re.fullmatch(r"[A-Z][A-Z0-9_-]*|[a-z]+(?:[_-][a-z]+)*", value):
        return False  # a metavariable (--token TOKEN) or a word (--password secretword)
    classes = sum(bool(re.search(c, value)) for c in (r"[a-z]", r"[A-Z]", r"[0-9]", r"[^A-Za-z0-9]"))
    return classes >= 2 and len(set(value)) >= 5


def _generic_token(m, text: str) -> bool:
    prefix, body = m.group(1), m.group(2)
    if _NOT_SECRET_PREFIX.match(prefix) or _PLACEHOLDER_TOKEN.search(body):
        return False
    if not (any(c.isdigit() for c in body) and any(c.isupper() for c in body) and any(c.islower() for c in body)):
        return False  # hex digests, words, ids in one case
    if entropy(body) < 4.0 or len(set(body)) < 14:
        return False
    if _SECRET_PREFIX.search(prefix):
        return True
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    prev_start = text.rfind("\n", 0, max(line_start - 1, 0)) + 1 if line_start else line_start
    near = text[prev_start:line_start] + line.replace(m.group(0), " ")
    return bool(_SECRET_LINE.search(near[-400:]))


# needles for patterns that start with a class or a group (every alternative holds one)
_NEEDLE_OVERRIDES: dict[str, tuple[str, ...]] = {
    "Stripe key": ("_live_", "_prod_"), "New Relic key": ("NR",), "Twilio key": ("SK",), "Vercel token": ("vc",),
    "Netlify token": ("nf",), "DigitalOcean token": ("_v1_",), "AWS access key ID": ("A3T", "AKIA", "ASIA", "ABIA", "ACCA"),
    "GitHub token": ("gh", "github_pat_"), "GitLab token": ("gl",), "Vault token": ("hv",),
    "Terraform Cloud token": (".atlasv1.",), "Mailchimp key": ("-us",), "SonarQube token": ("sq",),
    "Twitter bearer token": ("A" * 21,), "Telegram bot token": (":AA",),
    "Azure AD client secret": ("Q~",), "MaxMind license key": ("_mmk",), "Sidekiq credentials": ("CONTRIBSYS", "contribsys"),
    "Microsoft Teams webhook": (".webhook.office.com/",),
}
_TOKENS_NEEDLED = [(k, p, _NEEDLE_OVERRIDES.get(k) or _needles(p.pattern)) for k, p in _TOKENS]
# any needle at all: on a short text (<= _ANY_NEEDLE_MAX) one search beats a test per pattern
_ANY_NEEDLE, _ANY_NEEDLE_MAX = lazy("|".join(sorted({re.escape(n) for _, _, ns in _TOKENS_NEEDLED for n in ns or ()}))), 256

# whole blocks: from the BEGIN line through the END line (or the end of the text)


def _prefilter(pattern: LazyPattern) -> LazyPattern:
    """`pattern` without its \\b assertions: it matches wherever `pattern` does (dropping an
    assertion only widens), and without a leading \\b Python's re jumps to a literal prefix
    (~1 µs on 2 KB instead of ~30): the full pattern then runs only on text this matched.
    A pattern with \\b in a character class (a backspace there) or after a backslash is its
    own prefilter."""
    text = pattern.pattern
    if "\\\\b" in text or re.search(r"\[[^\]]*\\b", text):
        return pattern
    return lazy(text.replace("\\b", ""), pattern.flags)


_TOKEN_PREFILTERS = [_prefilter(pattern) for _, pattern in _TOKENS]

_PEM = lazy(r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!-))*(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?")
# a key has a body: a run of 24 base64 characters (longer than any word of prose) (a quoted header alone, or one with
# `...` for its body, is documentation)
_PEM_BODY = lazy(r"[A-Za-z0-9+/]{24}")
_PUTTY_HEADER = "PuTTY-User-Key-File-"
_PUTTY_END = lazy(r"\nPrivate-(?:MAC|Hash):[ \t]*[0-9a-fA-F]*")
_KUBE = lazy(r"(?im)^[ \t-]*(client-key-data|client-certificate-data|token|id-token|refresh-token)[ \t]*:[ \t]*[\"']?([A-Za-z0-9+/=._~-]{20,})")
# host:port:database:user:password — on its own line, or as a word of a line (pasted in a
# sentence, quoted in an `echo … >> ~/.pgpass`)
_PGPASS = lazy(r"(?m)(?:^|(?<=[\s\"'`]))([A-Za-z0-9_.\-*\[\]]+):(\d{2,5}|\*):([^:\s#\"'`]+):([^:\s\"'`]+)"
                     r":([^\s\"'`]{4,})(?=[\s\"'`]|$)")
# .netrc / _netrc entries, on one line or several: `machine HOST [login U] [account A]
# password P` (or `default … password P`); the password value
_NETRC = lazy(r"\b(?:machine[ \t\r\n]+[^\s]+|default)(?:[ \t\r\n]+(?:login|account|port)[ \t\r\n]+[^\s]+){0,3}"
                    r"[ \t\r\n]+password[ \t\r\n]+([^\s]{4,})")
# a password in prose: "the db password is: kRHdl1!x9", "my sudo password is Xyz123!",
# "use passphrase `…` for the ssh key"; the value must look real (see _prose_password)
_PROSE_PASSWORD = lazy(
    r"(?i)\b(?:password|passphrase|passwd|passcode)(?:[ \t]+for[ \t]+(?:the[ \t]+)?[\w.@-]+(?:[ \t]+key)?)?"
    r"(?:[ \t]+(?:is|was|would be|will be))?(?:[ \t]*:[ \t]*|[ \t]+)[`'\"]?([^\s`'\"]{6,128})")  # password=… is an assignment (found as such)
_ENV_PASSWORD = lazy(r"\b(PGPASSWORD|MYSQL_PWD|MYSQL_PASSWORD|REDISCLI_AUTH|PGPASS)=(\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"'$`;&|]{4,})")
_KUBECONFIG = lazy(r"(?m)^(?:kind:[ \t]*Config|users:|[ \t]*client-(?:key|certificate)-data:|[ \t]*certificate-authority-data:)")
_DEV_PASSWORDS = {"postgres", "root", "admin", "test", "dev", "pass", "mysql", "guest", "user"}
_TF_SENSITIVE = lazy(r"\"sensitive\"[ \t]*:[ \t]*true")

_NAME = (r"(?:[A-Za-z0-9]{1,24}[_.-]){0,4}?(?:password|passwd|passphrase|pwd|secret|secret[_-]?key|api[_-]?key|apikey"
         r"|api[_-]?token|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key"
         r"|client[_-]?secret|access[_-]?key|secret[_-]?access[_-]?key|signing[_-]?key|master[_-]?key"
         r"|encryption[_-]?key|credentials?|auth|dsn|[A-Za-z0-9]{1,24}[_-]key)(?:[_-][A-Za-z0-9]{1,24})?")
_ASSIGN = lazy(
    r"(?i)(?<![A-Za-z0-9])[\"'`]?(" + _NAME + r")[\"'`]?[ \t]*(?:=>|:=|=|:)[ \t]*"
    r"(?:\"([^\"\n]{1,512})\"|'([^'\n]{1,512})'|`([^`\n]{1,512})`|([^\s\"'`,;)}\]]{1,512}))")
# Every name _ASSIGN accepts contains one of these (same flags, so the same case folding):
# a text without any is not scanned with the (much slower) assignment pattern.
_ASSIGN_HINT = lazy(r"(?i)pass|pwd|secret|key|token|credential|auth|dsn")
_ASSIGN_WORDS = ("pass", "pwd", "secret", "key", "token", "credential", "auth", "dsn")  # the same, for ASCII
_PGPASS_HINT = lazy(r":[0-9*]")  # in every _PGPASS match (":" then the port or "*")

_PLACEHOLDER = lazy(
    r"(?i)example|xxx|changeme|change_me|change-me|dummy|placeholder|redacted|sample|your[_-]|<|>|\*\*\*|\.\.\."
    r"|\$\{|\$\(|^\$|^%|\{\{|localhost|fake|insert|replace|todo|none|null|undefined|password|secret|lorem|insecure")
# documentation tokens (AKIAIOSFODNN7EXAMPLE, ghp_xxxxxxxx…) are not credentials
_EXAMPLE_TOKEN = lazy(r"(?i)example|x{6,}")
_CODE = lazy(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\]|\(.*\))+$|^(?:/|~|\./|\.\./)|://|\(|\)|\[|\]")


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


# the proverbial example passwords (hunter2, p@ssw0rd, …): in prose they are examples
_FAMOUS_PASSWORDS = {"hunter2", "hunter22", "password1", "password123", "passw0rd", "p@ssw0rd", "p@ssword", "abc123",
                     "abcd1234", "qwerty123", "letmein1", "secret123", "admin123", "test1234", "pass1234",
                     "welcome1", "changeme1", "s3cr3t", "trustno1", "iloveyou1", "correcthorse1"}
_PROSE_HINT = lazy(r"(?i)pass(?:word|phrase|wd|code)")
_PROSE_WORDS = ("password", "passphrase", "passwd", "passcode")  # the same, for ASCII


def _prose_password(value: str) -> bool:
    """A value after "password is" that looks like a real password: a digit, a letter (or 8
    digits), 6+ characters, not a placeholder, a variable, a path or a word."""
    if len(value) < 6 or not any(c.isdigit() for c in value):
        return False
    if not any(c.isalpha() for c in value) and len(value) < 8:
        return False
    if _placeholder(value) or value.lower() in _DEV_PASSWORDS or value.lower() in _FAMOUS_PASSWORDS or value.startswith(
            ("$", "<", "{", "%", "/", "~", "./", "http")):
        return False
    return not re.fullmatch(r"[0-9]+(?:\.[0-9]+)*[a-z]{0,3}|[0-9]+-[0-9]+|v?[0-9]+(?:\.[0-9]+)+.*", value)


def _placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.search(value)) or len(set(value)) < 3


# Values that are public by design or documented examples, never secrets: Stripe
# publishable keys (pk_live_/pk_test_, shipped in frontend code), Mapbox public tokens
# (pk.eyJ…), and AWS's documentation keys (AKIAIOSFODNN7EXAMPLE, the secret key
# wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY; real key IDs never end in EXAMPLE).
_PUBLIC = lazy(
    r"^(?:pk_(?:live|test)_[0-9A-Za-z]{10,}|pk\.eyJ[A-Za-z0-9_.-]{10,}|(?:AKIA|ASIA)[A-Z0-9]{9}EXAMPLE"
    r"|wJalrXUtnFEMI/K7MDENG/bPxRfiCY[A-Z]*EXAMPLEKEY"
    # the jwt.io example token and RFC 7515's example HS256 JWS and key (published, in docs and tests)
    r"|eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.(?:SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
    r"|dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk)"
    r"|AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow)$")


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
    # the case-insensitive hints below as substring tests of ASCII text (Unicode case folding differs)
    lower = text.lower() if text.isascii() else None
    try:
        for m in _PEM.finditer(text):
            if _PEM_BODY.search(m.group(0)[:400]):
                _add(out, "private key", m.group(0))
        _putty(text, out)
        no_needle = len(text) <= _ANY_NEEDLE_MAX and _ANY_NEEDLE.search(text) is None
        for (kind, pattern, needles), prefilter in zip(_TOKENS_NEEDLED, _TOKEN_PREFILTERS, strict=False):
            # cheapest first: a literal needle every match contains, else a regex superset
            if needles is not None:
                if no_needle:
                    continue
                for n in needles:
                    if n in text:
                        break
                else:
                    continue
            elif prefilter is not pattern and not prefilter.search(text):
                continue
            for m in pattern.finditer(text):
                value = m.group(0)
                if _EXAMPLE_TOKEN.search(value):
                    continue
                if kind in _PROVIDER_KINDS and (_PLACEHOLDER_TOKEN.search(value) or len(set(value)) < 10):
                    continue
                _add(out, kind, value)
        for m in _KUBE.finditer(text):
            value = m.group(2)
            if m.group(1).lower() in ("client-key-data", "client-certificate-data") or (
                    _KUBECONFIG.search(text) and looks_random(value)):
                _add(out, "kubeconfig credential", value)
        for m in (_PGPASS.finditer(text) if _PGPASS_HINT.search(text) else ()):
            password = m.group(5)
            if m.group(1).isdigit() or password.isdigit():
                continue  # 12:30:45:00:1234 is a time, not a .pgpass line
            if not _placeholder(password) and password.lower() not in _DEV_PASSWORDS and password != m.group(4):
                _add(out, ".pgpass password", password)
        for m in (_NETRC.finditer(text) if "password" in text else ()):
            value = m.group(1)
            if not _placeholder(value) and value.lower() not in _DEV_PASSWORDS and not value.startswith(("$", "<", "{{")):
                _add(out, ".netrc password", value)
        prose = _PROSE_HINT.search(text) if lower is None else any(w in lower for w in _PROSE_WORDS)
        for m in (_PROSE_PASSWORD.finditer(text) if prose else ()):
            value = m.group(1).rstrip(".,;:)?")
            if _prose_password(value):
                _add(out, "password in prose", value)
        env = "PGPASS" in text or "MYSQL_P" in text or "REDISCLI_AUTH" in text  # in every _ENV_PASSWORD match
        for m in (_ENV_PASSWORD.finditer(text) if env else ()):
            value = m.group(2).strip("\"'")
            if not _placeholder(value) and not value.startswith("$"):
                _add(out, "password in the environment", value)
        _terraform(text, out)
        hint = _ASSIGN_HINT.search(text) if lower is None else any(w in lower for w in _ASSIGN_WORDS)
        for m in (_ASSIGN.finditer(text) if hint else ()):
            value = next(g for g in m.groups()[1:] if g is not None)
            if looks_random(value):
                _add(out, "random-looking secret assignment", value, generic=True)
        for m in (m for needles, pattern in _CLI_PASSWORDS if any(n in text for n in needles)
                  for m in pattern.finditer(text)):
            value = m.group(1)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            if value.startswith("pass:"):  # openssl -passin pass:VALUE
                value = value[5:]
            if _real_password(value):
                _add(out, "password on a command line", value)
        if len(out) < MAX_FINDINGS:
            for m in _TOKEN_SHAPE.finditer(text):
                if _generic_token(m, text):
                    _add(out, "token-shaped secret", m.group(0), generic=True)
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
