import { describe, expect, it } from "vitest";
import {
  answerRefusal,
  currentVersion,
  fileSizeText,
  firstOfList,
  nextPhaseDate,
  nextVersionNumber,
  portalListCap,
  pricingPhasesToCopy,
  versionLabel,
  waitingOnClient,
} from "./project-room.ts";
import { deliverableAnswerSchema, postVersionSchema, savePhaseSchema } from "./project-room-forms.ts";
import { deliverableAnswerOwnerMail, deliverableMail } from "./project-room-mail.ts";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const hash = (c: string) => c.repeat(64);

describe("the project room's rules", () => {
  it("the next date is the earliest planned date, today or later, of a phase not approved", () => {
    const phases = [
      { status: "approved" as const, plannedStart: "2027-01-02", plannedEnd: "2027-01-03" },
      { status: "in_progress" as const, plannedStart: "2026-12-01", plannedEnd: "2027-01-20" },
      { status: "not_started" as const, plannedStart: "2027-01-21", plannedEnd: null },
    ];
    expect(nextPhaseDate(phases, "2027-01-01")).toBe("2027-01-20");
    expect(nextPhaseDate(phases, "2027-01-21")).toBe("2027-01-21");
    expect(nextPhaseDate(phases, "2027-01-22")).toBeNull();
    expect(nextPhaseDate([], "2027-01-01")).toBeNull();
  });

  it("the current version is the highest number; the next is one past it", () => {
    const versions = [
      { id: "a", version: 1, answer: "changes_requested" as const },
      { id: "b", version: 2, answer: null },
    ];
    expect(currentVersion(versions)?.id).toBe("b");
    expect(currentVersion([])).toBeNull();
    expect(nextVersionNumber(versions)).toBe(3);
    expect(nextVersionNumber([])).toBe(1);
    expect(versionLabel(12)).toBe("v12");
  });

  it("the portal asks for open items and unanswered current versions; answered ones are apart", () => {
    const waiting = waitingOnClient({
      checklist: [
        { label: "Logo", doneAt: null },
        { label: "Texts", doneAt: new Date() },
      ],
      deliverables: [
        { title: "Home", current: { version: 2, answer: null } },
        { title: "Logo", current: { version: 1, answer: "approved" as const } },
        { title: "Empty", current: null },
      ],
    });
    expect(waiting.asked.map((item) => item.label)).toEqual(["Logo"]);
    expect(waiting.toAnswer.map((item) => item.title)).toEqual(["Home"]);
    expect(waiting.answered.map((item) => item.title)).toEqual(["Logo"]);
  });

  it("a portal list shows its first ten, the rest on asking", () => {
    const list = Array.from({ length: 23 }, (_, index) => index);
    expect(firstOfList(list, false)).toEqual({ shown: list.slice(0, portalListCap), more: 23 - portalListCap });
    expect(firstOfList(list, true)).toEqual({ shown: list, more: 0 });
    expect(firstOfList(list.slice(0, portalListCap), false)).toEqual({ shown: list.slice(0, portalListCap), more: 0 });
    expect(firstOfList([], false)).toEqual({ shown: [], more: 0 });
  });

  it("counts the pricing's phases not in the room yet", () => {
    expect(
      pricingPhasesToCopy([{ id: "p1" }, { id: "p2" }], [{ pricingPhaseId: "p1" }, { pricingPhaseId: null }]),
    ).toBe(1);
    expect(pricingPhasesToCopy([], [])).toBe(0);
  });

  it("an answer is refused for another, a replaced, an answered or a changed version", () => {
    const versions = [
      { id: "a", version: 1, answer: "changes_requested" as const, contentHash: hash("a") },
      { id: "b", version: 2, answer: null, contentHash: hash("b") },
    ];
    expect(answerRefusal(versions, "b", hash("b"))).toBeNull();
    expect(answerRefusal(versions, "z", hash("b"))).toBe("not-found");
    expect(answerRefusal(versions, "a", hash("a"))).toBe("superseded");
    expect(answerRefusal(versions, "b", hash("c"))).toBe("changed");
    expect(
      answerRefusal([{ id: "b", version: 2, answer: "approved" as const, contentHash: hash("b") }], "b", hash("b")),
    ).toBe("answered");
  });

  it("file sizes read as people say them", () => {
    expect(fileSizeText(1)).toBe("1 byte");
    expect(fileSizeText(999)).toBe("999 bytes");
    expect(fileSizeText(12_345)).toBe("12 KB");
    expect(fileSizeText(20_000_000)).toBe("20.0 MB");
  });
});

