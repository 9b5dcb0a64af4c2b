"""Secret findings: credentials in a text, found once in Python so policies need not.

`find(text)` returns the secrets in one string as `{"kind", "value", "generic"}`:

- provider token formats (Stripe webhook `whsec_`, New Relic `NRAK-`, Slack `xapp-`,
  Square, Supabase, Netlify, Fly, Sentry, Cloudflare origin CA, Heroku, age, …), except
  documentation tokens (`AKIAIOSFODNN7EXAMPLE`, `ghp_xxxxxx…`);
- key material in files: PEM private key blocks, PuTTY key files, kubeconfig
  `client-key-data` / `client-certificate-data` / `token`, `.pgpass` lines,
  `PGPASSWORD=` / `MYSQL_PWD=` prefixes, terraform `"sensitive": true` output values;
- the PROVIDER_TOKENS table (facts/secret_tokens.py, with the formats above: ~75 more formats after gitleaks/trufflehog rules: PlanetScale,
  Tailscale, Figma, Buildkite, Okta SSWS, Sourcegraph `sgp_`, ReadMe `rdme_`, OpenRouter, Groq, Replicate, Resend, 1Password
  service accounts, …); a table token whose body is a placeholder (all X) is skipped;
- credentials in a URL: the password of `scheme://user:password@host` in any scheme
  (postgres, mysql, mongodb+srv, `redis://:pw@…`, amqps, mssql, …), not a placeholder,
  a variable or a development default (`postgres:postgres@db`, `guest:guest@localhost`);
- passwords on a command line: `mysql -pXXXX`, `sshpass -p`, `… login -p`, `--password=`,
  `redis-cli -a`, `ldapsearch -w`, `smbclient -U u%p`, `sqlcmd -P`, `7z -p`, `htpasswd -b`,
  `-passin pass:` — when the value looks like a password (not `$VAR`, `<password>`, a word,
  a METAVAR, a dev default or a `key=value` spec);
- an Oracle login `user/password@//host:1521/SVC` (`@TNS` after sqlplus/rman/expdp/…, JDBC thin, a
  TNS descriptor); a session cookie (`Cookie:`/`Set-Cookie:`, `document.cookie` lists, browser
  tools' `{"name", "value"}` objects); an AWS secret key after the word secret;
- a known token broken across two lines (`AKIA…⏎…`): the two lines joined and scanned again;
- GENERIC token shape (`generic: true`): `prefix_` + 24+ mixed-case random characters whose
  prefix ends in a secret word (`acme_sk_…`) or that stands on or under a line naming a
  token, key, secret or password (bare tokens on their own line of output);
- GENERIC (`generic: true`): a secret-ish name (password, secret, token, api_key,
  private_key, client_secret, access_key, …; any case, `_`/`-`/`.` variants, quoted
  or not) assigned with `=`, `:`, `:=` or `=>` a literal that looks random: 12+
  characters, letters and digits, Shannon entropy ≥ 3 bits a character, and not a
  placeholder or code (`os.environ[…]`, `${VAR}`, `<your-key>`, `changeme`, `xxx`,
  `example`, Django's `django-insecure-…` development keys, dotted names, paths).
- the same names in other syntaxes (generic): XML elements (`<password>…</password>`, Maven's
  `<server><password>`), `<add key="…Password" value="…"/>`, PHP's `define('DB_PASSWORD', '…')`
  and setter calls (`os.Setenv("X", "…")`, `os.environ.setdefault`), subscripts (`env['X'] = '…'`);
  in find_in, a name/value pair object (`{"key": "DD_API_KEY", "value": "…"}`) of a structured output;
- JSON Web Tokens: signed ones whose payload carries identity or role claims (a bearer
  credential); other signed ones as generic; unsigned (`alg: none`) ones are no credential.

`find_in(doc, encoded=True)` (a tool input that leaves the machine) also decodes base64 and hex
runs (hex host name labels joined: DNS exfiltration) and scans the text they carry.
`find_in(doc, output=True)` (a tool's output) also finds what an output carries base64-encoded:
a run (or a 76-column wrapped block) that decodes to a secret of a known format, the `data`
values of a Kubernetes Secret, a registry login's `"auth"` (_encoded_output).

`value` is the exact substring to remove (a redaction replaces it entirely). Values
contained in another finding's value are dropped so sequential replacement cannot leave
part of the longer one behind. Each pattern runs only on a text holding one of its
literal needles (a substring test first). Linear regular expressions, bounded input; standard
library only; never raises on any string.
"""

from __future__ import annotations

import json
import re

from .lazy_re import LazyPattern, lazy  # compiled at first use: most calls need few
from .secret_material import MATERIAL_KINDS as _MATERIAL_KINDS
from .secret_material import _random_secret
from .secret_material import dev_chain_key as _dev_chain_key
from .secret_material import scan as _material
from .secret_tokens import ANY_NEEDLE_MAX as _ANY_NEEDLE_MAX  # the token formats, and what a scan tests first
from .secret_tokens import ANY_NEEDLES as _ANY_NEEDLES
from .secret_tokens import PROVIDER_KINDS as _PROVIDER_KINDS
from .secret_tokens import TOKEN_PREFILTERS as _TOKEN_PREFILTERS
from .secret_tokens import TOKENS as _TOKENS
from .secret_tokens import TOKENS_NEEDLED as _TOKENS_NEEDLED
from .secret_tokens import _prefilter

