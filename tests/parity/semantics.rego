# Language semantics: comprehensions, every, some-in, defaults, else chains, partial
# sets and objects, functions with several bodies, with, negation.
package parity.semantics

import rego.v1

default allow := false

allow if input.user == "admin"

default level := "none"

level := "high" if input.score > 80

level := "medium" if {
	input.score > 40
	input.score <= 80
}

# else chains
grade := "a" if input.score >= 90
else := "b" if input.score >= 70
else := "c"

first_match(x) := "number" if is_number(x)
else := "string" if is_string(x)
else := "other"

kinds := [first_match(v) | some v in input.values]

# partial set with contains
deny contains msg if {
	some item in input.items
	item.size > 10
	msg := sprintf("%s is too big", [item.name])
}

deny contains "no items" if count(input.items) == 0

deny contains {"reason": "admin with low score", "score": input.score} if {
	input.user == "admin"
	input.score < 10
}

# partial object
sizes[item.name] := item.size if some item in input.items

# comprehensions
names := [item.name | some item in input.items]

name_set := {item.name | some item in input.items}

big := {name: size | some item in input.items; item.size > 5; name := item.name; size := item.size}

nested := [[i, j] | some i in [1, 2]; some j in ["a", "b"]]

indexed := [[i, v] | some i, v in input.values]

object_pairs := [[k, v] | some k, v in {"x": 1, "y": 2}]

# every
all_small if every item in input.items {
	item.size < 100
}

every_empty if every x in [] {
	x == 1
}

every_key_value if every k, v in {"a": 1, "b": 2} {
	is_string(k)
	v > 0
}

# some with unification and negation
has_admin if {
	some item in input.items
	item.owner == "admin"
}

no_admin if not has_admin

missing_field if not input.nope

# functions with several bodies and a default-style else
classify(n) := "neg" if n < 0

classify(n) := "zero" if n == 0

classify(n) := "pos" if n > 0

classified := [classify(n) | some n in [-2, 0, 5]]

# with
mocked := v if v := level with input.score as 95

mocked_data := n if n := count(names) with input.items as []

# iteration over undefined and refs with variables
first_item := input.items[0].name

all_names contains item.name if some item in input.items

# object and array equality, unification
matched if [_, "b"] = ["a", "b"]

tuple := [x, y] if [x, y] = [1, 2]

# string interpolation free composition
summary := concat(", ", [sprintf("%s:%d", [n, s]) | some n, s in sizes])
