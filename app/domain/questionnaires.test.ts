import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { answerField, type Question } from "./questionnaire-words.ts";
import {
  answersSchema,
  fileFieldsOf,
  missingAnswers,
  nextQuestionId,
  optionLines,
  proposedChanges,
  questionFormSchema,
  questionFromForm,
  questionnaireMail,
  rearrange,
  stateAfterSave,
} from "./questionnaires.ts";

const question = (over: Partial<Question>): Question => ({
  id: "q1",
  kind: "short_text",
  label: "Your business name",
  help: null,
  required: false,
  options: [],
  mapsTo: null,
  ...over,
});

const questions: Question[] = [
  question({ id: "q1", label: "Business name", required: true }),
  question({ id: "q2", kind: "url", label: "Current website", mapsTo: "website" }),
  question({ id: "q3", kind: "choice", label: "Style", options: ["Calm", "Bold"], required: true }),
  question({ id: "q4", kind: "checkboxes", label: "Pages", options: ["Home", "About", "Shop"] }),
  question({ id: "q5", kind: "date", label: "Launch date" }),
  question({ id: "q6", kind: "long_text", label: "Billing address", mapsTo: "billing_address" }),
];

function post(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return withErrors(parseWithZod(form, { schema: answersSchema(questions) }));
}

/** The submission with its field errors readable whatever its status. */
function withErrors<T extends { status?: string }>(submission: T) {
  const error = "error" in submission ? (submission.error as Record<string, string[] | null> | undefined) : undefined;
  return Object.assign(submission, { error });
}

