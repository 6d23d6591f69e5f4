// Starts Scalar's API reference (public/docs/scalar-api-reference.js) in #app with the configuration
// the page carries in data-configuration (written by src/http/routes/docs.ts). A file, not an inline
// script, so the page's CSP can allow scripts from this origin only.
const root = document.getElementById("app");
window.Scalar.createApiReference(root, JSON.parse(root.dataset.configuration));
