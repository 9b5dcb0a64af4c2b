# String, regex and glob builtins the default pack relies on, fed from input.
package parity.strings

import rego.v1

texts := [t | some t in input.texts]

lowered := [lower(t) | some t in texts]

uppered := [upper(t) | some t in texts]

counts := [count(t) | some t in texts]

trimmed := {t: [trim(t, " x"), trim_left(t, " /"), trim_right(t, "/ "), trim_prefix(t, "rm "), trim_suffix(t, "/*"), trim_space(t)] | some t in texts}

prefixes := {t: [startswith(t, "rm"), endswith(t, "/"), contains(t, ".env"), strings.any_prefix_match(t, ["/etc", "~", "rm "]), strings.any_suffix_match(t, [".env", "/"])] | some t in texts}

splits := {t: [split(t, " "), split(t, "/"), split(t, "")] | some t in texts}

joined := concat("|", texts)

joined_set := concat(",", {t | some t in texts})

formatted := [sprintf("%s=%v (%d) %q", [t, count(t), count(t), t]) | some t in texts]

formatted_values := sprintf("%v %v %v %v %v", [1, "a", [1, "b"], {"k": "v"}, null])

# %d of a negative number and %s of a number differ: see docs/rego-dialect.md.
formatted_numbers := [sprintf("%d %v %v", [n, n, 0 - n]) | some n in [0, 7, 1000000]]

substrings := [substring(t, 1, 3) | some t in texts; count(t) > 3]

indexes := [indexof(t, "/") | some t in texts]

replaced := [replace(t, "/", "\\") | some t in texts]

replaced_n := [strings.replace_n({"rm": "RM", "-rf": "-R"}, t) | some t in texts]

reversed := [strings.reverse(t) | some t in texts; count(t) < 20]

is_strings := [is_string(v) | some v in input.values]

type_names := [type_name(v) | some v in input.values]

# Patterns the default pack uses (ASCII classes; see docs/rego-dialect.md for \d \w \b).
patterns := [
	`^-[A-Za-z0-9]+$`,
	`(?i)aws_secret_access_key["' ]*[:=]["' ]*[A-Za-z0-9/+=]{40}`,
	`(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`,
	`^(~|\$HOME|\$\{HOME\})/*(\*|\.)?$`,
	`^/+[*.]?$`,
	`:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}`,
	`(?i)(password|passwd|pwd|secret|api_key|apikey|token)[ ]*[=:][ ]*[^ \t\r\n"']{6,}`,
	`\.env(\.|$)`,
	`^[a-z]+://`,
]

regex_matches := {t: [i | some i, p in patterns; regex.match(p, t)] | some t in texts}

regex_replaced := [regex.replace(t, `(AKIA)[A-Z0-9]{16}|(?i)(password)=\S+`, "${1}${2}[X]") | some t in texts]

regex_split := [regex.split(`[/ ]+`, t) | some t in texts]

regex_find := [regex.find_n(`[a-z]+`, t, 2) | some t in texts]

globs := {t: [glob.match("*.env", [], t), glob.match("**/.env*", ["/"], t), glob.match("/etc/*", ["/"], t), glob.match("release/*", ["/"], t), glob.match("mcp__*", [], t), glob.match("{a,b}*", [], t), glob.match("[a-c]?", [], t)] | some t in texts}

# glob.quote_meta of { } differs: see docs/rego-dialect.md.
glob_quoted := [glob.quote_meta(t) | some t in texts; not regex.match(`[{}]`, t)]
