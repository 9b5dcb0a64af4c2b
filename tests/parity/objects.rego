# Object, array and collection builtins, fed from input.
package parity.objects

import rego.v1

obj := input.object

got := [object.get(obj, "a", "default"), object.get(obj, ["b", "c"], "default"), object.get(obj, ["b", "missing"], 0), object.get(obj, "missing", null)]

unioned := object.union(obj, {"a": 2, "b": {"d": 1}, "new": [1]})

union_n := object.union_n([obj, {"b": {"c": "override"}}, {"z": 1}])

removed := object.remove(obj, ["a", "zz"])

filtered := object.filter(obj, {"a", "b"})

keys := object.keys(obj)

subset := [object.subset(obj, {"a": obj.a}), object.subset(obj, {"a": "nope"})]

arr := input.array

sliced := [array.slice(arr, 0, 2), array.slice(arr, 1, 100), array.slice(arr, -1, 2), array.slice(arr, 3, 1)]

concatenated := array.concat(arr, ["x"])

reversed := array.reverse(arr)

sorted := sort(arr)

sorted_strings := sort([t | some t in input.texts])

counted := [count(arr), count(obj), count({x | some x in arr}), count("héllo")]

sums := [sum([1, 2, 3.5]), product([2, 3]), max(arr), min(arr)]

set_ops := [{1, 2, 3} & {2, 3, 4}, {1, 2} | {5}, {1, 2, 3} - {2}, union({{1}, {2}}), intersection({{1, 2}, {2, 3}})]

membership := [1 in arr, "a" in obj, "x" in {"x"}, ["k", 1] in [["k", 1]]]

walked := [p | walk(obj, [p, _])]

json_round := json.unmarshal(json.marshal(obj))

arithmetic := [to_number("42"), to_number("-1.5"), round(2.5), ceil(1.2), floor(-1.2), abs(-3), 7 % 3, 10 / 4, numbers.range(1, 4)]
