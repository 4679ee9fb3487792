import { afterEach, expect, it, vi } from "vitest";
import { defaultStudio } from "#app/domain/studio.ts";
import { renderMailHtml } from "#app/services/mail-html.server.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

it("renders every kind of block and the whole footer without a React warning", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const { html } = await renderMailHtml(
    {
      subject: "Invoice INV-0001",
      blocks: [
        { type: "text", text: "Hello,\nyour invoice is ready." },
        { type: "heading", text: "Pay by bank transfer" },
        {
          type: "fields",
          rows: [
            ["Amount", "$1,000.00"],
            ["Reference", "INV-0001"],
          ],
        },
        { type: "list", items: ["Design", "Build"] },
        { type: "link", label: "Portal", url: "https://studio.test/portal" },
        { type: "action", label: "View Invoice", url: "https://studio.test/i/x" },
      ],
    },
    {
      studio: {
        ...defaultStudio,
        address: "1 Main Street\nSpringfield",
        phoneNumber: "+1 555 0100",
        website: "https://studio.test",
      },
      accent: "#16a34a",
      logo: null,
    },
  );
  expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
  expect(html).toContain("your invoice is ready.");
  expect(html).toContain("Reference");
  expect(html).toContain("<li>Build</li>");
  expect(html).toContain("Springfield");
});
