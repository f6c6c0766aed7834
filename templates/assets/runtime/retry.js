/* Retry: a button that runs something again, for the modules whose requests can fail (prefill.js, send.js). */

/** A Retry button (the page's `retry` text) that runs `run` when pressed. */
export function retryButton(p, run) {
  var button = document.createElement("button");
  button.type = "button";
  button.className = "fg-button fg-button-secondary";
  button.textContent = p.M.retry;
  button.addEventListener("click", run);
  return button;
}

/** A Retry button after the error summary's last item; pressing it hides the summary and runs `run`. */
export function addRetry(p, run) {
  var item = p.list.lastChild;
  item.appendChild(document.createTextNode(" "));
  item.appendChild(retryButton(p, function () { p.renderSummary(null, false); run(); }));
}