MAX_SCAN = 256 * 1024  # characters of one text scanned
MAX_FINDINGS = 32

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
# (needles, option, pattern): each pattern runs only on a text holding one of its needles
# and its option (a literal every match holds: "login" and "zip" are common words, "-p"
# rarer), and starts with its literal, so a scan is a substring search plus a bounded look ahead
_ORA = r"\"[^\"\n]{4,128}\"|[^\s/@'\"`$;&|<>()]{4,128}"  # an Oracle password: quoted, or up to the `@`
_CLI_PASSWORDS: list[tuple[tuple[str, ...], str, LazyPattern]] = [(n, o, lazy(p.replace("VAL", _CLI_VALUE).replace("GLUED", _GLUED).replace("ORA", _ORA))) for n, o, p in [
    (("mysql", "mariadb"), "-p", r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump)\b"
                                 r"[^\n;|&]{0,200}?(?<![A-Za-z0-9_-])-p(GLUED)"),
    (("sshpass",), "-p", r"\bsshpass[ \t]+-p[ \t]*(GLUED)"),
    (("login", "connect", "auth"), "-p", r"\b(?:login|connect|auth)\b[^\n;|&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(VAL)"),
    (("redis-cli",), "-a", r"\bredis-cli\b[^\n;|&]{0,200}?[ \t]-a[ \t]+(VAL)"),
    (("-pass", "-db-pass", "-admin-pass", "-secret", "-token", "-api-key", "-client-secret", "-http-pass", "-ftp-pass",
      "-proxy-pass", "-auth-token", "-access-token"), "-",
     r"(?<![A-Za-z0-9_-])--?(?:password|passwd|pass|db-password|admin-password|client-secret|secret|token|api-key"
     r"|http-password|ftp-password|proxy-password|passin|passout|auth-token|access-token)(?:=|[ \t]+)(VAL)"),
    (("ldap",), "-w", r"\b(?:ldapsearch|ldapmodify|ldapadd|ldapdelete|ldappasswd|ldapwhoami)\b[^\n;|&]{0,200}?[ \t]-w[ \t]+(VAL)"),
    (("smbclient",), "%", r"\bsmbclient\b[^\n;|&]{0,200}?(?:-U|--user)[ \t=]*[^\s%'\"]{1,64}%([^\s'\"$`;&|]{4,128})"),
    (("sqlcmd", "bcp", "zip"), "-P", r"\b(?:sqlcmd|bcp|zip|unzip)\b[^\n;|&]{0,200}?[ \t]-P[ \t]+(VAL)"),
    (("7z",), "-p", r"\b7za?\b[^\n;|&]{0,200}?[ \t]-p([^\s'\"$`;&|]{4,128})"),
    (("xfreerdp",), "/p:", r"\bxfreerdp\b[^\n;|&]{0,200}?[ \t]/p:(VAL)"),
    (("htpasswd",), "-", r"\bhtpasswd[ \t]+-[a-zA-Z]*b[a-zA-Z]*[ \t]+[^\s]+[ \t]+[^\s]+[ \t]+(VAL)"),
    # Oracle's clients take `user/password@connect` (`sqlplus app/pw@//host:1521/SVC`, `@TNSALIAS`,
    # `expdp userid=app/pw@db`, a local `sqlplus system/pw`); SQLcl's `sql` only with the `@`
    (("sqlplus", "rman", "expdp", "impdp", "sqlldr", "dgmgrl"), "/",
     r"\b(?:sqlplus|rman|expdp|impdp|sqlldr|dgmgrl)\b[^\n;|&]{0,200}?(?<![^\s'\"=])[A-Za-z0-9_$#.\[\]]{1,64}/(ORA)(?=@|[\s'\"]|$)"),
    (("sql",), "/", r"\b(?:sql|sqlcl)[ \t][^\n;|&]{0,200}?(?<![^\s'\"=])[A-Za-z0-9_$#.\[\]]{1,64}/(ORA)(?=@)"),
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


# whole blocks: from the BEGIN line through the END line (or the end of the text): PEM private
# keys (RSA, EC, DSA, `ENCRYPTED PRIVATE KEY`, `OPENSSH PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`,
# Nebula's), OpenVPN's static and tls-crypt-v2 keys (`-----BEGIN OpenVPN Static key V1-----`,
# hex lines), and the SSH2 (RFC 4716, Tectia) private key armor `---- BEGIN SSH2 ENCRYPTED
# PRIVATE KEY ----` (its public key armor is public)
_ARMOR = r"(?:[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?|OpenVPN Static key V1|OpenVPN tls-crypt-v2 (?:server|client) key)"
_PEM = lazy(r"-----BEGIN " + _ARMOR + r"-----(?:[^-]|-(?!-))*(?:-----END " + _ARMOR + r"-----)?"
            r"|---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----(?:[^-]|-(?!-))*(?:---- END SSH2 ENCRYPTED PRIVATE KEY ----)?")
_PEM_KINDS = {"OpenVPN": "OpenVPN static key"}  # a block's kind by the word after BEGIN (else "private key")
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
# a secret in prose with words between the secret word and the value: "the password for
# the prod VPN is 4g6Yd455nLh6kF", "ssh pass for root@10.0.4.12 is F3cU-pmqx-2V0k9",
# "credentials for grafana are admin / Zk4Lp9Qx2Wv", "the wifi key: Lq8Zx2Vm7Kt" (the value
# must look generated: see _prose_secret)
_PROSE_SECRET = lazy(
    r"(?i)\b(?:password|passphrase|passwd|passcode|pass|pwd|pw|secret|token|credentials?|creds|api[ _-]?key|"
    r"access[ _-]?key|secret[ _-]?key|private[ _-]?key|wi-?fi[ _-]?key|psk)\b"
    r"(?:[ \t]*[:=]|(?:[^\n!?;:=.`'\"]|\.(?!\s)){1,60}?(?:\b(?:is|are|was|were|will be|would be)\b[ \t]*:?|"
    r"[ \t)][:=]|:(?=[ \t])))[ \t]*"
    r"[`'\"]?([^\s`'\",]{3,128})(?:[`'\"]?[ \t]*(?:/|,|and)[ \t]*[`'\"]?([^\s`'\",]{8,128}))?")
_PROSE_SECRET_WORDS = ("pass", "pwd", "pw", "secret", "token", "cred", "key", "psk")
# the word each _PROSE_SECRET name ends with (then its \b)
_PROSE_SECRET_ENDS = ("password", "passphrase", "passwd", "passcode", "pass", "pwd", "pw", "secret", "token",
                      "credential", "credentials", "creds", "key", "psk")


def _may_name_secret(low: str) -> bool:
    """False only where _PROSE_SECRET cannot match an ASCII text (`low`: lowered, as its (?i)
    reads ASCII): every match has a name ending in a _PROSE_SECRET_ENDS word and then a word
    boundary (the end, or a character other than a letter, a digit or `_`), so "passed",
    "keyboard" or "tokens" alone start none; its compile (~1 ms) and scan are skipped.
    Unsure (True) past 256 occurrences."""
    checked = 0
    for word in _PROSE_SECRET_ENDS:
        at = low.find(word)
        while at >= 0:
            checked += 1
            if checked > 256:
                return True
            end = at + len(word)
            if end == len(low) or not (low[end].isalnum() or low[end] == "_"):
                return True
            at = low.find(word, at + 1)
    return False


_ENV_PASSWORD = lazy(r"\b(PGPASSWORD|MYSQL_PWD|MYSQL_PASSWORD|REDISCLI_AUTH|PGPASS)=(\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"'$`;&|]{4,})")
# scheme://user:password@host in any scheme (postgres, mysql, mongodb+srv, redis(s), amqp(s),
# mssql, oracle, clickhouse, https, ftp, …; the user may be empty: redis://:pw@host): the
# password, unless it is a placeholder, a variable or a development default (as the pack's
# lib/secrets "credentials in a URL": postgres://postgres:postgres@db, user:password@localhost)
_URL_CREDENTIALS = lazy(r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}://([^\s/:@<>'\"`]{0,128}):([^\s/@<>'\"`]{1,256})"
                        r"@[A-Za-z0-9\[]")
_URL_DEV_PASSWORD = lazy(r"(?i)password|pass|secret|changeme|change_?me|postgres|root|admin|example|test|dev|mysql|guest"
                         r"|user|pass(?:word)?[0-9]{0,3}|x{3,}|dummy|placeholder|your[_-][a-z_-]*|redis|mongo|demo|local")
_KUBECONFIG = lazy(r"(?m)^(?:kind:[ \t]*Config|users:|[ \t]*client-(?:key|certificate)-data:|[ \t]*certificate-authority-data:)")
_DEV_PASSWORDS = {"postgres", "root", "admin", "test", "dev", "pass", "mysql", "guest", "user"}
_TF_SENSITIVE = lazy(r"\"sensitive\"[ \t]*:[ \t]*true")

_NAME = (r"(?:[A-Za-z0-9]{1,24}[_.-]){0,4}?(?:password|passwd|passphrase|pwd|pass|secret|secret[_-]?key|api[_-]?key|apikey"
         r"|api[_-]?token|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key"
         r"|client[_-]?secret|access[_-]?key|secret[_-]?access[_-]?key|signing[_-]?key|master[_-]?key"
         r"|encryption[_-]?key|credentials?|auth|dsn|[A-Za-z0-9]{1,24}[_-]key)(?:[_-][A-Za-z0-9]{1,24})?")
# (a subscript's closing `]` may stand before the operator: `os.environ['API_TOKEN'] = '…'`,
# `env["X"] = …`, `config["API_KEY"] = "…"`, `ENV['X'] = …`, `process.env['X'] = …`)
_ASSIGN = lazy(
    r"(?i)(?<![A-Za-z0-9])[\"'`]?(" + _NAME + r")[\"'`]?\]?[ \t]*(?:=>|:=|=|:)[ \t]*"
    r"(?:\"([^\"\n]{1,512})\"|'([^'\n]{1,512})'|`([^`\n]{1,512})`|([^\s\"'`,;)}\]]{1,512}))")
# A row of a two-column table printed by a database client or a settings dump (`smtp_password<TAB>
# LgANYx…`, `api_key | 9f…`, `secret_key     k3…`): a secret name, a column break (a tab, a `|`
# between blanks, two or more blanks), one value, nothing after it.
_TABLE_ROW = lazy(r"(?im)^[ \t|]*(" + _NAME + r")[ \t]*(?:\t|[ \t]\|[ \t]|[ \t]{2,})[ \t]*([^\s|]{4,512})[ \t|]*$")
# A secret's name and its value written apart: a name/value object (ECS and Kubernetes env,
# CloudFormation parameters, a CI variables API: `{"name": "DB_PASSWORD", "value": "…"}`, either
# order), a Kubernetes env entry in YAML (`- name: DB_PASSWORD` / `value: …`), a YAML block
# scalar under a secret name (`password: |` then the value), a Terraform variable's default.
# The JSON object's name may be a path (SSM's `"Name": "/prod/api/DB_PASSWORD"`: its last part)
# and a few other members may stand between the two (`"Type": "SecureString"`, `"target": …`);
# any case (AWS prints `{"Key": …, "Value": …}`).
_NV_OTHER = r"(?:\"[A-Za-z_]{1,32}\"[ \t]*:[ \t]*(?:\"[^\"\\\n]{0,256}\"|[0-9.eE+-]{1,32}|true|false|null)[ \t]*,[ \t\r\n]*){0,6}"
_NV_JSON = lazy(r"(?i)\"(?:name|key|parameterkey|variable|variable_name|env|envname)\"[ \t]*:[ \t]*\"(?:[^\"/\\\n]{0,64}/){0,8}(" +
                _NAME + r")\"[ \t]*,[ \t\r\n]*" + _NV_OTHER +
                r"\"(?:value|parametervalue|secret_value|val)\"[ \t]*:[ \t]*\"([^\"\\\n]{4,512})\"")
_NV_JSON_REVERSED = lazy(r"(?i)\"(?:value|parametervalue|val)\"[ \t]*:[ \t]*\"([^\"\\\n]{4,512})\"[ \t]*,[ \t\r\n]*" + _NV_OTHER +
                         r"\"(?:name|key|parameterkey|variable)\"[ \t]*:[ \t]*\"(?:[^\"/\\\n]{0,64}/){0,8}(" + _NAME + r")\"")
_NV_YAML = lazy(r"(?im)^[ \t]*-?[ \t]*name:[ \t]*[\"']?(" + _NAME + r")[\"']?[ \t]*\r?\n[ \t]*value:[ \t]*"
                r"[\"']?([^\s\"'#]{4,512})")
_BLOCK_SCALAR = lazy(r"(?im)^([ \t]*)(" + _NAME + r")[ \t]*:[ \t]*[|>][-+0-9]*[ \t]*\r?\n\1[ \t]+([^\s][^\n]{3,511})$")
_TF_DEFAULT = lazy(r"(?is)\bvariable[ \t]+\"(" + _NAME + r")\"[ \t]*\{[^{}]{0,400}?\bdefault[ \t]*=[ \t]*\"([^\"\n]{4,512})\"")
_HEADER_NAME = lazy(r"(?i)" + _NAME)

# Every name _ASSIGN accepts contains one of these (same flags, so the same case folding):
# a text without any is not scanned with the (much slower) assignment pattern.
_ASSIGN_HINT = lazy(r"(?i)pass|pwd|secret|key|token|credential|auth|dsn")
_ASSIGN_WORDS = ("pass", "pwd", "secret", "key", "token", "credential", "auth", "dsn")  # the same, for ASCII
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")  # every _NAME's


def _may_assign(text: str, lower: str) -> bool:
    """False only where _ASSIGN cannot match an ASCII text (`lower`: lowered): its compile
    (~1.5 ms, paid by a hook on its first text with a hint word: test output's "PASSED", a
    "keyboard") and scan are skipped. Every match is a name of _NAME_CHARS holding an
    _ASSIGN_WORDS word (the hint's claim above), an optional quote, blanks, then its
    operator, which starts with `=` or `:`. From each word found, forward over the name
    characters (none of them a quote, a blank or an operator's: this stops where the name
    does), one quote, one `]` and the blanks: no operator there after any word means no match.
    Unsure (True) past 128 words or a 128-character window."""
    checked = 0
    for word in _ASSIGN_WORDS:
        at = lower.find(word)
        while at >= 0:
            checked += 1
            if checked > 128:
                return True
            end, limit = at + len(word), min(len(text), at + 128)
            while end < limit and text[end] in _NAME_CHARS:
                end += 1
            if end < limit and text[end] in "\"'`":
                end += 1
            if end < limit and text[end] == "]":
                end += 1
            while end < limit and text[end] in " \t":
                end += 1
            if end < limit and text[end] in "=:" or end == limit < len(text):
                return True  # an operator, or the window ended first
            at = lower.find(word, at + 1)
    return False


_PGPASS_HINT = lazy(r":[0-9*]")  # in every _PGPASS match (":" then the port or "*")
# The same names in other syntaxes, whose value follows no `=`/`:` (each found as an assignment,
# with the same value test): an XML element (`<password>…</password>`, Maven settings.xml's
# `<server><password>`, `<apiKey>`, `<secret>`), a .NET/Spring setting (`<add key="SmtpPassword"
# value="…"/>`, `<property name="db.password" value="…"/>`), PHP's `define('DB_PASSWORD', '…')` and the
# calls that set a variable or a setting by name (`os.environ.setdefault('API_TOKEN', '…')`, `os.putenv`,
# Go's `os.Setenv("X", "…")`, Rust's `env::set_var`, Java's `System.setProperty("db.password", "…")`,
# Ruby's `ENV.store`, `config.set("api_key", "…")`).
# (found from the closing tag back: a `</…>` whose name is a secret's, then its opening tag and
# value just before it; the name is tested apart, so markup without such names costs one scan)
_XML_CLOSE = lazy(r"</([A-Za-z][A-Za-z0-9_.:-]{0,80})[ \t]*>")
_XML_NAME = lazy(r"(?i)(?:[A-Za-z][A-Za-z0-9_.:-]{0,40}?)?" + _NAME)
_XML_OPEN_REST = lazy(r"(?:[ \t][^<>\n]{0,200})?>[ \t]*([^<>\s]{1,512})[ \t]*$")
_KEY_VALUE_ATTR = lazy(r"\b(?:key|name|KEY|NAME|Key|Name)[ \t]*=[ \t]*([\"'])([A-Za-z0-9_.:-]{1,80})\1[ \t\r\n]+value[ \t]*=[ \t]*"
                       r"(?:\"([^\"\n]{1,512})\"|'([^'\n]{1,512})')")
# (found from the call's `(`: a literal first, ~4x faster than from the function's name; the
# name before it is tested apart)
_SETTER_WORDS = ("define", "set", "putenv", "store")  # in every _PHP_DEFINE match's function (lowered)
_PHP_DEFINE = lazy(r"\([ \t]*([\"'])((?i:" + _NAME + r"))\1[ \t]*,[ \t]*(?:\"([^\"\n]{1,512})\"|'([^'\n]{1,512})')")
_SETTER = lazy(r"(?i)(?<![A-Za-z0-9_])(?:define|setdefault|putenv|setenv|set_?var|set_?env|setproperty|set|store)[ \t]*$")

_PLACEHOLDER = lazy(
    r"(?i)example|xxx|changeme|change_me|change-me|dummy|placeholder|redacted|sample|your[_-]|<|>|\*\*\*|\.\.\."
    r"|\$\{|\$\(|^\$|^%|\{\{|localhost|fake|insert|replace|todo|none|null|undefined|password|secret|lorem|insecure")
# documentation tokens (AKIAIOSFODNN7EXAMPLE, ghp_xxxxxxxx…) are not credentials
# words no random token holds: `xoxb-YOUR-TOKEN-HERE`, `ghp_your_token_here`, `sk-ant-PLACEHOLDER…`
_EXAMPLE_TOKEN = lazy(r"(?i)example|x{6,}|your[_-]|[_-]here\b|placeholder|redacted|insert[_-]")
_CODE = lazy(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\]|\(.*\))+$|^(?:/|~|\./|\.\./)|://|\(|\)|\[|\]")


