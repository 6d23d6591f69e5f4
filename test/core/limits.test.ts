/**
 * The rate limit policies: the numbers the service advertises (src/http/limits.ts) are the numbers
 * wrangler.toml's [[ratelimits]] bindings enforce, and a client is its address (an IPv6 client its /64).
 */
import { describe, expect, it } from "vitest";
import { experimental_readRawConfig } from "wrangler";
import { clientKey, LIMIT_POLICIES, policyField, secondsToReset } from "../../src/wire/rate-limits.ts";

const headers = (value: string | null) => ({ get: (name: string) => (name === "CF-Connecting-IP" ? value : null) });

describe("rate limit policies", () => {
  it("advertise exactly what wrangler.toml enforces, one binding each, unique namespaces", () => {
    const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
    type Binding = { name: string; namespace_id: string; simple: { limit: number; period: number } };
    const bindings = (rawConfig as { ratelimits?: Binding[] }).ratelimits ?? [];
    const byName = new Map(bindings.map((binding) => [binding.name, binding]));
    for (const [name, policy] of Object.entries(LIMIT_POLICIES)) {
      const binding = byName.get(policy.binding);
      expect(binding, `${name}: [[ratelimits]] ${policy.binding}`).toBeDefined();
      expect(binding?.simple, name).toEqual({ limit: policy.quota, period: policy.windowS });
    }
    expect(bindings.map((binding) => binding.name).sort()).toEqual(Object.values(LIMIT_POLICIES).map((policy) => policy.binding).sort());
    expect(new Set(bindings.map((binding) => binding.namespace_id)).size).toBe(bindings.length);
  });

  it("RateLimit-Policy members", () => {
    expect(policyField("bots")).toBe(`"bots";q=${LIMIT_POLICIES.bots.quota};w=60`);
    expect(policyField("engine-large")).toBe(`"engine-large";q=${LIMIT_POLICIES["engine-large"].quota};w=60`);
  });

  it("the reset is the end of the clock-aligned window, at least a second away", () => {
    expect(secondsToReset(60, Date.UTC(2026, 0, 1, 12, 0, 18, 500))).toBe(42);
    expect(secondsToReset(60, Date.UTC(2026, 0, 1, 12, 0, 0, 0))).toBe(60);
    expect(secondsToReset(10, Date.UTC(2026, 0, 1, 12, 0, 59, 999))).toBe(1);
  });
});

describe("the client of a request", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    [" 198.51.100.7 ", "198.51.100.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:aaaa::1", "2001:db8:1:2::/64"],
    [null, "unknown"],
    ["", "unknown"],
  ])("%j counts as %s", (address, key) => {
    expect(clientKey(headers(address))).toBe(key);
  });
});
