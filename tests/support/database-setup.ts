/**
 * Global set-up of the integration project: gives the run an id, with which each
 * worker names its PostgreSQL database (tests/support/database.ts), and drops those
 * databases when the run ends. Without TEST_DATABASE_URL there is nothing to drop:
 * PGlite databases live in the workers' memory.
 */
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    testRunId: string;
  }
}

/** The prefix of one run's per-worker PostgreSQL databases. */
export const workerDatabasePrefix = (runId: string) => `studio_test_run_${runId}_w`;

export default function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
  project.provide("testRunId", runId);
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${workerDatabasePrefix(runId)}%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