describe("the project room's forms", () => {
  it("a request for changes needs a comment; an approval does not; the name is required", () => {
    const base = { version_id: uuid(1), content_hash: hash("f"), name: "Grace" };
    expect(deliverableAnswerSchema.safeParse({ ...base, answer: "approved" }).success).toBe(true);
    const changes = deliverableAnswerSchema.safeParse({ ...base, answer: "changes_requested", comment: "  " });
    expect(changes.success).toBe(false);
    expect(changes.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["comment", "Please say what should change"],
    ]);
    const nameless = deliverableAnswerSchema.safeParse({ ...base, name: "", answer: "approved" });
    expect(nameless.error?.issues.map((issue) => issue.message)).toEqual(["Please enter your name"]);
    expect(deliverableAnswerSchema.safeParse({ ...base, content_hash: "x", answer: "approved" }).success).toBe(false);
  });

  it("a version is files or a link, never neither nor both", () => {
    const base = { intent: "post-version", deliverable_id: uuid(1) };
    expect(postVersionSchema.safeParse({ ...base }).error?.issues.map((issue) => issue.message)).toEqual([
      "Add a file or a link to the version",
    ]);
    expect(postVersionSchema.safeParse({ ...base, url: "https://staging.example.test", files: uuid(2) }).success).toBe(
      false,
    );
    const one = postVersionSchema.safeParse({ ...base, files: uuid(2), notify: "on" });
    expect(one.data).toMatchObject({ files: [uuid(2)], notify: true });
    expect(postVersionSchema.safeParse({ ...base, url: "javascript:alert(1)" }).success).toBe(false);
    expect(postVersionSchema.safeParse({ ...base, files: Array.from({ length: 11 }, (_, n) => uuid(n)) }).success).toBe(
      false,
    );
  });

  it("a phase's end is not before its start", () => {
    const phase = { intent: "save-phase", phase_id: uuid(1), name: "Design", status: "in_progress" };
    expect(
      savePhaseSchema.safeParse({ ...phase, planned_start: "2027-02-01", planned_end: "2027-01-01" }).success,
    ).toBe(false);
    expect(savePhaseSchema.safeParse({ ...phase, actual_start: "2027-02-01", actual_end: "2027-01-01" }).success).toBe(
      false,
    );
    expect(
      savePhaseSchema.safeParse({ ...phase, planned_start: "2027-01-01", planned_end: "2027-01-01" }).success,
    ).toBe(true);
    expect(savePhaseSchema.safeParse({ ...phase, status: "done" }).success).toBe(false);
  });
});

describe("the project room's mails", () => {
  it("the client's mail has the owner's words, the note and the button", () => {
    const mail = deliverableMail({
      studioName: "Studio",
      customerName: "Grace",
      projectName: "Website",
      title: "Homepage design",
      version: 2,
      note: "Bigger logo done",
      link: "https://studio.test/d/token",
    });
    expect(mail.subject).toBe("Homepage design v2 is ready for your review");
    expect(mail.text).toContain("Bigger logo done");
    expect(mail.text).toContain("https://studio.test/d/token");
  });

  it("the owner's mail says who answered what, and the invoice a phase's approval sent", () => {
    const mail = deliverableAnswerOwnerMail({
      customerName: "Grace",
      projectName: "Website",
      title: "Homepage design",
      version: 1,
      answer: "approved",
      name: "Grace Hopper",
      comment: null,
      invoiceNumbers: ["INV-0003"],
      link: "https://studio.test/admin/projects/x/room",
    });
    expect(mail.subject).toBe("Grace approved Homepage design v1");
    expect(mail.text).toContain("invoice INV-0003 was sent to the client");
  });
});
