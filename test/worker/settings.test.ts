/**
 * The app reads the deployment's settings (src/wire/settings.ts) before any route: with a malformed var
 * every request is a 500 problem and the error log names the var, rather than a search with a NaN budget;
 * with the test config's vars the settings are those vars.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app.ts";
import { readSettings } from "../../src/wire/settings.ts";
import { expectProblem } from "./http.ts";

describe("the settings at start-up", () => {
  it("are the test config's vars", () => {
    expect(readSettings(env)).toMatchObject({ defaultNodes: 50_000, maxNodes: 500_000, sliceNodes: 2000, queueLength: 4, allowPrivateBotUrls: false, retentionDays: 30 });
  });

  it("refuse a malformed var on the first request, naming it in the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const app = createApp();
      for (const path of ["/healthz", "/v1/check-win?position=.................", "/v1/suggest-move?position=0A3.............5&seed=1"]) {
        const response = await app.request(path, {}, { ...env, ENGINE_MAX_NODES: "lots" });
        expect(response.status, path).toBe(500);
        await expectProblem(response, "server/internal");
      }
      expect(logged).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.at(-1))).toMatch(/SettingsError: the var ENGINE_MAX_NODES is "lots"/);
    } finally {
      logged.mockRestore();
    }
  });
});
