// Loads the browser runtime's pure functions (globalThis.Formgen) into a fresh node:vm context, without a DOM.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

export const repository = fileURLToPath(new URL("../../", import.meta.url));

export function loadRuntime() {
  const source = readFileSync(new URL("../../templates/assets/formgen.js", import.meta.url), "utf8");
  const context = vm.createContext({});
  vm.runInContext(source, context, { filename: "formgen.js" });
  return context.Formgen;
}

/** The shared vectors, and a case's snippet completed into a page spec. */
export const vectors = JSON.parse(readFileSync(new URL("../vectors/validation.json", import.meta.url), "utf8"));

export function specOf(vector) {
  const fields = vector.form.fields.map((field) => ({ required: false, readOnly: false, sensitive: false, validations: [], ...field }));
  const language = vector.lang || "en";
  return {
    version: 1, id: "vector", path: "vector", title: vector.name, lang: language,
    pages: [{ fields: fields.map((f) => f.id) }], fields,
    rules: (vector.form.rules || []).map((rule) => ({ otherwise: null, ...rule })),
    dataSources: [], submit: { method: "post", encoding: "json" }, messages: vectors.messages[language],
  };
}
