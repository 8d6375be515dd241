import { describe, expect, it } from "vitest";
import type { SignInResult } from "./accounts.ts";
import { accountAdminReply, accountReply, selfServiceReply } from "./replies.ts";
import { ADMIN_MESSAGES } from "#common/admin.ts";

const signedIn: SignInResult = { ok: true, user: { _id: "u1", name: "A", email: "a@example.com", role: "customer", phone: null, phoneVerified: false }, token: "t", cookies: [] };

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

describe("accountAdminReply: an admin's changes to accounts, for /api/admin/users and the users page", () => {
  it("answers invalid input alike: 400, the first field's message, every field's", () => {
    const invalid = { ok: false, reason: "invalid", errors: { name: "Name is required", email: "Email is required" } } as const;
    const expected = { status: 400, message: "Name is required", errors: invalid.errors };
    expect(accountAdminReply.createUser(invalid)).toEqual(expected);
    expect(accountAdminReply.updateUser(invalid)).toEqual(expected);
    expect(accountAdminReply.createUser({ ok: false, reason: "invalid", errors: {} })).toEqual({
      status: 400,
      message: "Some details are missing or not valid. Please check them and try again.",
      errors: {},
    });
  });

  it("created 201, refusals 404/409/400 with the field they concern", () => {
    const user = { _id: "u1", name: "Asha", email: "asha@example.com", role: "customer", phone: null, phoneVerified: false, pharmacistRegistration: null, twoFactorEnabled: false, createdAt: "" } as const;
    expect(accountAdminReply.createUser({ ok: true, user })).toEqual({ status: 201, message: ADMIN_MESSAGES.userCreated });
    expect(accountAdminReply.createUser({ ok: false, reason: "email-taken" })).toEqual({ status: 409, message: ADMIN_MESSAGES.userExists, errors: { email: ADMIN_MESSAGES.userExists } });
    expect(accountAdminReply.updateUser({ ok: true, user })).toEqual({ status: 200, message: ADMIN_MESSAGES.userUpdated });
    expect(accountAdminReply.updateUser({ ok: false, reason: "nothing-to-update" })).toEqual({ status: 400, message: ADMIN_MESSAGES.nothingToUpdate });
    expect(accountAdminReply.updateUser({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.userNotFound });
    expect(accountAdminReply.updateUser({ ok: false, reason: "own-role" })).toMatchObject({ status: 409, errors: { role: ADMIN_MESSAGES.cannotChangeOwnRole } });
    expect(accountAdminReply.updateUser({ ok: false, reason: "last-admin" })).toMatchObject({ status: 409, errors: { role: ADMIN_MESSAGES.lastAdmin } });
    expect(accountAdminReply.deleteUser({ ok: true })).toEqual({ status: 200, message: ADMIN_MESSAGES.userDeleted });
    expect(accountAdminReply.deleteUser({ ok: false, reason: "self" })).toEqual({ status: 409, message: ADMIN_MESSAGES.cannotDeleteSelf });
    // Deleting names no field: the refusal is the whole form's.
    expect(accountAdminReply.deleteUser({ ok: false, reason: "last-admin" })).toEqual({ status: 409, message: ADMIN_MESSAGES.lastAdmin });
  });
});
