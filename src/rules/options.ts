/**
 * Rules options shared by every endpoint and match. The default is the classic game. `attributeMask`
 * is derived once (the attribute bits that count) so the board code never looks at names.
 */
import { ATTRIBUTE_BIT, ATTRIBUTES, type Attribute } from "./vocabulary.ts";

export const ANNOUNCE_MODES = ["auto", "manual"] as const;
type AnnounceMode = (typeof ANNOUNCE_MODES)[number];

export interface Rules {
  readonly squares: boolean;
  readonly attributes: readonly Attribute[];
  readonly announce: AnnounceMode;
  readonly missedClaim: boolean;
  /** Bits of the attributes that count (15 when all four do). */
  readonly attributeMask: number;
}

export interface RulesInput {
  squares?: boolean;
  attributes?: readonly Attribute[];
  announce?: AnnounceMode;
  missedClaim?: boolean;
}

/** Builds checked rules from options; attributes are deduplicated and put in canonical order. */
export function makeRules(input: RulesInput = {}): Rules {
  const chosen = new Set(input.attributes ?? ATTRIBUTES);
  const attributes = ATTRIBUTES.filter((attribute) => chosen.has(attribute));
  if (attributes.length === 0) throw new RangeError("rules: attributes must not be empty");
  return {
    squares: input.squares ?? false,
    attributes,
    announce: input.announce ?? "auto",
    missedClaim: input.missedClaim ?? true,
    attributeMask: attributes.reduce((mask, attribute) => mask | ATTRIBUTE_BIT[attribute], 0),
  };
}

export const CLASSIC_RULES: Rules = makeRules();

/** The plain JSON form of rules, as echoed in responses and records. */
export function rulesToJson(rules: Rules): RulesInput & Required<Omit<RulesInput, never>> {
  return {
    squares: rules.squares,
    attributes: [...rules.attributes],
    announce: rules.announce,
    missedClaim: rules.missedClaim,
  };
}
