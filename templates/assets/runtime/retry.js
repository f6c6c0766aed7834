/* Retry: a button that runs something again, for the modules whose requests can fail (prefill.js, send.js). */
import { el } from "./page.js";

/** A Retry button (the page's `retry` text) that runs `run` when pressed. */
export function retryButton(p, run) {
  var button = el("button", "fg-button fg-button-secondary", p.M.retry);
  button.type = "button";
  button.addEventListener("click", run);
  return button;
}

/** A Retry button after the error summary's last item; pressing it hides the summary and runs `run`. */
export function addRetry(p, run) {
  var item = p.list.lastChild;
  item.appendChild(document.createTextNode(" "));
  item.appendChild(retryButton(p, function () { p.renderSummary(); run(); }));
}
