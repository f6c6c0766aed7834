/* File fields: the chosen files' metadata ({name, size, type}) as the field's value, checked as soon as they are
   chosen and before sending (count, type by `accept`, size) with the field's messages (a form with files and an action
   sends multipart/form-data: multipart.js). Files never go into drafts (the build marks file fields sensitive). FormValidator+Files.swift implements the same checks in Swift. */
import { features } from "./page.js";
import { lists } from "./validate.js";
import { format, text } from "./values.js";

/** The check of an `accept` entry that is not a MIME type (an extension, a wildcard such as `image/*`): filetypes.js's,
    joined where a file field's `accept` has one; without it an entry allows a file of exactly its type. */
export var accepts = { entry: null };

/** A file field's files: an object or a list of objects, each kept as {name, size, type, sha256} where given. */
export function fileItems(value) {
  return [].concat(value && typeof value === "object" ? value : []).filter(function (f) { return f && typeof f === "object" && !Array.isArray(f); })
    .map(function (f) {
      var out = {};
      ["name", "size", "type", "sha256"].forEach(function (key) { if (key in f) out[key] = f[key]; });
      return out;
    });
}
/** Whether `accept` allows a file of this name and type: a MIME type by the type itself, other entries by filetypes.js. */
export function allowsFile(accept, name, type) {
  if (!accept || !accept.length) return true;
  var mime = String(type || "").toLowerCase(), lower = String(name || "").toLowerCase();
  return accept.some(function (entry) { return accepts.entry ? accepts.entry(entry, mime, lower) : mime === entry; });
}

lists.file = {
  check: function (spec, field, values, state) {
    var files = fileItems(values[field.id]), required = state.required.has(field.id), u = field.upload || {}, M = field.messages || {}, errors = {}, most = u.multiple ? u.maxFiles : 1;
    var say = function (key) { errors[field.id] = format(M[key] || key, { value: "" }); return errors; };
    if (!files.length) return required ? say("required") : errors;
    if (most && files.length > most) return say("fileCount");
    for (var i = 0; i < files.length; i++) {
      if (!allowsFile(u.accept, text(files[i].name), text(files[i].type))) return say("fileType");
      if (u.maxSize && !(typeof files[i].size === "number" && files[i].size <= u.maxSize)) return say("fileSize");
    }
    return errors;
  },
  clean: function (spec, field, value) {
    var files = fileItems(value);
    return files.length ? (field.upload && field.upload.multiple ? files : files[0]) : null;
  },
};

features.push(function (p) {
  var baseRead = p.readValue;
  // A chosen file's type and size are checked at once, not first on Next or Submit.
  p.spec.fields.forEach(function (field) {
    var input = field.kind === "file" && p.controls(field.id)[0];
    if (input) input.addEventListener("change", function () {
      if (!input.files.length && !p.shown[field.id]) return;
      p.runChecks([field.id]);
      if (!p.summary.hidden) p.renderSummary();
    });
  });
  (p.answers = p.answers || {}).file = function (field, value) { return [].concat(value).map(function (f) { return f.name; }).join(", "); };
  p.readValue = function (field) {
    if (field.kind !== "file") return baseRead(field);
    var input = p.controls(field.id)[0], chosen = input && input.files ? Array.from(input.files) : [];
    var files = chosen.map(function (f) { return { name: f.name, size: f.size, type: f.type }; });
    return field.upload && field.upload.multiple ? files : files[0] || null;
  };
});
