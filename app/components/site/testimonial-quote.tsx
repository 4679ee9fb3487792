/** A client's words on the public site (a case study, the home page): the quote, who said it and the rating. */
import { testimonialByline } from "#app/domain/case-studies.ts";

export type ShownTestimonial = { authorName: string; authorRole: string; quote: string; rating: number | null };

export function TestimonialQuote({ testimonial, large = false }: { testimonial: ShownTestimonial; large?: boolean }) {
  return (
    <figure className="flex h-full flex-col gap-5 rounded-3xl border border-white/10 bg-zinc-950/90 p-8">
      {testimonial.rating !== null ? (
        <p className="font-mono text-sm tracking-widest text-[var(--color-accent)]">
          <span aria-hidden="true">{"★".repeat(testimonial.rating)}</span>
          <span className="sr-only">Rated {testimonial.rating} out of 5</span>
        </p>
      ) : null}
      <blockquote
        className={`flex-1 leading-relaxed whitespace-pre-line break-words text-zinc-100 ${large ? "text-xl sm:text-2xl" : "text-lg"}`}
      >
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="text-sm font-semibold text-zinc-300">{testimonialByline(testimonial)}</figcaption>
    </figure>
  );
}
