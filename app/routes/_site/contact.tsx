import { data, redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { publicPageCacheControl } from "#app/domain/site.ts";
import type { Route } from "./+types/contact";
import { contactPageData } from "./contact-data.server.ts";
import { ContactPage } from "./contact-page.tsx";
import { answerInquiryPost } from "./inquiry-answer.server.ts";
import { sitePageMeta } from "./seo.ts";

/** Where a sent inquiry lands without JavaScript (post/redirect/get): the page with the thank-you message. */
export const contactSentPath = "/contact?sent=1";

export function loader({ context, request }: Route.LoaderArgs) {
  return contactPageData(getApp(context), new URL(request.url).searchParams);
}

/** Answers to a post are never cached (and keep their Retry-After); the page itself is, like every public page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": publicPageCacheControl };

/**
 * Without JavaScript the form posts here. A sent inquiry is answered with a redirect to the
 * thank-you view (post/redirect/get: a reload does not send it again, and the answer is a
 * few bytes, not the page); a refused one with the page, its errors and the visitor's values.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, headers, body } = await answerInquiryPost(getApp(context), request);
  if (body.status === "sent") throw redirect(contactSentPath, { status: 303, headers });
  return data(body, { status, headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/contact",
    title: "Get In Touch | {studio}",
    description:
      "Tell us about your business and your project. We reply within 24 hours on business days; the first consultation is free.",
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage loaderData={loaderData} actionData={actionData} />;
}
