// The runtime's mask formatting and date-bound resolution (pure functions, no DOM).
import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveBound } from "../../templates/assets/runtime/bounds.js";
import "../../templates/assets/runtime/offsets.js";
import { iso } from "../../templates/assets/runtime/dates.js";
import { applyMask } from "../../templates/assets/runtime/mask.js";

test("typing fills the slots and inserts literals only before more input", () => {
  assert.deepEqual({ ...applyMask("####-###-####", "0612", 4) }, { value: "0612", caret: 4 });
  assert.deepEqual({ ...applyMask("####-###-####", "06123", 5) }, { value: "0612-3", caret: 6 });
  assert.deepEqual({ ...applyMask("####-###-####", "06123456789", 11) }, { value: "0612-345-6789", caret: 13 });
});

test("characters that fit no slot are dropped and input past the mask is cut", () => {
  assert.equal(applyMask("####-###-####", "06 12 345 6789 99").value, "0612-345-6789");
  assert.equal(applyMask("AA-####", "a1b2345").value, "ab-2345");
  assert.equal(applyMask("**.##", "x9.12").value, "x9.12");
});

test("the caret stays after the same typed character", () => {
  // "0612-34" with "9" typed after "06": the caret follows the 9.
  assert.deepEqual({ ...applyMask("####-###-####", "06912-34", 3) }, { value: "0691-234", caret: 3 });
  // a letter typed into a digit slot is dropped and the caret does not move past it
  assert.deepEqual({ ...applyMask("####-###-####", "06x12", 3) }, { value: "0612", caret: 2 });
  assert.deepEqual({ ...applyMask("####-###-####", "0612-345-6789x", 14) }, { value: "0612-345-6789", caret: 13 });
});

test("date bounds resolve against today with month-end clamping", () => {
  const today = [2025, 1, 31];
  assert.equal(iso(resolveBound("+1m", today)), "2025-02-28");
  assert.equal(iso(resolveBound("today", today)), "2025-01-31");
  assert.equal(iso(resolveBound("-18y", [2024, 2, 29])), "2006-02-28");
  assert.equal(iso(resolveBound("2000-01-01", today)), "2000-01-01");
  assert.equal(resolveBound("soon", today), null);
  assert.equal(resolveBound("-1x", today), null);
});
