/**
 * The one shape of a domain, model or service outcome (docs/architecture.md, "How a route answers"):
 * `{ ok: true, ...value }`, or `{ ok: false, ... }` for a failure the user should hear of.
 * - `Result<Value>`: a failure is a `message` to read, with `field` when it belongs to one form field.
 * - `Result<Value, Reason>`: a failure names its `reason` (a string union the function declares), and
 *   the route maps each reason to its answer in one place (`answerFor(reason)`); `message` and
 *   `field` when the reason's words come from below, `retryAfterSeconds` for a limit, and `Detail`
 *   for what every failure carries to its answer (`{ message: string }`: the words are always there;
 *   `{ formToken?: string }`: a fresh form token when there is one).
 * The route turns a failure into an answer (`invalid`, `refuse`); no status code is chosen below the
 * routes, and a failure of ours is thrown, never returned.
 */
type Refusal = { ok: false; reason?: undefined; message: string; field?: string };
export type Failure<Reason extends string> = {
  ok: false;
  reason: Reason;
  message?: string;
  field?: string;
  retryAfterSeconds?: number;
};

export type Result<Value extends object = object, Reason extends string = never, Detail extends object = object> =
  | ({ ok: true } & Value)
  | ([Reason] extends [never] ? Refusal : Failure<Reason> & Detail);

/** A failure for `reason` (with its message, field or wait when the route needs them). */
export function fail<Reason extends string, Detail extends object = object>(
  reason: Reason,
  details: Omit<Failure<Reason>, "ok" | "reason"> & Detail = {} as Detail,
): Failure<Reason> & Detail {
  return { ok: false, reason, ...details };
}
