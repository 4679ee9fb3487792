import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from "#app/components/admin/pager.tsx";

function text(props: Partial<Parameters<typeof Pager>[0]> = {}) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Pager
        page={2}
        pageCount={40}
        total={1000}
        pageSize={25}
        shown={25}
        href={(page) => `?page=${page}`}
        {...props}
      />
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
}

describe("Pager", () => {
  it("says how many rows there are, and which page this is", () => {
    expect(text()).toContain("Showing 26–50 of 1000");
    expect(text()).toContain("Page 2 of 40");
    expect(text()).not.toContain("+");
  });

  it("says a capped total is a lower bound, and how to narrow it", () => {
    const capped = text({ capped: true });
    expect(capped).toContain("Showing 26–50 of 1000+ (type more of the search to narrow it)");
    expect(capped).toContain("Page 2 of 40+");
  });
});
