import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { limits } from "#app/domain/limits.ts";
import { maxSignatureChars } from "#app/domain/signature.ts";
import {
  bodyLimitFor,
  bodyLimitOverrides,
  bodyTooLargeMessage,
  canonicalPath,
  defaultBodyLimit,
  limitBodies,
  streamedUploadFor,
  streamedUploadPaths,
  uploadForbiddenMessage,
} from "./body-limit.ts";

describe("canonicalPath", () => {
  it.each([
    ["/contact/send", "/contact/send"],
    ["/%63ontact/send", "/contact/send"],
    ["/./contact/send", "/contact/send"],
    ["/contact/./send", "/contact/send"],
    ["//contact//send", "/contact/send"],
    ["/CONTACT/Send", "/contact/send"],
    ["/x/../contact/send", "/contact/send"],
    ["/contact/send/", "/contact/send"],
    ["/contact.data", "/contact"],
    ["/contact/send?x=1", "/contact/send"],
    ["/%5ccontact\\send", "/contact/send"],
    ["/_root.data", "/"],
  ])("%s is %s", (spelling, canonical) => {
    expect(canonicalPath(spelling)).toBe(canonical);
  });

  it("cannot read broken encoding or a NUL byte", () => {
    expect(canonicalPath("/%E0%A4%A")).toBeNull();
    expect(canonicalPath("/a%00b")).toBeNull();
  });
});

describe("bodyLimitFor", () => {
  it("gives the inquiry form 32 KB however it is spelled, the logo upload its own, and the rest the default", () => {
    expect(bodyLimitFor("/%63ontact/send")).toBe(32 * 1024);
    expect(bodyLimitFor("/contact?index")).toBe(32 * 1024);
    expect(bodyLimitFor("/admin/settings/logo")).toBe(bodyLimitOverrides["/admin/settings/logo"]);
    expect(bodyLimitOverrides["/admin/settings/logo"]).toBeGreaterThanOrEqual(1_200_000);
    expect(bodyLimitFor("/admin/login")).toBe(defaultBodyLimit);
    expect(bodyLimitFor("/%E0%A4%A")).toBe(defaultBodyLimit);
  });
});

describe("the proposal page's sign form and the body limit agree", () => {
  it("the largest sign post the form's fields allow, in the costliest encoding, is within the page's limit", () => {
    const post = (signatureChars: number) => {
      const fields = new URLSearchParams({
        intent: "sign",
        tier: "t999",
        // every base64 character a "/" (three bytes each once encoded)
        signature: `data:image/png;base64,${"/".repeat(signatureChars - "data:image/png;base64,".length)}`,
        // each character three UTF-8 bytes, nine once encoded
        signer_name: "\u4e00".repeat(limits.personName),
        agree: "on",
        content_hash: "f".repeat(64),
      });
      for (let index = 0; index < 100; index++) fields.append("addons", "a999");
      return Buffer.byteLength(fields.toString());
    };
    const limit = bodyLimitFor(`/p/${"A".repeat(43)}`);
    expect(post(maxSignatureChars)).toBeLessThanOrEqual(limit);
    // a signature a little beyond its field's limit still arrives: answered in the page (400, the typed
    // name kept), never a bare 413
    expect(post(maxSignatureChars + 1000)).toBeLessThanOrEqual(limit);
  });
});

