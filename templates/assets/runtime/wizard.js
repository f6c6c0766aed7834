/* The wizard: one page at a time when the form has several (a one-page form's build leaves this module out). */
import { features } from "./page.js";
import { format } from "./values.js";

features.push(function (p) {
  var pages = p.pages, M = p.M, steps = p.steps;
  if (pages.length <= 1) return;
  function showPage(index, moveFocus) {
    p.current = index;
    pages.forEach(function (page, i) { page.hidden = i !== index; });
    if (steps) {
      steps.textContent = format(M.step, { current: String(index + 1), total: String(pages.length) });
      steps.hidden = false;
    }
    p.backButton.hidden = index === 0;
    p.nextButton.hidden = index === pages.length - 1;
    p.submitButton.hidden = index !== pages.length - 1;
    if (moveFocus) {
      var heading = p.$("fg-page-" + index + "-title") || pages[index];
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
  }
  p.showPage = showPage;
  p.nextButton.addEventListener("click", function () {
    p.applyRules();
    var check = p.runChecks(p.pageFieldIds(p.current));
    p.renderSummary(null, !check.ok);
    if (check.ok) showPage(p.current + 1, true);
  });
  p.backButton.addEventListener("click", function () {
    p.renderSummary(null, false);
    showPage(p.current - 1, true);
  });
  showPage(0, false);
});
