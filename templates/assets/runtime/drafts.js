/* Drafts: what is typed survives a reload for spec.drafts.maxAge seconds; sensitive (the build infers it: ids,
   passwords, card numbers), password and read-only fields are never stored. */
import { features } from "./page.js";

/** Whether a field's value may be kept in a draft (the build leaves this module out when none may). */
export function isDraftable(field) { return !field.sensitive && field.type !== "password" && !field.readOnly; }

features.push(function (p) {
  var draftKey = "formgen:draft:" + p.spec.id, inputs = p.inputs, timer = null;
  var pending = p.pendingDraft = {};
  function saveDraft() {
    var draft = {}, all = p.values();
    inputs.forEach(function (f) { if (isDraftable(f)) draft[f.id] = f.id in pending ? pending[f.id] : all[f.id]; });
    try { localStorage.setItem(draftKey, JSON.stringify({ savedAt: Date.now(), values: draft })); } catch (error) { /* storage unavailable */ }
  }
  p.clearDraft = function () { try { localStorage.removeItem(draftKey); } catch (error) { /* storage unavailable */ } };
  try {
    var stored = JSON.parse(localStorage.getItem(draftKey) || "null"), maxAge = p.spec.drafts.maxAge || 86400;
    var fresh = stored && typeof stored.savedAt === "number" && Date.now() - stored.savedAt <= maxAge * 1000;
    if (stored && !fresh) p.clearDraft();
    var saved = fresh ? stored.values : null;
    if (saved && typeof saved === "object") {
      inputs.forEach(function (f) {
        if (!(f.id in saved) || !isDraftable(f)) return;
        if (f.optionsFrom) pending[f.id] = saved[f.id]; else p.writeValue(f, saved[f.id]);
      });
    }
  } catch (error) { /* no draft */ }
  var note = p.$("fg-draft-note"), clear = p.$("fg-clear-draft");
  if (note) note.hidden = false;
  if (clear) clear.addEventListener("click", function () {
    clearTimeout(timer);
    p.clearDraft();
    inputs.forEach(function (f) { if (isDraftable(f)) p.writeValue(f, ""); });
    p.applyRules();
    p.announce(p.M.draftCleared);
  });
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(saveDraft, 300);
  }
  p.form.addEventListener("input", schedule);
  p.form.addEventListener("change", schedule);
});
