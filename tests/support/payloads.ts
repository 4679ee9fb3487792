/** The attack suite's stored-XSS payloads (tests/e2e/attacks.test.ts, tests/e2e/mail-html.test.ts). */
export const img = "<img src=x onerror=alert(1)>";
export const script = "<script>alert(1)</script>";
export const jsUrl = "javascript:alert(1)";
export const payload = `${img} ${script} ${jsUrl}`;
