/**
 * Links to the pages a client opens from an email, stored as the app stores them (hashes only):
 * the invoice with the most lines of the customer with the most documents, the first proposal (marked
 * sent), that customer's portal, with a project room of 10 phases and 50 deliverables shown, and the
 * room's last deliverable, an onboarding questionnaire's link (one question of each kind, half answered) and a
 * testimonial request's link (ADR 0062). Used by `bench/client-pages.ts` and `bench/lighthouse.ts`.
 */
import { sql } from "drizzle-orm";
import { type Database, selectRows, type Tx } from "#app/db/client.server.ts";
import { portalLinkExpiry, portalLinkPath } from "#app/domain/portal.ts";
import { type Question, questionKinds } from "#app/domain/questionnaire-words.ts";
import { questionnaireLinkPath } from "#app/domain/questionnaires.ts";
import { clientLinkPath } from "#app/domain/sending.ts";
import { testimonialLinkPath } from "#app/domain/testimonial-requests.ts";
import { insertInvoiceLink } from "#app/models/invoice-sends.server.ts";
import { insertPortalLink } from "#app/models/portal.server.ts";
import {
  insertAnswer,
  insertDeliverable,
  insertDeliverableLink,
  insertPhase,
  insertVersion,
  setRoomVisible,
} from "#app/models/project-room.server.ts";
import { insertProposalLink, markProposalSent } from "#app/models/proposals.server.ts";
import {
  insertQuestionnaire,
  insertQuestionnaireLink,
  insertRequest,
  saveAnswers,
  updateVersionQuestions,
} from "#app/models/questionnaires.server.ts";
import { insertTestimonialRequest } from "#app/models/testimonial-requests.server.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { deliverableLinkPath, versionContentHash } from "#app/services/project-room.server.ts";
import { proposalLinkPath } from "#app/services/proposals.server.ts";

export type ClientPage = { name: string; path: string; note: string };

