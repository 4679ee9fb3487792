/**
 * Draws the public site's images from SVG and writes them with sharp:
 * the three portfolio illustrations (WebP, 800x500), the Open Graph share
 * image (PNG, 1200x630) and the logo used by the JSON-LD organisation (PNG, 512x512).
 *
 *   node scripts/make-portfolio-images.ts
 *
 * The outputs are committed; run this again only after changing a drawing.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const accent = "#3ddc84";
const font = "DejaVu Sans, Helvetica, Arial, sans-serif";

/** A browser window frame around `content`, on a dark backdrop with a soft glow. */
function browser(content: string, glow: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <defs>
    <radialGradient id="g" cx="70%" cy="20%" r="80%"><stop offset="0" stop-color="${glow}" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="500" fill="#09090b"/>
  <rect width="800" height="500" fill="url(#g)"/>
  <g transform="translate(60 50)">
    <rect width="680" height="450" rx="18" fill="#111113" stroke="#ffffff" stroke-opacity="0.12"/>
    <circle cx="26" cy="24" r="6" fill="#ff5f57"/><circle cx="46" cy="24" r="6" fill="#febc2e"/><circle cx="66" cy="24" r="6" fill="#28c840"/>
    <rect x="180" y="13" width="320" height="22" rx="11" fill="#ffffff" fill-opacity="0.06"/>
    <line x1="0" y1="48" x2="680" y2="48" stroke="#ffffff" stroke-opacity="0.08"/>
    <g transform="translate(0 48)">${content}</g>
  </g>
</svg>`;
}

const flooring = browser(
  `<rect x="28" y="26" width="110" height="12" rx="6" fill="#e7d3b3"/>
  <rect x="470" y="24" width="56" height="16" rx="8" fill="#ffffff" fill-opacity="0.15"/><rect x="536" y="24" width="56" height="16" rx="8" fill="#ffffff" fill-opacity="0.15"/><rect x="602" y="20" width="54" height="24" rx="12" fill="#e7d3b3"/>
  <text x="28" y="100" font-family="${font}" font-size="30" font-weight="700" fill="#fff">Factory-direct floors.</text>
  <text x="28" y="132" font-family="${font}" font-size="16" fill="#a1a1aa">Luxury vinyl plank, shipped from the mill.</text>
  <rect x="28" y="152" width="136" height="32" rx="16" fill="#e7d3b3"/><text x="50" y="173" font-family="${font}" font-size="13" font-weight="700" fill="#1c1917">Order samples</text>
  ${[0, 1, 2, 3]
    .map((i) => {
      const x = 28 + i * 158;
      const tones = ["#c8a97e", "#8b6b4a", "#d9c3a0", "#5c4433"];
      const planks = [0, 1, 2, 3, 4]
        .map(
          (p) =>
            `<rect x="${x}" y="${206 + p * 22}" width="146" height="20" fill="${tones[i]}" fill-opacity="${0.75 + (p % 2) * 0.2}"/>`,
        )
        .join("");
      return `${planks}<rect x="${x}" y="324" width="90" height="10" rx="5" fill="#ffffff" fill-opacity="0.7"/><rect x="${x}" y="342" width="50" height="10" rx="5" fill="${accent}"/>`;
    })
    .join("")}`,
  "#c8a97e",
);

const audio = browser(
  `<rect x="0" y="0" width="170" height="402" fill="#ffffff" fill-opacity="0.03"/>
  ${[0, 1, 2, 3, 4].map((i) => `<circle cx="40" cy="${40 + i * 52}" r="16" fill="${["#a78bfa", "#f472b6", "#38bdf8", "#facc15", "#34d399"][i]}"/><rect x="66" y="${34 + i * 52}" width="${70 - i * 6}" height="10" rx="5" fill="#ffffff" fill-opacity="0.5"/>`).join("")}
  <text x="200" y="60" font-family="${font}" font-size="24" font-weight="700" fill="#fff">Live now: Founders' Hour</text>
  <text x="200" y="86" font-family="${font}" font-size="14" fill="#a1a1aa">128 listening · 6 speakers</text>
  ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${235 + (i % 3) * 130}" cy="${150 + Math.floor(i / 3) * 110}" r="34" fill="${["#a78bfa", "#f472b6", "#38bdf8", "#facc15", "#34d399", "#fb923c"][i]}" fill-opacity="0.9"/>${i === 1 ? `<circle cx="365" cy="150" r="42" fill="none" stroke="#a78bfa" stroke-width="3"/>` : ""}`).join("")}
  <g transform="translate(200 330)">
    <rect width="450" height="50" rx="25" fill="#ffffff" fill-opacity="0.06"/>
    ${Array.from({ length: 38 }, (_, i) => {
      const h = 6 + Math.abs(Math.sin(i * 0.9) * 26);
      return `<rect x="${60 + i * 9}" y="${25 - h / 2}" width="5" height="${h.toFixed(1)}" rx="2.5" fill="#a78bfa"/>`;
    }).join("")}
    <circle cx="27" cy="25" r="17" fill="#a78bfa"/><rect x="22" y="17" width="10" height="16" rx="5" fill="#111113"/>
  </g>`,
  "#a78bfa",
);

const exchange = browser(
  `<text x="28" y="50" font-family="${font}" font-size="22" font-weight="700" fill="#fff">Trade chain #4821</text>
  <text x="28" y="76" font-family="${font}" font-size="14" fill="#a1a1aa">3 members · settles when all confirm</text>
  <rect x="500" y="32" width="150" height="32" rx="16" fill="${accent}"/><text x="527" y="53" font-family="${font}" font-size="13" font-weight="700" fill="#052e16">Confirm trade</text>
  ${[
    ["Plumbing", 130, 190],
    ["Web design", 340, 120],
    ["Bookkeeping", 550, 190],
    ["Catering", 340, 300],
  ]
    .map(
      ([label, x, y]) =>
        `<rect x="${Number(x) - 70}" y="${Number(y) - 26}" width="140" height="52" rx="14" fill="#18181b" stroke="#38bdf8" stroke-opacity="0.6"/><text x="${x}" y="${Number(y) + 5}" text-anchor="middle" font-family="${font}" font-size="14" font-weight="600" fill="#e4e4e7">${label}</text>`,
    )
    .join("")}
  <g stroke="#38bdf8" stroke-width="2.5" fill="none" stroke-dasharray="6 6">
    <path d="M200 175 L270 135"/><path d="M410 135 L480 175"/><path d="M520 216 L410 290"/><path d="M270 290 L160 216"/>
  </g>
  <g fill="${accent}"><circle cx="235" cy="155" r="5"/><circle cx="445" cy="155" r="5"/><circle cx="465" cy="253" r="5"/><circle cx="215" cy="253" r="5"/></g>
  <rect x="28" y="352" width="622" height="1" fill="#ffffff" fill-opacity="0.1"/>
  <rect x="28" y="368" width="160" height="10" rx="5" fill="#ffffff" fill-opacity="0.4"/><rect x="560" y="368" width="90" height="10" rx="5" fill="${accent}"/>`,
  "#38bdf8",
);

const mark = (size: number, x = 0, y = 0) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})"><rect width="64" height="64" rx="14" fill="#0a0a0a" stroke="#ffffff" stroke-opacity="0.2" stroke-width="1.5"/><path d="M14 22l12 10-12 10" fill="none" stroke="${accent}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><path d="M32 44h18" stroke="#fff" stroke-width="6" stroke-linecap="round"/></g>`;

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#000"/>
  <g font-family="DejaVu Sans Mono, monospace" font-size="20" fill="${accent}" fill-opacity="0.18">
    ${["$ npm create studio-site", "$ npm run build", "  built in 2.1s", "$ npx lighthouse --preset=mobile", "  performance 100", "$ npm run deploy", "$ git push origin main", "$ npm test", "  148 passed"].map((line, i) => `<text x="60" y="${70 + i * 34}">${line}</text>`).join("")}
  </g>
  <rect width="1200" height="630" fill="url(#fade)"/>
  <defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.55" stop-color="#000" stop-opacity="0.9"/></linearGradient></defs>
  ${mark(72, 60, 330)}
  <text x="60" y="500" font-family="${font}" font-size="76" font-weight="700" fill="#fff" letter-spacing="-2">Dream. Design. <tspan fill="${accent}">Develop.</tspan></text>
  <text x="60" y="566" font-family="${font}" font-size="32" fill="#d4d4d8">Building the future of functional design.</text>
</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${mark(512)}</svg>`;

async function write(svg: string, file: string, format: "webp" | "png") {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg));
  const info = await (format === "webp"
    ? image.webp({ quality: 78, effort: 6 })
    : image.png({ compressionLevel: 9, palette: true })
  ).toFile(target);
  console.warn(`${file}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
}

await write(flooring, "public/images/portfolio/flooring.webp", "webp");
await write(audio, "public/images/portfolio/social-audio.webp", "webp");
await write(exchange, "public/images/portfolio/trade-exchange.webp", "webp");
await write(og, "public/og.png", "png");
await write(logo, "public/logo.png", "png");
