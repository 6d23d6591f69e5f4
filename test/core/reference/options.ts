/** Every rules option the issue asks the tests to cover: squares on/off x 15 attribute subsets x announce. */
import { ATTRIBUTES, type Attribute, makeRules, type Rules } from "../../../src/rules/index.ts";

/** The 15 non-empty subsets of the four attributes, in canonical order. */
export const ATTRIBUTE_SUBSETS: Attribute[][] = Array.from({ length: 15 }, (_, index) => ATTRIBUTES.filter((_, bit) => (index + 1) & (1 << bit)));

/** 2 x 15 x 2 = 60 rule sets (missedClaim does not reach the rules core: the match layer uses it). */
export const ALL_RULE_SETS: Rules[] = [false, true].flatMap((squares) =>
  ATTRIBUTE_SUBSETS.flatMap((attributes) => (["auto", "manual"] as const).map((announce) => makeRules({ squares, attributes, announce }))),
);

export const describeRules = (rules: Rules) => `squares=${rules.squares} attributes=${rules.attributes.join("+")} announce=${rules.announce}`;
