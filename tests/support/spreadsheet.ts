/**
 * How a spreadsheet reads a CSV file, for the tests of the exports' formula neutralisation: the cells it
 * sees when it splits on a separator (Excel in a locale whose list separator is `;` splits our `,` file on
 * `;`), with quotes honoured only at the start of one of its fields, or not at all; and which of those
 * cells it would run as a formula.
 */
export function spreadsheetCells(text: string, separator: string, quotes: boolean): string[] {
  if (!quotes) return text.split(new RegExp(`[${separator}\\r\\n]`));
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let start = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && start) quoted = true;
    else if (char === separator || char === "\r" || char === "\n") {
      cells.push(cell);
      cell = "";
      start = true;
      continue;
    } else cell += char;
    start = false;
  }
  cells.push(cell);
  return cells;
}

/** Cells a spreadsheet would run: starting (after spaces and quotes) with = + - @, negative amounts aside. */
export const formulaCells = (cells: string[]) =>
  cells.filter((cell) => /^[\s"]*[=+\-@]/.test(cell) && !/^-\d+\.\d\d$/.test(cell));