# Identifiers under secret-sounding names (B9/B10): `"idempotency_key": "<uuid>"`, `CACHE_KEY =
# 'v2-<sha>'`, `user.signingkey=<GPG key id>`, detect-secrets' `"hashed_secret": "<sha1>"`,
# `api_key_id`, `public_key`. A name is split into its words (`_`, `-`, `.`, camelCase); it
# names an identifier when its last word says so (`…_id`, `…_hash`, `…_sha256`, `…_digest`,
# `…_fingerprint`), its first word says it is a hash (`hashed_secret`, `sha1_token`), or it is
# a key whose other words name what the key identifies (`cache_key`, `idempotency_key`,
# `public_key`). A git/GPG signing key whose value is a key id (8, 16 or 40 hex digits) is
# one too. A UUID is an identifier unless the name says credential (`api_key`, `token`,
# `secret`, `password`, …: Heroku API keys and Consul tokens are UUIDs). Hex values under
# credential names (an HMAC secret of 64 hex) stay secrets, and the token formats of
# secret_tokens.py are found whatever the name.
_NAME_CAMEL = lazy(r"[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+")
_ID_LAST = frozenset({
    "id", "ids", "uuid", "guid", "ulid", "name", "names", "type", "kind", "alias", "arn", "url", "uri", "path", "file",
    "filename", "dir", "ref", "version", "fingerprint", "fp", "hash", "hashed", "sha", "sha1", "sha256", "sha384",
    "sha512", "md5", "digest", "checksum", "crc", "crc32", "etag", "length", "len", "size", "prefix", "suffix",
    "header", "field", "column", "param", "index", "count", "ttl", "expiry", "expires", "created", "updated",
    "format", "algorithm", "alg", "hint", "label", "env", "var", "location", "scope", "scopes", "policy", "rotation"})
_HASH_FIRST = frozenset({"hashed", "hash", "sha", "sha1", "sha256", "sha512", "md5", "digest", "checksum", "etag",
                         "fingerprint"})
_ID_KEY_WORDS = frozenset({  # (not routing, stream, node, cluster, channel: PagerDuty routing keys, RTMP stream keys,
    # Tailscale node keys are credentials)
    "idempotency", "idempotent", "idem", "cache", "caching", "dedup", "dedupe", "deduplication", "lock", "mutex",
    "partition", "sort", "sorting", "primary", "foreign", "composite", "natural", "surrogate", "unique", "lookup",
    "hash", "range", "row", "shard", "shards", "bucket", "group", "grouping", "object", "entity", "resource",
    "record", "item", "index", "map", "dict", "event", "message", "msg", "request", "req", "trace", "correlation",
    "job", "task", "queue", "i18n", "translation", "locale", "label", "public", "pub", "verify", "verification",
    "verifying", "publishable", "site", "state", "config", "setting", "settings", "field", "column", "table",
    "cursor", "page", "pagination", "sequence", "build", "artifact", "react", "list", "query", "metric", "feature",
    "flag", "experiment", "attribute", "pool", "topic", "rate", "ratelimit", "throttle"})
_SIGNING_KEY_NAMES = frozenset({"signingkey", "gpgkey", "pgpkey"})  # git's user.signingkey, gpg key ids
# (the same patterns as the pack's lib/secrets: _strong_secret_name, _credential_name)
_STRONG_NAME = lazy(r"(?i)pass|pwd|secret|token|private|priv|hmac|encryption|signing|master|api")
_CREDENTIAL_NAME = lazy(
    r"(?i)pass|pwd|secret|token|api|private|priv|credential|cred|auth|bearer|session|cookie|hmac|jwt|encrypt|crypt"
    r"|cipher|master|signing|license|admin|client|access|account|webhook|service|deploy|database|dsn"
    r"|(?:^|[^A-Za-z])(?:aes|app|write|ssh|sk|root|db|pw)(?:[^A-Za-z]|$)")
_UUID = lazy(r"^(?:urn:uuid:)?\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$")
_KEY_ID = lazy(r"^(?:0x)?(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{16}|[0-9a-fA-F]{40})!?$")


def _name_words(name: str) -> list[str]:
    words: list[str] = []
    for part in re.split(r"[^A-Za-z0-9]+", name[:256]):
        if part and not part.islower() and not part.isupper() and not part.isdigit():
            words.extend(w.lower() for w in _NAME_CAMEL.findall(part))  # signingKey, apiKeyId
        elif part:
            words.append(part.lower())
    return words


def identifier_assignment(name: str, value: str) -> bool:
    """`name` assigned `value` is an identifier (a key id, a hash, a cache or idempotency key,
    a UUID), not a credential: see the comment above. Never raises."""
    words = _name_words(name)
    if not words:
        return False
    if words[-1] in _ID_LAST and words[-2:] != ["secret", "id"]:  # a Vault AppRole secret_id is a credential
        return True
    if words[0] in _HASH_FIRST and len(words) > 1:
        return True
    key = words[-1] == "key" or words[-1].endswith("key")
    if key:
        glued = words[-1][:-3]  # pubkey, cachekey
        others = set(words[:-1]) | ({glued} if glued else set())
        if others & _ID_KEY_WORDS and not _STRONG_NAME.search(name):
            return True
    if (words[-1] in _SIGNING_KEY_NAMES or "".join(words[-2:]) in _SIGNING_KEY_NAMES) and _KEY_ID.match(value):
        return True
    return bool(_UUID.match(value)) and not _CREDENTIAL_NAME.search(name)


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    import math  # (here: a C extension to load, and most hook calls never measure a value)

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


# a SealedSecret's encryptedData value (kubeseal's output: the session key's length in two
# bytes, 0x02 0x00, then RSA-OAEP and AES-GCM ciphertext; base64 "Ag…"): only the cluster's
# controller can decrypt it, so it is no secret to withhold (bitnami sealed-secrets)
_SEALED_VALUE = lazy(r"(?<![A-Za-z0-9+/])Ag[A-Za-z0-9+/]{340,}={0,2}")


