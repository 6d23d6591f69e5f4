/**
 * Wire schemas shared by every route file: zod schemas with OpenAPI names and examples. They check the
 * shape of a request; the meaning (a valid position, a legal move) is the rules core's job, so the
 * position string is only `z.string()` here (its pattern is documented) and `readPosition` reports its
 * exact fault with a `position/*` code and character index. Convert with the helpers in convert.ts.
 */
import { z } from "@hono/zod-openapi";
import { ANNOUNCE_MODES, type Attribute, ATTRIBUTE_VALUES, ATTRIBUTES, type AttributeValue, MOVE_ERROR_CODES, SHAPE_KINDS } from "../rules/index.ts";

export const PieceSchema = z.number().int().min(0).max(15).openapi("Piece", {
  description: "A piece id 0-15, one bit per attribute: 8 = tall, 4 = dark, 2 = square, 1 = hollow.",
  example: 10,
});

export const CellSchema = z.number().int().min(0).max(15).openapi("Cell", {
  description: "A cell 0-15, row-major from the top left (0 = a1, 3 = d1, 12 = a4, 15 = d4).",
  example: 10,
});

export const CellNameSchema = z
  .string()
  .regex(/^[a-dA-D][1-4]$/)
  .openapi("CellName", { description: "A cell by name: column letter a-d, row number 1-4 from the top.", example: "c3" });

export const PieceCharSchema = z
  .string()
  .regex(/^[0-9a-fA-F]$/)
  .openapi("PieceChar", { description: "A piece id as one hex digit (either case).", example: "A" });

export const PhaseSchema = z.enum(["give", "place"]).openapi("Phase", {
  description: "`give` when the player to move only chooses a piece, `place` when they hold one.",
  example: "place",
});

export const SeatSchema = z.enum(["first", "second"]).openapi("Seat", {
  description: "A player, named by turn order: `first` made the opening give.",
  example: "first",
});

export const PositionStringSchema = z.string().openapi("PositionString", {
  description:
    "17 characters: cells a1..d4 (hex digit for a piece, `.` for empty), then the piece in hand (or `.` when the player to move only gives).",
  pattern: "^[0-9A-Fa-f.]{17}$",
  minLength: 17,
  maxLength: 17,
  example: "0A3.............5",
});

const SlotSchema = z.union([PieceSchema, z.null()]);

export const PositionJsonSchema = z
  .strictObject({
    board: z
      .array(SlotSchema)
      .length(16)
      .openapi({ description: "The 16 cells in order a1..d4: a piece id, or null when empty.", minItems: 16, maxItems: 16 }),
    inHand: SlotSchema.openapi({ description: "The piece the player to move must place, or null when they only give." }),
  })
  .openapi("PositionJson", {
    description: "The JSON form of a position.",
    example: { board: [0, 10, 3, null, null, null, null, null, null, null, null, null, null, null, null, null], inHand: 5 },
  });

export const PositionInputSchema = z
  .union([PositionStringSchema, PositionJsonSchema], { error: "expected a 17-character position string or a { board, inHand } object" })
  .openapi("PositionInput", { description: "A position, as the 17-character string or in JSON form.", example: "0A3.............5" });

export const PositionOutputSchema = z
  .object({
    string: PositionStringSchema,
    json: PositionJsonSchema,
    ply: z.number().int().min(0).max(17).openapi({ description: "Moves played so far (the opening give is move 1).", example: 4 }),
    toMove: SeatSchema,
  })
  .openapi("Position", {
    description: "A position in both forms, with the derived ply and player to move.",
    example: {
      string: "0A3.............5",
      json: { board: [0, 10, 3, null, null, null, null, null, null, null, null, null, null, null, null, null], inHand: 5 },
      ply: 4,
      toMove: "first",
    },
  });

export const AttributeSchema = z.enum(ATTRIBUTES).openapi("Attribute", { example: "color" });

const ATTRIBUTE_VALUE_NAMES = ATTRIBUTES.flatMap((attribute) => ATTRIBUTE_VALUES[attribute]) as [AttributeValue, ...AttributeValue[]];
export const AttributeValueSchema = z.enum(ATTRIBUTE_VALUE_NAMES).openapi("AttributeValue", { example: "tall" });

export const AnnounceSchema = z.enum(ANNOUNCE_MODES).openapi("Announce", {
  description: "`auto`: a completed Quarto wins at once. `manual`: it wins only when announced (`quarto: true`).",
  example: "auto",
});

export const RulesInputSchema = z
  .strictObject({
    squares: z.boolean().default(false).openapi({ description: "The nine 2x2 squares also count (advanced variant)." }),
    attributes: z
      .array(AttributeSchema)
      .min(1)
      .default([...ATTRIBUTES])
      .openapi({ description: "The attributes that count (beginner variant: a non-empty subset)." }),
    announce: AnnounceSchema.default("auto"),
    missedClaim: z
      .boolean()
      .default(true)
      .openapi({ description: "With `announce: manual`: may the opponent claim a Quarto the placer did not announce." }),
  })
  .openapi("RulesInput", { description: "Rules options; every field is optional (the default is the classic game).", example: { squares: true } });

