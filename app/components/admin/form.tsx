/**
 * The back office's one form kit: every admin form is built from these pieces.
 *
 * - `useAdminForm` wraps Conform + zod the same way everywhere: the schema validates in the
 *   browser on blur (then as you type) and again on the server, which answers with
 *   `lastResult`; a failure's toast is shown once, under the form's id, so the success toast
 *   of the same form later replaces it.
 * - Field components (text, email, password, one-time code, number, money, date, select, textarea,
 *   checkbox) wire the label, the description and the error line to the control for assistive
 *   technology.
 * - `SubmitButton` is disabled and says 'Saving...' while its form is being submitted
 *   (`useIsSubmitting`, the one rule for "busy"); `RowActionForm` is the small form of a row's
 *   button (Sign out, Restore, Publish), its payload parsed by the route's schema all the same.
 *
 * Server side, the matching answers are in `app/services/action-result.server.ts`.
 */
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  type ComponentProps,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";
import { borderClass, controlClass, inputClass } from "#app/components/admin/form-buttons.tsx";
import { useFailureToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import type { ActionFailure } from "#app/domain/action-answer.ts";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * Conform + zod, configured once. `failure` is the action's answer (`useActionData()`), if it
 * was for this form; its field errors appear under the fields and its toast pops up once.
 */
export function useAdminForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  failure,
  defaultValue,
  onSubmit,
}: {
  id: string;
  schema: Schema;
  failure?: ActionFailure | null;
  defaultValue?: { [K in keyof input<Schema>]?: unknown };
  /**
   * Only for a form the browser itself must drive (a WebAuthn ceremony): runs once the schema
   * passes, with the form's data; it answers by giving its `ActionFailure` back as `failure`.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}) {
  useFailureToast(failure?.toast, id);
  return useForm<input<Schema>, output<Schema>, string[]>({
    id,
    lastResult: failure?.result,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit,
  });
}

/** Single-line fields where Enter would submit the form (implicit submission); buttons keep their Enter. */
const enterSubmits = new Set([
  "text",
  "search",
  "number",
  "date",
  "email",
  "tel",
  "url",
  "password",
  "checkbox",
  "radio",
]);

/** Enter in a one-line field submits nothing (with JavaScript); textareas keep their new lines. */
function keepEnterInField(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  if (target instanceof HTMLInputElement && enterSubmits.has(target.type)) event.preventDefault();
}

/**
 * A POST form wired to Conform (ids, noValidate once hydrated, the form-level error).
 * `enterSaves={false}` (the document editors): Enter in a one-line field saves nothing, with
 * JavaScript (the key is kept in the field) and without it (the form's first submit button, the one
 * the browser's implicit submission presses, is a disabled one).
 */
export function AdminForm<Shape extends Record<string, unknown>>({
  form,
  children,
  className,
  enterSaves = true,
  ...props
}: { form: FormMetadata<Shape, string[]>; children: ReactNode; enterSaves?: boolean } & Omit<
  ComponentProps<typeof Form>,
  "children"
>) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      {...props}
      onKeyDown={enterSaves ? props.onKeyDown : keepEnterInField}
      className={className}
    >
      {enterSaves ? null : <button type="submit" disabled hidden tabIndex={-1} aria-hidden data-enter-guard />}
      {children}
    </Form>
  );
}

/** The form-level error (for failures that belong to no one field). */
export function FormError<Shape extends Record<string, unknown>>({ form }: { form: FormMetadata<Shape, string[]> }) {
  if (!form.errors?.length) return null;
  return (
    <p
      id={form.errorId}
      role="alert"
      className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100"
    >
      {form.errors[0]}
    </p>
  );
}

// ------------------------------------------------------------------ fields

/** Conform's prop getters return a `key`, which React refuses through a spread. */
/** A stored text as a textarea holds it: line breaks as "\n" (a form posts them as "\r\n"). */
function textareaText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

/**
 * A textarea's text, held by React (a controlled textarea). React 19 writes an uncontrolled textarea's
 * `defaultValue` on every re-render, which replaces its text node; a blur's validation re-renders while
 * focus is between two fields, and Radix's dialog takes that removal for a loss of focus and pulls focus
 * onto the dialog (Tab from the notes landed on the dialog, then on Close, never on Update). Controlled,
 * the text node changes only when the text does. A new `key` (Conform's reset) starts again from `initial`.
 */
function useTextareaText(initial: string, key: unknown, id: string) {
  const [state, setState] = useState(() => ({ key, value: typedBeforeHydration(id) ?? initial }));
  const current = state.key === key ? state : { key, value: initial };
  if (current !== state) setState(current);
  return { value: current.value, set: (value: string) => setState({ key, value }) };
}

