-- Client links (/i/{token}) in mail bodies queued before they were sealed: once a message has been
-- handed over (sent, kept, failed) its body needs no live link, so the token is removed. Messages
-- still pending keep theirs until delivery; new ones are sealed (app/services/mail.server.ts).
UPDATE "mail_outbox"
SET "text" = regexp_replace("text", '/i/[A-Za-z0-9_-]{43}', '/i/(removed)', 'g'),
    "html" = CASE WHEN "html" IS NULL THEN NULL ELSE regexp_replace("html", '/i/[A-Za-z0-9_-]{43}', '/i/(removed)', 'g') END
WHERE "status" <> 'pending' AND "text" ~ '/i/[A-Za-z0-9_-]{43}';
