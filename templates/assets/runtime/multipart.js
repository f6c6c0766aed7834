/* A form with file fields and an action sends multipart/form-data (send.js): the answers as ordinary parts named as the
   form's controls are, each file as a part of its field. Joined only into pages whose form has both. */
import { features } from "./page.js";

features.push(function (p) {
  /** The answers and files as multipart/form-data, for send.js. */
  p.formData = function (data) {
    var body = new FormData();
    Object.keys(data).forEach(function (key) {
      var field = p.byId[key], value = data[key];
      if (field && field.kind === "file") {
        var input = p.controls(key)[0];
        Array.from(input ? input.files : []).forEach(function (f) { body.append(key, f, f.name); });
      } else if (field && field.kind === "repeat") {
        value.forEach(function (item, i) {
          Object.keys(item).forEach(function (inner) { [].concat(item[inner]).forEach(function (v) { if (v !== false) body.append(key + "[" + i + "]." + inner, String(v)); }); });
        });
      } else {
        [].concat(value).forEach(function (v) { if (v !== false) body.append(key, String(v)); });
      }
    });
    return body;
  };
});
