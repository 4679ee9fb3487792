import { expect, it } from "vitest";
import { limitAddress } from "./request-address.ts";

it("keys IPv4 on the address and IPv6 on its /64", () => {
  expect(limitAddress("203.0.113.7")).toBe("203.0.113.7");
  expect(limitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(limitAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
  expect(limitAddress("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
  expect(limitAddress("2001:db8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
  expect(limitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(limitAddress("::1")).toBe("0:0:0:0::/64");
  expect(limitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(limitAddress("")).toBe("unknown");
  expect(limitAddress(undefined)).toBe("unknown");
});