/**
 * Marks a textarea the server rendered until React has hydrated it (the browser never renders the
 * attribute, and takes it off once the textarea is React's).
 */
const serverTextMarker = "data-server-text";

/**
 * What a person typed into the server's textarea before the page's script hydrated it (a slow phone, a
 * form in a piece still loading), else nothing. Hydrating a controlled textarea writes React's value over
 * the page's, so the text is taken from the page first. Only a textarea still carrying the server's
 * marker counts: on a client navigation, a textarea of the page being left may share the id.
 */
function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const node = document.getElementById(id);
  return node instanceof HTMLTextAreaElement && node.hasAttribute(serverTextMarker) ? node.value : undefined;
}

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

type FieldFrameProps = {
  meta: Meta;
  label: ReactNode;
  description?: ReactNode;
  /** span both columns of a two-column form grid */
  wide?: boolean;
  className?: string;
};

/** Label, control, description and error line; ids tie them together. */
function FieldFrame({
  meta,
  label,
  description,
  wide,
  className,
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={cx("flex flex-col gap-1.5", wide && "sm:col-span-2", className)}>
      <label htmlFor={meta.id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-zinc-400">
          {description}
        </p>
      ) : null}
      <p id={meta.errorId} className="mb-1 min-h-4 text-xs text-red-400" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** The error of a list field (a document's lines, a proposal's packages), under the list; read out when it appears. */
export function ListError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  return (
    <p id={meta.errorId} role={meta.errors?.length ? "alert" : undefined} className="text-sm text-red-400">
      {meta.errors?.[0] ?? ""}
    </p>
  );
}

/** aria-describedby: the description always, the error line when there is an error. */
function describedBy(meta: Meta, description: ReactNode) {
  const ids = [description ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type InputExtras = Omit<ComponentProps<"input">, "id" | "name" | "form" | "defaultValue" | "type" | "className">;

function InputField({
  type,
  meta,
  label,
  description,
  wide,
  className,
  prefix,
  ...rest
}: FieldFrameProps &
  InputExtras & { type: "text" | "email" | "password" | "number" | "date" | "time" | "url" | "tel"; prefix?: string }) {
  const invalid = Boolean(meta.errors?.length);
  const props = withoutKey(getInputProps(meta, { type, ariaAttributes: false }));
  return (
    <FieldFrame meta={meta} label={label} description={description} wide={wide} className={className}>
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-400"
          >
            {prefix}
          </span>
        ) : null}
        <input
          {...props}
          {...rest}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(meta, description)}
          className={cx(controlClass, "h-10", prefix && "pl-7", borderClass(invalid))}
        />
      </div>
    </FieldFrame>
  );
}

export function TextField(props: FieldFrameProps & InputExtras & { type?: "text" | "url" | "tel" }) {
  return <InputField {...props} type={props.type ?? "text"} />;
}

/**
 * A file input (uploads: the project room's files). The form must post `encType="multipart/form-data"`;
 * the server checks each file by its bytes, so `accept` only helps the chooser.
 */
export function FileField({
  meta,
  label,
  description,
  wide,
  className,
  ...rest
}: FieldFrameProps & Omit<InputExtras, "value">) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <FieldFrame meta={meta} label={label} description={description} wide={wide} className={className}>
      <input
        {...rest}
        id={meta.id}
        name={meta.name}
        type="file"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, description)}
        className="text-sm text-zinc-200 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
      />
    </FieldFrame>
  );
}

export function EmailField(props: FieldFrameProps & InputExtras) {
  return <InputField autoComplete="off" {...props} type="email" />;
}

/** A password (sign-in, reset, set-up); pass `autoComplete` ("current-password" or "new-password"). */
export function PasswordField(props: FieldFrameProps & InputExtras) {
  return <InputField {...props} type="password" />;
}

/**
 * Without JavaScript, a choice another field's options follow (a customer's projects) is sent with this
 * button: the form validates `name` on the server and comes back with the options filled.
 */
export function ReloadChoicesButton<Shape extends Record<string, unknown>>({
  form,
  name,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  name: string;
  children: ReactNode;
}) {
  return (
    <noscript>
      <button
        {...form.validate.getButtonProps({ name })}
        className={buttonClass("secondary", { size: "sm", className: "-mt-1 mb-3" })}
      >
        {children}
      </button>
    </noscript>
  );
}

