/** The spec's examples computed by the code itself (scripts/openapi.ts writes examples.json), for the layers above wire. */
import examples from "./examples.json" with { type: "json" };

export { examples };
