import { describe, expect, it } from "vitest";
import { backupCodesFileName, backupCodesText, normaliseBackupCode } from "./two-factor.ts";

describe("backup codes", () => {
  it("the file names the studio and holds one code a line", () => {
    const text = backupCodesText("PixelForge Studio", ["abcde-12345", "fghij-67890"]);
    expect(text.split("\n")[0]).toBe("PixelForge Studio: two-factor backup codes");
    expect(text).toContain("\nabcde-12345\nfghij-67890\n");
    expect(backupCodesFileName("PixelForge Studio")).toBe("pixelforge-studio-backup-codes.txt");
    expect(backupCodesFileName("Café & Co.")).toBe("cafe-co-backup-codes.txt");
    expect(backupCodesFileName("★★★")).toBe("studio-backup-codes.txt");
  });

  it("a typed code is read without case, spaces or dashes", () => {
    expect(normaliseBackupCode(" ABCDE-12345 ")).toBe("abcde12345");
  });
});