# the proverbial example passwords (hunter2, p@ssw0rd, …): in prose they are examples
_FAMOUS_PASSWORDS = {"hunter2", "hunter22", "password1", "password12", "password123", "password1234", "passw0rd",
                     "p@ssw0rd", "p@ssw0rd1", "p@ssword", "p@55w0rd", "abc123", "abcd1234", "qwerty", "qwerty123",
                     "qwertyuiop", "letmein", "letmein1", "letmein123", "secret123", "admin123", "admin1234", "test123",
                     "test1234", "pass123", "pass1234", "welcome", "welcome1", "welcome123", "changeme1", "changeme123",
                     "changeit", "trustno1", "iloveyou", "iloveyou1", "correcthorse1", "correcthorsebatterystaple",
                     "123456", "1234567", "12345678", "123456789", "1234567890", "toor", "monkey", "dragon",
                     "opensesame", "swordfish", "mypassword", "supersecret", "topsecret", "secretpassword", "rootroot",
                     "adminadmin"}  # (the same set as lib/secrets _famous_passwords)
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


_HASH_LIKE = lazy(r"^(?:[0-9a-f]{8,}|[0-9A-F]{8,}|[0-9a-f-]{36}|[a-z0-9]+:[0-9a-fA-F]{16,}|[a-z0-9]+-[A-Za-z0-9+/=]{40,})$")
_EMAIL_LIKE = lazy(r"^[^@\s]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$|^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$")


# a keyword argument or setting of code (`min_length=12` after `password = forms.CharField(…,`):
# an identifier, `=` and a value (base64 padding `abc==` is no identifier assignment)
_KEYWORD_ARG = lazy(r"[A-Za-z_][A-Za-z0-9_]*=[^=]")


def _prose_secret(value: str) -> bool:
    """A value named by prose ("… is X") that looks generated: 8+ characters with a letter and
    a digit, three kinds of characters (lower, upper, digit, symbol) or 12+ characters of
    two kinds and high entropy; not a placeholder, a variable, a path, a URL, a host or an
    e-mail address, a hash or UUID, a version or a proverbial example password."""
    value = value.rstrip(".,;:)?!")
    if len(value) < 8 or not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    if _placeholder(value) or value.lower() in _FAMOUS_PASSWORDS or value.lower() in _DEV_PASSWORDS or \
            value.startswith(("$", "<", "{", "%", "/", "~", "./", "http", "-")) or "://" in value:
        return False
    if _HASH_LIKE.match(value) or _EMAIL_LIKE.match(value) or _CODE.search(value) or _KEYWORD_ARG.match(value):
        return False
    if re.fullmatch(r"v?[0-9]+(?:\.[0-9]+)+.*|[0-9]+(?:[-:/][0-9]+)+[A-Za-z]{0,3}", value):
        return False  # versions, dates, times
    kinds = sum((any(c.islower() for c in value), any(c.isupper() for c in value), any(c.isdigit() for c in value),
                 any(not c.isalnum() for c in value)))
    if not any(c.islower() for c in value):  # NIST-800-63B, ISO-27001: identifiers, unless long and random
        return len(value) >= 14 and entropy(value) >= 3.4
    return kinds >= 3 or (kinds == 2 and len(value) >= 12 and entropy(value) >= 3.2)


# A JSON Web Token: a header and a payload (base64url JSON objects, `eyJ…`) and a signature. A
# signed token whose payload names who it is for or what it allows (sub, email, role, scope,
# groups, user or client ids, …) is a bearer credential: whoever holds it acts as that
# identity until it expires. Unsigned tokens (`alg: none`, no signature: test fixtures and
# documentation samples) are no credential; a signed token without such claims (a signed
# cursor or state blob) may be one (generic); the published examples (jwt.io's, RFC 7515's)
# are public (_PUBLIC), and so is a key whose only claim of identity is an anonymous role
# (Supabase's anon key, shipped in frontend code).
_JWT = lazy(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,2048}(?![A-Za-z0-9_-])")
_JWT_ID_CLAIMS = frozenset({
    "sub", "email", "upn", "unique_name", "preferred_username", "username", "user", "user_id", "userid", "uid", "oid",
    "name", "role", "roles", "scope", "scp", "scopes", "groups", "permissions", "perms", "admin", "is_admin",
    "client_id", "azp", "appid", "account", "account_id", "tenant", "tid", "org", "org_id", "session", "sid",
    "https://hasura.io/jwt/claims", "cognito:username", "cognito:groups", "act", "entitlements", "authorities"})


def _b64_json(part: str):
    import base64
    import binascii

    try:
        return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode("utf-8"))
    except (binascii.Error, ValueError, RecursionError):
        return None


def _jwt_kind(m) -> str:
    """"token" for a signed JWT carrying identity or role claims, "generic" for another signed
    one, "" for an unsigned one (alg none, no signature) or one that is not a JWT."""
    header_b64, payload_b64, signature = m.group(0).split(".", 2)
    header, payload = _b64_json(header_b64), _b64_json(payload_b64)
    if not isinstance(header, dict) or not isinstance(header.get("alg", ""), str):
        return ""
    if str(header.get("alg", "")).lower() in ("none", "") or len(signature) < 16:
        return ""
    if not isinstance(payload, dict):
        return "generic"
    claims = {k.lower(): v for k, v in list(payload.items())[:64] if k.lower() in _JWT_ID_CLAIMS and v not in (None, "", [], {})}
    if claims.keys() == {"role"} and str(claims["role"]).lower() in ("anon", "anonymous", "public"):
        return ""  # a public client key by design (Supabase's anon key; its service_role key is a credential)
    return "token" if claims else "generic"


def _placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.search(value)) or len(set(value)) < 3


# Values that are public by design or documented examples, never secrets (and the development
# chains' published private keys: secret_material.dev_chain_key): Stripe
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
    if _PUBLIC.match(value or "") or len(value or "") in (64, 66) and _dev_chain_key(value):
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
    if '"sensitive"' not in text or not _TF_SENSITIVE.search(text):  # (the literal every match starts with)
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


