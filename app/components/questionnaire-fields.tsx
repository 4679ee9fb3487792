/**
 * A questionnaire's questions as plain form fields (the client's page is not hydrated: every field
 * posts without JavaScript): label, help, the answer's control, and its message beside it.
 */
import type { ReactNode } from "react";
import { type Answer, answerField, answerText, type Question } from "#app/domain/questionnaire-words.ts";

const inputClass =
  "w-full rounded-md border border-zinc-600 bg-zinc-900 px-3 py-2 text-zinc-100 aria-[invalid=true]:border-red-400";

function Described({ question, error }: { question: Question; error: string | undefined }) {
  const name = answerField(question.id);
  return (
    <>
      {question.help ? (
        <p id={`${name}-help`} className="text-sm text-zinc-400">
          {question.help}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(question: Question, error: string | undefined): string | undefined {
  const name = answerField(question.id);
  const ids = [question.help ? `${name}-help` : "", error ? `${name}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Title({ question }: { question: Question }): ReactNode {
  return (
    <>
      {question.label}
      {question.required ? <span className="text-zinc-400"> (required)</span> : null}
    </>
  );
}

function OptionsField({ question, value, error }: { question: Question; value: Answer | undefined; error?: string }) {
  const name = answerField(question.id);
  const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
  const type = question.kind === "choice" ? "radio" : "checkbox";
  return (
    <fieldset
      id={name}
      tabIndex={-1}
      className="flex flex-col gap-2"
      aria-describedby={describedBy(question, error)}
      data-question={question.id}
    >
      <legend className="mb-1 font-medium">
        <Title question={question} />
      </legend>
      <Described question={question} error={error} />
      {question.options.map((option, index) => (
        <label key={option} htmlFor={`${name}-${index}`} className="flex items-center gap-2">
          <input
            id={`${name}-${index}`}
            type={type}
            name={name}
            value={option}
            defaultChecked={chosen.has(option)}
            aria-invalid={error ? true : undefined}
            className="size-4"
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** One question's field; `value` what was stored or typed, `error` its message. */
export function QuestionField({
  question,
  value,
  error,
  fileNames = {},
}: {
  question: Question;
  value: Answer | undefined;
  error?: string;
  /** the names of files sent before, by stored id */
  fileNames?: Record<string, string>;
}) {
  if (question.kind === "choice" || question.kind === "checkboxes") {
    return <OptionsField question={question} value={value} error={error} />;
  }
  const name = answerField(question.id);
  const common = {
    id: name,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(question, error),
    "aria-required": question.required || undefined,
    className: inputClass,
  } as const;
  const text = answerText(value);
  let control: ReactNode;
  if (question.kind === "long_text") control = <textarea {...common} rows={5} defaultValue={text} />;
  else if (question.kind === "date") control = <input {...common} type="date" defaultValue={text} />;
  else if (question.kind === "url") control = <input {...common} type="url" inputMode="url" defaultValue={text} />;
  else if (question.kind === "file") control = <input {...common} type="file" />;
  else control = <input {...common} type="text" defaultValue={text} />;
  return (
    <div className="flex flex-col gap-2" data-question={question.id}>
      <label htmlFor={name} className="font-medium">
        <Title question={question} />
      </label>
      <Described question={question} error={error} />
      {question.kind === "file" && text ? (
        <p className="text-sm text-zinc-300 break-words">
          Received: {fileNames[text] ?? "a file"}. Choose another file to replace it.
        </p>
      ) : null}
      {control}
    </div>
  );
}
