"""Secret findings: the table of provider token formats (facts/secrets.py runs it)."""

from __future__ import annotations

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
    ("Contentful token", r"\bCFPAT-[A-Za-z0-9_-]{43}"),
    ("Mapbox secret token", r"\bsk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),
    ("Typeform token", r"\btfp_[A-Za-z0-9_.=-]{40,}"),
    ("Prefect key", r"\bpnu_[A-Za-z0-9]{36}"),
    ("Alibaba access key", r"\bLTAI[A-Za-z0-9]{20}\b"),
    ("Bitbucket token", r"\bATBB[A-Za-z0-9_=.-]{32,}"),
    ("Atlassian token", r"\bATCTT3[A-Za-z0-9_=-]{60,}"),
    ("Mailchimp key", r"\b[0-9a-f]{32}-us[0-9]{1,2}\b"),
    ("Braintree token", r"\baccess_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32}"),
    ("SonarQube token", r"\bsq[pua]_[a-f0-9]{40}"),
    ("CircleCI token", r"\bCCIPAT_[A-Za-z0-9]{20,}_[a-f0-9]{40}"),
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
    # Okta API tokens are `00` + 40 characters: only beside the SSWS scheme or the word okta
    ("Okta API token", r"\bSSWS[ \t]+00[A-Za-z0-9_-]{40}\b|\bokta[A-Za-z0-9_.:= \t\"'-]{0,40}?\b00[A-Za-z0-9_-]{40}\b"
                       r"|\bOkta[A-Za-z0-9_.:= \t\"'-]{0,40}?\b00[A-Za-z0-9_-]{40}\b|\bOKTA[A-Za-z0-9_.:= \t\"'-]{0,40}?\b00[A-Za-z0-9_-]{40}\b"),
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
    ("Base64 JSON Web Token", r"\bZXlKaGJHY2lPaU[A-Za-z0-9/+_-]{40,}={0,2}|\bZXlKMGVYQWlPaU[A-Za-z0-9/+_-]{40,}={0,2}"),
]
