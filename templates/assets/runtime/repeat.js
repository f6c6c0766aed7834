/* Repeating sections ("Add another"): a list's items added and removed on the page, each item's fields named and
   identified `id[index].field`, the section's rules applied to each item; and, for validate.js, a list's checks
   (counts, then each item's fields, the message led by the item's legend) and its cleaned value, an item's hidden
   fields left out. FormValidator+Repeat.swift implements the same in Swift. */
import { el, features } from "./page.js";
import { states } from "./rules.js";
import { clean, lists, validate } from "./validate.js";
import { format, isEmpty, isGroup } from "./values.js";

/** A list's items: each entry an object (anything else an empty item); no list, no items. */
export function listItems(value) {
  return Array.isArray(value) ? value.map(function (v) { return v && typeof v === "object" && !Array.isArray(v) ? v : {}; }) : [];
}
/** The spec of one item: its fields, the section's rules, one page; `outer`: the fields outside it the rules test. */
function itemSpecOf(spec, field) {
  var ids = field.fields.map(function (f) { return f.id; }), rules = field.rules || [];
  var outer = spec.fields.filter(function (f) { return ids.indexOf(f.id) < 0 && rules.some(function (r) { return r.field === f.id; }); });
  return { fields: field.fields, rules: rules, outer: outer, pages: [{ fields: ids }], messages: spec.messages, lang: spec.lang };
}
/** An item's values as its rules read them: its own, and the outer fields' (a hidden one left out). */
function itemValues(sub, item, values, hidden) {
  var merged = Object.assign({}, item);
  sub.outer.forEach(function (f) { merged[f.id] = hidden.has(f.id) ? undefined : values[f.id]; });
  return merged;
}
export function itemKey(list, index, id) { return list + "[" + index + "]." + id; }
/** Whether an item of an optional list (`min: 0`) has no answer at all: no item (a page without JavaScript sends its
    one empty item), neither checked nor kept; its index stays, for the other items' keys. */
export function isBlank(field, item) {
  return field.repeat.min === 0 && field.fields.every(function (f) { return f.kind === "display" || isEmpty(item[f.id], f); });
}

lists.repeat = {
  /** The list's errors; the keys of the item fields its rules hide go into `state.hidden` (`pets[1].kind_other`). */
  check: function (spec, field, values, state, now) {
    var r = field.repeat, all = listItems(values[field.id]), M = field.messages || {}, errors = {}, sub = itemSpecOf(spec, field);
    var given = all.filter(function (item) { return !isBlank(field, item); }).length;
    if (given < r.min && (state.required.has(field.id) || given)) errors[field.id] = format(M.minItems, { value: String(r.min) });
    else if (r.max !== undefined && r.max !== null && all.length > r.max) {
      // Too many items is the answer: the page never sends more, and checking each of millions would take seconds.
      errors[field.id] = format(M.maxItems, { value: String(r.max) });
      return errors;
    }
    all.forEach(function (item, i) {
      if (isBlank(field, item)) return;
      var result = validate(sub, itemValues(sub, item, values, state.hidden), now), found = result.errors, legend = format(r.itemLabel, { n: String(i + 1) });
      field.fields.forEach(function (f) { if (found[f.id]) errors[itemKey(field.id, i, f.id)] = legend + ": " + found[f.id]; });
      result.hidden.forEach(function (id) { state.hidden.add(itemKey(field.id, i, id)); });
    });
    return errors;
  },
  /** Each item cleaned, leaving out the fields whose key (`pets[1].kind_other`) is in `hidden`, and blank items. */
  clean: function (spec, field, value, hidden) {
    var all = listItems(value), sub = itemSpecOf(spec, field), kept = [];
    all.forEach(function (item, i) {
      if (!isBlank(field, item)) kept.push(clean(sub, item, new Set(sub.pages[0].fields.filter(function (id) { return hidden.has(itemKey(field.id, i, id)); }))));
    });
    return kept.length ? kept : null;
  },
};

features.push(function (p) {
  p.spec.fields.forEach(function (field) { if (field.kind === "repeat") repeatSection(p, field); });
  /** "Check your answers": the section's title, then a card per item given titled with its legend ("Pet 1") listing
      each question the item's rules ask with its answer. False when no item is given (the section is a plain row). */
  p.reviewList = function (field, value, box, page) {
    var given = field.kind === "repeat" && listItems(value).map(function (item, i) { return isBlank(field, item) ? null : [item, i]; }).filter(Boolean);
    if (!given || !given.length) return false;
    box.appendChild(el("h3", "fg-summary-heading", field.label));
    given.forEach(function (entry) {
      var i = entry[1], title = format(field.repeat.itemLabel, { n: String(i + 1) }), card = box.appendChild(el("div", "fg-summary-card"));
      var list = card.appendChild(el("h4", "fg-summary-card-title", title)) && card.appendChild(el("dl", "fg-summary-list"));
      field.fields.forEach(function (f) {
        if (f.kind !== "display" && !p.state.hidden.has(itemKey(field.id, i, f.id))) p.reviewRow(list, f, entry[0][f.id], page, f.label + " (" + title + ")");
      });
    });
    return true;
  };
  /** An item field's inline message leaves out its item's legend, which its fieldset already says ("Pet 2: …" in the
      summary, "…" under the field in Pet 2). */
  var baseInline = p.inlineText;
  p.inlineText = function (id, message) {
    var match = /^(.*)\[(\d+)\]\.[^.]+$/.exec(id), field = match && p.byId[match[1]];
    if (field && field.kind === "repeat") {
      var legend = format(field.repeat.itemLabel, { n: String(+match[2] + 1) }) + ": ";
      if (message.indexOf(legend) === 0) message = message.slice(legend.length);
    }
    return baseInline(id, message);
  };
});

