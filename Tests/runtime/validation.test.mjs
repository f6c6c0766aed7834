// The shared validation vectors, run against the browser runtime's pure functions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRuntime, vectors, specOf } from "./load-runtime.mjs";

const Formgen = loadRuntime();

test("the vectors file holds at least 300 cases", () => {
  assert.ok(vectors.cases.length >= 300, `only ${vectors.cases.length} cases`);
});

for (const vector of vectors.cases) {
  test(vector.name, () => {
    const result = Formgen.validate(specOf(vector), vector.values, vector.now);
    assert.deepEqual({ ...result.errors }, vector.errors, "errors");
    assert.deepEqual([...result.hidden], vector.hidden, "hidden fields");
    if (vector.data) assert.deepEqual(JSON.parse(JSON.stringify(result.data)), vector.data, "data");
  });
}
