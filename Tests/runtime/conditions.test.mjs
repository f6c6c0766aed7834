// rules.js alone (a page whose form has no rules): every configured field required, none hidden, rules not read;
// with conditions.js joined, the rules act.
import { test } from "node:test";
import assert from "node:assert/strict";
import { states } from "../../templates/assets/runtime/rules.js";

const spec = {
  pages: [{ fields: ["kind", "other"] }],
  fields: [{ id: "kind", kind: "input", type: "text", required: true }, { id: "other", kind: "input", type: "text" }],
  rules: [{ field: "kind", condition: "notEquals", values: ["other"], action: "hide", otherwise: "require", targets: ["other"] }],
};

test("without conditions.js the states are the configured ones", () => {
  const state = states({ ...spec, rules: [] }, { kind: "cat" });
  assert.deepEqual([...state.hidden], []);
  assert.deepEqual([...state.required], ["kind"]);
  assert.deepEqual(state.path, [0]);
  assert.equal(state.exit, -1);
});

test("with conditions.js the rules hide and require", async () => {
  await import("../../templates/assets/runtime/conditions.js");
  assert.deepEqual([...states(spec, { kind: "cat" }).hidden], ["other"]);
  const chosen = states(spec, { kind: "other" });
  assert.deepEqual([...chosen.hidden], []);
  assert.deepEqual([...chosen.required].sort(), ["kind", "other"]);
  assert.deepEqual([...states({ ...spec, rules: [] }, { kind: "cat" }).required], ["kind"]);
});

// in, notIn, greaterThan and lessThan are operators.js's, joined only where a rule or branch has one.
test("without operators.js a rule with in or greaterThan never holds; with it, it does", async () => {
  await import("../../templates/assets/runtime/conditions.js");
  const rule = (condition, values) => ({ ...spec, rules: [{ field: "kind", condition, values, action: "hide", targets: ["other"] }] });
  assert.deepEqual([...states(rule("in", ["cat", "dog"]), { kind: "dog" }).hidden], []);
  assert.deepEqual([...states(rule("greaterThan", ["3"]), { kind: "5" }).hidden], []);
  await import("../../templates/assets/runtime/operators.js");
  assert.deepEqual([...states(rule("in", ["cat", "dog"]), { kind: "dog" }).hidden], ["other"]);
  assert.deepEqual([...states(rule("notIn", ["cat", "dog"]), { kind: "dog" }).hidden], []);
  assert.deepEqual([...states(rule("greaterThan", ["3"]), { kind: "5" }).hidden], ["other"]);
  assert.deepEqual([...states(rule("lessThan", ["3"]), { kind: "5" }).hidden], []);
  assert.deepEqual([...states(rule("greaterThan", ["3"]), { kind: "five" }).hidden], []);
});
