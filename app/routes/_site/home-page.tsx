import { Icon } from "#app/components/icons.tsx";
import { useSiteTexts } from "#app/components/site/site-texts.tsx";
import { TerminalBackground } from "#app/components/site/terminal-background.tsx";
import { type ShownTestimonial, TestimonialQuote } from "#app/components/site/testimonial-quote.tsx";
import { ButtonLink, Card, Eyebrow } from "#app/components/site/ui.tsx";
import { numberedPairs, splitLastWord } from "#app/domain/site-texts.ts";

const serviceIcons = ["pen-tool", "app-window", "gauge"] as const;

/**
 * The home page in the owner's words (app/domain/site-texts.ts: the layout's, or a preview's), plain text throughout, and
 * the clients' words when the owner picked some.
 */
export function HomePage({ testimonials }: { testimonials: readonly (ShownTestimonial & { id: number })[] }) {
  const texts = useSiteTexts();
  const hero = texts["home-hero"];
  const title = splitLastWord(hero.title);
  const services = numberedPairs(texts["home-services"], "card").map((card, index) => ({
    ...card,
    icon: serviceIcons[index] ?? "gauge",
  }));
  const closing = texts["home-closing"];
  return (
    <>
      <TerminalBackground />
      <main className="relative z-10">
        <section className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-6xl flex-col justify-center gap-8 px-5 py-24">
          <Eyebrow>{texts.tagline.tagline}</Eyebrow>
          <h1 className="max-w-4xl text-6xl leading-[0.95] font-bold tracking-tighter text-balance break-words text-white sm:text-8xl">
            {title.lead}
            <span className="text-[var(--color-accent)]">{title.last}</span>
          </h1>
          <p className="max-w-2xl text-2xl font-medium text-zinc-100 sm:text-3xl">{hero.subtitle}</p>
          <p className="max-w-2xl text-lg leading-relaxed whitespace-pre-line text-zinc-300">{hero.intro}</p>
          <div className="flex flex-wrap gap-4">
            <ButtonLink to="/contact">
              Request a Quote <Icon name="arrow-right" className="size-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/portfolio" variant="secondary">
              View Portfolio
            </ButtonLink>
          </div>
        </section>

        <section aria-labelledby="what-we-do" className="mx-auto max-w-6xl px-5 py-24">
          <Eyebrow>Services</Eyebrow>
          <h2 id="what-we-do" className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">
            What We Do
          </h2>
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {services.map((service) => (
              <Card key={service.icon} className="bg-zinc-950/90">
                <Icon name={service.icon} className="size-8 text-[var(--color-accent)]" aria-hidden="true" />
                <h3 className="mt-6 text-2xl font-semibold text-white">{service.title}</h3>
                <p className="mt-3 leading-relaxed whitespace-pre-line text-zinc-300">{service.text}</p>
              </Card>
            ))}
          </div>
        </section>

        {testimonials.length > 0 ? (
          <section aria-labelledby="what-clients-say" className="mx-auto max-w-6xl px-5 py-16" data-testimonials>
            <Eyebrow>Testimonials</Eyebrow>
            <h2 id="what-clients-say" className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">
              What Clients Say
            </h2>
            <ul className="mt-12 grid gap-6 md:grid-cols-3">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialQuote testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="mx-auto max-w-6xl px-5 pt-8 pb-32">
          <div className="rounded-[2rem] border border-white/10 bg-zinc-950/90 px-8 py-16 text-center sm:px-16">
            <h2 className="text-4xl font-bold tracking-tight text-balance break-words text-white sm:text-5xl">
              {closing.title}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg whitespace-pre-line text-zinc-300">{closing.text}</p>
            <ButtonLink to="/contact" className="mt-8">
              Get Started Today
            </ButtonLink>
          </div>
        </section>
      </main>
    </>
  );
}
