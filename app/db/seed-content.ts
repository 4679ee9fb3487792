/** The site's starting public content, seeded into an empty database. */
import type { PortfolioCategory } from "#app/domain/enums.ts";

export const portfolioSeed: {
  title: string;
  description: string;
  category: PortfolioCategory;
  image: string;
  link: string;
}[] = [
  {
    title: "Plank & Co. Flooring Marketplace",
    description:
      "A factory-direct marketplace for luxury vinyl plank flooring: browse collections, order samples and buy at factory prices, with stock and shipping worked out per region.",
    category: "websites",
    image: "/images/portfolio/flooring.webp",
    link: "/portfolio/samples/plankandco",
  },
  {
    title: "Murmur Social Audio",
    description:
      "A voice-first social platform where people talk instead of type: live rooms, short voice posts and threaded replies, built for phones and low bandwidth.",
    category: "webapps",
    image: "/images/portfolio/social-audio.webp",
    link: "/portfolio/samples/murmur",
  },
  {
    title: "TradeLoop Exchange",
    description:
      "A multi-trade exchange where members swap services directly or through multi-step chain trades that the platform finds and settles for them.",
    category: "webapps",
    image: "/images/portfolio/trade-exchange.webp",
    link: "/portfolio/samples/tradeloop",
  },
];

export const pricingSeed: {
  name: string;
  price: string;
  description: string;
  features: string[];
  ctaLabel: string;
  highlighted: boolean;
}[] = [
  {
    name: "Basic Package",
    price: "$500 - $1,200",
    description: "A clean, fast site for a business that has its content ready and needs to be found online.",
    features: [
      "Client supplies content/images",
      "5-10 products or pages",
      "Simple template with minor styling",
      "Home page",
      "About page",
      "Basic contact form",
      "Responsive design",
      "Mobile-friendly",
    ],
    ctaLabel: "Get Started",
    highlighted: false,
  },
  {
    name: "Standard Package",
    price: "$1,500 - $3,000",
    description: "A better-looking, better-performing site with help on content and the first steps of SEO.",
    features: [
      "Better visual design",
      "15-30 products or pages",
      "Content help (copy or photo sourcing)",
      "Better hosting",
      "Minor SEO optimization",
      "Basic CRM integration",
      "Enhanced styling",
      "Performance optimization",
    ],
    ctaLabel: "Choose Standard",
    highlighted: true,
  },
  {
    name: "Premium Package",
    price: "$3,000 - $5,000+",
    description: "Custom design and functionality for a business that sells, books or manages work online.",
    features: [
      "Custom design and layouts",
      "Unlimited products/pages",
      "Payment integrations",
      "Inventory management",
      "High-end images/content",
      "Advanced SEO and performance",
      "Custom functionality",
      "Priority support",
    ],
    ctaLabel: "Go Premium",
    highlighted: false,
  },
];