_JSON_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _unescape_level(text: str) -> str:
    """One level of JSON string escapes undone (\\" → ", \\\\ → \\, \\n, \\uXXXX): the
    text of a JSON document held inside a JSON string (a secret manager's SecretString).
    Linear, never raises; an escape it cannot read is kept as it is."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("\\", i)
        if j < 0 or j + 1 >= n:
            out.append(text[i:])
            break
        out.append(text[i:j])
        ch = text[j + 1]
        if ch in _JSON_ESCAPES:
            out.append(_JSON_ESCAPES[ch])
            i = j + 2
        elif ch == "u" and j + 6 <= n and all(c in "0123456789abcdefABCDEF" for c in text[j + 2:j + 6]):
            out.append(chr(int(text[j + 2:j + 6], 16)))
            i = j + 6
        else:
            out.append("\\")
            i = j + 1
    return "".join(out)


def _escaped(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)[1:-1]


def find(text) -> list[dict]:
    """The secrets in `text` (see the module docstring), also inside JSON documents held
    in JSON strings (escaped names and values, up to two levels deep). Never raises."""
    if not isinstance(text, str) or not text:
        return []
    text = text[:MAX_SCAN]
    out = _find(text)
    if out and "SealedSecret" in text and "encryptedData" in text:
        sealed = [m.group(0) for m in _SEALED_VALUE.finditer(text)]
        out = [f for f in out if not any(f["value"] in v for v in sealed)]
    inner = text
    for _ in range(2):  # {"SecretString": "{\\"password\\": \\"…\\"}"}: the name is escaped
        if '\\"' not in inner or len(out) >= MAX_FINDINGS:
            break
        try:
            inner = _unescape_level(inner)
            for f in _find(inner):
                value = f["value"]
                # the exact text to remove from the original: the value as it is written there
                for spelling in (value, _escaped(value), _escaped(_escaped(value))):
                    if spelling and spelling in text:
                        if not any(spelling == g["value"] for g in out):
                            out.append({**f, "value": spelling})
                        break
        except (RecursionError, MemoryError, ValueError):  # pragma: no cover - bounded input
            break
    if "%" in text and len(out) < MAX_FINDINGS:
        out.extend(f for f in _percent_encoded(text) if not any(f["value"] == g["value"] for g in out))
    return _outermost(out)[:MAX_FINDINGS]


# Secrets written percent-encoded (a URL's query, a form body, a log of either:
# `aws_secret_access_key%3DwJal…%2FK7MD…`, `password%3Dp%2540ss…` encoded twice): the lines
# that hold escapes of printable ASCII are decoded (two levels at most, 64 KiB of lines) and
# scanned; a finding's value is its spelling in the text, escapes and all (what a redaction
# must remove). Bytes past ASCII stay encoded (`%C3%A9`: no key format holds them).
_PCT_RUN = lazy(r"%(?:[2-7][0-9A-Fa-f]|0[9AaDd])(?:%(?:[2-7][0-9A-Fa-f]|0[9AaDd]))*")  # (a literal first: ~40x faster)
_PCT_LINES = 64 * 1024

# a map from a decoded text back to its source: decoded offset starts[i] is source offset
# origins[i], each character from there on `widths[i]` source characters (3: an escape)
_Spans = tuple[list[int], list[int], list[int]]


def _pct_decode(text: str) -> tuple[str, _Spans] | None:
    """`text` with its escapes decoded and the map back, or None when it holds none."""
    starts: list[int] = []
    origins: list[int] = []
    widths: list[int] = []
    parts: list[str] = []
    pos = size = 0
    for m in _PCT_RUN.finditer(text):
        for chunk, origin, width in ((text[pos:m.start()], pos, 1),
                                     (bytes.fromhex(m.group(0).replace("%", "")).decode("ascii"), m.start(), 3)):
            if chunk:
                starts.append(size)
                origins.append(origin)
                widths.append(width)
                parts.append(chunk)
                size += len(chunk)
        pos = m.end()
    if not parts:
        return None
    if pos < len(text):
        starts.append(size)
        origins.append(pos)
        widths.append(1)
        parts.append(text[pos:])
    return "".join(parts), (starts, origins, widths)


def _back(maps: list[_Spans], offset: int) -> int:
    """A decoded offset as an offset of the original text (through each level's map, innermost first)."""
    import bisect

    for starts, origins, widths in reversed(maps):
        i = max(bisect.bisect_right(starts, offset) - 1, 0)
        offset = origins[i] + (offset - starts[i]) * widths[i]
    return offset


def _pct_unquote(text: str) -> str:
    for _ in range(2):
        decoded = _pct_decode(text)
        if decoded is None:
            break
        text = decoded[0]
    return text


def _percent_encoded(text: str) -> list[dict]:
    out: list[dict] = []
    try:
        lines: list[tuple[int, int]] = []
        budget = _PCT_LINES
        for m in _PCT_RUN.finditer(text):
            if lines and m.start() < lines[-1][1]:
                continue  # on the line already taken
            start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
            end = len(text) if end < 0 else end
            budget -= end - start + 1
            if budget < 0:
                break
            lines.append((start, end))
        if not lines:
            return out
        source = "\n".join(text[a:b] for a, b in lines)
        maps: list[_Spans] = [([0], [0], [1])]
        offset = 0
        for i, (a, b) in enumerate(lines):
            if i:
                maps[0][0].append(offset)
                maps[0][1].append(a)
                maps[0][2].append(1)
            else:
                maps[0][1][0] = a
            offset += b - a + 1
        for _ in range(2):  # %253D: `=` encoded twice
            decoded = _pct_decode(source)
            if decoded is None:
                break
            source = decoded[0]
            maps.append(decoded[1])
        if len(maps) == 1:
            return out
        for f in _find(source):
            at = source.find(f["value"])
            if at < 0:
                continue
            start, end = _back(maps, at), _back(maps, at + len(f["value"]))
            spelling = text[start:end]
            if spelling and _pct_unquote(spelling) == f["value"]:
                kind = f["kind"] if spelling == f["value"] else f"{f['kind']} (percent-encoded)"
                out.append({**f, "kind": kind, "value": spelling})
    except (RecursionError, MemoryError, ValueError):  # pragma: no cover - bounded input
        pass
    return out


def _secret_value(name: str, value: str) -> bool:
    """A value under a secret's name that is a credential: a generated-looking literal or a
    password (two kinds of characters at least), not a placeholder, a reference or code."""
    value = value.strip().strip("\"'")
    if _placeholder(value) or identifier_assignment(name, value):
        return False
    return looks_random(value) or _real_password(value)


def _apart(text: str, out: list) -> None:
    """Secrets whose name and value are written apart (see _NV_JSON, _NV_YAML, _BLOCK_SCALAR,
    _TF_DEFAULT) and the secret columns of a table a database client prints (_table_columns)."""
    if '"' in text:
        for m in _NV_JSON.finditer(text):
            if _secret_value(m.group(1), m.group(2)):
                _add(out, "secret value by name", m.group(2), generic=True)
        for m in _NV_JSON_REVERSED.finditer(text):
            if _secret_value(m.group(2), m.group(1)):
                _add(out, "secret value by name", m.group(1), generic=True)
        if "variable" in text:
            for m in _TF_DEFAULT.finditer(text):
                if _secret_value(m.group(1), m.group(2)):
                    _add(out, "secret value by name", m.group(2), generic=True)
    if "value:" in text:
        for m in _NV_YAML.finditer(text):
            value = m.group(2)
            if _secret_value(m.group(1), value):
                _add(out, "secret value by name", value, generic=True)
    if "|" in text or ">" in text:
        for m in _BLOCK_SCALAR.finditer(text):
            value = m.group(3).strip()
            if " " not in value and _secret_value(m.group(2), value):
                _add(out, "secret value by name", value, generic=True)
    if "|" in text or "\t" in text:
        _table_columns(text, out)


def _table_columns(text: str, out: list) -> None:
    """A table printed by a database client (psql's `a | b`, mysql's `| a | b |`, a tab-separated
    batch): the cells under a header whose name is a secret's (`password`, `api_secret`)."""
    columns: dict[int, str] = {}
    width = 0
    sep = ""
    for line in text.splitlines()[:2000]:
        stripped = line.strip()
        if not stripped or set(stripped) <= set("+-=|: \t"):
            continue  # a rule line: `----+----`, `+----+`
        cut = "|" if "|" in stripped else "\t" if "\t" in stripped else ""
        if not cut:
            columns, width = {}, 0
            continue
        cells = [c.strip() for c in stripped.strip("|").split(cut)]
        if columns and cut == sep and len(cells) == width:
            for i, name in columns.items():
                value = cells[i]
                if value and " " not in value and _secret_value(name, value):
                    _add(out, "secret value in a table column", value, generic=True)
            continue
        named = {i: c for i, c in enumerate(cells) if c and len(c) <= 64 and any(w in c.lower() for w in _ASSIGN_WORDS)
                 and _HEADER_NAME.fullmatch(c)}
        columns, width, sep = (named, len(cells), cut) if named else ({}, 0, "")


def _xml_elements(text: str, out: list) -> None:
    """`<password>…</password>`, `<apiKey attr="…">…</apiKey>`: from each closing tag whose name
    is a secret's back to its opening tag (within 800 characters); the value looks random."""
    names: dict[str, bool] = {}  # a name's test, once per text
    for m in _XML_CLOSE.finditer(text):
        name = m.group(1)
        secret = names.get(name)
        if secret is None:
            secret = names[name] = bool(_ASSIGN_HINT.search(name) and _XML_NAME.fullmatch(name))
        if not secret:
            continue
        window = text[max(0, m.start() - 800):m.start()]
        at = window.rfind("<" + name)
        rest = _XML_OPEN_REST.match(window, at + 1 + len(name)) if at >= 0 else None
        if rest and looks_random(rest.group(1)) and not identifier_assignment(name, rest.group(1)):
            _add(out, "random-looking secret assignment", rest.group(1), generic=True)


# An Oracle login written without its client (a pasted `app/pw@//host:1521/SVC`, JDBC's
# `jdbc:oracle:thin:app/pw@host:1521:ORCL`, a TNS descriptor `app/pw@(DESCRIPTION=…)`): user, `/`,
# the password, then `@` and an EZConnect or descriptor address. (Not `owner/repo@v4`, a Go or npm
# spec: no `//`, host:port or descriptor after the `@`.) Run only on a text holding one of
# _ORACLE_HINTS; the password must look real (_real_password).
_ORACLE_AT = lazy(r"@(?://[A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9.-]{0,253}:[0-9]{2,5}[/:][A-Za-z0-9]|\((?i:description)[ \t]*=)")
_ORACLE_LOGIN = lazy(r"(?:(?<=thin:)|(?<![A-Za-z0-9_$#./@:-]))[A-Za-z][A-Za-z0-9_$#]{0,63}/(" + _ORA + r")$")
_ORACLE_HINTS = ("@//", ":152", ":2484", "thin:", "DESCRIPTION", "description")


def _oracle_logins(text: str, out: list) -> None:
    for count, at in enumerate(m.start() for m in _ORACLE_AT.finditer(text)):  # from each address back
        m = _ORACLE_LOGIN.search(text, max(0, at - 200), at) if count < 64 else None
        value = m.group(1).strip('"') if m else ""
        if value and _real_password(value):
            _add(out, "password in a database login", value)


# A session cookie (a logged-in session: whoever holds the value is that user) by its name —
# session, sess, sid (connect.sid, PHPSESSID, JSESSIONID, Google's SID/HSID), auth, token, jwt,
# remember, login, sso, a `__Host-`/`__Secure-` prefix; not a CSRF token — and a value of 16+
# random-looking characters, where the text says it is a cookie: on a `Cookie:` / `Set-Cookie:`
# / `--cookie` line, in a `name=value; name2=value2` list (`document.cookie`), alone in a quoted
# string (a browser tool's result), or a browser tool's cookie object (`{"name": "__Host-session", "value": "…"}`, either order).
_COOKIE_NAME_WORDS = ("sess", "sid", "auth", "token", "jwt", "remember", "login", "sso", "__host-", "__secure-")
_COOKIE_NAME = lazy(r"(?i)^__(?:host|secure)-|sess|sid(?![a-z])|auth|token|jwt|remember|login|sso(?![a-z])|saml|oidc")
_COOKIE_NOT = lazy(r"(?i)csrf|xsrf|consent|pref|theme|lang|locale|_ga|tracking|analytics")
_COOKIE_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-!#$&*+^|~")
_COOKIE_NAME_TAIL = lazy(r"[A-Za-z0-9_.!#$&*+^|~-]*")
_COOKIE_VALUE = lazy(r"\"?([A-Za-z0-9%._~+/=:!*-]{16,4096})")
_COOKIE_NEXT = lazy(r"\"?[ \t]*;[ \t]*[A-Za-z0-9_.!#$&*+^|~-]{1,128}=")
_COOKIE_LINE = lazy(r"(?i)\b(?:set-)?cookies?\b[\"']?[ \t]*(?:[:=]|[ \t])|--cookie\b|\b-b[ \t]")
_COOKIE_JSON = lazy(r'"name"[ \t\r\n]*:[ \t\r\n]*"([^"\\\n]{1,128})"[ \t\r\n]*,(?:[ \t\r\n]*"[A-Za-z_]{1,32}"[ \t\r\n]*:'
                    r'[ \t\r\n]*(?:"[^"\\\n]{0,512}"|[0-9.eE+-]{1,32}|true|false|null)[ \t\r\n]*,){0,12}[ \t\r\n]*"value"'
                    r'[ \t\r\n]*:[ \t\r\n]*"([^"\\\n]{16,4096})"'
                    r'|"value"[ \t\r\n]*:[ \t\r\n]*"([^"\\\n]{16,4096})"[ \t\r\n]*,(?:[ \t\r\n]*"[A-Za-z_]{1,32}"[ \t\r\n]*:'
                    r'[ \t\r\n]*(?:"[^"\\\n]{0,512}"|[0-9.eE+-]{1,32}|true|false|null)[ \t\r\n]*,){0,12}[ \t\r\n]*"name"'
                    r'[ \t\r\n]*:[ \t\r\n]*"([^"\\\n]{1,128})"')


def _session_cookie(name: str, value: str) -> bool:
    if not _COOKIE_NAME.search(name) or _COOKIE_NOT.search(name):
        return False
    if _PLACEHOLDER_TOKEN.search(value) or _EXAMPLE_TOKEN.search(value) or len(set(value)) < 8 or \
            value.startswith(("/", "~", ".", "http")):
        return False  # (a path or a URL: a setting, not a cookie)
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not _HASH_LIKE.match(value) or \
        len(value) >= 24 and entropy(value) >= 3.5


def _cookies(text: str, low: str, out: list) -> None:
    checked = 0
    for word in _COOKIE_NAME_WORDS if "=" in text else ():
        at = low.find(word)
        while at >= 0 and checked < 256:
            checked += 1
            end = text.find("=", at + len(word), at + len(word) + 65)  # the name's end: an `=` after name characters
            here, at = at, low.find(word, at + 1)
            m = _COOKIE_VALUE.match(text, end + 1) if end >= 0 and _COOKIE_NAME_TAIL.fullmatch(text, here, end) else None
            if m is None:
                continue
            start = here
            while start > 0 and here - start < 64 and text[start - 1] in _COOKIE_NAME_CHARS:
                start -= 1
            if not _session_cookie(text[start:end], m.group(1)):
                continue
            after = m.end(1)
            if after < len(text) and text[after] not in ";,\"' \t\r\n]}":
                continue  # longer than a value, or code (`sessionKey=makeKey2024x(…)`): not a cookie's
            line_start = text.rfind("\n", 0, start) + 1
            if _COOKIE_LINE.search(text, line_start, start) or _COOKIE_NEXT.match(text, after) or \
                    text[line_start:start].rstrip(" \t").endswith(";") or \
                    text[:start].strip() in ('"', "'") and text[after:].strip(" \t\r\n;") in ('"', "'"):
                _add(out, "session cookie", m.group(1))
    if '"value"' in text and '"name"' in text:
        for m in _COOKIE_JSON.finditer(text):
            name, value = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(4), m.group(3))
            if _session_cookie(name, value):
                _add(out, "session cookie", value)


