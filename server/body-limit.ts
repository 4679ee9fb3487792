import type { RequestHandler } from "express";

/**
 * Refuses request bodies over `maxBytes` before anything reads them (413), and
 * bodies of unknown length (411). For public form endpoints.
 */
export function limitBody(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (!req.get("transfer-encoding")) return next();
      res.status(411).set("Connection", "close").type("text/plain").send("Length Required");
      return;
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      (res.locals.log as { info: (o: object, m: string) => void } | undefined)?.info(
        { length, maxBytes },
        "request body too large",
      );
      res
        .status(413)
        .set("Connection", "close")
        .type("text/plain")
        .send("That message is too large to send. Please shorten it and try again.");
      return;
    }
    next();
  };
}