/**
 * A new password and its confirmation (set-up, an invitation, a reset): the password manager's
 * "new-password" autofill on both.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "Password",
  description = "At least 8 characters; long passphrases are welcome.",
}: {
  password: Meta;
  confirmPassword: Meta;
  label?: string;
  description?: string;
}) {
  return (
    <>
      <PasswordField meta={password} label={label} autoComplete="new-password" description={description} />
      <PasswordField meta={confirmPassword} label="Confirm Password" autoComplete="new-password" />
    </>
  );
}

/** A code from an authenticator app (6 digits) or a backup code: one-time-code autofill, digits keyboard. */
export function OneTimeCodeField(props: FieldFrameProps & InputExtras) {
  return <InputField inputMode="numeric" autoComplete="one-time-code" spellCheck={false} {...props} type="text" />;
}

/** A number; `step` and `min` as the form needs (quantities, hours, days). */
export function NumberField(props: FieldFrameProps & InputExtras) {
  return <InputField inputMode="decimal" {...props} type="number" />;
}

/** An amount in dollars: minimum 0, step 0.01, shown with a dollar sign. */
export function MoneyField(props: FieldFrameProps & InputExtras) {
  return <InputField inputMode="decimal" min={0} step={0.01} {...props} type="number" prefix="$" />;
}

/** A calendar date (yyyy-mm-dd on the wire; the browser shows it in its own format). */
export function DateField(props: FieldFrameProps & InputExtras) {
  return <InputField {...props} type="date" />;
}

/** A wall-clock time, 'HH:MM' (the browser's time picker). */
export function TimeField(props: FieldFrameProps & InputExtras) {
  return <InputField {...props} type="time" />;
}

export type SelectOption = { value: string; label: string };
/** Options under a heading (`<optgroup>`): a long list grouped, e.g. time zones by region. */
export type SelectGroup = { label: string; options: readonly SelectOption[] };

export function SelectField({
  meta,
  label,
  description,
  wide,
  className,
  options,
  groups,
  placeholder,
  ...rest
}: FieldFrameProps &
  Omit<ComponentProps<"select">, "id" | "name" | "form" | "defaultValue" | "className" | "children"> & {
    options: readonly SelectOption[];
    /** grouped options, after `options` */
    groups?: readonly SelectGroup[];
    /** a first, empty choice ("Select a customer") */
    placeholder?: string;
  }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <FieldFrame meta={meta} label={label} description={description} wide={wide} className={className}>
      <select
        {...withoutKey(getSelectProps(meta, { ariaAttributes: false }))}
        {...rest}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, description)}
        className={inputClass(invalid)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextareaField({
  meta,
  label,
  description,
  wide = true,
  className,
  rows = 4,
  ...rest
}: FieldFrameProps &
  Omit<ComponentProps<"textarea">, "id" | "name" | "form" | "defaultValue" | "className" | "children">) {
  const invalid = Boolean(meta.errors?.length);
  const { defaultValue, ...props } = withoutKey(getTextareaProps(meta, { ariaAttributes: false }));
  const text = useTextareaText(textareaText(defaultValue), meta.key, meta.id);
  const node = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => node.current?.removeAttribute(serverTextMarker), []);
  return (
    <FieldFrame meta={meta} label={label} description={description} wide={wide} className={className}>
      <textarea
        {...props}
        {...rest}
        ref={node}
        {...{ [serverTextMarker]: typeof document === "undefined" ? "" : undefined }}
        // the marker is the server's alone (above)
        suppressHydrationWarning
        value={text.value}
        onChange={(event) => {
          text.set(event.currentTarget.value);
          rest.onChange?.(event);
        }}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, description)}
        className={cx(controlClass, "py-2", borderClass(invalid))}
      />
    </FieldFrame>
  );
}

export function CheckboxField({
  meta,
  label,
  description,
  wide,
  className,
  ...rest
}: FieldFrameProps & Omit<InputExtras, "value">) {
  const invalid = Boolean(meta.errors?.length);
  // a boolean's schema reads as "required" to Conform, which marked every optional box required (a screen
  // reader said "required" on "Allow partial payments"); a checkbox is required only when a caller says so
  const { required: _boolean, ...props } = withoutKey(getInputProps(meta, { type: "checkbox", ariaAttributes: false }));
  return (
    <div className={cx("flex flex-col gap-1", wide && "sm:col-span-2", className)}>
      <div className="flex items-center gap-2">
        <input
          {...props}
          {...rest}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(meta, description)}
          className="size-4 accent-[var(--color-accent)]"
        />
        <label htmlFor={meta.id} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
      </div>
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-zinc-400">
          {description}
        </p>
      ) : null}
      <p id={meta.errorId} className="mb-1 min-h-4 text-xs text-red-400" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