# an AWS secret access key after the word secret (`secret wJalr…`, `secret key: …`, a stack trace's
# `SecretAccessKey=…`): 40 base64 characters, both cases and a digit (as the pack's redaction)
_AWS_SECRET_AFTER_WORD = lazy(r"(?i)(?:[ _-]?access)?(?:[ _-]?key)?[ \t\"'=:]{1,4}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")


def _aws_secret_after_word(text: str, low: str, out: list) -> None:
    at, checked = low.find("secret"), 0  # (from each `secret` that starts a word: a substring search)
    while at >= 0 and checked < 128:
        checked += 1
        m = _AWS_SECRET_AFTER_WORD.match(text, at + 6) if at == 0 or not low[at - 1].isalnum() else None
        if m and _random_secret(m.group(1)):
            _add(out, "AWS secret access key", m.group(1))
        at = low.find("secret", at + 6)


# A secret broken across two lines (a pasted key wrapped by a terminal or a chat: `AKIAQ7ZP` at a
# line's end, `MX2LBNR6TYE` at the next one's start): a run of token characters that ends a line
# and starts with a known format's prefix (_SPLIT_PREFIXES) or follows a secret's name, joined to
# the run that starts the next line, is scanned again as one line (with the rest of both lines);
# a finding that crosses the joint is the original text from its start to its end, line break
# and all (what a redaction must remove). At most 8 joints a text.
_SPLIT_PREFIXES: dict[str, tuple[str, ...]] = {  # a format's prefixes, tried where the scan found the format's needle
    "AWS access key ID": ("AKIA", "ASIA", "ABIA", "ACCA"), "Tencent Cloud SecretId": ("AKID",),
    "Alibaba access key": ("LTAI",), "Google API key": ("AIza",), "Google OAuth token": ("ya29.", "GOCSPX-"),
    "GitHub token": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), "GitLab token": ("glpat-",),
    "Slack token": ("xoxb-", "xoxp-", "xoxa-", "xoxe"), "Slack app token": ("xapp-",), "Anthropic API key": ("sk-ant-",),
    "OpenAI API key": ("sk-proj-", "sk-svcacct-", "sk-admin-"), "Stripe key": ("sk_live_", "rk_live_"),
    "Stripe webhook secret": ("whsec_",), "Hugging Face token": ("hf_",), "npm token": ("npm_",), "PyPI token": ("pypi-",),
    "Docker Hub token": ("dckr_pat_",), "Contentful token": ("CFPAT-",), "SendGrid key": ("SG.",),
    "Shopify token": ("shpat_",), "Grafana token": ("glsa_",), "Vault token": ("hvs.",), "DigitalOcean token": ("dop_v1_",),
    "New Relic key": ("NRAK-",), "Sentry token": ("sntrys_", "sntryu_"), "Atlassian token": ("ATATT3",),
    "PlanetScale token": ("pscale_",), "Groq key": ("gsk_",), "OpenRouter key": ("sk-or-v1-",), "xAI key": ("xai-",),
    "Perplexity key": ("pplx-",), "Square token": ("EAAA",), "Databricks token": ("dapi",), "Heroku key": ("HRKU-",),
}
_SPLIT_NAMES = ("secret", "key", "token", "passw", "pwd")
_SPLIT_RUN = lazy(r"[A-Za-z0-9_+/=.-]*")
_SPLIT_AFTER_NAME = lazy(r"[A-Za-z0-9_-]{0,24}[\"'`]?[ \t]*(?:[:=]|\bis\b)?[ \t\"'`]{0,3}")


def _fragment(run: str) -> bool:
    """A piece of a generated token: a digit, or a capital after a small letter (not a word, a
    sentence's end, a path or a hex digest's piece alone)."""
    return any(c.isdigit() for c in run) and any(c.isalpha() for c in run) or any(
        a.islower() and b.isupper() for a, b in zip(run, run[1:], strict=False))


