import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { choiceFilter, ListPage, StatusListTitle, statusFilter } from "#app/components/admin/list.tsx";

const page = (total: number, rows: readonly unknown[]) => ({ rows, total, page: 1, pageCount: 1, capped: false });

function html(props: Partial<Parameters<typeof ListPage>[0]> = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ListPage
        title="Things"
        description="All the things."
        actions={<a href="/new">New Thing</a>}
        filters={<p data-filters />}
        listTitle={{ id: "thing-list-title", text: "All things" }}
        list={page(2, [1, 2])}
        pageSize={25}
        pageHref={(n) => `?page=${n}`}
        {...props}
      >
        <table data-things />
      </ListPage>
    </MemoryRouter>,
  );
}

describe("ListPage", () => {
  it("puts the header, the filters, then the titled list and its pager, in that order", () => {
    const markup = html();
    const order = ["<h1", "New Thing", "data-filters", 'id="thing-list-title"', "data-things", "Showing"];
    const at = order.map((part) => markup.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(markup).toContain('<section aria-labelledby="thing-list-title"');
  });

  it("shows no pager for an empty list", () => {
    expect(html({ list: page(0, []) })).not.toContain("Showing");
  });

  it("hides the list's title from sight only when asked, and makes it a focus target when asked", () => {
    expect(html({ listTitle: { id: "t", text: "Things", hidden: true } })).toContain('class="sr-only"');
    expect(html()).not.toContain("sr-only");
    expect(html({ listTitle: { id: "t", text: "Things", focusable: true } })).toContain('tabindex="-1"');
    expect(html()).not.toContain("tabindex");
  });

  it("titles the list by its status and the search, and nothing for an empty search", () => {
    const labels = { active: "Active", lost: "Lost" };
    const text = (status: "all" | "active" | "lost", q: string) =>
      renderToStaticMarkup(<StatusListTitle status={status} labels={labels} noun="customers" q={q} />).replace(
        /<[^>]+>/g,
        "",
      );
    expect(text("all", "")).toBe("All customers");
    expect(text("active", "")).toBe("Active customers");
    expect(text("lost", "ada")).toBe("Lost customers matching “ada”");
  });
});

describe("statusFilter", () => {
  it("is the status select: 'All Statuses' first, then each status by its label", () => {
    expect(statusFilter("all", ["all", "active"] as const, { active: "Active" })).toEqual({
      name: "status",
      label: "Status",
      value: "all",
      options: [
        { value: "all", label: "All Statuses" },
        { value: "active", label: "Active" },
      ],
    });
  });
});

describe("choiceFilter", () => {
  it("offers 'all' first under its own label, then each choice by its label, and keeps the current value", () => {
    const filter = choiceFilter({
      name: "status",
      label: "Status",
      value: "paid",
      choices: ["all", "draft", "paid"] as const,
      labels: { draft: "Draft", paid: "Paid" },
      allLabel: "All Statuses",
    });
    expect(filter).toEqual({
      name: "status",
      label: "Status",
      value: "paid",
      options: [
        { value: "all", label: "All Statuses" },
        { value: "draft", label: "Draft" },
        { value: "paid", label: "Paid" },
      ],
    });
  });
});