function repeatSection(p, field) {
  var root = p.$("fg-field-" + field.id), R = field.repeat;
  if (!root) return;
  var addButton = root.querySelector("[data-fg-add]"), inner = field.fields.filter(function (f) { return f.kind !== "display"; });
  var prefix = new RegExp(field.id.replace(/[-\\^$*+?.()|[\]{}]/g, "\\$&") + "\\[\\d+\\]\\.", "g");
  var blank = entries()[0].cloneNode(true), baseExpand = p.expand, baseRead = p.readValue, baseWrite = p.writeValue, baseApply = p.applyRules;
  var sub = itemSpecOf(p.spec, field);
  function entries() { return Array.from(root.querySelectorAll("[data-fg-item]")); }
  function legendOf(i) { return format(R.itemLabel, { n: String(i + 1) }); }
  function atMax(n) { return R.max !== undefined && R.max !== null && n >= R.max; }
  /** Numbers the items again: legends, Remove buttons, and every id, for, name and reference inside. */
  function renumber() {
    var all = entries();
    Object.keys(p.byId).forEach(function (id) { if (id.indexOf(field.id + "[") === 0) delete p.byId[id]; });
    all.forEach(function (item, i) {
      item.setAttribute("data-fg-item", i);
      item.querySelector(".fg-repeat-legend").textContent = legendOf(i);
      var remove = item.querySelector("[data-fg-remove]");
      remove.lastChild.textContent = " " + legendOf(i);
      remove.hidden = all.length <= R.min;
      item.querySelectorAll("*").forEach(function (el) {
        ["id", "for", "name", "aria-describedby", "aria-controls"].forEach(function (name) {
          var v = el.getAttribute(name);
          if (v) el.setAttribute(name, v.replace(prefix, itemKey(field.id, i, "")));
        });
      });
      field.fields.forEach(function (f) { var key = itemKey(field.id, i, f.id); p.byId[key] = Object.assign({}, f, { id: key }); });
    });
    addButton.hidden = atMax(all.length);
  }
  function clearErrors() {
    Object.keys(p.shown).forEach(function (id) { if (id.indexOf(field.id + "[") === 0) p.showError(id, null); });
  }
  function changed() {
    p.applyRules();
    p.form.dispatchEvent(new Event("change"));
  }
  function add(announce) {
    var item = blank.cloneNode(true);
    addButton.parentNode.insertBefore(item, addButton);
    renumber();
    if (announce) {
      p.applyRules();
      var first = Array.from(item.querySelectorAll("input, select, textarea")).filter(function (el) { return !el.closest("[hidden]"); })[0];
      if (first) first.focus();
      p.announce(format(R.added, { item: legendOf(entries().length - 1) }));
      changed();
    }
  }
  function remove(item, announce) {
    var index = entries().indexOf(item), removed = legendOf(index);
    clearErrors();
    item.parentNode.removeChild(item);
    renumber();
    if (!announce) return;
    var before = entries()[Math.max(index - 1, 0)];
    (before ? before.querySelector(".fg-repeat-legend") : p.$("f-" + field.id)).focus();
    p.announce(format(R.removed, { item: removed }));
    p.renderSummary();
    changed();
  }
  addButton.addEventListener("click", function () { if (!atMax(entries().length)) add(true); });
  root.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-fg-remove]");
    if (button && entries().length > R.min) remove(button.closest("[data-fg-item]"), true);
  });
  p.expand = function (ids) {
    var out = [];
    baseExpand(ids).forEach(function (id) {
      out.push(id);
      if (id === field.id) entries().forEach(function (item, i) { inner.forEach(function (f) { out.push(itemKey(field.id, i, f.id)); }); });
    });
    return out;
  };
  p.readValue = function (f) {
    if (f.id !== field.id) return baseRead(f);
    return entries().map(function (item, i) {
      var value = {};
      inner.forEach(function (f) { value[f.id] = baseRead(p.byId[itemKey(field.id, i, f.id)]); });
      return value;
    });
  };
  /** The section's rules in each item: its fields hidden (their keys in `p.state.hidden`) and required. */
  if (field.rules) p.applyRules = function () {
    baseApply();
    var all = p.values(), list = all[field.id] || [];
    entries().forEach(function (item, i) {
      var s = states(sub, itemValues(sub, list[i] || {}, all, p.state.hidden));
      inner.forEach(function (f) {
        var key = itemKey(field.id, i, f.id), hide = s.hidden.has(f.id), wrapper = p.$("fg-field-" + key);
        if (wrapper) wrapper.hidden = hide;
        if (hide) { p.state.hidden.add(key); p.showError(key, null); }
        p.controls(key).forEach(function (el) { if (!isGroup(f)) el.required = s.required.has(f.id); });
      });
    });
  };
  p.writeValue = function (f, value) {
    if (f.id !== field.id) return baseWrite(f, value);
    var all = listItems(value), want = Math.max(all.length, R.min);
    clearErrors();
    while (entries().length < want) add(false);
    while (entries().length > want) remove(entries()[entries().length - 1], false);
    entries().forEach(function (item, i) {
      inner.forEach(function (f) { baseWrite(p.byId[itemKey(field.id, i, f.id)], all[i] ? all[i][f.id] : ""); });
    });
  };
  renumber();
  // An optional list starts with no item, and an Add button (the item drawn for a page without JavaScript goes).
  if (R.min === 0) remove(entries()[0], false);
}
