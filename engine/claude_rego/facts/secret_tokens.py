"""Secret findings: the token formats, and the index a scan tests before it runs a
pattern (facts/secrets.py runs them).

`TOKENS`: every token format as (kind, pattern compiled at first use), in scan order: the
formats below, then the PROVIDER_TOKENS table (`PROVIDER_KINDS`: a table token whose body
is a placeholder is skipped). The index, per format: `TOKENS_NEEDLED` (the literal needles
every match contains, or None) and `TOKEN_PREFILTERS` (a cheaper regex superset); and
`ANY_NEEDLES`, every needle, tested first on a short text (<= `ANY_NEEDLE_MAX`).
Standard library only.
"""

from __future__ import annotations

from .lazy_re import LazyPattern, lazy

# Provider formats with a fixed prefix (or shape), checked before the table below.
_FORMATS: list[tuple[str, str]] = [
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
]

# More provider formats, after the public rule sets of secret scanners (gitleaks
# config/gitleaks.toml, trufflehog detectors, GitHub secret scanning's partner list):
# a fixed, documented prefix and a body of the published length or alphabet. Kept as a
# table so adding a provider is one line; every pattern starts with a literal prefix
# (no backtracking across the text). Bodies whose prefix is also an ordinary word
# prefix (re_, sk_) are validated by `_PREFIX_CHECKED` below.
PROVIDER_TOKENS: list[tuple[str, str]] = [
    ("PlanetScale token", r"\bpscale_(?:pw|tkn|oauth|otkn)_[A-Za-z0-9_.=-]{32,64}"),
    ("Tailscale key", r"\btskey-(?:[a-z]{3,8}-)?[A-Za-z0-9]{6,}-[A-Za-z0-9]{20,}"),
    ("Figma token", r"\bfig[dhu]_[A-Za-z0-9_-]{38,}"),
    ("Buildkite token", r"\bbkua_[A-Za-z0-9]{40}"),
    ("Okta API token", r"\bSSWS[ \t]+00[A-Za-z0-9_-]{38,}"),
    ("OpenRouter key", r"\bsk-or-v1-[A-Za-z0-9]{40,}"),
    ("Groq key", r"\bgsk_[A-Za-z0-9]{40,}"),
    ("Replicate token", r"\br8_[A-Za-z0-9]{36,}"),
    ("Resend key", r"\bre_[A-Za-z0-9]{6,12}_[A-Za-z0-9]{20,}"),
    ("1Password service account token", r"\bops_eyJ[A-Za-z0-9+/=_-]{40,}"),
    ("Hugging Face token", r"\bhf_[A-Za-z0-9]{34,}"),
    ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("PyPI token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
    ("Docker Hub token", r"\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}"),
    ("GitLab token", r"\b(?:gldt|glrt|glptt|glft|glsoat|glcbt|gloas|glimt|glagent|glffct)-[A-Za-z0-9_-]{20,}"),
    ("Vault token", r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}"),
    ("Grafana token", r"\bglsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|\bglc_[A-Za-z0-9+/=]{32,}"),
    ("Terraform Cloud token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}"),
    ("Perplexity key", r"\bpplx-[A-Za-z0-9]{40,}"),
    ("xAI key", r"\bxai-[A-Za-z0-9]{60,}"),
    ("Cerebras key", r"\bcsk-[a-z0-9]{40,}"),
    ("LangSmith key", r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    ("Pinecone key", r"\bpcsk_[A-Za-z0-9_]{50,}"),
    ("Neon key", r"\bnapi_[a-z0-9]{60,}"),
    ("Render key", r"\brnd_[A-Za-z0-9]{30,}"),
    ("Airtable token", r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    ("Contentful token", r"\bCFPAT-[A-Za-z0-9_-]{40,64}"),  # (43 documented; pasted ones lose or gain a character)
    ("Mapbox secret token", r"\bsk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),
    ("Typeform token", r"\btfp_[A-Za-z0-9_.=-]{40,}"),
    ("Prefect key", r"\bpnu_[A-Za-z0-9]{36}"),
    ("Alibaba access key", r"\bLTAI[A-Za-z0-9]{20}\b"),
    ("Bitbucket token", r"\bATBB[A-Za-z0-9_=.-]{32,}"),
    ("Atlassian token", r"\bATCTT3[A-Za-z0-9_=-]{60,}"),
    ("Mailchimp key", r"\b[0-9a-f]{32}-us[0-9]{1,2}\b"),
    ("Braintree token", r"\baccess_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32}"),
    ("SonarQube token", r"\bsq[pua]_[a-f0-9]{40}"),
    ("CircleCI token", r"\bCCIP(?:AT|RJ)_[A-Za-z0-9]{20,}_[a-f0-9]{40}"),  # personal and project tokens
    ("JFrog token", r"\bAKCp[A-Za-z0-9]{69}|\bcmVmdGtuOjAxOj[A-Za-z0-9]{40,}"),
    # Harness personal (pat.) and service-account (sat.) tokens: <account>.<24>.<20>
    ("Harness token", r"\bpat\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"
                      r"|\bsat\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"),
    ("Twitter bearer token", r"\bA{21}[A-Za-z0-9%]{30,}"),
    ("Google OAuth token", r"\bya29\.[0-9A-Za-z_-]{20,}|\bGOCSPX-[0-9A-Za-z_-]{24,}|\b1//0[0-9A-Za-z_-]{40,}"),
    ("RubyGems key", r"\brubygems_[a-f0-9]{48}"),
    ("NuGet key", r"\boy2[a-z0-9]{43}\b"),
    ("Dynatrace token", r"\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    ("Shippo token", r"\bshippo_live_[a-f0-9]{40}"),
    ("EasyPost key", r"\bEZAK[A-Za-z0-9]{54}"),
    ("Flutterwave key", r"\bFLWSECK-[a-f0-9]{32}-X"),
    ("Infracost key", r"\bico-[A-Za-z0-9]{32}\b"),
    ("ElevenLabs key", r"\bsk_[a-f0-9]{48}\b"),
    ("Dropbox token", r"\bsl\.[A-Za-z0-9_-]{130,}"),
    ("Stripe key", r"\b(?:sk|rk)_(?:live|prod)_[0-9A-Za-z]{20,}"),
    ("Anthropic API key", r"\bsk-ant-(?:api|admin|sid)[0-9]{2}-[A-Za-z0-9_-]{20,}"),
    ("OpenAI API key", r"\bsk-[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}"),
    ("Telegram bot token", r"\b[0-9]{8,10}:AA[A-Za-z0-9_-]{30,}"),
    ("Slack webhook", r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{20,}"),
    ("Discord webhook", r"discord(?:app)?\.com/api/webhooks/[0-9]{5,}/[A-Za-z0-9_-]{20,}"),
    # a bot token: the base64 of the bot's numeric id (M/N/O…), a 6-character timestamp, an HMAC
    ("Discord bot token", r"\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b"),
    # a 32-hex auth token named as one (Twilio's, beside an AC… account SID, and others')
    ("auth token", r"(?i)\bauth[ _-]?token\b[ \t:=`\"']{1,6}(?:is[ \t]+)?[0-9a-f]{32}\b"),
    # a Twilio account SID with its auth token beside it (`Client('AC…', '<32 hex>')`, `sid=AC… token=…`)
    ("Twilio credentials", r"\bAC[0-9a-f]{32}\b[\"',:;= \t()A-Za-z_]{1,40}?\b[0-9a-f]{32}\b"),
    # Okta API tokens are `00` + 40 characters: only beside the SSWS scheme or the word okta
    ("Okta API token", r"\bSSWS[ \t]+00[A-Za-z0-9_-]{40}\b|\bokta[A-Za-z0-9_.:= \t\"'`-]{0,40}?\b00[A-Za-z0-9_-]{40}\b"
                       r"|\bOkta[A-Za-z0-9_.:= \t\"'`-]{0,40}?\b00[A-Za-z0-9_-]{40}\b|\bOKTA[A-Za-z0-9_.:= \t\"'`-]{0,40}?\b00[A-Za-z0-9_-]{40}\b"),
    # an Okta token after the SSWS scheme in any length, when it looks random (not SSWS {token})
    ("Okta API token", r"\bSSWS[ \t]+(?=[A-Za-z0-9_-]{0,80}[0-9])(?=[A-Za-z0-9_-]{0,80}[a-z])[A-Za-z0-9_-]{20,}"),
    ("Sourcegraph token", r"\bsgph?_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}\b|\bsgp_[a-fA-F0-9]{40}\b"),
    ("ReadMe API token", r"\brdme_[a-z0-9]{60,80}\b"),
    ("Adobe client secret", r"\bp8e-[A-Za-z0-9]{32}\b"),
    ("1Password secret key", r"\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b"),
    ("Frame.io token", r"\bfio-u-[A-Za-z0-9_=-]{64}"),
    ("Clojars token", r"\bCLOJARS_[a-z0-9]{60}"),
    ("Duffel token", r"\bduffel_(?:test|live)_[A-Za-z0-9_=-]{43}"),
    ("Scalingo token", r"\btk-us-[A-Za-z0-9_-]{48}"),
    ("OpenShift token", r"\bsha256~[A-Za-z0-9_-]{43}\b"),
    ("Plaid token", r"\baccess-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("SettleMint token", r"\bsm_(?:pat|aat|sat)_[A-Za-z0-9]{16}\b"),
    ("Yandex token", r"\bt1\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]{86}={0,2}|\bAQVN[A-Za-z0-9_-]{35,38}\b"),
    ("Hugging Face org token", r"\bapi_org_[A-Za-z]{34}\b"),
    ("Deno Deploy token", r"\bdd[pw]_[A-Za-z0-9]{36}\b"),
    ("Langfuse secret key", r"\bsk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("42 Intra token", r"\bs-s4t2(?:ud|af)-[a-f0-9]{64}"),
    ("Octopus Deploy key", r"\bAPI-[A-Z0-9]{26}\b"),
    ("Firebase Cloud Messaging key", r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,200}"),
    # after gitleaks' rules (config/gitleaks.toml) not covered above: fixed prefixes and shapes
    ("Meta access token", r"\bEAA[A-Za-z0-9]{100,}"),  # Facebook/Instagram/WhatsApp user, page and system tokens
    ("Defined Networking token", r"\bdnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}"),
    ("Fly.io token", r"\bfm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|\bfm2_[A-Za-z0-9+/]{100,}={0,3}"),  # macaroons without FlyV1
    ("AWS Bedrock API key", r"\bABSK[A-Za-z0-9+/]{100,300}={0,2}"
                            r"|\bbedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&.-]{20,}"),
    ("ClickHouse Cloud key", r"\b4b1d(?=[A-Za-z0-9]{0,37}[A-Z])(?=[A-Za-z0-9]{0,37}[a-z])[A-Za-z0-9]{38}\b"),
    ("Authress access key", r"\bsc_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}"
                            r"|\bext_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}"
                            r"|\bscauth_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}"
                            r"|\bauthress_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}"),
    ("Azure AD client secret", r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])"),
    ("Sendinblue key", r"\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("EasyPost test key", r"\bEZTK[A-Za-z0-9]{54}\b"),
    ("Flutterwave test key", r"\bFLWSECK_TEST-[a-hA-H0-9]{32}-X|\bFLWSECK_TEST-[a-hA-H0-9]{12}\b"),
    ("Shippo test token", r"\bshippo_test_[a-fA-F0-9]{40}"),
    ("GitLab runner registration token", r"\bGR1348941[A-Za-z0-9_-]{20}"),
    ("GitLab session cookie", r"\b_gitlab_session=[0-9a-z]{32}"),
    ("Grafana API key", r"\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
    ("MaxMind license key", r"\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b"),
    ("Microsoft Teams webhook", r"\.webhook\.office\.com/webhookb2/[a-z0-9-]{36}@[a-z0-9-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9-]{36}"),
    ("Sidekiq credentials", r"\bBUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[ \t]*[=:][ \t]*[\"']?[a-f0-9]{8}:[a-f0-9]{8}"
                            r"|[a-f0-9]{8}:[a-f0-9]{8}@(?:gems|enterprise)\.contribsys\.com"),
    # Tencent Cloud SecretId (AKID + 32), alone as well as beside its SecretKey
    ("Tencent Cloud SecretId", r"\bAKID(?=[A-Za-z0-9]{0,31}[0-9])(?=[A-Za-z0-9]{0,31}[a-z])[A-Za-z0-9]{32}\b"),
    ("Sendinblue key", r"\bxsmtpsib-[a-f0-9]{64}-[A-Za-z0-9]{16}"),  # Brevo SMTP keys (xkeysib- above: API keys)
    # `cloudflared tunnel run --token …`: base64 of {"a": account, "t": tunnel, "s": secret}
    ("Cloudflare tunnel token", r"\beyJhIjoi[A-Za-z0-9+/_-]{80,}={0,2}"),
    # Fireworks AI keys: `fw_` + 24 characters (both cases and a digit: `fw_getDeviceConfigData` is a name)
    ("Fireworks key", r"\bfw_(?=[A-Za-z0-9]{0,47}[0-9])(?=[A-Za-z0-9]{0,47}[A-Z])(?=[A-Za-z0-9]{0,47}[a-z])[A-Za-z0-9]{24,48}\b"),
    ("Base64 JSON Web Token", r"\bZXlKaGJHY2lPaU[A-Za-z0-9/+_-]{40,}={0,2}|\bZXlKMGVYQWlPaU[A-Za-z0-9/+_-]{40,}={0,2}"),
]

TOKENS: list[tuple[str, LazyPattern]] = [(k, lazy(p)) for k, p in _FORMATS + PROVIDER_TOKENS]
PROVIDER_KINDS = {k for k, _ in PROVIDER_TOKENS}


def _alternatives(pattern: str) -> list[str]:
    """A pattern's top-level alternatives: split at each `|` outside brackets and not
    escaped (most formats have none: not walked)."""
    if "|" not in pattern:
        return [pattern]
    alts, depth, start, escaped = [], 0, 0, False
    for i, ch in enumerate(pattern):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "(" or ch == "[":
            depth += 1
        elif ch == ")" or ch == "]":
            depth -= 1
        elif ch == "|" and depth == 0:
            alts.append(pattern[start:i])
            start = i + 1
    alts.append(pattern[start:])
    return alts


def _needles(pattern: str) -> tuple[str, ...] | None:
    """The literal prefixes of a pattern's top-level alternatives (`pscale_`, `tskey-`),
    or None when one has none of 3+ characters: a pattern is run only on a text that holds
    one of them (a substring test per kind instead of a regex pass per kind)."""
    out = []
    for alt in _alternatives(pattern):
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


# needles for patterns that start with a class or a group (every alternative holds one)
_NEEDLE_OVERRIDES: dict[str, tuple[str, ...]] = {
    "Stripe key": ("_live_", "_prod_"), "New Relic key": ("NR",), "Twilio key": ("SK",), "Twilio credentials": ("AC",), "Vercel token": ("vc",),
    "Netlify token": ("nf",), "DigitalOcean token": ("_v1_",), "AWS access key ID": ("A3T", "AKIA", "ASIA", "ABIA", "ACCA"),
    "GitHub token": ("gh", "github_pat_"), "GitLab token": ("gl",), "Vault token": ("hv",),
    "Terraform Cloud token": (".atlasv1.",), "Mailchimp key": ("-us",), "SonarQube token": ("sq",),
    "Twitter bearer token": ("A" * 21,), "Telegram bot token": (":AA",),
    "Azure AD client secret": ("Q~",), "MaxMind license key": ("_mmk",), "Sidekiq credentials": ("CONTRIBSYS", "contribsys"),
    "Microsoft Teams webhook": (".webhook.office.com/",), "Deno Deploy token": ("ddp_", "ddw_"),
}
TOKENS_NEEDLED = [(k, p, _NEEDLE_OVERRIDES.get(k) or _needles(p.pattern)) for k, p in TOKENS]
# any needle at all: on a short text (<= ANY_NEEDLE_MAX) one pass over the needles skips
# the test per pattern. (Substring tests, not one alternation regex of them: that took ~2 ms
# to compile in every hook process, and searched no faster.)
ANY_NEEDLES, ANY_NEEDLE_MAX = tuple(sorted({n for _, _, ns in TOKENS_NEEDLED for n in ns or ()})), 256


def _prefilter(pattern: LazyPattern) -> LazyPattern:
    """`pattern` without its \\b assertions: it matches wherever `pattern` does (dropping an
    assertion only widens), and without a leading \\b Python's re jumps to a literal prefix
    (~1 µs on 2 KB instead of ~30): the full pattern then runs only on text this matched.
    A pattern with \\b in a character class (a backspace there) or after a backslash is its
    own prefilter."""
    text = pattern.pattern
    if "\\\\b" in text or _class_holds_b(text):
        return pattern
    return lazy(text.replace("\\b", ""), pattern.flags)


def _class_holds_b(text: str) -> bool:
    """`re.search(r"\\[[^\\]]*\\\\b", text)` without compiling it (a hook pays every compile): a
    `[` with a `\\b` after it and no `]` between (the first `\\b` after it is the one to test)."""
    start = text.find("[")
    while start >= 0:
        b = text.find("\\b", start + 1)
        if b < 0:
            return False
        end = text.find("]", start + 1)
        if end < 0 or end > b:
            return True
        start = text.find("[", start + 1)
    return False


# (a format with needles is run on the needles' test alone: its prefilter is itself, unused)
TOKEN_PREFILTERS = [pattern if needles is not None else _prefilter(pattern) for _, pattern, needles in TOKENS_NEEDLED]
