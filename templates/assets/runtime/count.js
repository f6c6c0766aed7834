/* Character and word counts (GOV.UK's character count) under a textarea or a long text input with `maxLength` or
   `maxWords`: "You have 12 characters remaining", "You have 3 characters too many", updated as the person types and
   said politely to screen readers once typing pauses. The build writes "You can enter up to 200 characters" under
   the field, which stays as its description (visually hidden) when the count shows. Joined only on such pages, which
   are the only pages with a `maxWords` rule (the build allows it on text and textarea fields, where it shows a count),
   so its check is added here, as bounds.js adds the date checks: other pages carry none of it. */
import { features, el } from "./page.js";
import { ruleChecks } from "./validate.js";
import { format, plural, text } from "./values.js";

/** The words of a text: its runs of characters other than white space (FieldValue.wordCount in Swift). */
export function words(value) { return (value.match(/\S+/g) || []).length; }

ruleChecks.maxWords = function (rule, value, limit, shown) { return limit === null || words(value) <= limit ? null : shown; };

/** The rule a field's count follows: its first `maxWords`, else its first `maxLength`; null without either. */
export function countRule(field) {
  var rules = (field.validations || []).filter(function (r) { return (r.rule === "maxWords" || r.rule === "maxLength") && typeof r.value === "number"; });
  return rules.filter(function (r) { return r.rule === "maxWords"; })[0] || rules[0] || null;
}

/** What the count says for `value` under `rule` ({rule, value}): {message, over}. Characters are the code points of
    the trimmed text and words its runs of non-space, as the validator measures them. */
export function countMessage(M, lang, rule, value) {
  var t = text(value), byWords = rule.rule === "maxWords";
  var left = rule.value - (byWords ? words(t) : Array.from(t).length), n = Math.abs(left);
  var key = left < 0 ? (byWords ? "countWordsOver" : "countCharsOver") : (byWords ? "countWordsLeft" : "countCharsLeft");
  return { message: format(plural(M, key, n, lang), { value: String(n) }), over: left < 0 };
}

features.push(function (p) {
  p.inputs.forEach(function (field) {
    var hint = p.$("f-" + field.id + "-count"), input = p.$("f-" + field.id), rule = countRule(field), timer = 0;
    if (!hint || !input || !rule) return;
    var shown = el("div", "fg-hint fg-count");
    shown.setAttribute("aria-hidden", "true");
    hint.parentNode.insertBefore(shown, hint);
    hint.className = "fg-vh";
    function update(announce) {
      var count = countMessage(p.M, p.spec.lang, rule, input.value);
      shown.textContent = count.message;
      shown.classList.toggle("fg-count-over", count.over);
      clearTimeout(timer);
      if (announce) timer = setTimeout(function () { p.announce(count.message); }, 1000);
    }
    input.addEventListener("input", function () { update(true); });
    update(false);
    // A value written for the person (a draft put back or cleared) changes the count without an input event.
    var write = p.writeValue;
    p.writeValue = function (f, value) { write(f, value); if (f.id === field.id) update(false); };
  });
});
