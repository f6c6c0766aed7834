// bounds.js alone resolves fixed dates and `today`; a bound relative to today needs offsets.js, which the build joins
// only into pages whose date rules have one (RuntimeScript.hasOffsetBound).
import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveBound } from "../../templates/assets/runtime/bounds.js";
import { iso } from "../../templates/assets/runtime/dates.js";
import { validate } from "../../templates/assets/runtime/validate.js";

const today = [2025, 1, 31];
const spec = {
  id: "t", lang: "en", messages: {}, rules: [], pages: [{ fields: ["born"] }],
  fields: [{ id: "born", kind: "input", type: "date", label: "Born", validations: [
    { rule: "minDate", value: "1900-01-01", message: "after {value}" },
    { rule: "maxDate", value: "-18y", message: "on or before {value}" },
  ] }],
};

test("without offsets.js a fixed bound and today resolve, a relative one is no bound", () => {
  assert.equal(iso(resolveBound("2000-01-01", today)), "2000-01-01");
  assert.equal(iso(resolveBound(" today ", today)), "2025-01-31");
  assert.equal(resolveBound("-18y", today), null);
  assert.deepEqual(validate(spec, { born: "1899-12-31" }, "2025-01-31").errors, { born: "after 1900-01-01" });
  assert.deepEqual(validate(spec, { born: "2020-01-01" }, "2025-01-31").errors, {});
});

test("with offsets.js the relative bound applies", async () => {
  await import("../../templates/assets/runtime/offsets.js");
  assert.equal(iso(resolveBound("-18y", [2024, 2, 29])), "2006-02-28");
  assert.equal(iso(resolveBound("+1m", today)), "2025-02-28");
  assert.equal(resolveBound("-1x", today), null);
  assert.deepEqual(validate(spec, { born: "2020-01-01" }, "2025-01-31").errors, { born: "on or before 2007-01-31" });
});
