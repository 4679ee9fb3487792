import { describe, expect, it } from "vitest";
import { authMessages } from "./auth-messages.ts";
import { newPasswordSchema, resetRequestSchema, signInSchema } from "./auth-schemas.ts";
import { commonPasswordCount, isCommonPassword } from "./common-passwords.ts";
import { newPasswordProblem } from "./password-policy.ts";

describe("newPasswordProblem", () => {
  it("refuses fewer than 8 characters", () => {
    expect(newPasswordProblem("Tr0ub4!")).toBe(authMessages.newPasswordTooShort);
    expect(newPasswordProblem("")).toBe(authMessages.newPasswordTooShort);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(newPasswordProblem("🔑🔑🔑🔑")).toBe(authMessages.newPasswordTooShort);
    expect(newPasswordProblem("🔑🔑🔑🔑🔑🔑🔑🔑")).toBeNull();
  });

  it("accepts 8 characters without composition rules, and long passphrases", () => {
    expect(newPasswordProblem("plumtreeorbit")).toBeNull();
    expect(newPasswordProblem(`${"x".repeat(7)}y`)).toBeNull();
    expect(newPasswordProblem("correct horse battery staple ".repeat(5).slice(0, 128))).toBeNull();
    expect(newPasswordProblem(`${"a".repeat(255)}b`)).toBeNull();
  });

  it("refuses absurdly long input", () => {
    expect(newPasswordProblem("ab".repeat(200))).toBe(authMessages.newPasswordTooLong);
  });

  it("refuses common passwords, whatever their case", () => {
    for (const password of ["password", "Password1", "12345678", "qwertyuiop", "iloveyou123", "LETMEIN!", "11111111"]) {
      expect(newPasswordProblem(password), password).toBe(authMessages.commonPassword);
    }
  });

  it("refuses a listed password with a few digits or symbols added, not a passphrase", () => {
    for (const password of ["dragon2024", "Monkey!!", "sunshine_1"]) {
      expect(newPasswordProblem(password), password).toBe(authMessages.commonPassword);
    }
    expect(newPasswordProblem("plum tree orbit 42")).toBeNull();
  });

  it("ships a list of thousands of entries", () => {
    expect(commonPasswordCount()).toBeGreaterThan(2000);
    // the maintained list from @zxcvbn-ts/language-common, not a generated one
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
    expect(isCommonPassword("not-a-common-one-7261")).toBe(false);
  });
});

describe("form schemas", () => {
  it("sign-in: the spec's messages", () => {
    const result = signInSchema.safeParse({ intent: "signin", email: "nope", password: "12345" });
    const messages = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual([
      ["email", "Invalid email address"],
      ["password", "Password must be at least 6 characters"],
    ]);
  });

  it("sign-in: trims the email and accepts a 6-character password", () => {
    const result = signInSchema.parse({ intent: "signin", email: "  Owner@Studio.test ", password: "123456" });
    expect(result.email).toBe("Owner@Studio.test");
  });

  it("email longer than 255 characters", () => {
    const result = resetRequestSchema.safeParse({ intent: "forgot", email: `${"a".repeat(250)}@x.test` });
    expect(result.error?.issues[0]?.message).toBe("Email must be less than 255 characters");
  });

  it("new password: 8 characters and a matching confirmation", () => {
    const short = newPasswordSchema.safeParse({ intent: "recovery", password: "1234567", confirmPassword: "1234567" });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(["Password must be at least 8 characters"]);
    const mismatch = newPasswordSchema.safeParse({
      intent: "recovery",
      password: "plumtreeorbit",
      confirmPassword: "plumtreeorbiT",
    });
    expect(mismatch.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["confirmPassword", "Passwords don't match"],
    ]);
    expect(
      newPasswordSchema.safeParse({ intent: "recovery", password: "plumtreeorbit", confirmPassword: "plumtreeorbit" })
        .success,
    ).toBe(true);
  });
});