describe("limitBodies with an upload check", () => {
  const limits = { overrides: { "/upload": 2 * 1024 * 1024 }, fallback: 8 * 1024 };

  /** An Express app behind limitBodies whose upload check answers `allowed` after `delayMs`. */
  async function serve(allowed: boolean, delayMs: number) {
    const access = allowed ? ("allowed" as const) : ("forbidden" as const);
    const asked: number[] = [];
    const app = express();
    app.use(
      limitBodies({
        ...limits,
        mayUpload: async (req) => {
          // how much of the body had been taken in when the check was asked
          asked.push(req.readableLength);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return access;
        },
      }),
    );
    app.post("/upload", (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on("end", () => res.json({ bytes }));
    });
    app.post("/small", (_req, res) => res.json({ small: true }));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { server, port, asked };
  }

  /** POSTs `size` bytes, all at once; resolves with the answer. */
  function post(port: number, path: string, size: number) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path, method: "POST", headers: { "content-length": size }, agent: false },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      req.end(Buffer.alloc(size, 0x61));
    });
  }

  it("asks before reading, and lets an allowed upload's whole body through even when the check is slow", async () => {
    const { server, port, asked } = await serve(true, 300);
    try {
      // more than the request stream buffers while nobody reads: its socket is paused meanwhile
      expect(await post(port, "/upload", 1024 * 1024)).toEqual({
        status: 200,
        body: JSON.stringify({ bytes: 1048576 }),
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toBeLessThan(64 * 1024);
      // paths without a larger allowance are not asked
      expect((await post(port, "/small", 100)).status).toBe(200);
      expect(asked).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it("answers 403 to a refused upload without buffering its body", async () => {
    const { server, port } = await serve(false, 50);
    try {
      expect(await post(port, "/upload", 1024 * 1024)).toEqual({ status: 403, body: uploadForbiddenMessage });
    } finally {
      server.close();
    }
  });
});

describe("limitBodies with raw-body paths (a payment provider's webhook)", () => {
  it("hands the webhook its JSON body byte for byte, still inspects every other path, and keeps the limit", async () => {
    const app = express();
    app.use(
      limitBodies({
        fallback: 1024,
        rawBodyPaths: new Set(["/webhooks/stripe"]),
        inspect: async (type) => (type === "application/json" ? "not a form" : null),
      }),
    );
    app.post(/.*/, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => res.type("text/plain").send(Buffer.concat(chunks)));
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const send = (path: string, body: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
    try {
      const payload = JSON.stringify({ id: "evt_1", note: "café ✓" });
      expect(await send("/webhooks/stripe", payload)).toEqual({ status: 200, body: payload });
      expect(await send("/Webhooks/%73tripe", payload)).toEqual({ status: 200, body: payload });
      expect((await send("/contact/send", payload)).status).toBe(400);
      expect((await send("/webhooks/stripe", "x".repeat(2048))).status).toBe(413);
    } finally {
      server.close();
    }
  });
});

describe("streamed uploads (the project room's files)", () => {
  const multipart = "multipart/form-data; boundary=x";

  it("apply to multipart posts to the room, a questionnaire and the portal, however spelled; nothing else", () => {
    expect(streamedUploadPaths).toHaveLength(3);
    expect(streamedUploadFor("/admin/projects/1f0e/room", multipart)).toMatchObject({ admin: true });
    expect(streamedUploadFor("/admin/projects/1f0e/room.data?index", multipart)).toMatchObject({ admin: true });
    expect(streamedUploadFor("/ADMIN/projects/./1f0e//room", multipart)).toMatchObject({ admin: true });
    expect(streamedUploadFor("/q/tok3n", multipart)).toMatchObject({ admin: false });
    expect(streamedUploadFor("/portal/tok3n", "Multipart/Form-Data; boundary=y")).toMatchObject({ admin: false });
    // another content type gets the ordinary limit and inspection
    expect(streamedUploadFor("/portal/tok3n", "application/x-www-form-urlencoded")).toBeNull();
    expect(streamedUploadFor("/portal/tok3n", undefined)).toBeNull();
    expect(streamedUploadFor("/portal", multipart)).toBeNull();
    expect(streamedUploadFor("/portal/a/b", multipart)).toBeNull();
    expect(streamedUploadFor("/admin/projects/1/room/x", multipart)).toBeNull();
    expect(streamedUploadFor("/admin/settings/logo", multipart)).toBeNull();
  });

  async function serve(streamedLimit: number) {
    const seen: { completeAtStart: boolean; bytes: number; ended: boolean }[] = [];
    const app = express();
    // an inspection that refuses everything: a streamed upload never meets it
    app.use(limitBodies({ fallback: 8 * 1024, streamedLimit, inspect: async () => "inspected" }));
    app.post("/q/:token", (req, res) => {
      const entry = { completeAtStart: req.complete, bytes: 0, ended: false };
      seen.push(entry);
      req.on("data", (chunk: Buffer) => {
        entry.bytes += chunk.length;
      });
      req.on("end", () => {
        entry.ended = true;
        if (!res.headersSent) res.json({ bytes: entry.bytes });
      });
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, port: (server.address() as AddressInfo).port, seen };
  }

  /** POSTs `size` bytes in 64 KB writes, 5 ms apart, without a Content-Length. */
  function post(port: number, size: number, contentType = multipart) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/q/abc",
          method: "POST",
          headers: { "content-type": contentType },
          agent: false,
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      let sent = 0;
      const next = () => {
        if (sent >= size || req.destroyed) return req.end();
        const piece = Math.min(64 * 1024, size - sent);
        sent += piece;
        req.write(Buffer.alloc(piece, 0x61));
        setTimeout(next, 5);
      };
      next();
    });
  }

  it("hands the route the body as it arrives, past the ordinary limit, and uninspected", async () => {
    const { server, port, seen } = await serve(4 * 1024 * 1024);
    try {
      expect(await post(port, 1024 * 1024)).toEqual({ status: 200, body: JSON.stringify({ bytes: 1048576 }) });
      expect(seen[0]?.completeAtStart).toBe(false);
      // not multipart: held, limited and inspected as ever
      expect((await post(port, 1024 * 1024, "application/x-www-form-urlencoded")).status).toBe(413);
    } finally {
      server.close();
    }
  });

  it("past its whole-body limit: 413, and the route's reader sees the body end there", async () => {
    const { server, port, seen } = await serve(256 * 1024);
    try {
      expect(await post(port, 1024 * 1024)).toEqual({ status: 413, body: bodyTooLargeMessage });
      expect(seen[0]?.ended).toBe(true);
      expect(seen[0]?.bytes).toBeLessThanOrEqual(256 * 1024);
    } finally {
      server.close();
    }
  });
});
