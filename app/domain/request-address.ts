/**
 * The address a per-client limit is keyed on. IPv4 (and IPv4-mapped IPv6) as is; IPv6 by its
 * /64 prefix, since one subscriber usually holds a whole /64 and could otherwise rotate through
 * 2^64 addresses to dodge every per-address limit.
 */
export function limitAddress(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (without leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // an embedded IPv4 tail (::1.2.3.4) counts as two groups
  const last = tail.length ? tail : head;
  const v4 = last.at(-1);
  if (v4?.includes(".")) {
    const octets = v4.split(".").map(Number);
    if (octets.length !== 4 || octets.some((n) => !(n >= 0 && n <= 255))) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
