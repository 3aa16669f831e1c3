// Client-side checks: a fact is held to fact.schema.json (generated from the engine's records)
// before anything is sent, so a host's mistake is an Error naming the field at once, not a
// fact.rejected a round trip later.
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv";
import { factSchema } from "./generated/schemas";

/** A fact the client refused before sending it: nothing was sent. {@link field} is its JSON path. */
export class FactError extends Error {
  constructor(
    /** The JSON path at fault (`calls[0].tool`, `at`), or null when the whole fact is (not an object). */
    readonly field: string | null,
    /** What is wrong, without the field. */
    readonly detail: string,
  ) {
    super(`${field ?? "fact"}: ${detail}; nothing was sent`);
    this.name = "FactError";
  }
}

const SCHEMA_KEY = "fact.schema.json";
// the schema's date-time format is an annotation here: its pattern says what the engine reads
const ajv = new Ajv2020({ allowUnionTypes: true, validateFormats: false, strict: true });
ajv.addSchema(factSchema, SCHEMA_KEY);

const root = factSchema as { oneOf: { $ref: string }[] };
/** The fact types a host may send, by their definitions' keys (`#/$defs/round.spoken`). */
export const FACT_TYPES: readonly string[] = root.oneOf.map((r) => r.$ref.replace("#/$defs/", ""));
const validators = new Map<string, ValidateFunction>();

function validator(type: string): ValidateFunction {
  let v = validators.get(type);
  if (!v) {
    v = ajv.compile({ $ref: `${SCHEMA_KEY}#/$defs/${type}` });
    validators.set(type, v);
  }
  return v;
}

/**
 * Throws a {@link FactError} naming the first field at fault when `line` (a fact with its `seq`, as
 * it will be written: parsed back from its JSON) is no fact a host may send.
 */
export function checkFact(line: unknown): void {
  if (typeof line !== "object" || line === null || Array.isArray(line)) {
    throw new FactError(null, "a fact is a JSON object");
  }
  const type = (line as { type?: unknown }).type;
  if (type === undefined) throw new FactError("type", "missing required field");
  if (typeof type !== "string" || !FACT_TYPES.includes(type)) {
    throw new FactError("type", `${JSON.stringify(type)} is no fact a host sends: one of ${FACT_TYPES.join(", ")}`);
  }
  const validate = validator(type);
  if (!validate(line)) throw fromAjv(validate.errors?.[0], type);
}

function fromAjv(error: ErrorObject | undefined, type: string): FactError {
  if (!error) return new FactError(null, `not a valid ${type}`);
  const at = path(error.instancePath);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return new FactError(join(at, String(p.missingProperty)), "missing required field");
    case "additionalProperties":
      return new FactError(join(at, String(p.additionalProperty)), `unknown field '${String(p.additionalProperty)}' (the engine refuses a field it does not know)`);
    case "enum":
      return new FactError(at, `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
    case "pattern":
      return new FactError(at, "must be an ISO-8601 instant, e.g. 2026-11-02T09:14:03.120Z (UTC, or an offset such as +01:00), in the years 1970 to 9999");
    default:
      return new FactError(at || null, error.message ?? "is invalid");
  }
}

/** `/calls/0/tool` as the engine names it: `calls[0].tool`. */
function path(pointer: string): string {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    out += /^\d+$/.test(part) ? `[${part}]` : out === "" ? part : `.${part}`;
  }
  return out;
}

function join(parent: string, field: string): string {
  return parent === "" ? field : `${parent}.${field}`;
}
