// The shared validation vectors, run against the runtime's validation module with its date and age checks (relative bounds too), its comparisons and lists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "../../templates/assets/runtime/validate.js";
import "../../templates/assets/runtime/chosen.js";
import "../../templates/assets/runtime/readonly.js";
import "../../templates/assets/runtime/conditions.js";
import "../../templates/assets/runtime/operators.js";
import "../../templates/assets/runtime/bounds.js";
import "../../templates/assets/runtime/offsets.js";
import "../../templates/assets/runtime/compare.js";
import "../../templates/assets/runtime/count.js";
import "../../templates/assets/runtime/journey.js";
import "../../templates/assets/runtime/repeat.js";
import "../../templates/assets/runtime/files.js";
import "../../templates/assets/runtime/filetypes.js";
import "../../templates/assets/runtime/grid.js";
import "../../templates/assets/runtime/choice.js";
import { vectors, specOf } from "./load-runtime.mjs";

test("the vectors file holds at least 300 cases", () => {
  assert.ok(vectors.cases.length >= 300, `only ${vectors.cases.length} cases`);
});

for (const vector of vectors.cases) {
  test(vector.name, () => {
    const result = validate(specOf(vector), vector.values, vector.now);
    assert.deepEqual({ ...result.errors }, vector.errors, "errors");
    assert.deepEqual([...result.hidden], vector.hidden, "hidden fields");
    if (vector.data) assert.deepEqual(JSON.parse(JSON.stringify(result.data)), vector.data, "data");
  });
}
