import { describe, expect, it } from "vitest";
import { describeUserAgent, parseSignOutScope } from "#app/domain/user-agent.ts";

describe("describeUserAgent", () => {
  it("names common browsers and systems", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Windows");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      ),
    ).toBe("Safari on macOS");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Linux",
    );
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Chrome on iOS");
    expect(
      describeUserAgent("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0"),
    ).toBe("Edge on Windows");
  });
  it("says unknown for nothing or garbage", () => {
    expect(describeUserAgent(null)).toBe("Unknown browser");
    expect(describeUserAgent("<script>")).toBe("Unknown browser");
  });
});

describe("parseSignOutScope", () => {
  it("defaults to global, as the spec says", () => {
    expect(parseSignOutScope(undefined)).toBe("global");
    expect(parseSignOutScope("local")).toBe("local");
    expect(parseSignOutScope("others")).toBe("others");
    expect(parseSignOutScope("everything")).toBe("global");
  });
});