export const RulesSchema = z
  .object({
    squares: z.boolean().openapi({ description: "Whether the 2x2 squares count." }),
    attributes: z.array(AttributeSchema).min(1).openapi({ description: "The attributes that count, in canonical order." }),
    announce: AnnounceSchema,
    missedClaim: z.boolean().openapi({ description: "Whether a missed Quarto may be claimed (`announce: manual`)." }),
  })
  .openapi("Rules", {
    description: "The rules options in effect.",
    example: { squares: false, attributes: ["height", "color", "shape", "fill"], announce: "auto", missedClaim: true },
  });

export const MoveInputSchema = z
  .strictObject({
    place: z.union([CellSchema, CellNameSchema]).optional().openapi({ description: "Where to place the piece in hand; absent for the opening give." }),
    give: z
      .union([PieceSchema, PieceCharSchema])
      .optional()
      .openapi({ description: "The piece handed to the opponent; absent when the placement ends the game." }),
    quarto: z.boolean().optional().openapi({ description: 'Announce "Quarto!" (required to win under `announce: manual`).' }),
  })
  .openapi("MoveInput", { description: "A move: place the piece in hand, then give one.", example: { place: "c3", give: 10 } });

export const MoveTextSchema = z.string().openapi("MoveText", {
  description: "A move in text notation `[cell][\"!\"][\"-\" piece]`: `-7` (opening give), `c3-A`, `d4!` (announce Quarto), `d4` (last placement).",
  example: "c3-A",
});

export const WinningShapeSchema = z
  .object({
    kind: z.enum(SHAPE_KINDS).openapi({ example: "row" }),
    shape: z.number().int().min(0).max(18).openapi({ description: "Shape index: lines 0-9 (rows, columns, diagonals), squares 10-18.", example: 0 }),
    cells: z.array(CellSchema).length(4).openapi({ minItems: 4, maxItems: 4, example: [0, 1, 2, 3] }),
    cellNames: z.array(z.string()).length(4).openapi({ minItems: 4, maxItems: 4, example: ["a1", "b1", "c1", "d1"] }),
    attributes: z.array(AttributeValueSchema).min(1).openapi({ description: "The attribute values all four pieces share.", example: ["tall", "dark"] }),
  })
  .openapi("WinningShape", {
    description: "A completed Quarto shape.",
    example: { kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes: ["tall", "light"] },
  });

export const StatusSchema = z.enum(["ongoing", "won", "drawn"]).openapi("Status", { example: "ongoing" });

export const OutcomeSchema = z
  .object({
    status: StatusSchema,
    winner: z.union([SeatSchema, z.null()]).openapi({ description: "The winner, when won." }),
    shapes: z.array(WinningShapeSchema).openapi({ description: "The winning shapes (empty unless won)." }),
    missed: z
      .array(WinningShapeSchema)
      .openapi({ description: "Quartos the move completed without announcing them (`announce: manual`); they did not win." }),
  })
  .openapi("Outcome", {
    description: "What a move led to.",
    example: {
      status: "won",
      winner: "second",
      shapes: [{ kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes: ["tall"] }],
      missed: [],
    },
  });

export const MoveErrorCodeSchema = z.enum(MOVE_ERROR_CODES).openapi("MoveErrorCode", { example: "move/cell_occupied" });

const booleanText = (text: "true" | "false" | undefined): boolean | undefined => (text === undefined ? undefined : text === "true");

/**
 * Query parameters for rules options, shared by the GET forms. They parse into the same `RulesInput`
 * as a body's `rules` (`squares=true&attributes=color,height` is `{ squares: true, attributes:
 * ["color", "height"] }`), so both forms go through `rulesFromInput` alike.
 */
export const RulesQuerySchema = z.object({
  squares: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "The nine 2x2 squares also count (default `false`).", example: "true" })
    .transform(booleanText),
  attributes: z
    .string()
    .regex(/^(height|color|shape|fill)(,(height|color|shape|fill))*$/, "expected a comma-separated list of height, color, shape, fill")
    .optional()
    .openapi({ description: "Comma-separated attributes that count (default all four).", example: "color,height" })
    .transform((text) => (text === undefined ? undefined : (text.split(",") as Attribute[]))),
  announce: AnnounceSchema.optional().openapi({ param: { description: "`auto` (default) or `manual`.", example: "manual" } }),
  missedClaim: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "With `announce=manual`: may the opponent claim a missed Quarto (default `true`).", example: "false" })
    .transform(booleanText),
});