/** Links to the three pages, stored as the app stores them (hashes only); their addresses. */
export async function clientLinks(database: Database): Promise<ClientPage[]> {
  const db = database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await selectRows<T>(db, query);
    if (!row) throw new Error("no target row");
    return row;
  };
  const customer = await one<{ id: string; documents: number }>(
    sql`select customer_id as id, count(*)::int as documents from invoices where status <> 'draft'
      group by customer_id order by count(*) desc, customer_id limit 1`,
  );
  const invoice = await one<{ id: string; number: string; lines: number }>(
    sql`select i.id, i.invoice_number as number, count(l.id)::int as lines from invoices i
      join invoice_line_items l on l.invoice_id = i.id
      where i.customer_id = ${customer.id} and i.status <> 'draft'
      group by i.id order by count(l.id) desc, i.id limit 1`,
  );
  const proposal = await one<{ id: string; number: string }>(
    sql`select id, proposal_number as number from proposals order by created_at limit 1`,
  );
  const project = await one<{ id: string }>(
    sql`select id from projects where customer_id = ${customer.id} order by created_at limit 1`,
  ).catch(async () => {
    const [created] = await selectRows<{ id: string }>(
      db,
      sql`insert into projects (customer_id, project_name) values (${customer.id}, 'Bench room') returning id`,
    );
    if (!created) throw new Error("no project");
    return created;
  });
  const invoiceToken = newClientToken();
  const deliverableToken = newClientToken();
  const proposalToken = newClientToken();
  const portalToken = newClientToken();
  const questionnaireToken = newClientToken();
  const testimonialToken = newClientToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await insertInvoiceLink(tx, invoice.id, invoiceToken.hash);
    const sent = await markProposalSent(tx, proposal.id);
    if (!sent.ok) throw new Error(`the demo proposal could not be marked sent: ${JSON.stringify(sent)}`);
    await insertProposalLink(tx, proposal.id, proposalToken.hash);
    await insertPortalLink(tx, {
      customerId: customer.id,
      tokenHash: portalToken.hash,
      createdAt: now,
      expiresAt: portalLinkExpiry(now),
    });
    const deliverableId = await projectRoom(tx, project.id, now);
    await insertDeliverableLink(tx, {
      deliverableId,
      customerId: customer.id,
      tokenHash: deliverableToken.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    const requestId = await onboardingQuestionnaire(tx, customer.id, project.id, now);
    await insertQuestionnaireLink(tx, {
      requestId,
      tokenHash: questionnaireToken.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    await insertTestimonialRequest(tx, {
      projectId: project.id,
      customerId: customer.id,
      tokenHash: testimonialToken.hash,
      sentTo: "client@example.test",
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
  });
  return [
    {
      name: "invoice /i/{token}",
      path: clientLinkPath(invoiceToken.token),
      note: `${invoice.number}, ${invoice.lines} lines`,
    },
    { name: "proposal /p/{token}", path: proposalLinkPath(proposalToken.token), note: proposal.number },
    {
      name: "portal /portal/{token}",
      path: portalLinkPath(portalToken.token),
      note: `a customer with ${customer.documents} documents and a project room of ${roomSize.phases} phases and ${roomSize.phases * roomSize.perPhase} deliverables shown`,
    },
    {
      name: "deliverable /d/{token}",
      path: deliverableLinkPath(deliverableToken.token),
      note: `the room's last deliverable, ${roomSize.versions} versions, the first answered`,
    },
    {
      name: "questionnaire /q/{token}",
      path: questionnaireLinkPath(questionnaireToken.token),
      note: `an onboarding questionnaire of ${onboardingQuestions.length} questions, one of each kind, half answered`,
    },
    {
      name: "testimonial /t/{token}",
      path: testimonialLinkPath(testimonialToken.token),
      note: "the testimonial form of a request mailed for the customer's project",
    },
  ];
}

/** One question of each kind, the billing address mapped to the customer's record. */
const onboardingQuestions: Question[] = [
  ...questionKinds.map((kind, index) => ({
    id: `q${index + 1}`,
    kind,
    label: `About your project (${kind.replace("_", " ")})`,
    help: kind === "file" ? "Your logo as SVG or PNG" : null,
    required: index % 2 === 0,
    options: kind === "choice" || kind === "checkboxes" ? ["One", "Two", "Three"] : [],
    mapsTo: null,
  })),
  {
    id: "q8",
    kind: "long_text",
    label: "Billing address",
    help: null,
    required: true,
    options: [],
    mapsTo: "billing_address",
  },
];

/** A sent onboarding questionnaire for the customer, half of its questions answered; the copy's id. */
async function onboardingQuestionnaire(tx: Tx, customerId: string, projectId: string, now: Date): Promise<string> {
  // made with its version 1, empty: the questions go into it
  const { id: questionnaireId } = await insertQuestionnaire(tx, { name: "Onboarding", projectType: null });
  const [version] = await selectRows<{ id: string }>(
    tx,
    sql`select id from questionnaire_versions where questionnaire_id = ${questionnaireId} and version = 1`,
  );
  if (!version) throw new Error("no questionnaire version");
  await updateVersionQuestions(tx, version.id, onboardingQuestions);
  const request = await insertRequest(tx, {
    questionnaireId,
    versionId: version.id,
    customerId,
    projectId,
    proposalId: null,
    sentAt: now,
  });
  if (!request) throw new Error("no questionnaire copy");
  await saveAnswers(tx, request.id, {
    answers: { q1: "A studio site", q2: "Five pages, a blog.", q3: "Two" },
    state: "in_progress",
    savedAt: now,
  });
  return request.id;
}

/** The portal's room at the scale: 10 phases, 50 deliverables of 2 versions each (the first answered). */
const roomSize = { phases: 10, perPhase: 5, versions: 2 };

/** A project room shown in the portal; the id of its last deliverable. */
async function projectRoom(tx: Tx, projectId: string, now: Date): Promise<string> {
  await setRoomVisible(tx, projectId, true);
  let last = "";
  for (let p = 0; p < roomSize.phases; p++) {
    const phaseId = await insertPhase(tx, projectId, {
      name: `Phase ${p + 1}`,
      plannedStart: `2027-0${1 + (p % 9)}-01`,
      plannedEnd: `2027-0${1 + (p % 9)}-20`,
    });
    for (let d = 0; d < roomSize.perPhase; d++) {
      last = await insertDeliverable(tx, {
        projectId,
        phaseId,
        title: `Deliverable ${p + 1}.${d + 1}`,
        approvesPhase: d === 0,
      });
      for (let v = 1; v <= roomSize.versions; v++) {
        const url = `https://staging.example.test/${p}/${d}/${v}`;
        const contentHash = versionContentHash({ url, postedAt: now });
        const versionId = await insertVersion(tx, {
          deliverableId: last,
          version: v,
          note: "A version",
          url,
          contentHash,
          createdAt: now,
          files: [],
        });
        if (v === 1) {
          await insertAnswer(tx, {
            versionId,
            contentHash,
            answer: "changes_requested",
            comment: "Bigger, please",
            name: "Bench Client",
            ip: null,
            userAgent: null,
            answeredAt: now,
          });
        }
      }
    }
  }
  return last;
}
