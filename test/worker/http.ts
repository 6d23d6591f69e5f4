/** Helpers for the Worker tests: requests through the real Worker entry, and problem-document checks. */
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { PROBLEMS, type ProblemCode } from "../../src/wire/problems.ts";

export const ORIGIN = "http://quarto.test";

export function request(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(`${ORIGIN}${path}`, init);
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return request(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** Parses a 200 JSON response. */
export async function json200<T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> {
  const resolved = await response;
  const text = await resolved.text();
  expect(resolved.status, text).toBe(200);
  expect(resolved.headers.get("content-type")).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: { path: (string | number)[]; message: string }[];
  index?: number;
}

/** Checks that a response is a well-formed problem document; returns it. */
export async function problemOf(response: Response | Promise<Response>): Promise<Problem> {
  const resolved = await response;
  expect(resolved.headers.get("content-type")).toBe("application/problem+json");
  const document = (await resolved.json()) as Problem;
  expect(document.status).toBe(resolved.status);
  expect(Object.hasOwn(PROBLEMS, document.code), `unknown code ${document.code}`).toBe(true);
  const spec = PROBLEMS[document.code as ProblemCode];
  expect(document).toMatchObject({ type: `/problems/${document.code}`, title: spec.title, status: spec.status });
  expect(typeof document.detail).toBe("string");
  expect(document.detail.length).toBeGreaterThan(0);
  return document;
}

/** Checks that a response is the problem `code`; returns the document. */
export async function expectProblem(response: Response | Promise<Response>, code: ProblemCode): Promise<Problem> {
  const document = await problemOf(response);
  expect(document.code, document.detail).toBe(code);
  return document;
}
