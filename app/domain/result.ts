/**
 * The one shape of a domain or service outcome that can fail for a reason the user should read
 * (docs/architecture.md, "How a route answers"): `{ ok: true, ...value }` or `{ ok: false, message }`,
 * with `field` when the message belongs to one form field. The route turns a failure into an answer
 * (`invalid` with the field's error, or `refuse`); a failure of ours is thrown, never returned.
 */
type Failure = { ok: false; message: string; field?: string };

export type Result<Value extends object = object> = ({ ok: true } & Value) | Failure;
