/** The web pages: server-rendered HTML and their client scripts, registered on the app by the Worker entry. */
export { registerPageRoutes } from "./routes.ts";
