/* A data source's answer: the one request every module that reads a data source makes (prefill.js for fields and
   options, data.js for a data page's blocks), so how a source is asked (headers, credentials) is set here only. */

/** The source's answer as JSON; rejects when the request fails or the status is not 2xx. */
export function getJSON(source) {
  // "no-cache": the browser asks again each time (it may keep the answer, but never shows a stale one).
  return fetch(source.endpoint, { headers: { Accept: "application/json" }, credentials: source.credentials || "same-origin", cache: "no-cache" })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
}
