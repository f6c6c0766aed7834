// The `count` module's message (shared vectors: what the count under a field says) and the `search` module's filter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { countMessage, countRule } from "../../templates/assets/runtime/count.js";
import { filterEntries, fold, searchEntries } from "../../templates/assets/runtime/search.js";
import { vectors } from "./load-runtime.mjs";

// The shared count vectors (ValidationVectorTests holds Swift's lengths and word counts to the same numbers).
for (const vector of vectors.counts) {
  test(`count vector: ${vector.name}`, () => {
    const said = countMessage(vectors.messages[vector.lang], vector.lang, { rule: vector.rule, value: vector.limit }, vector.value);
    assert.deepEqual(said, { message: vector.message, over: vector.over });
  });
}

test("a count follows the first maxWords, else the first maxLength; none without either", () => {
  const rules = (...list) => ({ validations: list });
  assert.deepEqual(countRule(rules({ rule: "maxLength", value: 9 }, { rule: "maxWords", value: 3 })), { rule: "maxWords", value: 3 });
  assert.deepEqual(countRule(rules({ rule: "minLength", value: 2 }, { rule: "maxLength", value: 9 })), { rule: "maxLength", value: 9 });
  assert.equal(countRule(rules({ rule: "minLength", value: 2 })), null);
  assert.equal(countRule({}), null);
});

const option = (value, label, synonyms) => ({ value, label, getAttribute: () => synonyms || null });
const countries = searchEntries([
  option("", "Choose…"), option("AT", "Austria", "Österreich"), option("AU", "Australia"), option("DE", "Germany", "Deutschland|Allemagne"),
  option("CI", "Côte d’Ivoire", "Ivory Coast"), option("GB", "United Kingdom", "UK|Great Britain|Britain"), option("US", "United States", "USA|America"),
  option("TL", "Timor-Leste", "East Timor"), option("RU", "Russia"), option("BY", "Belarus", "White Russia"),
]);
const values = (query) => filterEntries(countries, query).map((entry) => entry.value);

test("the empty choice is not an entry; an empty query lists every entry in order", () => {
  assert.equal(countries.length, 9);
  assert.deepEqual(values(""), ["AT", "AU", "DE", "CI", "GB", "US", "TL", "RU", "BY"]);
  assert.deepEqual(values("   "), values(""));
});

test("typing filters by label, without case or accents, labels that start with it first", () => {
  assert.deepEqual(values("au"), ["AT", "AU"]);
  assert.deepEqual(values("stria"), ["AT"]);
  assert.deepEqual(values("cote"), ["CI"]);
  assert.deepEqual(values("COTE D’IV"), ["CI"]);
  assert.deepEqual(values("kingdom"), ["GB"]);
  assert.deepEqual(values("xyz"), []);
});

test("synonyms and endonyms match, after every label that matches", () => {
  assert.deepEqual(values("deutsch"), ["DE"]);
  assert.deepEqual(values("osterreich"), ["AT"]);
  assert.deepEqual(values("america"), ["US"]);
  assert.deepEqual(values("britain"), ["GB"]);
  assert.deepEqual(values("russia"), ["RU", "BY"], "the label first, then the synonym's word");
  assert.deepEqual(values("timor"), ["TL"]);
  assert.deepEqual(values("united"), ["GB", "US"]);
});

test("ranking: a label's start, a word of the label, a synonym, then anywhere", () => {
  const entries = searchEntries([option("1", "Bland"), option("2", "Island"), option("3", "New Landing Zone"), option("4", "Other", "Landing"), option("5", "Lands")]);
  assert.deepEqual(filterEntries(entries, "land").map((e) => e.value), ["5", "3", "4", "1", "2"]);
});

test("fold drops case, accents and runs of white space", () => {
  assert.equal(fold("  Ça  Va\tBien "), "ca va bien");
  assert.equal(fold("Österreich"), "osterreich");
});
