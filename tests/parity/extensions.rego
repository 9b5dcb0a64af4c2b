# The OPA builtins claude-rego supplies to regorus (engines/builtins.py), fed from input.
package parity.extensions

import rego.v1

hashes := {t: [crypto.md5(t), crypto.sha1(t), crypto.sha256(t)] | some t in input.texts}

macs := {t: [crypto.hmac.md5(t, "key"), crypto.hmac.sha1(t, "key"), crypto.hmac.sha256(t, "key"), crypto.hmac.sha512(t, "")] | some t in input.texts}

mac_equal := [crypto.hmac.equal(a, b) | some a in input.texts; some b in input.texts]

merged := net.cidr_merge(input.cidrs)

merged_set := net.cidr_merge({c | some c in input.cidrs})

intersections := [[a, b] | some a in input.cidrs; some b in input.cidrs; contains(a, "/"); contains(b, "/"); net.cidr_intersects(a, b)]

contained := [[a, b] | some a in input.cidrs; some b in input.cidrs; contains(a, "/"); net.cidr_contains(a, b)]

flat := array.flatten([input.texts, [input.cidrs], [], [[input.values]]])

# A set's merge and an array's merge agree.
merge_agrees if merged == merged_set
