import { expect, it } from "vitest";
import { contactSubmissions } from "#app/db/schema.ts";
import type { SubmissionStatus } from "#app/domain/enums.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { describeEachDatabase } from "../support/database.ts";

describeEachDatabase("contact submission counts", (database) => {
  it("counts every status, zero for the empty ones", async () => {
    const db = database().db;
    expect(await countSubmissionsByStatus(db)).toEqual({ new: 0, "in-progress": 0, completed: 0, archived: 0 });
    const statuses: SubmissionStatus[] = ["new", "new", "new", "in-progress", "archived"];
    await db.insert(contactSubmissions).values(
      statuses.map((status, index) => ({
        name: `Lead ${index}`,
        email: `lead${index}@example.com`,
        projectType: "quote" as const,
        message: "Hello",
        status,
      })),
    );
    expect(await countSubmissionsByStatus(db)).toEqual({ new: 3, "in-progress": 1, completed: 0, archived: 1 });
  });
});
