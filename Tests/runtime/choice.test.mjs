// choice.js: "None of these" refused with another option (through the checkbox groups' list check), and the answer
// "Check your answers" shows for Other ("Other: Ferret"). The shared vectors run the same checks in validation.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "../../templates/assets/runtime/validate.js";
import "../../templates/assets/runtime/chosen.js";
import "../../templates/assets/runtime/readonly.js";
import "../../templates/assets/runtime/choice.js";
import { Formgen } from "../../templates/assets/runtime/api.js";

const { exclusiveOf, mixesExclusive, otherAnswer } = Formgen;

const pets = {
  id: "pets", type: "checkbox", kind: "checkboxGroup", label: "Pets", required: false, other: "pets_other",
  options: [{ value: "cat", label: "Cat" }, { value: "other", label: "Other" }, { value: "none", label: "None of these", exclusive: true }],
  messages: { required: "Select pets", option: "Select one of the options", exclusive: "Not both" },
};
const spec = { version: 1, lang: "en", pages: [{ fields: ["pets"] }], fields: [pets], rules: [], messages: {} };

test("the exclusive option of a group, or null", () => {
  assert.equal(exclusiveOf(pets), "none");
  assert.equal(exclusiveOf({ options: [{ value: "a", label: "A" }] }), null);
  assert.equal(exclusiveOf({}), null);
});

test("the exclusive option mixes only with another item", () => {
  assert.equal(mixesExclusive(pets, ["none"]), false);
  assert.equal(mixesExclusive(pets, ["cat", "other"]), false);
  assert.equal(mixesExclusive(pets, ["cat", "none"]), true);
  assert.equal(mixesExclusive(pets, ["none", "none"]), true, "given twice is two items");
  assert.equal(mixesExclusive(pets, "none"), false, "a single string is one item");
  assert.equal(mixesExclusive({ ...pets, options: pets.options.slice(0, 2) }, ["cat", "other"]), false);
});

test("validate refuses the exclusive option with another, after the option check", () => {
  assert.deepEqual(validate(spec, { pets: ["cat", "none"] }, "2025-06-15").errors, { pets: "Not both" });
  assert.deepEqual(validate(spec, { pets: ["fish", "none"] }, "2025-06-15").errors, { pets: "Select one of the options" });
  const fine = validate(spec, { pets: ["none"] }, "2025-06-15");
  assert.deepEqual(fine.errors, {});
  assert.deepEqual(fine.data, { pets: ["none"] });
  assert.deepEqual(validate(spec, { pets: [] }, "2025-06-15").data, {}, "an empty group is not sent");
});

test("Other's answer carries the text typed; without text, the label alone", () => {
  assert.equal(otherAnswer(pets, ["cat", "other"], "Ferret"), "Cat, Other: Ferret");
  assert.equal(otherAnswer(pets, ["other"], ""), "Other");
  assert.equal(otherAnswer({ ...pets, kind: "radioGroup" }, "other", "Pigeon"), "Other: Pigeon");
});
