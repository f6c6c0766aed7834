/* The wizard: one step at a time. The steps are the pages the journey visits (rules.js), then "Check your answers"
   when the form has it; an exit page ends the journey with no Next and no submit. A form of one page without a
   review step leaves this module out. */
import { dateWords } from "./dates.js";
import { el, features } from "./page.js";
import { validate } from "./validate.js";
import { format, isDisplayOnly, isEmpty, isSingleCheckbox, text } from "./values.js";

features.push(function (p) {
  var form = p.form, pages = Array.from(form.querySelectorAll(".fg-page")), M = p.M, steps = p.$("fg-steps"), spec = p.spec;
  var review = p.$("fg-review"), REVIEW = pages.length, returning = false;
  var backButton = form.querySelector("[data-fg-back]"), nextButton = form.querySelector("[data-fg-next]"), submitButton = p.submitButton;
  if (pages.length <= 1 && !review) return;
  function stepList() {
    var list = p.state.path.slice();
    if (review && p.state.exit < 0) list.push(REVIEW);
    return list;
  }
  function after(index) { return stepList().filter(function (i) { return i > index; })[0]; }
  function before(index) { return stepList().filter(function (i) { return i < index; }).pop(); }
  /** "Step 2 of 5": the path and the review, again whenever an answer changes the path. */
  function count() {
    var list = stepList();
    if (steps) steps.textContent = format(M.step, { current: String(list.indexOf(p.current) + 1), total: String(list.length) });
  }
  var apply = p.applyRules;
  p.applyRules = function () { apply(); count(); };
  function showPage(index, moveFocus) {
    p.current = index;
    var list = stepList(), position = list.indexOf(index), onReview = index === REVIEW;
    var exit = !onReview && !!spec.pages[index].exit, last = position === list.length - 1;
    pages.forEach(function (page, i) { page.hidden = i !== index; });
    if (review) {
      review.hidden = !onReview;
      if (onReview) fillReview();
    }
    if (steps) steps.hidden = exit || position < 0;
    count();
    backButton.hidden = before(index) === undefined;
    nextButton.hidden = exit || last;
    submitButton.hidden = exit || !last;
    if (moveFocus) {
      // A page without a title: its section takes the focus.
      var heading = p.$(onReview ? "fg-review-title" : "fg-page-" + index + "-title") || pages[index];
      heading.tabIndex = -1;
      heading.focus();
    }
  }
  /** After a Change from the review: the next page on the journey that still has a problem, else the review. */
  function nextAfterChange() {
    var errors = validate(spec, p.values(), new Date()).errors, list = stepList();
    for (var n = list.indexOf(p.current) + 1; n < list.length; n++) {
      if (list[n] === REVIEW) return REVIEW;
      if (spec.pages[list[n]].exit || spec.pages[list[n]].fields.some(function (id) { return id in errors; })) return list[n];
    }
    return after(p.current);
  }
  function goNext() {
    p.applyRules();
    if (p.blocked && p.blocked()) return;
    var check = p.runChecks(p.pageFieldIds(p.current));
    p.renderSummary(!check.ok);
    if (!check.ok) return;
    var target = returning ? nextAfterChange() : after(p.current);
    if (target === REVIEW) returning = false;
    if (target !== undefined) showPage(target, true);
  }
  p.showPage = showPage;
  nextButton.addEventListener("click", goNext);
  backButton.addEventListener("click", function () {
    p.renderSummary();
    p.applyRules();
    var target = before(p.current);
    if (target !== undefined) showPage(target, true);
  });
  // Enter in a field moves on a step; only the last step sends.
  form.addEventListener("submit", function (event) {
    if (submitButton.hidden) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!nextButton.hidden) goNext();
    }
  });

  /** The answer as the person reads it: option labels, dates in the page's language, passwords hidden. */
  function answer(field, value) {
    if (field.type === "password") return review.dataset.hidden;
    // Kinds whose module words their answers (files.js).
    var own = (p.answers || {})[field.kind];
    if (own) return own(field, value, answer);
    if (isSingleCheckbox(field)) return review.dataset[value ? "yes" : "no"];
    // Answers chosen from a list (chosen.js, on the pages with such a field) read as their options' labels.
    var t = p.optionLabels ? p.optionLabels(field, value) : text(value);
    if (field.type === "date") return dateWords(t, spec.lang);
    if (field.type === "number" && /^-?\d+(\.\d+)?$/.test(t)) return (+t).toLocaleString(spec.lang);
    return t;
  }
  /** "Check your answers" as GOV.UK's summary list: question, answer and a "Change" link (none for an answer filled
      in for the person); an optional question left empty reads "Not answered"; repeat.js lists a repeating section. */
  function fillReview() {
    var box = review.querySelector(".fg-review-list"), values = p.values(), list;
    box.textContent = "";
    p.state.path.forEach(function (index) {
      spec.pages[index].fields.forEach(function (id) {
        var field = p.byId[id];
        if (!field || isDisplayOnly(field) || p.state.hidden.has(id)) return;
        if (p.reviewList && p.reviewList(field, values[id], box, index)) return list = null;
        if (!list) box.appendChild(list = el("dl", "fg-summary-list"));
        p.reviewRow(list, field, values[id], field.readOnly ? null : index, field.label);
      });
    });
  }
  /** A row of the summary list; `page` null: no Change link (its hidden text names `hiddenLabel`). */
  p.reviewRow = function (list, field, value, page, hiddenLabel) {
    var line = el("div", "fg-summary-row");
    line.appendChild(el("dt", "fg-summary-key", field.label));
    line.appendChild(el("dd", "fg-summary-value", isEmpty(value, field) && !isSingleCheckbox(field) ? review.dataset.notAnswered : answer(field, value)));
    if (page !== null) {
      var link = line.appendChild(el("dd", "fg-summary-actions")).appendChild(el("a", "fg-link", review.dataset.change));
      link.href = "#fg-page-" + page;
      link.appendChild(el("span", "fg-vh", " " + hiddenLabel));
      link.addEventListener("click", function (event) {
        event.preventDefault();
        returning = true;
        showPage(page, true);
      });
    }
    list.appendChild(line);
  };
  p.applyRules();
  showPage(stepList()[0], false);
});
