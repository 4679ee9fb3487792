import { describe, expect, it } from "vitest";
import { amount, csvCell, csvFilename, csvRow, neutralise } from "#app/domain/csv.ts";
import { formulaCells, spreadsheetCells } from "../../tests/support/spreadsheet.ts";

describe("csv cells", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Acme Web")).toBe("Acme Web");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("Smith, Jones")).toBe('"Smith, Jones"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutralise(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("neutralises a formula after a separator inside a cell, wherever a spreadsheet would start one", () => {
    expect(neutralise("a;=HYPERLINK(1)")).toBe("a;'=HYPERLINK(1)");
    expect(neutralise("x,=1+1")).toBe("x,'=1+1");
    expect(neutralise("x\t@SUM(A1)")).toBe("x\t'@SUM(A1)");
    expect(neutralise("one\n+2")).toBe("one\n'+2");
    expect(neutralise("one\r\n-2")).toBe("one\r\n'-2");
    // spaces and quotes a reader may trim or unquote do not hide the formula
    expect(neutralise('a; "=1+1"')).toBe('a;\' "=1+1"');
    expect(neutralise("\t=1")).toBe("'\t'=1");
    // ordinary text keeps its shape
    expect(neutralise("Smith; Jones, Ltd")).toBe("Smith; Jones, Ltd");
    expect(neutralise("a-b; c=d, e@f")).toBe("a-b; c=d, e@f");
  });

  const hostile = [
    'a;=HYPERLINK("http://evil.test","x")',
    "x,=1+1",
    "note;\"=cmd|' /C calc'!A0\"",
    "a; +1",
    "a;\t-1",
    "line\n@SUM(A1)",
    'q," ,=2',
    "=1;=2,=3\t=4\r=5\n=6",
  ];

  for (const separator of [",", ";", "\t"]) {
    for (const quotes of [true, false]) {
      it(`leaves no formula for a spreadsheet splitting on ${JSON.stringify(separator)}${quotes ? "" : " ignoring quotes"}`, () => {
        const line = csvRow(["Acme", ...hostile, { amount: -1250 }]).replace(/\r\n$/, "");
        const cells = spreadsheetCells(line, separator, quotes);
        expect(formulaCells(cells)).toEqual([]);
      });
    }
  }

  it("writes amounts with two decimals and keeps negative amounts as numbers", () => {
    expect(csvCell(amount("1234.5"))).toBe("1234.50");
    expect(csvCell(amount("0"))).toBe("0.00");
    expect(csvCell(amount(-1250 / 100))).toBe("-12.50");
    expect(csvCell(amount(null))).toBe("");
  });

  it("writes empty cells for nothing", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("keeps a huge field whole", () => {
    const big = `${"x".repeat(100_000)},"`;
    const cell = csvCell(big);
    expect(cell.length).toBe(big.length + 3);
    expect(cell.startsWith('"x')).toBe(true);
    expect(cell.endsWith(',"""')).toBe(true);
  });

  it("neutralises a huge field of separators, spaces and quotes in linear time", () => {
    const started = performance.now();
    for (const unit of [";", "; ", '\n "', ",=", " "]) neutralise(unit.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(neutralise(",=".repeat(3))).toBe(",'=,'=,'=");
  });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", { amount: 100 }, null, "b,c"])).toBe('a,1.00,,"b,c"\r\n');
  });

  it("names files by day", () => {
    expect(csvFilename("invoices", "2026-11-22")).toBe("invoices-2026-11-22.csv");
  });
});

describe("csvExportHref", () => {
  it("keeps the filters and drops the page", async () => {
    const { csvExportHref } = await import("#app/domain/csv.ts");
    expect(csvExportHref("/admin/invoices?q=acme&status=paid&page=3", "/admin/invoices/export.csv")).toBe(
      "/admin/invoices/export.csv?q=acme&status=paid",
    );
    expect(csvExportHref("/admin/customers", "/admin/customers/export.csv")).toBe("/admin/customers/export.csv");
  });
});
