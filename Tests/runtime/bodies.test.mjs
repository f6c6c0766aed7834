// The shared vectors' bodies (JSON, urlencoded, multipart): read as the page's controls would hold the values (every value
// text, a single checkbox checked when sent, a group's values a list), then validated by the runtime. The Swift side reads
// the same bodies through SubmissionBody and FormValidator; both give the vector's verdict ("0x10", "+5", "1." refused).
import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "../../templates/assets/runtime/validate.js";
import "../../templates/assets/runtime/chosen.js";
import "../../templates/assets/runtime/readonly.js";
import "../../templates/assets/runtime/conditions.js";
import "../../templates/assets/runtime/operators.js";
import "../../templates/assets/runtime/grid.js";
import "../../templates/assets/runtime/choice.js";
import "../../templates/assets/runtime/compare.js";
import { vectors, specOf } from "./load-runtime.mjs";

/** The name/value pairs of a urlencoded or multipart body, in order. */
function pairs(vector) {
  if (vector.encoding === "urlencoded") return [...new URLSearchParams(vector.body)];
  const boundary = /boundary=(.+)$/.exec(vector.contentType)[1];
  return vector.body.split("--" + boundary).slice(1, -1).map((part) => {
    const [head, ...rest] = part.replace(/^\r\n/, "").replace(/\r\n$/, "").split("\r\n\r\n");
    return [/name="([^"]*)"/.exec(head)[1], rest.join("\r\n\r\n")];
  });
}

/** The values the page's controls hold for the pairs: text as sent, a single checkbox `true`, a group a list. */
function controlValues(spec, sent) {
  const byId = new Map(spec.fields.map((field) => [field.id, field]));
  const values = {};
  for (const [name, value] of sent) {
    const grid = spec.fields.find((f) => f.kind === "grid" && name.startsWith(f.id + "."));
    if (grid) {
      const answers = (values[grid.id] = values[grid.id] || {}), row = name.slice(grid.id.length + 1);
      if (grid.multiple) (answers[row] = answers[row] || []).push(value); else answers[row] = value;
      continue;
    }
    const field = byId.get(name);
    if (!field) continue;
    if (field.kind === "checkboxGroup") (values[name] = values[name] || []).push(value);
    else if (field.kind === "checkbox") values[name] = true;
    else values[name] = value;
  }
  return values;
}

test("the vectors hold JSON, urlencoded and multipart bodies, and refuse 0x10, +5 and 1. in each", () => {
  for (const encoding of ["json", "urlencoded", "multipart"]) {
    const refused = vectors.bodies.filter((b) => b.encoding === encoding && Object.keys(b.errors).length > 0).map((b) => b.name);
    for (const number of ["0x10", "+5", "1."]) {
      assert.ok(refused.includes(`${encoding} body: number '${number}' refused`), `${encoding} ${number}`);
    }
  }
});

for (const vector of vectors.bodies) {
  test(vector.name, () => {
    const spec = specOf(vector);
    const values = vector.encoding === "json" ? JSON.parse(vector.body) : controlValues(spec, pairs(vector));
    const result = validate(spec, values, vector.now);
    assert.deepEqual({ ...result.errors }, vector.errors, "errors");
    assert.deepEqual([...result.hidden], vector.hidden, "hidden fields");
    if (vector.data) assert.deepEqual(JSON.parse(JSON.stringify(result.data)), vector.data, "data");
  });
}
