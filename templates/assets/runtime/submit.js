/* Submission: checks the whole form, then hands it to send.js when the form has an action (or shows the
   cleaned data when there is none). A required field whose data source failed blocks sending (`p.blocked`, prefill.js). */

/** Wires the page's submit event (every page has one). */
export function addSubmission(p) {
  var form = p.form, inputs = p.inputs;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    p.applyRules();
    if (p.blocked && p.blocked()) return;
    var check = p.runChecks(inputs.map(function (f) { return f.id; }));
    if (!check.ok) {
      var firstBad = inputs.filter(function (f) { return p.expand([f.id]).some(function (id) { return p.shown[id]; }); })[0];
      if (firstBad && p.pageOf(firstBad.id) !== p.current) p.showPage(p.pageOf(firstBad.id), false);
      p.renderSummary(true);
      return;
    }
    p.renderSummary();
    if (p.send) { p.send(check.data); return; }
    p.clearDraft();
    var result = p.$("fg-result");
    result.querySelector(".fg-result-json").textContent = JSON.stringify(check.data, null, 2);
    result.hidden = false;
    p.$("fg-result-title").focus();
  });
}
