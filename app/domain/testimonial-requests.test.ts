import { describe, expect, it } from "vitest";
import { caseStudyMessages, clientTestimonialSchema } from "./case-studies.ts";
import { defaultWording } from "./mail-templates.ts";
import {
  permissionFromClient,
  testimonialAnswerOwnerMail,
  testimonialLinkPath,
  testimonialRequestMail,
} from "./testimonial-requests.ts";

const answer = { rating: "5", quote: "  Fast and kind.  ", author_name: " Grace ", author_role: "" };

describe("the testimonial request", () => {
  it("reads the client's answer: a rating from 1 to 5, trimmed words, the permission box", () => {
    expect(clientTestimonialSchema.parse({ ...answer, permission: "on" })).toEqual({
      rating: 5,
      quote: "Fast and kind.",
      author_name: "Grace",
      author_role: "",
      permission: true,
    });
    expect(clientTestimonialSchema.parse(answer).permission).toBe(false);
    for (const rating of ["", "0", "6", "2.5", "five"]) {
      const parsed = clientTestimonialSchema.safeParse({ ...answer, rating });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(caseStudyMessages.clientRatingRequired);
    }
    expect(clientTestimonialSchema.safeParse({ ...answer, quote: "x".repeat(601) }).success).toBe(false);
    expect(clientTestimonialSchema.safeParse({ ...answer, quote: "x".repeat(600) }).success).toBe(true);
  });

  it("records the client's permission only when they gave it", () => {
    expect(permissionFromClient(true)).toBe("client_form");
    expect(permissionFromClient(false)).toBe("none");
  });

  it("mails the client the owner's wording with the button to their form", () => {
    const mail = testimonialRequestMail({
      studioName: "Pixel & Co",
      customerName: "Grace",
      projectName: "Floor marketplace",
      link: `https://studio.example${testimonialLinkPath("abc")}`,
      wording: { ...defaultWording("testimonial_request"), subject: "{client_name}, a favour for {studio_name}?" },
    });
    expect(mail.subject).toBe("Grace, a favour for Pixel & Co?");
    expect(mail.text).toContain("Thank you for choosing us for Floor marketplace.");
    expect(mail.text).toContain("https://studio.example/t/abc");
    expect(mail.text).toContain("Nothing is published without your permission.");
  });

  it("tells the owner whether an answer can be shown", () => {
    const base = {
      customerName: "Grace",
      projectName: "Floor marketplace",
      authorName: "Grace",
      quote: "Fast and kind.",
      link: "https://studio.example/admin/site/testimonials",
    };
    const shown = testimonialAnswerOwnerMail({ ...base, rating: 5, permission: "client_form" });
    expect(shown.subject).toBe("Grace rated Floor marketplace 5 of 5");
    expect(shown.text).toContain("It can go on the home page");
    expect(testimonialAnswerOwnerMail({ ...base, rating: 3, permission: "client_form" }).text).toContain(
      "A rating of 3 or less stays with you",
    );
    expect(testimonialAnswerOwnerMail({ ...base, rating: 5, permission: "none" }).text).toContain(
      "Without the client's permission it stays with you.",
    );
  });
});
