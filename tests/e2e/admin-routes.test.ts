/**
 * Route inventory: every route under /admin in app/routes.ts (read from the route config, not
 * from a list kept by hand) refuses anonymous visitors (redirect to the login page) and signed-in
 * users without the admin role (403), for GET and POST, against the production server.
 * A new admin route is covered the moment it is added to app/routes.ts.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccount, dataDirWithAccounts, signInCookie, staffAccount } from "../support/accounts.ts";
import {
  adminRoutes,
  guardedAdminRoutes as guarded,
  publicAdminPaths,
  sampleAddress,
} from "../support/route-inventory.ts";
import { startServer, type TestServer } from "../support/server.ts";

describe("admin route inventory", () => {
  let server: TestServer;
  let dataDir: string;
  let staffCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    server = await startServer({ dataDir });
    staffCookie = await signInCookie(server.url, staffAccount);
    adminCookie = await signInCookie(server.url, adminAccount);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds the admin routes in the route config", () => {
    expect(guarded.map((leaf) => leaf.path)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/dashboard",
        "/admin/customers",
        "/admin/customers/new",
        "/admin/customers/:id",
        "/admin/customers/:id/edit",
        "/admin/projects",
        "/admin/projects/new",
        "/admin/projects/:id",
        "/admin/projects/:id/edit",
        "/admin/settings",
        "/admin/settings/team",
        "/admin/audit",
        "/admin/*",
      ]),
    );
    // anything open under /admin must be added here on purpose
    expect(
      adminRoutes
        .filter((leaf) => publicAdminPaths.includes(leaf.path))
        .map((leaf) => leaf.path)
        .sort(),
    ).toEqual([...publicAdminPaths].sort());
  });

  describe.each(guarded.map((leaf) => [leaf.path, sampleAddress(leaf.path)]))("%s", (_pattern, address) => {
    const url = () => `${server.url}${address}`;
    const post = (cookie?: string) =>
      fetch(url(), {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "intent=probe",
      });

    it("GET, anonymous: redirected to the login page, remembering the path, with no admin HTML", async () => {
      const response = await fetch(url(), { redirect: "manual" });
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(address)}`);
      const body = await response.text();
      expect(body).not.toContain("Customer Management");
      expect(body).not.toContain("<html");
    });

    it("POST, anonymous: redirected to the login page", async () => {
      const response = await post();
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get("location")).toMatch(/^\/admin\/login(\?|$)/);
    });

    it("GET .data (client navigation), anonymous: a redirect, no data", async () => {
      const response = await fetch(`${url().replace(/\/$/, "")}.data`, { redirect: "manual" });
      const body = await response.text();
      expect(body).toContain("/admin/login");
      expect(body).not.toContain("counts");
      expect(body).not.toContain(adminAccount.email);
    });

    it("GET, signed in without the admin role: 403 Access Denied, no admin content", async () => {
      const response = await fetch(url(), { redirect: "manual", headers: { Cookie: staffCookie } });
      expect(response.status).toBe(403);
      const body = await response.text();
      expect(body).toContain("Access Denied");
      expect(body).toContain("You do not have admin privileges.");
      expect(body).not.toContain("Customer Management");
    });

    it("POST, signed in without the admin role: 403", async () => {
      const response = await post(staffCookie);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain("Customer Management");
    });

    it("GET, admin: let through (the probe can tell the difference)", async () => {
      const response = await fetch(url(), { redirect: "manual", headers: { Cookie: adminCookie } });
      expect(response.status).not.toBe(403);
      expect(response.headers.get("location") ?? "").not.toContain("/admin/login");
    });
  });
});
