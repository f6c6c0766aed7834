// A repeating section's rules in the runtime: the keys of an item's hidden fields, and cleaning that leaves them out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clean, validate } from "../../templates/assets/runtime/validate.js";
import "../../templates/assets/runtime/conditions.js";
import "../../templates/assets/runtime/operators.js";
import "../../templates/assets/runtime/repeat.js";
import { vectors, specOf } from "./load-runtime.mjs";

const vector = vectors.cases.find((c) => c.name.startsWith("repeat rules: a rule on an item field acts in its own item"));

test("the vectors hold the item rule case", () => {
  assert.ok(vector);
  assert.deepEqual(vector.form.fields[1].rules.map((r) => r.targets), [["kind_other"]]);
});

test("validate reports an item's hidden fields by their item keys and leaves their values out", () => {
  const spec = specOf(vector);
  const values = { owner: "Ann", pets: [{ pet_name: "Rex", kind: "Dog", kind_other: "x" }, { pet_name: "Kit", kind: "other", kind_other: "y" }] };
  const result = validate(spec, values, "2025-06-15");
  assert.deepEqual(result.hidden, ["pets[0].kind_other"]);
  assert.deepEqual(result.data.pets, [{ pet_name: "Rex", kind: "Dog" }, { pet_name: "Kit", kind: "other", kind_other: "y" }]);
});

test("clean leaves out exactly the item keys it is given", () => {
  const spec = specOf(vector);
  const values = { owner: "Ann", pets: [{ pet_name: "Rex", kind_other: "x" }, { pet_name: "Kit", kind_other: "y" }] };
  assert.deepEqual(clean(spec, values, new Set(["pets[1].kind_other"])).pets, [{ pet_name: "Rex", kind_other: "x" }, { pet_name: "Kit" }]);
  assert.deepEqual(clean(spec, values, new Set()).pets, [{ pet_name: "Rex", kind_other: "x" }, { pet_name: "Kit", kind_other: "y" }]);
});
