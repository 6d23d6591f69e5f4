/**
 * What the route files share: the problems any JSON body may raise, a route's problem responses with
 * its path's parameters filled in, the `{id}` path parameter, and the problem of one request field.
 */
import { z } from "@hono/zod-openapi";
import { type ProblemCode, ProblemError, problemResponses } from "../../wire/index.ts";

/** The problems of any JSON request body, before the route's own checks. */
export const BODY: ProblemCode[] = ["request/malformed_json", "request/too_large", "request/unsupported_media_type", "request/invalid"];

/**
 * The problem responses of a family of routes, each documented `instance` a real path: every `{name}`
 * of the path replaced by `examples[name]`; `server/internal` is added to the codes.
 * @example const problems = problemsFor({ id: EXAMPLE_MATCH_ID }); ...problems("/v1/matches/{id}", ["match/not_found"])
 */
export function problemsFor(examples: Record<string, string>) {
  return (path: string, codes: readonly ProblemCode[]) => {
    const instance = Object.entries(examples).reduce((filled, [name, example]) => filled.replace(`{${name}}`, example), path);
    return problemResponses(instance, [...codes, "server/internal"]);
  };
}

/** The `{id}` path parameter of a route family. */
export const idParam = (description: string, example: string) =>
  z.object({ id: z.string().openapi({ param: { name: "id", in: "path", description }, example }) });

/** A problem about one field of the request: `path` is where it is in the body, named in the detail too. */
export const fieldProblem = (code: ProblemCode, path: (string | number)[], message: string): ProblemError =>
  new ProblemError(code, `${path.join(".")}: ${message}`, { errors: [{ path, message }] });

/** A field that does not pass the route's checks (422 request/invalid). */
export const invalidField = (path: (string | number)[], message: string): ProblemError => fieldProblem("request/invalid", path, message);
