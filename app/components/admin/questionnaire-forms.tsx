/**
 * The back office's questionnaire forms, built with the admin form kit (plain posts, so they work
 * without JavaScript): a questionnaire's name and project type, one question (add or edit), sending
 * one to a customer, reopening a submitted copy, and a review item's accept (as proposed or edited)
 * or reject. Loaded as chunks by their pages.
 */
import { Link } from "react-router";
import {
  AdminForm,
  CheckboxField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import {
  type Question,
  questionKindLabels,
  questionKinds,
  recordFieldLabels,
  recordFields,
} from "#app/domain/questionnaire-words.ts";
import {
  questionFormSchema,
  questionnaireFormSchema,
  reopenSchema,
  reviewDecisionSchema,
  sendQuestionnaireSchema,
} from "#app/domain/questionnaires.ts";

const panel = "grid gap-x-4 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 pt-3 sm:grid-cols-2";
const failureFor = (failure: ActionFailure | null | undefined, form: string) =>
  failure?.form === form ? failure : undefined;

export function QuestionnaireNameForm({
  formId,
  defaults,
  failure,
  submitLabel,
}: {
  formId: string;
  defaults: { name: string; project_type: string };
  failure?: ActionFailure | null;
  submitLabel: string;
}) {
  const [form, fields] = useAdminForm({
    id: formId,
    schema: questionnaireFormSchema,
    failure: failureFor(failure, formId),
    defaultValue: defaults,
  });
  return (
    <AdminForm form={form} className={panel}>
      <input type="hidden" name="intent" value="save-questionnaire" />
      <FormError form={form} />
      <TextField meta={fields.name} label="Name" autoComplete="off" />
      <TextField
        meta={fields.project_type}
        label="Default for project type"
        description="Optional, e.g. website"
        autoComplete="off"
      />
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </AdminForm>
  );
}

const kindOptions = questionKinds.map((kind) => ({ value: kind, label: questionKindLabels[kind] }));
const fieldOptions = recordFields.map((field) => ({ value: field, label: recordFieldLabels[field] }));

/** Add a question, or edit `question`. */
export function QuestionForm({
  question,
  failure,
  cancelHref,
}: {
  question: Question | null;
  failure?: ActionFailure | null;
  cancelHref: string;
}) {
  const formId = question ? `question-${question.id}` : "question-new";
  const [form, fields] = useAdminForm({
    id: formId,
    schema: questionFormSchema,
    failure: failureFor(failure, formId),
    defaultValue: question
      ? {
          intent: "edit-question",
          question_id: question.id,
          label: question.label,
          help: question.help ?? "",
          kind: question.kind,
          required: question.required ? "on" : undefined,
          options: question.options.join("\n"),
          maps_to: question.mapsTo ?? "",
        }
      : { intent: "add-question", kind: "short_text" },
  });
  return (
    <AdminForm form={form} className={panel} aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="pt-2 text-base font-semibold sm:col-span-2">
        {question ? `Edit question: ${question.label}` : "Add a question"}
      </h2>
      <input type="hidden" name="intent" value={question ? "edit-question" : "add-question"} />
      {question ? <input type="hidden" name="question_id" value={question.id} /> : null}
      <FormError form={form} />
      <TextField meta={fields.label} label="Question" wide autoComplete="off" />
      <TextField meta={fields.help} label="Help text" wide autoComplete="off" />
      <SelectField meta={fields.kind} label="Kind of answer" options={kindOptions} />
      <SelectField
        meta={fields.maps_to}
        label="Proposes a value for"
        options={fieldOptions}
        placeholder="No customer record field"
        description="The answer is reviewed before the record changes"
      />
      <TextareaField
        meta={fields.options}
        label="Options"
        description="For a choice or checkboxes: one option per line, at least 2"
        rows={4}
      />
      <CheckboxField meta={fields.required} label="An answer is required" />
      <div className="flex justify-end gap-2 sm:col-span-2">
        {question ? (
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
        ) : null}
        <SubmitButton>{question ? "Save question" : "Add question"}</SubmitButton>
      </div>
    </AdminForm>
  );
}

export function SendQuestionnaireForm({
  customerId,
  questionnaires,
  projects,
  failure,
}: {
  customerId: string;
  questionnaires: readonly { id: string; name: string }[];
  projects: readonly { id: string; projectName: string }[];
  failure?: ActionFailure | null;
}) {
  const formId = `send-questionnaire-${customerId}`;
  const [form, fields] = useAdminForm({
    id: formId,
    schema: sendQuestionnaireSchema,
    failure: failureFor(failure, formId),
    defaultValue: { questionnaire_id: questionnaires[0]?.id ?? "" },
  });
  return (
    <AdminForm
      form={form}
      action={`/admin/questionnaires?customer=${customerId}`}
      className="grid gap-x-4 sm:grid-cols-2"
    >
      <input type="hidden" name="customer_id" value={customerId} />
      <FormError form={form} />
      <SelectField
        meta={fields.questionnaire_id}
        label="Questionnaire"
        options={questionnaires.map((item) => ({ value: item.id, label: item.name }))}
      />
      <SelectField
        meta={fields.project_id}
        label="For project"
        placeholder="No project"
        options={projects.map((item) => ({ value: item.id, label: item.projectName }))}
      />
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton intent="send-questionnaire">Send questionnaire</SubmitButton>
      </div>
    </AdminForm>
  );
}

export function ReopenForm({ failure }: { failure?: ActionFailure | null }) {
  const [form, fields] = useAdminForm({ id: "reopen", schema: reopenSchema, failure: failureFor(failure, "reopen") });
  return (
    <AdminForm form={form} className="flex flex-col gap-2">
      <FormError form={form} />
      <TextareaField meta={fields.reason} label="Reason (mailed to the client)" rows={3} />
      <div className="flex justify-end">
        <SubmitButton intent="reopen">Reopen</SubmitButton>
      </div>
    </AdminForm>
  );
}

export function ReviewItemForm({
  item,
  failure,
}: {
  item: { id: string; proposedValue: string; fieldLabel: string; customerName: string };
  failure?: ActionFailure | null;
}) {
  const formId = `review-${item.id}`;
  const [form, fields] = useAdminForm({
    id: formId,
    schema: reviewDecisionSchema,
    failure: failureFor(failure, formId),
    defaultValue: { review_id: item.id, value: item.proposedValue },
  });
  return (
    <AdminForm form={form} className="flex flex-col gap-2">
      <input type="hidden" name="review_id" value={item.id} />
      <FormError form={form} />
      <TextField
        meta={fields.value}
        label={`${item.fieldLabel} to accept for ${item.customerName}`}
        description="Change it before accepting to accept an edited value"
        autoComplete="off"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton intent="reject" variant="secondary">
          Reject
        </SubmitButton>
        <SubmitButton intent="accept">Accept</SubmitButton>
      </div>
    </AdminForm>
  );
}
