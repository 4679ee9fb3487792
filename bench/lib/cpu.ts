/**
 * CPU time from /proc (Linux): what a load cost each process, to say what bounds a throughput on a
 * small machine. Times are in milliseconds of CPU (user + system), clock ticks at 100 Hz.
 */
import { readdirSync, readFileSync } from "node:fs";

const msPerTick = 10;

function statFields(pid: number | string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name is in parentheses and may hold spaces: fields count from after it
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU time of one process so far (its own, not its children's). */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * msPerTick : Number.NaN;
}

/**
 * CPU time of every PostgreSQL process on the machine: the live ones' own time plus what the
 * postmaster collected from backends that have exited (their CPU is added to it when they end).
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let name = "";
    try {
      name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (name !== "postgres") continue;
    const fields = statFields(pid);
    if (!fields) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * msPerTick;
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: (total - idle) * msPerTick, total: total * msPerTick };
}
