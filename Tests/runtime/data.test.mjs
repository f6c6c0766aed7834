// data.js: a data page's blocks over a fetched answer — formatting (the shared cases DataValueFormatter.swift also
// passes, so a table rendered at build time reads as one the page fetched), dropIf, sort, groupBy and the empty state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dataPage } from "../../templates/assets/runtime/data.js";

const { compare: dataCompare, format: dataFormat, groups: dataGroups, valueAt: dataValueAt } = dataPage;

const shared = JSON.parse(readFileSync(new URL("../vectors/data-formats.json", import.meta.url), "utf8"));

test("every shared formatting case gives its text and change", () => {
  assert.ok(shared.cases.length >= 30);
  for (const c of shared.cases) {
    const result = dataFormat(c.value, c.column, c.entry, c.lang);
    assert.equal(result.text, c.text, `${c.lang} ${c.column.format} ${JSON.stringify(c.value)}`);
    assert.equal(result.change ?? null, c.change, `${c.lang} ${c.column.format} ${JSON.stringify(c.value)}`);
  }
});

test("a change says which way it moved, not by colour or sign alone", () => {
  assert.deepEqual(dataFormat(0.4, { format: "change", decimals: 2 }, null, "en"), { text: "+0.40", change: "up" });
  assert.deepEqual(dataFormat(-0.12, { format: "change", decimals: 2 }, null, "en"), { text: "\u22120.12", change: "down" });
  assert.deepEqual(dataFormat(0, { format: "change", decimals: 2 }, null, "en"), { text: "0.00", change: "none" });
});

const rates = {
  currencies: [
    { name: "US dollar", valMid: 1.0832, move: -0.12 },
    { name: "Hungarian forint", valMid: 0, move: 0 },
    { name: "Euro", valMid: 1, move: 0 },
    { name: "Croatian kuna", valMid: null },
    { name: "Czech koruna", valMid: 25.21, move: 0.03 },
    { name: "Lev", valMid: "" },
  ],
};

test("dropIf leaves out the entries whose key holds one of its values, as optionsFrom does", () => {
  const block = { items: "currencies", dropIf: { key: "valMid", in: [0, null, ""] } };
  const [group] = dataGroups(block, rates, "en");
  assert.deepEqual(group.entries.map((e) => e.name), ["US dollar", "Euro", "Czech koruna"]);
  assert.equal(group.label, null);
});

test("sort orders numbers as numbers and text by code units, missing values last in both orders", () => {
  const numbers = { currencies: rates.currencies.filter((e) => e.name !== "Lev") };
  const asc = dataGroups({ items: "currencies", sort: { key: "valMid", order: "asc" } }, numbers, "en")[0].entries.map((e) => e.name);
  assert.deepEqual(asc, ["Hungarian forint", "Euro", "US dollar", "Czech koruna", "Croatian kuna"]);
  const down = dataGroups({ items: "currencies", sort: { key: "valMid", order: "desc" } }, numbers, "en")[0].entries.map((e) => e.name);
  assert.deepEqual(down, ["Czech koruna", "US dollar", "Euro", "Hungarian forint", "Croatian kuna"]);
  const desc = dataGroups({ items: "currencies", sort: { key: "name", order: "desc" } }, rates, "en")[0].entries.map((e) => e.name);
  assert.deepEqual(desc, ["US dollar", "Lev", "Hungarian forint", "Euro", "Czech koruna", "Croatian kuna"]);
  assert.equal(dataCompare(2, "10", false), -1);
  assert.equal(dataCompare(undefined, 1, true), 1);
});

test("groupBy date makes a group per day under its date, newest first when sorted desc", () => {
  const answer = { transactions: [
    { at: "2026-11-19T09:00:00Z", amount: -5 }, { at: "2026-11-20T16:30:00Z", amount: 12 },
    { at: "2026-11-20T08:15:00Z", amount: -3 }, { at: "2026-11-18T12:00:00Z", amount: 7 },
  ] };
  const groups = dataGroups({ items: "transactions", sort: { key: "at", order: "desc" }, groupBy: { key: "at", format: "date" } }, answer, "en");
  assert.deepEqual(groups.map((g) => g.label), ["November 20, 2026", "November 19, 2026", "November 18, 2026"]);
  assert.deepEqual(groups[0].entries.map((e) => e.amount), [12, -3]);
});

test("no list at items, or every entry dropped, leaves no group: the block shows its empty text", () => {
  assert.deepEqual(dataGroups({ items: "missing" }, rates, "en"), []);
  assert.deepEqual(dataGroups({ items: "currencies", dropIf: { key: "name", in: rates.currencies.map((e) => e.name) } }, rates, "en"), []);
  assert.deepEqual(dataGroups({}, [], "en"), []);
  assert.equal(dataValueAt({ a: { b: [1] } }, "a.b")[0], 1);
  assert.equal(dataValueAt({ a: [] }, "a.b"), undefined);
});
