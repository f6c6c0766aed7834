// The shared validation vectors for the runtime's tests, which import the runtime's ES modules directly.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const repository = fileURLToPath(new URL("../../", import.meta.url));
/** The folder of the runtime's source modules. */
export const runtimeFolder = new URL("../../templates/assets/runtime/", import.meta.url);

/** The shared vectors, and a case's snippet completed into a page spec (fields as the build writes them:
    keys holding their defaults left out). */
export const vectors = JSON.parse(readFileSync(new URL("../vectors/validation.json", import.meta.url), "utf8"));

export function specOf(vector) {
  const fields = vector.form.fields;
  const language = vector.lang || "en";
  return {
    version: 1, id: "vector", path: "vector", title: vector.name, lang: language,
    pages: vector.form.pages || [{ fields: fields.map((f) => f.id) }], fields,
    rules: (vector.form.rules || []).map((rule) => ({ otherwise: null, ...rule })),
    dataSources: [], submit: { method: "post", encoding: "json" }, messages: vectors.messages[language],
  };
}
