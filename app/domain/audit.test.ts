import { describe, expect, it } from "vitest";
import {
  auditCursor,
  auditDetailSummary,
  auditEventLabel,
  auditHref,
  parseAuditCursor,
  parseAuditQuery,
} from "./audit.ts";

const id = "0b7c6a1e-4c2d-4f7a-9a4e-1d2c3b4a5f60";

describe("audit page words", () => {
  it("labels known events and shows unknown ones by their raw name", () => {
    expect(auditEventLabel("signin_failure")).toBe("Sign-in failed");
    expect(auditEventLabel("invoice_paid_later")).toBe("invoice_paid_later");
    expect(auditEventLabel("constructor")).toBe("constructor");
    expect(auditEventLabel("__proto__")).toBe("__proto__");
  });

  it("summarises a detail object on one line, bounded", () => {
    expect(auditDetailSummary({ member: "a@b.test", admin: true, note: null })).toBe(
      "member: a@b.test · admin: true · note: none",
    );
    expect(auditDetailSummary({ nested: { x: 1 } })).toBe('nested: {"x":1}');
    expect(auditDetailSummary(null)).toBe("");
    expect(auditDetailSummary(["x"])).toBe("");
    expect(auditDetailSummary({ long: "x".repeat(500) })).toHaveLength(300);
  });

  it("reads the URL with fallbacks: malformed filters and cursors are ignored", () => {
    const query = parseAuditQuery(
      new URLSearchParams({
        event: "signin_failure",
        user: id.toUpperCase(),
        before: `2026-03-01T10:00:00.123456Z_${id}`,
      }),
    );
    expect(query).toEqual({
      event: "signin_failure",
      userId: id,
      before: { time: "2026-03-01T10:00:00.123456Z", id },
    });
    for (const before of ["x", `2026-03-01_${id}`, "2026-03-01T10:00:00Z_nope", `2026-13-45T99:00:00Z_${id}_x`]) {
      expect(parseAuditCursor(before), before).toBeNull();
    }
    expect(parseAuditQuery(new URLSearchParams({ event: "DROP TABLE", user: "1 or 1=1" }))).toEqual({
      event: null,
      userId: null,
      before: null,
    });
  });

  it("builds cursors and links that read back the same", () => {
    const cursor = auditCursor({ cursorTime: "2026-03-01T10:00:00.000001Z", id });
    expect(parseAuditCursor(cursor)).toEqual({ time: "2026-03-01T10:00:00.000001Z", id });
    expect(auditHref({})).toBe("/admin/audit");
    expect(auditHref({ event: "signout", userId: id, before: cursor })).toBe(
      `/admin/audit?event=signout&user=${id}&before=${encodeURIComponent(cursor)}`,
    );
  });
});
