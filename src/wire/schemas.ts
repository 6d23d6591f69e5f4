/**
 * Wire schemas shared by every route file: zod schemas with OpenAPI names and examples. They check the
 * shape of a request; the meaning (a valid position, a legal move) is the rules core's job, so the
 * position string is only `z.string()` here (its pattern is documented) and `readPosition` reports its
 * exact fault with a `position/*` code and character index. Convert with the helpers in convert.ts.
 */
import { z } from "@hono/zod-openapi";
import { LEVELS } from "../engine/index.ts";
import {
  ANNOUNCE_MODES,
  ATTRIBUTE_VALUES,
  ATTRIBUTES,
  type AttributeValue,
  MOVE_ERROR_CODES,
  type Move,
  parseMoveText,
  ROLES,
  SHAPE_KINDS,
} from "../rules/index.ts";
import { queryParams } from "./query.ts";

/**
 * An optional request field whose absence means `value`. The document shows it optional, with the
 * default said in its description, and no `default` keyword: generators read that keyword as "always
 * present" (openapi-typescript's default options make such a field required), which is true of what
 * the server reads, not of what a client must send. Parsed, the field always holds a value.
 */
export function withDefault<T extends z.ZodType>(schema: T, value: z.output<T>, meta: { description: string; example?: unknown; shown?: string }) {
  const shown = meta.shown ?? `\`${JSON.stringify(value)}\``;
  return schema
    .optional()
    .openapi({ description: `${meta.description} Default: ${shown}.`, ...(meta.example === undefined ? {} : { example: meta.example }) })
    .transform((input): z.output<T> => (input === undefined ? structuredClone(value) : input));
}

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

export const RoleSchema = z.enum(ROLES).openapi("Role", {
  description:
    "A player named by turn order: `first` made the opening give, `second` placed it. In a match the role `first` is held by seat `firstSeat` (docs/rules.md, section Who is who: seats, roles and names).",
  example: "first",
});

/** The pattern of a position string (the spec's `PositionString`); what else makes it a position, readPosition checks. */
export const POSITION_PATTERN = /^[0-9A-Fa-f.]{17}$/;

export const PositionStringSchema = z.string().openapi("PositionString", {
  description: "17 characters: cells a1..d4 (hex digit for a piece, `.` for empty), then the piece in hand (or `.` when the player to move only gives).",
  pattern: POSITION_PATTERN.source,
  minLength: 17,
  maxLength: 17,
  example: "0A3.............5",
});

const SlotSchema = z.union([PieceSchema, z.null()]);

