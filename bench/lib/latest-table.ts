/**
 * The "latest run" table of docs/benchmarks.md, kept whole when only some benchmarks ran: the rows of an
 * area measured now replace that area's rows where they stood; every other area's rows stay as they were,
 * each with the time it was measured (`npm run bench -- bundle` on a fresh clone, with no earlier results
 * on disk, used to leave a table of the bundle's rows alone).
 */

/** A table row's area: its first cell. */
function areaOf(line: string): string {
  return line.split("|")[1]?.trim() ?? "";
}

const isRow = (line: string) => line.startsWith("| ") && !line.startsWith("| area |") && !line.startsWith("| --- ");

/**
 * The block between the markers: `header` (the run's sentence and the table head) and the rows, the
 * fresh ones (`fresh`, table lines) merged into the rows of `previous` (the block as it was) by area.
 */
export function mergeLatestTable(previous: string, header: readonly string[], fresh: readonly string[]): string {
  const freshAreas = new Set(fresh.map(areaOf));
  const kept = previous.split("\n").filter(isRow);
  const rows: string[] = [];
  const placed = new Set<string>();
  for (const line of kept) {
    const area = areaOf(line);
    if (!freshAreas.has(area)) {
      rows.push(line);
    } else if (!placed.has(area)) {
      placed.add(area);
      rows.push(...fresh.filter((row) => areaOf(row) === area));
    }
  }
  rows.push(...fresh.filter((row) => !placed.has(areaOf(row))));
  return [...header, ...rows].join("\n");
}
