/* formgen runtime, optional: joined only on a page other sites may frame (`embed.origins`). The host page's embed.js
   says hello once the frame has loaded; the page answers only a hello from its own parent window whose origin is one
   of the page's `formgen-frame-ancestors`, and then posts its height to that origin alone, now and on every change.
   Inside the host's page the form stands alone: `fg-framed` hides the form site's own header and footer. */
import { features } from "./page.js";

features.push(function () {
  var meta = document.querySelector('meta[name="formgen-frame-ancestors"]');
  if (!meta || window.parent === window) return;
  var allowed = meta.getAttribute("content").split(" "), host = null, last = 0;
  function post() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (!host || height === last) return;
    last = height;
    window.parent.postMessage({ formgen: "height", height: height }, host);
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== window.parent || allowed.indexOf(event.origin) < 0 || !data || data.formgen !== "hello") return;
    host = event.origin;
    last = 0;
    document.documentElement.classList.add("fg-framed");
    post();
  });
  if (typeof ResizeObserver === "function") new ResizeObserver(post).observe(document.body);
  window.addEventListener("resize", post);
});
