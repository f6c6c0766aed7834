// An optional repeating section (`repeat: {min: 0}`): an item with no answer at all is no item (a page without
// JavaScript sends its one empty item), neither checked nor kept, while an item with any answer is checked in full
// (#35). And dates as the page writes them, for the review and for error messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "../../templates/assets/runtime/validate.js";
import "../../templates/assets/runtime/conditions.js";
import "../../templates/assets/runtime/operators.js";
import { isBlank } from "../../templates/assets/runtime/repeat.js";
import { dateWords } from "../../templates/assets/runtime/dates.js";
import { vectors } from "./load-runtime.mjs";

const place = { id: "place", label: "Place", type: "text", kind: "input", required: true, messages: { required: "Enter a place" } };
const nights = { id: "nights", label: "Nights", type: "number", kind: "input", messages: { required: "Enter nights", number: "Nights must be a number" } };
const picture = { id: "note", label: "", type: "paragraph", kind: "display" };

function specWith(min) {
  const visits = {
    id: "visits", type: "repeat", kind: "repeat", label: "Visits", messages: { minItems: "Visits: add at least {value} items" },
    fields: [place, nights, picture], required: min > 0 || undefined,
    repeat: { min, max: 3, itemLabel: "Visit {n}", addLabel: "Add a visit", removeLabel: "Remove", added: "{item} added", removed: "{item} removed" },
  };
  return {
    version: 1, id: "trips", path: "trips", title: "Trips", lang: "en", pages: [{ fields: ["visits"] }], fields: [visits], rules: [],
    dataSources: [], submit: { method: "post", encoding: "json" }, messages: vectors.messages.en,
  };
}

test("an optional list's blank item is no item: no error, not sent", () => {
  const result = validate(specWith(0), { visits: [{ place: " ", nights: "" }] }, "2025-06-15");
  assert.deepEqual(result.errors, {});
  assert.deepEqual(result.data, {});
});

test("an optional list's item with any answer is checked in full, keyed by its own index", () => {
  const result = validate(specWith(0), { visits: [{ place: "", nights: "" }, { place: "", nights: "2" }] }, "2025-06-15");
  assert.deepEqual(result.errors, { "visits[1].place": "Visit 2: Enter a place" });
  assert.deepEqual(validate(specWith(0), { visits: [{}, { place: "Oslo", nights: "2" }] }, "2025-06-15").data, { visits: [{ place: "Oslo", nights: 2 }] });
});

test("a list that needs items still checks a blank item", () => {
  const result = validate(specWith(1), { visits: [{ place: "", nights: "" }] }, "2025-06-15");
  assert.deepEqual(result.errors, { "visits[0].place": "Visit 1: Enter a place" });
});

test("isBlank: every field empty, display-only fields aside; only for optional lists", () => {
  const optional = specWith(0).fields[0], needed = specWith(1).fields[0];
  assert.equal(isBlank(optional, {}), true);
  assert.equal(isBlank(optional, { place: "", nights: " " }), true);
  assert.equal(isBlank(optional, { nights: "0" }), false);
  assert.equal(isBlank(needed, {}), false);
});

test("dateWords writes an ISO date in the page's language, anything else as it is", () => {
  assert.equal(dateWords("1985-03-15", "en-GB"), "15 March 1985");
  assert.equal(dateWords("1990-03-27", "de"), "27. März 1990");
  assert.equal(dateWords("1990-02-30", "en"), "1990-02-30");
  assert.equal(dateWords("today", "en"), "today");
});
