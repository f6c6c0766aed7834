// `dropIf` of optionsFrom: which entries of a live list the page leaves out (the seed currency app's rule).
import { test } from "node:test";
import assert from "node:assert/strict";
import { dropped } from "../../templates/assets/runtime/drop.js";
import { vectors } from "./load-runtime.mjs";

const rule = { key: "valMid", in: [0, null, ""] };

test("an entry whose key holds one of the values is dropped; numbers compare as numbers", () => {
  assert.equal(dropped(rule, { shortName: "XXX", valMid: 0 }), true);
  assert.equal(dropped(rule, { shortName: "XXX", valMid: 0.0 }), true);
  assert.equal(dropped(rule, { shortName: "XXX", valMid: "" }), true);
  assert.equal(dropped(rule, { shortName: "XXX", valMid: null }), true);
  assert.equal(dropped(rule, { shortName: "XXX" }), true, "a missing key counts as null");
});

// The shared dropIf vectors, which Swift's DropRule runs too.
for (const vector of vectors.dropIf) {
  test(`dropIf vector: ${vector.name}`, () => {
    assert.equal(dropped(vector.rule, vector.entry), vector.dropped);
  });
}

test("other values stay, and a number is not its text", () => {
  assert.equal(dropped(rule, { shortName: "EUR", valMid: 4.31 }), false);
  assert.equal(dropped(rule, { shortName: "EUR", valMid: "0" }), false);
  assert.equal(dropped({ key: "valMid", in: ["0"] }, { valMid: 0 }), false);
  assert.equal(dropped(undefined, { valMid: 0 }), false, "without dropIf nothing is dropped by it");
});
