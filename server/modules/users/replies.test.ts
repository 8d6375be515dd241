import { describe, expect, it } from "vitest";
import type { SignInResult } from "./accounts.ts";
import { accountReply, selfServiceReply } from "./replies.ts";

const signedIn: SignInResult = { ok: true, user: { _id: "u1", name: "A", email: "a@example.com", role: "customer" }, token: "t", cookies: [] };

describe("accountReply: one answer per outcome, for the API and the login and register pages", () => {
  it.each([
    [signedIn, "register", 201, "Registration successful!"],
    [signedIn, "sign-in", 200, "Login successful"],
    [{ ok: false, reason: "email-taken" }, "register", 409, "User already exists"],
    [{ ok: false, reason: "invalid-credentials" }, "sign-in", 401, "Invalid email or password"],
    [{ ok: false, reason: "refused", message: "You have been banned from this application" }, "sign-in", 403, "You have been banned from this application"],
  ] as [SignInResult, "register" | "sign-in", number, string][])("%o (%s) → %i %s", (result, useCase, status, message) => {
    expect(accountReply(result, useCase)).toEqual({ status, message });
  });

  it("a throttled sign-in is a 429 with Retry-After and the sign-in wording", () => {
    const reply = accountReply({ ok: false, reason: "throttled", limit: "signInFailuresPerAccountAndAddress", retryAfterSeconds: 600 }, "sign-in");
    expect(reply).toEqual({ status: 429, message: expect.stringMatching(/^Too many sign-in attempts/), headers: { "Retry-After": "600" } });
  });
});

describe("a body that fails its schema, as every users' write answers it from both doors", () => {
  const errors = { email: "Email is required", password: "Password is required" };

  it("registration and sign-in: 400 led by the first field's message, every field keeps its own", () => {
    expect(accountReply({ ok: false, reason: "invalid", errors }, "register")).toEqual({ status: 400, message: "Email is required", errors });
  });

  it("self-service: the same", () => {
    expect(selfServiceReply({ ok: false, reason: "invalid", errors }, "change-email")).toEqual({ status: 400, message: "Email is required", errors });
  });
});