def _split_tokens(text: str, low: str, out: list, kinds: set[str]) -> None:
    """(`kinds`: the formats whose needle the text holds: only their prefixes are searched)"""
    joints: dict[int, int] = {}  # line break position -> the run's start
    for prefix in (p for kind in kinds for p in _SPLIT_PREFIXES.get(kind, ())):
        at, seen = text.find(prefix), 0
        while at >= 0 and seen < 32 and len(joints) < 8:
            seen += 1
            end = _SPLIT_RUN.match(text, at).end()
            if text[end:end + 1] in ("\n", "\r") and (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_+/=.-")) \
                    and _fragment(text[at + len(prefix):end]):
                joints.setdefault(end, at)
            at = text.find(prefix, at + 1)
    for name in _SPLIT_NAMES:
        at, seen = low.find(name), 0
        while at >= 0 and seen < 64 and len(joints) < 8:
            seen += 1
            m = _SPLIT_AFTER_NAME.match(text, at + len(name))
            run = _SPLIT_RUN.match(text, m.end()) if m else None
            if run and run.end() - run.start() >= 8 and text[run.end():run.end() + 1] in ("\n", "\r") \
                    and _fragment(run.group(0)):
                joints.setdefault(run.end(), run.start())
            at = low.find(name, at + 1)
    for end, start in sorted(joints.items()):
        nxt = end + (2 if text[end:end + 2] == "\r\n" else 1)
        second = _SPLIT_RUN.match(text, nxt).end()
        if second - nxt < 4 or not _fragment(text[nxt:second]):
            continue
        line_start = max(text.rfind("\n", 0, start) + 1, start - 120)
        line_end = text.find("\n", second)
        line_end = min(len(text) if line_end < 0 else line_end, second + 120)
        joined = text[line_start:end] + text[nxt:line_end]
        joint = end - line_start
        for f in _find(joined):
            pos = joined.find(f["value"])
            if 0 <= pos < joint < pos + len(f["value"]):
                _add(out, f["kind"], text[line_start + pos:nxt + pos + len(f["value"]) - joint], f.get("generic", False))


# how specific a finding's kind is: a token format or a key block (2) names what the secret is;
# another precise rule (a URL's password, a command line's, prose) where it stands (1); a
# generic shape (0) only that it looks like one
_FORMAT_KINDS = frozenset({k for k, _ in _TOKENS} | {"private key", "PuTTY private key", "OpenVPN static key"} | _MATERIAL_KINDS)


def _rank(f: dict) -> int:
    kind = f["kind"].split(" (", 1)[0]  # "GitHub token (base64-encoded)": the format's rank
    return 2 if kind in _FORMAT_KINDS else 0 if f.get("generic") else 1


def _outermost(out: list[dict]) -> list[dict]:
    """The findings whose value lies inside no other's (replacing both could leave a part behind;
    of equal values the first), each with the most specific kind among the findings inside it:
    `password = "Bearer:ghp_…"` is a GitHub token (not generic) whose value is the whole literal,
    so the kind is not lost with the inner finding and a redaction still removes it all."""
    kept: list[dict] = []
    for i, f in enumerate(out):
        value = f["value"]
        if any(j != i and value in g["value"] and (len(g["value"]) > len(value) or j < i) for j, g in enumerate(out)):
            continue
        best = f
        for j, g in enumerate(out):
            if j != i and g["value"] in value and _rank(g) > _rank(best):
                best = g
        kept.append(f if best is f else {**f, "kind": best["kind"], "generic": False})
    return kept


_GLUED_FORMATS: dict[str, LazyPattern] = {}  # a format's pattern without its \b assertions, by kind


def _known_inside(out: list[dict]) -> None:
    """A generic finding whose value holds a token format glued to other characters (`api_key =
    "x" + "ghp_…"` written as one literal `xghp_…`, `abcsk_live_…`, where the format's word
    boundary fails) takes that format's kind: the more specific kind wins."""
    for i, f in enumerate(out):
        if not f.get("generic"):
            continue
        value = f["value"]
        for kind, pattern, needles in _TOKENS_NEEDLED:
            if needles is None or not any(n in value for n in needles):
                continue
            glued = _GLUED_FORMATS.get(kind)
            if glued is None:
                glued = _GLUED_FORMATS[kind] = _prefilter(pattern)
            m = glued.search(value)
            if m is None or _EXAMPLE_TOKEN.search(m.group(0)):
                continue
            if kind in _PROVIDER_KINDS and (_PLACEHOLDER_TOKEN.search(m.group(0)) or len(set(m.group(0))) < 10):
                continue
            out[i] = {**f, "kind": kind, "generic": False}
            break


# the formats with the prefilter each is tested with, in order; those without needles alone
# (all a short text with no needle at all is tested against)
_TOKEN_ROWS = list(zip(_TOKENS_NEEDLED, _TOKEN_PREFILTERS, strict=False))
_UNNEEDLED_ROWS = [row for row in _TOKEN_ROWS if row[0][2] is None]
_NEEDLES_BY_FIRST: dict[str, list[str]] = {}
for _needle in _ANY_NEEDLES:
    if _needle:
        _NEEDLES_BY_FIRST.setdefault(_needle[0], []).append(_needle)
_EMPTY_NEEDLE = "" in _ANY_NEEDLES


def _any_needle(text: str) -> bool:
    """any(n in text for n in _ANY_NEEDLES), testing only the needles that start with one of
    the text's characters (a short text has few distinct ones)."""
    if _EMPTY_NEEDLE:
        return True
    for c in set(text):
        needles = _NEEDLES_BY_FIRST.get(c)
        if needles is not None:
            for n in needles:
                if n in text:
                    return True
    return False


def _find(text: str) -> list[dict]:
    out: list[dict] = []
    # the case-insensitive hints below as substring tests of ASCII text (Unicode case folding differs)
    lower = text.lower() if text.isascii() else None
    try:
        # (a literal every match starts with)
        for m in (_PEM.finditer(text) if "-----BEGIN " in text or "---- BEGIN SSH2" in text else ()):
            if _PEM_BODY.search(m.group(0)[:400]):
                _add(out, _PEM_KINDS.get(m.group(0)[11:18], "private key"), m.group(0))
        _putty(text, out)
        # seed phrases, wallet keys, named hex keys, keypair arrays, WireGuard keys, key/secret
        # pairs (facts/secret_material.py: each format's check, behind its own cheap test)
        for kind, value in _material(text, lower):
            _add(out, kind, value)
        no_needle = len(text) <= _ANY_NEEDLE_MAX and not _any_needle(text)
        present: set[str] = set()  # the formats whose needle the text holds (for _split_tokens)
        for (kind, pattern, needles), prefilter in _UNNEEDLED_ROWS if no_needle else _TOKEN_ROWS:
            # cheapest first: a literal needle every match contains, else a regex superset
            if needles is not None:
                if no_needle:
                    continue
                for n in needles:
                    if n in text:
                        break
                else:
                    continue
                present.add(kind)
            elif prefilter is not pattern and not prefilter.search(text):
                continue
            for m in pattern.finditer(text):
                value = m.group(0)
                if _EXAMPLE_TOKEN.search(value):
                    continue
                if kind in _PROVIDER_KINDS and (_PLACEHOLDER_TOKEN.search(value) or len(set(value)) < 10):
                    continue
                _add(out, kind, value)
        # every _KUBE match holds ":" and a name with "token" or "client-" (names tested on ASCII
        # text only: Unicode case folding differs)
        kube = ":" in text and (lower is None or "token" in lower or "client-" in lower)
        for m in (_KUBE.finditer(text) if kube else ()):
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
        for m in (_URL_CREDENTIALS.finditer(text) if "://" in text and "@" in text else ()):
            user, password = m.group(1), m.group(2)
            if password.startswith(("$", "%24", "{", "<", "*", "[")) or "${" in password or "{{" in password:
                continue  # a variable or a template
            if password == user or _URL_DEV_PASSWORD.fullmatch(password) or _placeholder(password):
                continue
            _add(out, "credentials in a URL", password)
        hint = _ASSIGN_HINT.search(text) if lower is None else any(w in lower for w in _ASSIGN_WORDS)
        assign = hint and (_may_assign(text, lower) if lower is not None else "=" in text or ":" in text)
        for m in (_ASSIGN.finditer(text) if assign else ()):
            value = next(g for g in m.groups()[1:] if g is not None)
            if looks_random(value) and not identifier_assignment(m.group(1), value):
                _add(out, "random-looking secret assignment", value, generic=True)
        for m in (_TABLE_ROW.finditer(text) if hint and ("\t" in text or "|" in text or "  " in text) else ()):
            value = m.group(2)
            if looks_random(value) and not identifier_assignment(m.group(1), value) and not _placeholder(value):
                _add(out, "random-looking secret assignment", value, generic=True)
        if hint:
            _apart(text, out)
        if hint and "</" in text:
            _xml_elements(text, out)
        if hint and "value" in text:
            for m in _KEY_VALUE_ATTR.finditer(text):
                value = m.group(3) if m.group(3) is not None else m.group(4)
                if _ASSIGN_HINT.search(m.group(2)) and _XML_NAME.fullmatch(m.group(2)) and looks_random(value) \
                        and not identifier_assignment(m.group(2), value):
                    _add(out, "random-looking secret assignment", value, generic=True)
        if hint and "(" in text and any(w in (lower if lower is not None else text.lower()) for w in _SETTER_WORDS):
            for m in _PHP_DEFINE.finditer(text):
                value = m.group(3) if m.group(3) is not None else m.group(4)
                if _SETTER.search(text, max(0, m.start() - 40), m.start()) and looks_random(value) and not identifier_assignment(m.group(2), value):
                    _add(out, "random-looking secret assignment", value, generic=True)
        if "eyJ" in text:
            for count, m in enumerate(_JWT.finditer(text)):
                if count >= 64 or len(out) >= MAX_FINDINGS:
                    break
                kind = _jwt_kind(m)
                if kind:
                    _add(out, "JSON Web Token", m.group(0), generic=kind == "generic")
        for m in (m for needles, option, pattern in _CLI_PASSWORDS if option in text and any(n in text for n in needles)
                  for m in pattern.finditer(text)):
            value = m.group(1)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            if value.startswith("pass:"):  # openssl -passin pass:VALUE
                value = value[5:]
            if _real_password(value):
                _add(out, "password on a command line", value)
        if "@" in text and any(h in text for h in _ORACLE_HINTS):
            _oracle_logins(text, out)
        low = lower if lower is not None else text.lower()
        if ("=" in text or '"value"' in text) and any(w in low for w in _COOKIE_NAME_WORDS):
            _cookies(text, low, out)
        if "secret" in low:
            _aws_secret_after_word(text, low, out)
        if len(out) < MAX_FINDINGS:
            for m in _TOKEN_SHAPE.finditer(text):
                if _generic_token(m, text):
                    _add(out, "token-shaped secret", m.group(0), generic=True)
        # last: a value another rule names more precisely keeps that rule's kind
        prose_secret = any(w in low for w in _PROSE_SECRET_WORDS) and (lower is None or _may_name_secret(lower))
        for m in (_PROSE_SECRET.finditer(text) if prose_secret else ()):
            for value in (m.group(1), m.group(2)):
                if value and _prose_secret(value):
                    _add(out, "secret in prose", value.rstrip(".,;:)?!"))
        if "\n" in text and len(out) < MAX_FINDINGS:
            _split_tokens(text, low, out, present)
    except (RecursionError, MemoryError):  # pragma: no cover - bounded input
        pass
    _known_inside(out)
    # drop values inside another finding's value (replacing both could leave a part)
    return _outermost(out)


_B64_RUN = lazy(r"[A-Za-z0-9+/_-]{32,}={0,2}")


def _encoded(text: str) -> list[dict]:
    """Secrets carried base64-encoded (a URL's `?d=LS0tLS1CRUdJTi…`, a body field) or hex-encoded
    (_hex_encoded): each long base64/base64url run that decodes to text is scanned once; a
    finding's value is the encoded run, the text that carries it. At most 8 runs per string."""
    out: list[dict] = _hex_encoded(text)
    for i, m in enumerate(_B64_RUN.finditer(text[:MAX_SCAN])):
        if i >= 8:
            break
        run = m.group(0)
        decoded = _b64_loose(run)
        if decoded is None:
            continue
        if not decoded.isprintable() and not all(c.isprintable() or c in "\n\r\t" for c in decoded):
            continue
        for f in _find(decoded):
            out.append({**f, "kind": f"{f['kind']} (base64-encoded)", "value": run})
    return out


_OUT_B64_RUN = lazy(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}")
# `base64 FILE` wraps at 76 characters (64 for PEM-like tools): the lines of one encoding
_OUT_B64_WRAPPED = lazy(r"(?m)^(?:[A-Za-z0-9+/]{60,76}\r?\n)+[A-Za-z0-9+/]{4,76}={0,2}$")
_OUT_RUNS = 128  # base64 runs decoded to text per string of an output
_OUT_DECODED = 512 * 1024  # characters of base64 decoded per string of an output


def _encoded_output(text: str) -> list[dict]:
    """Secrets a tool's output carries base64-encoded, without a name that says so:

    - a base64 run (24+ characters, both cases) that decodes to text holding a secret of a
      known format (a provider token, a private key block, an access key pair, credentials
      in a URL, a credential JWT: a non-generic finding). Base64 of ordinary text, images,
      digests and protobuf is left alone (it decodes to no such secret, or to no text);
    - a value of a Kubernetes Secret's `data` (YAML or JSON, in a document whose kind is
      Secret): every value is the secret, unless its key names something plain (`username`,
      `host`, `ca.crt`, …) and the value holds no secret;
    - a registry login's `"auth": "…"` (docker's config.json, a .dockerconfigjson): base64 of
      `user:password`.

    A finding's value is the encoded text as written. Never raises."""
    import itertools

    out: list[dict] = []
    text = text[:MAX_SCAN]
    try:
        seen = 0
        budget = _OUT_DECODED
        blocks = [m.span() for m in _OUT_B64_WRAPPED.finditer(text)] if "\n" in text else []
        # a line of a wrapped block is decoded with its block, not again alone
        lines = (m.group(0) for m in _OUT_B64_RUN.finditer(text) if not _inside(m.start(), blocks))
        for run in itertools.chain((text[a:b] for a, b in blocks), lines):
            if run.lower() == run or run.upper() == run:
                continue  # paths, identifiers, hex: base64 of text mixes cases
            budget -= len(run)
            if seen >= _OUT_RUNS or budget < 0:
                break
            decoded = _b64_loose("".join(run.split()))
            if decoded is None:
                continue  # no text (an image, a digest, protobuf): cheap, not counted
            seen += 1
            for f in _find(decoded):
                if not f.get("generic"):
                    _add(out, f"{f['kind']} (base64-encoded)", run)
        if "Secret" in text:
            _secret_manifest(text, out)
        if '"auth"' in text:
            for m in _DOCKER_AUTH.finditer(text):
                login = _b64_text(m.group(1))
                if login and ":" in login.strip(":") and len(login) >= 3:
                    _add(out, "registry login (base64-encoded)", m.group(1))
    except (RecursionError, MemoryError):  # pragma: no cover - bounded input
        pass
    return out


def _b64_loose(run: str) -> str | None:
    """A base64 or base64url run, padding optional, decoded as UTF-8 text; None when it is not
    (the form a URL parameter, a body field or a tool's output prints)."""
    import base64
    import binascii

    body = run.rstrip("=")
    try:
        return base64.urlsafe_b64decode(body.replace("+", "-").replace("/", "_") + "=" * (-len(body) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def _inside(i: int, spans: list) -> bool:
    return any(a <= i < b for a, b in spans)


_DOCKER_AUTH = lazy(r'"auth"[ \t]*:[ \t]*"([A-Za-z0-9+/]{4,}={0,2})"')
_SECRET_KIND = lazy(r'(?m)^[ \t-]*"?kind"?[ \t]*:[ \t]*"?Secret"?[ \t]*,?[ \t\r]*$')
_YAML_DATA_KEY = lazy(r"^([ \t]*(?:-[ \t]+)?)data:[ \t]*\r?$")
_YAML_ENTRY = lazy(r"""^[ \t]*("?)([^\s:"]{1,253})\1[ \t]*:[ \t]*(["']?)([A-Za-z0-9+/]{4,}={0,2})\3[ \t]*\r?$""")
_JSON_DATA = lazy(r'"data"[ \t\r\n]*:[ \t\r\n]*\{([^{}]{1,262144})\}')
_JSON_ENTRY = lazy(r'"([^"\\]{1,253})"[ \t\r\n]*:[ \t\r\n]*"([A-Za-z0-9+/]{4,}={0,2})"')
_PLAIN_DATA_KEY = lazy(r"(?i)^(?:.*[._-])?(?:user(?:name)?|login|host(?:name)?|port|namespace|database|db(?:name)?|region|email|endpoint|url|uri|server|bucket|cluster|ca\.crt|tls\.crt|[a-z0-9-]*\.crt)$")
_DOC_SEPARATOR = lazy(r"(?m)^---[ \t]*\r?$")


def _b64_text(value: str) -> str | None:
    """Strict base64 (padded, as Kubernetes and docker write it) decoded as UTF-8 text, or None."""
    import base64
    import binascii

    if len(value) % 4:
        return None
    try:
        return base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def _secret_data_value(key: str, value: str, out: list) -> None:
    import base64
    import binascii

    if len(value) % 4:
        return
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return
    if not raw:
        return
    if _PLAIN_DATA_KEY.match(key):
        try:
            decoded = raw.decode("utf-8")
        except ValueError:
            return
        if not _find(decoded):
            return
    _add(out, "value of a Kubernetes Secret (base64-encoded)", value)


def _secret_manifest(text: str, out: list) -> None:
    """The `data` values of every document (YAML, `---`-separated) or JSON object of kind Secret."""
    if not _SECRET_KIND.search(text):
        return
    for m in _JSON_DATA.finditer(text):
        for e in _JSON_ENTRY.finditer(m.group(1)):
            _secret_data_value(e.group(1), e.group(2), out)
    for doc in _DOC_SEPARATOR.compiled.split(text):
        if not _SECRET_KIND.search(doc):
            continue
        base = -1
        for line in doc.split("\n"):
            if len(out) >= MAX_FINDINGS:
                return
            d = _YAML_DATA_KEY.match(line)
            if d:
                base = len(d.group(1))
                continue
            if base < 0 or not line.strip():
                continue
            indent = len(line) - len(line.lstrip(" \t"))
            if indent <= base:
                base = -1
                continue
            e = _YAML_ENTRY.match(line)
            if e:
                _secret_data_value(e.group(2), e.group(4), out)


_HEX_RUN = lazy(r"(?:(?<=0x)|(?<![0-9A-Za-z]))[0-9A-Fa-f]{1,16384}(?:\.[0-9A-Fa-f]{1,16384})*(?![0-9A-Za-z])")


def _hex_encoded(text: str) -> list[dict]:
    """Secrets carried hex-encoded: a run of hex digits, or hex labels of a host name joined
    (`6768705f….5a71….dns.attacker.example`, DNS exfiltration), 32+ digits that decode to text,
    scanned once; the finding's value is the run as written. Digests, git SHAs and UUIDs
    decode to bytes that are no text and are skipped. At most 8 runs per string."""
    out: list[dict] = []
    seen = 0
    for m in _HEX_RUN.finditer(text[:MAX_SCAN]):
        run = m.group(0)
        digits = run.replace(".", "")
        if len(digits) < 32:
            continue
        seen += 1
        if seen > 8:
            break
        # an odd count or a stray byte before the text (`ff.6768…`) must not hide it: both
        # alignments of an odd run, and text that is mostly printable
        for body in ((digits,) if len(digits) % 2 == 0 else (digits[:-1], digits[1:])):
            decoded = bytes.fromhex(body).decode("utf-8", "replace")
            printable = sum((c.isprintable() and c != "\ufffd") or c in "\n\r\t" for c in decoded)
            if printable < 0.8 * len(decoded):
                continue
            for f in _find(decoded):
                out.append({**f, "kind": f"{f['kind']} (hex-encoded)", "value": run})
            break
    return out


# A name and its value as two members of one object (an MCP server's `{"key": "DD_API_KEY",
# "value": "…"}`, ECS/Kubernetes `{"name", "value"}`, AWS's `{"Key", "Value"}`, CloudFormation's
# `{"ParameterKey", "ParameterValue"}`, SSM's `{"Name": "/prod/DB_PASSWORD", "Value": …}`): each
# member is a string of its own, so the pair is judged as _NV_JSON judges it in a text: a
# secret's name (a path's last part) and a value that looks like a credential (_secret_value).
_NV_NAME_KEYS = frozenset({"name", "key", "parameterkey", "variable", "variable_name", "env", "envname"})
_NV_VALUE_KEYS = frozenset({"value", "parametervalue", "secret_value", "val"})


def _name_value_pair(node: dict) -> str | None:
    if len(node) > 16:
        return None
    name = value = None
    for k, v in node.items():
        if isinstance(k, str) and isinstance(v, str) and len(k) <= 32:
            low = k.lower()
            if name is None and low in _NV_NAME_KEYS:
                name = v
            elif value is None and low in _NV_VALUE_KEYS:
                value = v
    if name is None or value is None or len(name) > 256 or not 4 <= len(value) <= 512:
        return None
    name = name.rstrip("/").rsplit("/", 1)[-1]
    if len(name) > 128 or not _ASSIGN_HINT.search(name) or not _XML_NAME.fullmatch(name):
        return None
    return value if _secret_value(name, value) else None


def find_in(doc, limit: int = MAX_SCAN, *, encoded: bool = False, output: bool = False) -> list[dict]:
    """The secrets in every string of a JSON value (keys too), scanning up to `limit` characters;
    with `encoded`, also secrets carried base64- or hex-encoded in a string (a tool's input);
    with `output`, the base64 forms a tool's output prints (_encoded_output)."""
    out: list[dict] = []
    budget = limit
    stack = [doc]
    while stack and budget > 0 and len(out) < MAX_FINDINGS:
        node = stack.pop()
        if isinstance(node, str):
            budget -= len(node)
            extra = _encoded(node) if encoded and len(node) >= 32 else []
            if output and len(node) >= 4:
                extra = extra + _encoded_output(node)
            for f in find(node) + extra:
                if not any(f["value"] == g["value"] for g in out):
                    out.append(f)
        elif isinstance(node, dict):
            pair = _name_value_pair(node)
            if pair:
                _add(out, "secret value by name", pair, generic=True)
            for k, v in node.items():
                stack.append(v)
                # "api_key": "…" as a JSON object: scan the pair as text too
                # (only when JSON would not escape it: the value must stay the exact text)
                if (isinstance(k, str) and isinstance(v, str) and len(v) <= 512 and len(k) <= 64
                        and v.isprintable() and '"' not in v and "\\" not in v):
                    stack.append(json.dumps({k: v}, ensure_ascii=False))
        elif isinstance(node, list):
            stack.extend(node)
    return _outermost(out)