export const PositionJsonSchema = z
  .strictObject({
    board: z.array(SlotSchema).length(16).openapi({ description: "The 16 cells in order a1..d4: a piece id, or null when empty.", minItems: 16, maxItems: 16 }),
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
    toMove: RoleSchema,
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

export const LevelSchema = z.enum(LEVELS).openapi("Level", {
  description:
    "Engine strength. `random`: any legal move. `easy`: takes an immediate win, never hands over a piece that wins at once when another exists. `medium`, `hard`: heuristic searches of growing depth. `perfect`: exact whenever the position is solved within the budget, and from the first move in every rules variant with an opening book.",
  example: "perfect",
});

export const AnswerSourceSchema = z.enum(["book", "known", "search"]).openapi("AnswerSource", {
  description:
    "Where the answer came from. `book`: the service's opening book for the rules variant (exact, no search: `nodes` is 0, or counts only the search of the moves below the book's deepest tier). `known`: a published fact (the classic game's start is a draw). `search`: the engine's own work within the budget (exact or heuristic, or a random pick at the `random` level).",
  example: "book",
});

const AttributeSchema = z.enum(ATTRIBUTES).openapi("Attribute", { example: "color" });

const ATTRIBUTE_VALUE_NAMES = ATTRIBUTES.flatMap((attribute) => ATTRIBUTE_VALUES[attribute]) as [AttributeValue, ...AttributeValue[]];
export const AttributeValueSchema = z.enum(ATTRIBUTE_VALUE_NAMES).openapi("AttributeValue", { example: "tall" });

const AnnounceSchema = z.enum(ANNOUNCE_MODES).openapi("Announce", {
  description: "`auto`: a completed Quarto wins at once. `manual`: it wins only when announced (`quarto: true`).",
  example: "auto",
});

export const RulesInputSchema = z
  .strictObject({
    // Each example is the default: the reference page's Test Request fills a query parameter with its
    // example, and a first try should ask about the classic game.
    squares: withDefault(z.boolean(), false, { description: "The nine 2x2 squares also count (advanced variant).", example: false }),
    attributes: withDefault(z.array(AttributeSchema).min(1), [...ATTRIBUTES], {
      description: "The attributes that count (beginner variant: a non-empty subset). As a query parameter: comma-separated (`color,height`) or repeated.",
      example: [...ATTRIBUTES],
      shown: "all four",
    }),
    announce: withDefault(AnnounceSchema, "auto", { description: "Whether a completed Quarto wins at once or only when announced." }),
    missedClaim: withDefault(z.boolean(), true, {
      description: "With `announce: manual`: may the opponent claim a Quarto the placer did not announce.",
      example: true,
    }),
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
  description: 'A move in text notation `[cell]["!"]["-" piece]`: `-7` (opening give), `c3-A`, `d4!` (announce Quarto), `d4` (last placement).',
  example: "c3-A",
});

/** A move in text notation, read into its JSON form (a GET form's `move`); unreadable text is a field error. */
export const MoveTextInputSchema = MoveTextSchema.transform((text, context): Move => {
  const move = parseMoveText(text);
  if (move !== null) return move;
  const shown = text.length > 20 ? `${text.slice(0, 20)}...` : text;
  context.issues.push({ code: "custom", input: text, message: `'${shown}' is not a move: expected [cell]["!"]["-" piece], e.g. c3-A, -7, d4!` });
  return z.NEVER;
});

export const WinningShapeSchema = z
  .object({
    kind: z.enum(SHAPE_KINDS).openapi({ example: "row" }),
    shape: z.number().int().min(0).max(18).openapi({ description: "Shape index: lines 0-9 (rows, columns, diagonals), squares 10-18.", example: 0 }),
    cells: z
      .array(CellSchema)
      .length(4)
      .openapi({ minItems: 4, maxItems: 4, example: [0, 1, 2, 3] }),
    cellNames: z
      .array(z.string())
      .length(4)
      .openapi({ minItems: 4, maxItems: 4, example: ["a1", "b1", "c1", "d1"] }),
    attributes: z
      .array(AttributeValueSchema)
      .min(1)
      .openapi({ description: "The attribute values all four pieces share.", example: ["tall", "dark"] }),
  })
  .openapi("WinningShape", {
    description: "A completed Quarto shape.",
    example: { kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes: ["tall", "light"] },
  });

export const StatusSchema = z.enum(["ongoing", "won", "drawn"]).openapi("Status", { example: "ongoing" });

export const OutcomeSchema = z
  .object({
    status: StatusSchema,
    winner: z.union([RoleSchema, z.null()]).openapi({ description: "The winner's role, when won." }),
    shapes: z.array(WinningShapeSchema).openapi({ description: "The winning shapes (empty unless won)." }),
    missed: z.array(WinningShapeSchema).openapi({ description: "Quartos the move completed without announcing them (`announce: manual`); they did not win." }),
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

/**
 * The rules options as query parameters, shared by the GET forms: each is the field of `RulesInput`
 * read from the query text (`squares=true&attributes=color,height` is `{ squares: true, attributes:
 * ["color", "height"] }`), so both forms go through the same schema, then `rulesFromInput`.
 */
export const RulesQuerySchema = z.object(queryParams(RulesInputSchema.shape));