describe("the builder's question", () => {
  const parse = (entries: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(entries)) form.append(name, value);
    return withErrors(parseWithZod(form, { schema: questionFormSchema }));
  };

  it("needs a label", () => {
    const result = parse({ intent: "add-question", kind: "short_text", label: "  " });
    expect(result.status).toBe("error");
    expect(result.error?.label).toEqual(["Enter the question"]);
  });

  it("a choice needs two options or more, each different and within limits", () => {
    expect(parse({ intent: "add-question", kind: "choice", label: "Style", options: "Calm" }).error?.options).toEqual([
      "A choice needs at least 2 options, one per line",
    ]);
    expect(
      parse({ intent: "add-question", kind: "checkboxes", label: "Pages", options: "Home\nhome" }).error?.options,
    ).toEqual(["Each option must be different"]);
    expect(
      parse({ intent: "add-question", kind: "choice", label: "S", options: `a\n${"b".repeat(101)}` }).error?.options,
    ).toEqual(["Each option must be at most 100 characters"]);
    const many = Array.from({ length: 21 }, (_, index) => `o${index}`).join("\n");
    expect(parse({ intent: "add-question", kind: "choice", label: "S", options: many }).error?.options).toEqual([
      "At most 20 options",
    ]);
    const good = parse({ intent: "add-question", kind: "choice", label: "Style", options: "Calm\r\n\r\n Bold " });
    expect(good.status).toBe("success");
  });

  it("a label over 200 characters is refused", () => {
    expect(parse({ intent: "add-question", kind: "short_text", label: "x".repeat(201) }).error?.label).toEqual([
      "At most 200 characters",
    ]);
  });

  it("only text and URL questions map to a record field; options only for choices", () => {
    expect(
      parse({ intent: "add-question", kind: "date", label: "When", maps_to: "phone" }).error?.maps_to,
    ).toBeDefined();
    const result = parse({
      intent: "add-question",
      kind: "url",
      label: "Site",
      maps_to: "website",
      options: "a\nb",
      required: "on",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(questionFromForm(result.value, "q7")).toEqual({
      id: "q7",
      kind: "url",
      label: "Site",
      help: null,
      required: true,
      options: [],
      mapsTo: "website",
    });
  });

  it("new ids never repeat one in use; moves and removals", () => {
    expect(nextQuestionId([question({ id: "q2" }), question({ id: "q3" })])).toBe("q4");
    expect(nextQuestionId([])).toBe("q1");
    const list = [question({ id: "a" }), question({ id: "b" }), question({ id: "c" })];
    expect(rearrange(list, { intent: "move-up", question_id: "b" }).map((q) => q.id)).toEqual(["b", "a", "c"]);
    expect(rearrange(list, { intent: "move-up", question_id: "a" }).map((q) => q.id)).toEqual(["a", "b", "c"]);
    expect(rearrange(list, { intent: "move-down", question_id: "b" }).map((q) => q.id)).toEqual(["a", "c", "b"]);
    expect(rearrange(list, { intent: "remove-question", question_id: "c" }).map((q) => q.id)).toEqual(["a", "b"]);
    expect(optionLines(" a \n\n b")).toEqual(["a", "b"]);
  });
});

describe("the client's answers", () => {
  it("submit refuses missing required answers, beside each field, and keeps what was typed", () => {
    const result = post([
      ["intent", "submit"],
      [answerField("q2"), "example.com"],
    ]);
    expect(result.status).toBe("error");
    expect(result.error?.[answerField("q1")]).toEqual(["This question needs an answer"]);
    expect(result.error?.[answerField("q3")]).toEqual(["This question needs an answer"]);
    expect(result.error?.[answerField("q2")]).toBeUndefined();
    expect(result.reply().initialValue?.[answerField("q2")]).toBe("example.com");
  });

  it("save keeps answers without requiring any", () => {
    const result = post([
      ["intent", "save"],
      [answerField("q2"), "example.com"],
      [answerField("q4"), "Home"],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({ intent: "save", answers: { q2: "https://example.com", q4: ["Home"] } });
  });

  it("checks URLs, dates and choices within the options", () => {
    const result = post([
      ["intent", "save"],
      [answerField("q2"), "not a url"],
      [answerField("q3"), "Loud"],
      [answerField("q4"), "Home"],
      [answerField("q4"), "Blog"],
      [answerField("q5"), "2026-02-30"],
    ]);
    expect(result.error?.[answerField("q2")]).toEqual(["Enter a web address such as https://example.com"]);
    expect(result.error?.[answerField("q3")]).toEqual(["Choose one of the options"]);
    expect(result.error?.[answerField("q4")]).toEqual(["Choose one of the options"]);
    expect(result.error?.[answerField("q5")]).toEqual(["Enter a date"]);
  });

  it("a complete submission passes", () => {
    const result = post([
      ["intent", "submit"],
      [answerField("q1"), " Acme "],
      [answerField("q3"), "Bold"],
      [answerField("q4"), "Home"],
      [answerField("q4"), "Shop"],
      [answerField("q5"), "2027-01-15"],
      [answerField("q6"), "1 Main St\r\nSpringfield"],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.answers).toEqual({
      q1: "Acme",
      q3: "Bold",
      q4: ["Home", "Shop"],
      q5: "2027-01-15",
      q6: "1 Main St\nSpringfield",
    });
  });

  it("lists what is still missing, in order", () => {
    expect(missingAnswers(questions, {}).map((q) => q.id)).toEqual(["q1", "q3"]);
    expect(missingAnswers(questions, { q1: "Acme", q3: " " }).map((q) => q.id)).toEqual(["q3"]);
    expect(missingAnswers(questions, { q1: "Acme", q3: "Calm" })).toEqual([]);
  });

  it("a save moves a sent copy to in progress, never a reopened one back", () => {
    expect(stateAfterSave("sent")).toBe("in_progress");
    expect(stateAfterSave("reopened")).toBe("reopened");
  });
});

describe("file answers", () => {
  const logo = question({ id: "f1", kind: "file", label: "Logo", required: true });
  const stored = "5b0c6c4e-8a0f-4d7e-9a51-2f5c0d1e7a10";
  const other = "7d3f1a2b-1c4d-4e5f-8a9b-0c1d2e3f4a5b";
  const parse = (entries: [string, string][], previous = {}, uploaded: string[] = []) => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    return withErrors(parseWithZod(form, { schema: answersSchema([logo], previous, uploaded) }));
  };

  it("takes a file stored from this post, keeps the one sent before, refuses a typed id", () => {
    const fresh = parse(
      [
        ["intent", "submit"],
        [answerField("f1"), stored],
      ],
      {},
      [stored],
    );
    expect(fresh.status === "success" && fresh.value.answers).toEqual({ f1: stored });
    const kept = parse([["intent", "submit"]], { f1: stored });
    expect(kept.status === "success" && kept.value.answers).toEqual({ f1: stored });
    const typed = parse(
      [
        ["intent", "submit"],
        [answerField("f1"), other],
      ],
      { f1: stored },
    );
    expect(typed.error?.[answerField("f1")]).toEqual(["Choose a file to send"]);
    expect(fileFieldsOf([logo, question({ id: "q9" })])).toEqual([answerField("f1")]);
  });
});

describe("review items", () => {
  const record = { billing_address: "1 Main St", phone: null, website: "https://acme.example/" };

  it("proposes only differing, non-blank answers to mapped questions", () => {
    expect(proposedChanges(questions, { q1: "Acme", q2: "https://acme.example/", q6: "1  main st" }, record)).toEqual(
      [],
    );
    expect(proposedChanges(questions, { q6: "2 High St" }, record)).toEqual([
      {
        field: "billing_address",
        questionId: "q6",
        label: "Billing address",
        proposed: "2 High St",
        current: "1 Main St",
      },
    ]);
    expect(proposedChanges(questions, { q2: "https://new.example/", q6: "" }, { ...record, website: null })).toEqual([
      { field: "website", questionId: "q2", label: "Current website", proposed: "https://new.example/", current: null },
    ]);
  });
});

describe("mails", () => {
  it("the reopening mail carries the reason and the link", () => {
    const mail = questionnaireMail({
      studioName: "Studio",
      customerName: "Ada",
      questionnaireName: "Kick-off",
      link: "https://studio.example/q/abc",
      reason: "Please add your logo.",
    });
    expect(mail.text).toContain("Please add your logo.");
    expect(mail.text).toContain("https://studio.example/q/abc");
  });
});
