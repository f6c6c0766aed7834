/* formgen runtime: validation, rules, wizard, masks, prefill, drafts and submission for one form page.
   It reads the form's spec from #fg-spec. The pure functions (no DOM) are exposed as globalThis.Formgen;
   `formgen validate` implements the same semantics in Swift (Tests/vectors/validation.json holds both to it). */
(function (root) {
  "use strict";

  // ---------------------------------------------------------------- values
  var DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;
  var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
  var regexCache = {};

  function decimal(text) { return DECIMAL.test(text) ? Number(text) : null; }
  function text(value) {
    if (typeof value === "string") return value.trim();
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return String(value);
    return "";
  }
  function items(value) {
    if (Array.isArray(value)) return value.map(text).filter(Boolean);
    var one = text(value);
    return value !== null && typeof value !== "object" && one ? [one] : [];
  }
  function isChecked(value) { return value === true || value === "true"; }
  function isGroup(field) { return field.type === "checkbox" && !!(field.options || field.optionsFrom); }
  function isSingleCheckbox(field) { return field.type === "checkbox" && !isGroup(field); }
  function isDisplayOnly(field) { return field.type === "image" || field.type === "paragraph"; }
  function isChoice(field) { return ["select", "radio", "yesno", "checkbox"].indexOf(field.type) >= 0; }
  function isEmpty(value, field) {
    if (isSingleCheckbox(field)) return !isChecked(value);
    if (isGroup(field)) return items(value).length === 0;
    return text(value) === "";
  }
  function format(template, replacements) {
    var output = template || "";
    Object.keys(replacements).sort().forEach(function (key) {
      output = output.split("{" + key + "}").join(replacements[key]);
    });
    return output;
  }

  // ---------------------------------------------------------------- dates
  function daysIn(y, m) { return [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]; }
  function parseDate(value) {
    var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return null;
    var y = +match[1], m = +match[2], d = +match[3];
    return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) ? [y, m, d] : null;
  }
  function dayNumber(date) {
    var y = date[1] <= 2 ? date[0] - 1 : date[0], era = Math.floor(y / 400), yoe = y - era * 400;
    var doy = Math.floor((153 * (date[1] + (date[1] > 2 ? -3 : 9)) + 2) / 5) + date[2] - 1;
    return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
  }
  function fromDayNumber(n) {
    var z = n + 719468, era = Math.floor(z / 146097), doe = z - era * 146097;
    var yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
    var doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)), mp = Math.floor((5 * doy + 2) / 153);
    var m = mp < 10 ? mp + 3 : mp - 9;
    return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, doy - Math.floor((153 * mp + 2) / 5) + 1];
  }
  function shift(date, years, months, days) {
    var total = date[0] * 12 + date[1] - 1 + years * 12 + months, y = Math.floor(total / 12), m = total - y * 12 + 1;
    return fromDayNumber(dayNumber([y, m, Math.min(date[2], daysIn(y, m))]) + days);
  }
  function iso(date) {
    return String(date[0]).padStart(4, "0") + "-" + String(date[1]).padStart(2, "0") + "-" + String(date[2]).padStart(2, "0");
  }
  function compare(a, b) { return dayNumber(a) - dayNumber(b); }
  /** A date bound (`2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`) resolved against today. */
  function resolveBound(bound, today) {
    bound = String(bound).trim();
    if (bound === "today") return today;
    var fixed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bound);
    if (fixed) return +fixed[2] >= 1 && +fixed[2] <= 12 && +fixed[3] >= 1 && +fixed[3] <= 31 ? [+fixed[1], +fixed[2], +fixed[3]] : null;
    var sign = 1, rest = bound, parts = { y: 0, m: 0, d: 0 }, match, seen = false;
    if (rest[0] === "-" || rest[0] === "+") { sign = rest[0] === "-" ? -1 : 1; rest = rest.slice(1); }
    var unit = /^(\d+)([ymd])/;
    while ((match = unit.exec(rest))) { parts[match[2]] = sign * +match[1]; rest = rest.slice(match[0].length); seen = true; }
    return seen && rest === "" ? shift(today, parts.y, parts.m, parts.d) : null;
  }
  function fullYears(born, today) {
    return today[0] - born[0] - (today[1] < born[1] || (today[1] === born[1] && today[2] < born[2]) ? 1 : 0);
  }
  function todayUTC(now) {
    var date = now instanceof Date ? now : new Date();
    return typeof now === "string" ? parseDate(now) : [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  }

  // ---------------------------------------------------------------- rules
  function holds(rule, value, field) {
    var texts = !field ? [text(value)] : isGroup(field) ? items(value) : isSingleCheckbox(field) ? [String(isChecked(value))] : [text(value)];
    var empty = field ? isEmpty(value, field) : texts.every(function (t) { return t === ""; });
    var first = rule.values.length ? rule.values[0] : "";
    switch (rule.condition) {
      case "equals": return texts.indexOf(first) >= 0;
      case "notEquals": return texts.indexOf(first) < 0;
      case "in": return texts.some(function (t) { return rule.values.indexOf(t) >= 0; });
      case "notIn": return !texts.some(function (t) { return rule.values.indexOf(t) >= 0; });
      case "empty": return empty;
      case "notEmpty": return !empty;
      case "greaterThan": case "lessThan":
        var number = texts.length === 1 ? decimal(texts[0]) : null, limit = decimal(first);
        if (number === null || limit === null) return false;
        return rule.condition === "greaterThan" ? number > limit : number < limit;
    }
    return false;
  }
  /** Which fields the rules hide and which are required, settled over repeated passes. */
  function states(spec, values) {
    var byId = fieldMap(spec), configured = spec.fields.filter(function (f) { return f.required; }).map(function (f) { return f.id; });
    var hidden = new Set(), required = new Set(configured);
    for (var pass = 0; pass <= spec.rules.length; pass++) {
      var next = new Set();
      required = new Set(configured);
      spec.rules.forEach(function (rule) {
        var value = hidden.has(rule.field) ? undefined : values[rule.field];
        var action = holds(rule, value, byId[rule.field]) ? rule.action : rule.otherwise;
        rule.targets.forEach(function (target) {
          if (action === "show") next.delete(target);
          else if (action === "hide") next.add(target);
          else if (action === "require") required.add(target);
          else if (action === "unrequire") required.delete(target);
        });
      });
      var settled = next.size === hidden.size && Array.from(next).every(function (id) { return hidden.has(id); });
      hidden = next;
      if (settled) break;
    }
    return { hidden: hidden, required: required };
  }
  function fieldMap(spec) {
    var map = {};
    spec.fields.forEach(function (f) { if (!map[f.id]) map[f.id] = f; });
    return map;
  }

  // ---------------------------------------------------------------- validation
  function matchesMask(value, mask) {
    var chars = Array.from(value), shape = Array.from(mask);
    return chars.length === shape.length && chars.every(function (c, i) {
      var digit = c >= "0" && c <= "9", letter = /^[A-Za-z]$/.test(c);
      return shape[i] === "#" ? digit : shape[i] === "A" ? letter : shape[i] === "*" ? digit || letter : c === shape[i];
    });
  }
  function search(pattern, value) {
    if (!(pattern in regexCache)) {
      try { regexCache[pattern] = new RegExp(pattern, "u"); } catch (error) { regexCache[pattern] = null; }
    }
    return regexCache[pattern] ? regexCache[pattern].test(value) : true;
  }
  function ruleText(rule) { return rule.value === undefined || rule.value === null ? "" : String(rule.value); }
  /** null when the rule passes, else the text that stands for {value} in its message. */
  function failure(rule, value, values, hidden, today) {
    var limit = typeof rule.value === "number" ? rule.value : decimal(ruleText(rule)), shown = ruleText(rule);
    switch (rule.rule) {
      case "regex": return search(shown, value) ? null : shown;
      case "email": return EMAIL.test(value) ? null : "";
      case "minLength": case "maxLength":
        if (limit === null) return null;
        var length = Array.from(value).length;
        return (rule.rule === "minLength" ? length >= limit : length <= limit) ? null : shown;
      case "minValue": case "maxValue":
        if (limit === null) return null;
        var number = decimal(value);
        if (number === null) return shown;
        return (rule.rule === "minValue" ? number >= limit : number <= limit) ? null : shown;
      case "mask": return matchesMask(value, shown) ? null : shown;
      case "minDate": case "maxDate":
        var bound = resolveBound(shown, today);
        if (!bound) return null;
        var date = parseDate(value);
        if (!date) return iso(bound);
        return (rule.rule === "minDate" ? compare(date, bound) >= 0 : compare(date, bound) <= 0) ? null : iso(bound);
      case "minAge": case "maxAge":
        if (limit === null) return null;
        var born = parseDate(value);
        if (!born) return shown;
        var years = fullYears(born, today);
        return (rule.rule === "minAge" ? years >= limit : years <= limit) ? null : shown;
      case "equalsField":
        return value === (hidden.has(shown) ? "" : text(values[shown])) ? null : shown;
    }
    return null;
  }
  /** The message of a field's first failing check, or null. */
  function checkField(spec, field, values, state, today) {
    var value = values[field.id], messages = spec.messages;
    var say = function (template, shown) {
      var replacements = { label: field.label, value: shown === undefined ? "" : shown };
      var equals = field.validations.filter(function (r) { return r.rule === "equalsField"; })[0];
      if (equals) {
        var other = fieldMap(spec)[ruleText(equals)];
        replacements.other = other ? other.label : ruleText(equals);
      }
      return format(template, replacements);
    };
    if (isEmpty(value, field)) {
      if (!state.required.has(field.id)) return null;
      return field.requiredMessage || say(messages[isChoice(field) ? "requiredChoice" : "required"]);
    }
    var t = text(value);
    if (field.type === "number" && decimal(t) === null) return say(messages.number);
    if (field.type === "date" && !parseDate(t)) return say(messages.date);
    if (isChoice(field) && field.options && !field.optionsFrom) {
      var allowed = field.options.map(function (o) { return o.value; });
      var chosen = isGroup(field) ? items(value) : [t];
      if (!chosen.every(function (c) { return allowed.indexOf(c) >= 0; })) return say(messages.option);
    }
    if (field.mask && !matchesMask(t, field.mask)) {
      var maskRule = field.validations.filter(function (r) { return r.rule === "mask"; })[0];
      return maskRule && maskRule.message ? maskRule.message : say(messages.mask, field.mask);
    }
    for (var i = 0; i < field.validations.length; i++) {
      var rule = field.validations[i], shown = failure(rule, t, values, state.hidden, today);
      if (shown !== null) return rule.message || say(messages[rule.rule], shown);
    }
    return null;
  }
  /** The cleaned submission. */
  function clean(spec, values, hidden) {
    var data = {};
    spec.fields.forEach(function (field) {
      if (isDisplayOnly(field) || hidden.has(field.id) || field.id in data) return;
      var value = values[field.id];
      if (isSingleCheckbox(field)) { data[field.id] = isChecked(value); return; }
      if (isGroup(field)) { if (items(value).length) data[field.id] = items(value); return; }
      var t = text(value);
      if (t === "") return;
      data[field.id] = field.type === "number" && decimal(t) !== null ? decimal(t) : t;
    });
    return data;
  }
  /** Validates a submission: { errors: {id: message}, hidden: [ids], data }. `now`: a Date or "YYYY-MM-DD". */
  function validate(spec, values, now) {
    var state = states(spec, values), today = todayUTC(now), errors = {};
    spec.fields.forEach(function (field) {
      if (isDisplayOnly(field) || field.readOnly || state.hidden.has(field.id) || field.id in errors) return;
      var message = checkField(spec, field, values, state, today);
      if (message !== null) errors[field.id] = message;
    });
    return { errors: errors, hidden: Array.from(state.hidden).sort(), required: state.required, data: clean(spec, values, state.hidden) };
  }

  // ---------------------------------------------------------------- masks
  function fits(slot, c) {
    var digit = /^[0-9]$/.test(c), letter = /^[A-Za-z]$/.test(c);
    return slot === "#" ? digit : slot === "A" ? letter : slot === "*" ? digit || letter : false;
  }
  function isSlot(c) { return c === "#" || c === "A" || c === "*"; }
  /** Formats typed text to a mask, keeping the caret after the same number of typed characters. */
  function applyMask(mask, value, caret) {
    var shape = Array.from(mask), chars = Array.from(value), typed = [], before = 0, count = 0;
    if (caret === undefined) caret = value.length;
    chars.forEach(function (c) {
      count += c.length;
      if (/^[A-Za-z0-9]$/.test(c)) { typed.push(c); if (count <= caret) before = typed.length; }
    });
    var output = "", used = 0, position = 0, placed = 0;
    for (var i = 0; i < shape.length && used < typed.length; i++) {
      if (isSlot(shape[i])) {
        while (used < typed.length && !fits(shape[i], typed[used])) { used++; if (used <= before) before--; }
        if (used >= typed.length) break;
        output += typed[used++];
        placed++;
        if (placed <= before) position = output.length;
      } else {
        output += shape[i];
      }
    }
    if (before === 0) position = 0;
    return { value: output, caret: Math.min(position, output.length) };
  }

  var core = {
    validate: validate, states: states, checkField: checkField, clean: clean, applyMask: applyMask,
    matchesMask: matchesMask, resolveBound: resolveBound, parseDate: parseDate, iso: iso, decimal: decimal,
  };
  root.Formgen = core;
  if (typeof document === "undefined") return;

  // ---------------------------------------------------------------- page
  var specElement = document.getElementById("fg-spec"), form = document.getElementById("fg-form");
  if (!specElement || !form) return;
  var spec = JSON.parse(specElement.textContent), M = spec.messages, byId = fieldMap(spec);
  var inputs = spec.fields.filter(function (f) { return !isDisplayOnly(f); });
  var summary = document.getElementById("fg-error-summary"), list = summary && summary.querySelector(".fg-error-list");
  var status = document.getElementById("fg-status"), baseTitle = document.title;
  var pages = Array.prototype.slice.call(form.querySelectorAll(".fg-page")), current = 0;
  var backButton = form.querySelector("[data-fg-back]"), nextButton = form.querySelector("[data-fg-next]");
  var submitButton = form.querySelector("[data-fg-submit]"), steps = document.getElementById("fg-steps");
  var draftKey = "formgen:draft:" + spec.id, shown = {}, state = states(spec, {});
  form.noValidate = true;

  function $(id) { return document.getElementById(id); }
  function controls(id) { return Array.prototype.slice.call(form.querySelectorAll("[name=\"" + id.replace(/["\\]/g, "\\$&") + "\"]")); }
  function focusTarget(id) { var field = byId[id]; return $(field.type === "radio" || field.type === "yesno" || isGroup(field) ? "f-" + id + "-0" : "f-" + id); }
  function readValue(field) {
    var els = controls(field.id);
    if (isSingleCheckbox(field)) return !!(els[0] && els[0].checked);
    if (isGroup(field)) return els.filter(function (e) { return e.checked; }).map(function (e) { return e.value; });
    if (field.type === "radio" || field.type === "yesno") {
      var chosen = els.filter(function (e) { return e.checked; })[0];
      return chosen ? chosen.value : "";
    }
    var el = els[0];
    if (!el) return "";
    return el.validity && el.validity.badInput ? "?" : el.value;
  }
  function writeValue(field, value) {
    controls(field.id).forEach(function (el) {
      if (el.type === "checkbox" || el.type === "radio") el.checked = isSingleCheckbox(field) ? isChecked(value) : items(value).indexOf(el.value) >= 0;
      else el.value = value === null || value === undefined ? "" : String(value);
    });
  }
  function values() {
    var all = {};
    inputs.forEach(function (f) { all[f.id] = readValue(f); });
    return all;
  }
  function pageOf(id) {
    for (var i = 0; i < spec.pages.length; i++) if (spec.pages[i].fields.indexOf(id) >= 0) return i;
    return 0;
  }
  function describe(el, id, on) {
    var ids = (el.getAttribute("aria-describedby") || "").split(" ").filter(function (x) { return x && x !== id; });
    if (on) ids.push(id);
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" ")); else el.removeAttribute("aria-describedby");
  }

  // Rules: show, hide, require and unrequire fields as values change.
  function applyRules() {
    state = states(spec, values());
    inputs.forEach(function (field) {
      var wrapper = $("fg-field-" + field.id), hide = state.hidden.has(field.id);
      if (wrapper) wrapper.hidden = hide;
      if (hide) showError(field.id, null);
      controls(field.id).forEach(function (el) {
        if (!isGroup(field)) el.required = state.required.has(field.id);
      });
    });
  }

  // Errors: inline messages tied to their controls, and the summary.
  function showError(id, message) {
    var field = byId[id], error = $("f-" + id + "-error"), wrapper = $("fg-field-" + id);
    if (!field || !error) return;
    if (message) {
      error.textContent = "";
      var prefix = document.createElement("span");
      prefix.className = "fg-vh";
      prefix.textContent = M.errorPrefix + " ";
      error.appendChild(prefix);
      error.appendChild(document.createTextNode(message));
      shown[id] = message;
    } else {
      delete shown[id];
    }
    error.hidden = !message;
    if (wrapper) wrapper.classList.toggle("fg-field-error", !!message);
    var group = field.type === "radio" || field.type === "yesno" || isGroup(field);
    describe(group ? $("f-" + id) : controls(id)[0] || error, error.id, !!message);
    controls(id).forEach(function (el) { if (message) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid"); });
  }
  var rendered = "";
  function renderSummary(extra, focus) {
    if (!summary) return;
    var ids = inputs.map(function (f) { return f.id; }).filter(function (id) { return shown[id]; });
    var key = JSON.stringify([ids.map(function (id) { return shown[id]; }), extra]);
    if (key === rendered && !focus) return;
    rendered = key;
    list.textContent = "";
    ids.forEach(function (id) {
      var item = document.createElement("li"), link = document.createElement("a");
      link.href = "#" + focusTarget(id).id;
      link.textContent = shown[id];
      link.addEventListener("click", function (event) {
        event.preventDefault();
        if (pages.length > 1 && pageOf(id) !== current) showPage(pageOf(id), false);
        var wrapper = $("fg-field-" + id);
        if (wrapper) wrapper.scrollIntoView();
        focusTarget(id).focus();
      });
      item.appendChild(link);
      list.appendChild(item);
    });
    if (extra) {
      var note = document.createElement("li");
      note.textContent = extra;
      list.appendChild(note);
    }
    var any = ids.length > 0 || !!extra;
    summary.hidden = !any;
    document.title = (any ? M.errorTitlePrefix : "") + baseTitle;
    if (any && focus) summary.focus();
  }
  function runChecks(ids) {
    var result = validate(spec, values(), new Date()), ok = true;
    ids.forEach(function (id) {
      var message = state.hidden.has(id) ? null : result.errors[id] || null;
      if (message) ok = false;
      showError(id, message);
    });
    return { ok: ok, data: result.data };
  }
  function pageFieldIds(index) {
    return spec.pages[index].fields.filter(function (id) { return byId[id] && !isDisplayOnly(byId[id]); });
  }

  // The wizard: one page at a time when the form has several.
  function showPage(index, moveFocus) {
    current = index;
    pages.forEach(function (page, i) { page.hidden = i !== index; });
    if (steps) {
      steps.textContent = format(M.step, { current: String(index + 1), total: String(pages.length) });
      steps.hidden = false;
    }
    backButton.hidden = index === 0;
    nextButton.hidden = index === pages.length - 1;
    submitButton.hidden = index !== pages.length - 1;
    if (moveFocus) {
      var heading = $("fg-page-" + index + "-title") || pages[index];
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
  }
  if (pages.length > 1) {
    nextButton.addEventListener("click", function () {
      applyRules();
      var check = runChecks(pageFieldIds(current));
      renderSummary(null, !check.ok);
      if (check.ok) showPage(current + 1, true);
    });
    backButton.addEventListener("click", function () {
      renderSummary(null, false);
      showPage(current - 1, true);
    });
    showPage(0, false);
  }

  // Masks: format as the user types.
  form.querySelectorAll("[data-fg-mask]").forEach(function (el) {
    var mask = el.getAttribute("data-fg-mask");
    el.removeAttribute("maxlength");
    el.addEventListener("input", function (event) {
      var value = el.value, caret = el.selectionStart;
      if (event.inputType === "deleteContentBackward" && el.dataset.fgLast && value.length < el.dataset.fgLast.length) {
        var gone = el.dataset.fgLast.slice(caret, caret + el.dataset.fgLast.length - value.length);
        if (!/[A-Za-z0-9]/.test(gone)) {
          var head = value.slice(0, caret).replace(/[A-Za-z0-9][^A-Za-z0-9]*$/, "");
          value = head + value.slice(caret);
          caret = head.length;
        }
      }
      var result = applyMask(mask, value, caret);
      el.value = result.value;
      el.dataset.fgLast = result.value;
      if (document.activeElement === el) el.setSelectionRange(result.caret, result.caret);
    });
  });

  // Drafts: what is typed survives a reload; sensitive and password fields never stored.
  function saveDraft() {
    var draft = {}, all = values();
    inputs.forEach(function (f) { if (!f.sensitive && f.type !== "password" && !f.readOnly) draft[f.id] = all[f.id]; });
    try { localStorage.setItem(draftKey, JSON.stringify(draft)); } catch (error) { /* storage unavailable */ }
  }
  function clearDraft() { try { localStorage.removeItem(draftKey); } catch (error) { /* storage unavailable */ } }
  try {
    var saved = JSON.parse(localStorage.getItem(draftKey) || "null");
    if (saved && typeof saved === "object") {
      inputs.forEach(function (f) { if (f.id in saved && !f.sensitive && f.type !== "password" && !f.readOnly) writeValue(f, saved[f.id]); });
    }
  } catch (error) { /* no draft */ }

  var timer = null;
  function onChange(event) {
    applyRules();
    var id = event.target.name;
    if (id && shown[id]) { runChecks([id]); renderSummary(null, false); }
    clearTimeout(timer);
    timer = setTimeout(saveDraft, 300);
  }
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  form.addEventListener("focusout", function (event) {
    var id = event.target.name, field = byId[id], next = event.relatedTarget;
    // Moving to a button or the summary: that click validates; showing a message now would shift the button away.
    if (next && next.closest && next.closest("button, #fg-error-summary")) return;
    if (!field || (field.type === "radio" || field.type === "yesno" || isGroup(field)) && form.contains(event.relatedTarget) && event.relatedTarget.name === id) return;
    if (!isEmpty(readValue(field), field) || shown[id]) runChecks([id]);
    if (!summary.hidden) renderSummary(null, false);
  });

  // Data sources: one request per source; values set as text, fields kept read-only.
  function loadSource(source) {
    var targets = source.fields.filter(function (id) { return byId[id]; });
    var optionFields = inputs.filter(function (f) { return f.optionsFrom && f.optionsFrom.dataSource === source.id; });
    var alert = $("fg-source-" + source.id);
    targets.forEach(function (id) {
      var wrapper = $("fg-field-" + id), hint = document.createElement("p");
      hint.className = "fg-loading";
      hint.id = "f-" + id + "-loading";
      hint.textContent = M.loading;
      wrapper.setAttribute("aria-busy", "true");
      wrapper.appendChild(hint);
      controls(id).forEach(function (el) { describe(el, hint.id, true); });
    });
    function done() {
      targets.forEach(function (id) {
        var hint = $("f-" + id + "-loading");
        $("fg-field-" + id).removeAttribute("aria-busy");
        controls(id).forEach(function (el) { describe(el, "f-" + id + "-loading", false); });
        if (hint) hint.remove();
      });
    }
    fetch(source.endpoint, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (body) {
        done();
        if (alert) alert.remove();
        fillOptions(optionFields, body);
        if (body && typeof body === "object" && !Array.isArray(body)) {
          targets.forEach(function (id) {
            var value = body[id];
            if (value !== undefined && value !== null && typeof value !== "object") writeValue(byId[id], value);
          });
        }
        applyRules();
      })
      .catch(function () {
        done();
        if (alert) return;
        alert = document.createElement("div");
        alert.className = "fg-alert";
        alert.id = "fg-source-" + source.id;
        alert.setAttribute("role", "alert");
        var message = document.createElement("p"), retry = document.createElement("button");
        message.textContent = M.loadFailed;
        retry.type = "button";
        retry.className = "fg-button fg-button-secondary";
        retry.textContent = M.retry;
        retry.addEventListener("click", function () { alert.remove(); loadSource(source); });
        alert.appendChild(message);
        alert.appendChild(retry);
        var anchor = $("fg-field-" + (targets[0] || (optionFields[0] || {}).id));
        (anchor ? anchor.parentNode : form).insertBefore(alert, anchor || form.firstChild);
      });
  }
  function fillOptions(fields, body) {
    var entries = Array.isArray(body) ? body : body && typeof body === "object" ? Object.keys(body).map(function (k) { return body[k]; }).filter(Array.isArray)[0] : null;
    if (!entries) return;
    fields.forEach(function (field) {
      var select = field.type === "select" ? $("f-" + field.id) : null, group = select ? null : $("f-" + field.id);
      var box = group && (group.querySelector(".fg-choice-list") || group), index = 0;
      entries.forEach(function (entry) {
        var value = entry && typeof entry === "object" ? entry[field.optionsFrom.valueKey] : null;
        if ((typeof value !== "string" && typeof value !== "number") || String(value).trim() === "") return;
        var label = entry[field.optionsFrom.labelKey];
        label = typeof label === "string" || typeof label === "number" ? String(label) : String(value);
        if (select) {
          var option = document.createElement("option");
          option.value = String(value);
          option.textContent = label;
          select.appendChild(option);
          return;
        }
        var row = document.createElement("div"), input = document.createElement("input"), text = document.createElement("label");
        row.className = "fg-choice";
        input.className = "fg-choice-input";
        input.type = field.type === "checkbox" ? "checkbox" : "radio";
        input.name = field.id;
        input.id = "f-" + field.id + "-" + index++;
        input.value = String(value);
        text.className = "fg-choice-label";
        text.htmlFor = input.id;
        text.textContent = label;
        row.appendChild(input);
        row.appendChild(text);
        box.appendChild(row);
      });
    });
  }
  spec.dataSources.forEach(loadSource);

  // Submission.
  function send(data) {
    var submit = spec.submit, body, headers = { Accept: "application/json" };
    if (submit.encoding === "form") {
      body = new URLSearchParams();
      Object.keys(data).forEach(function (key) {
        [].concat(data[key]).forEach(function (item) { body.append(key, String(item)); });
      });
    } else {
      body = JSON.stringify(data);
      headers["Content-Type"] = "application/json";
    }
    status.textContent = M.sending;
    submitButton.disabled = true;
    fetch(submit.action, { method: (submit.method || "post").toUpperCase(), headers: headers, body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (raw) {
          var answer = null;
          try { answer = raw ? JSON.parse(raw) : null; } catch (error) { answer = null; }
          return { response: response, answer: answer };
        });
      })
      .then(function (reply) {
        submitButton.disabled = false;
        status.textContent = "";
        if (reply.response.ok) {
          clearDraft();
          if (submit.redirect) { location.assign(submit.redirect); return; }
          form.hidden = true;
          status.textContent = submit.successMessage || M.sent;
          status.setAttribute("tabindex", "-1");
          status.focus();
          return;
        }
        var errors = reply.response.status === 422 && reply.answer && reply.answer.errors;
        if (errors && typeof errors === "object") {
          var first = null;
          Object.keys(errors).forEach(function (id) {
            if (!byId[id] || typeof errors[id] !== "string") return;
            showError(id, errors[id]);
            if (first === null) first = id;
          });
          if (first !== null && pages.length > 1) showPage(pageOf(first), false);
          renderSummary(first === null ? M.sendFailed : null, true);
          return;
        }
        renderSummary(M.sendFailed, true);
      })
      .catch(function () {
        submitButton.disabled = false;
        status.textContent = "";
        renderSummary(M.sendFailed, true);
      });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    applyRules();
    var check = runChecks(inputs.map(function (f) { return f.id; }));
    if (!check.ok) {
      var firstBad = inputs.filter(function (f) { return shown[f.id]; })[0];
      if (pages.length > 1 && firstBad && pageOf(firstBad.id) !== current) showPage(pageOf(firstBad.id), false);
      renderSummary(null, true);
      return;
    }
    renderSummary(null, false);
    if (spec.submit.action) { send(check.data); return; }
    clearDraft();
    var result = $("fg-result");
    result.querySelector(".fg-result-json").textContent = JSON.stringify(check.data, null, 2);
    result.hidden = false;
    $("fg-result-title").focus();
  });

  applyRules();
})(typeof globalThis !== "undefined" ? globalThis : this);
