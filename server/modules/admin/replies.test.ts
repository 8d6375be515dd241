// The admin module's reply table: every outcome of every admin write has one status and one
// sentence, and the refusals that name a form field carry it (the API and the pages show both).
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { UPLOAD_MESSAGES } from "./images.ts";
import { adminReply } from "./replies.ts";

const invalid = { ok: false, reason: "invalid", errors: { name: "Name is required", email: "Email is required" } } as const;

describe("adminReply", () => {
  it("answers invalid input alike for every use case: 400, the first field's message, every field's", () => {
    const expected = { status: 400, message: "Name is required", errors: invalid.errors };
    expect(adminReply.createUser(invalid)).toEqual(expected);
    expect(adminReply.updateUser(invalid)).toEqual(expected);
    expect(adminReply.setMessageHandled(invalid)).toEqual(expected);
    expect(adminReply.createUser({ ok: false, reason: "invalid", errors: {} })).toEqual({
      status: 400,
      message: "Some details are missing or not valid. Please check them and try again.",
      errors: {},
    });
  });

  it("users: created 201, refusals 404/409/400 with the field they concern", () => {
    const user = { _id: "u1", name: "Asha", email: "asha@example.com", role: "customer", pharmacistRegistration: null, createdAt: "" } as const;
    expect(adminReply.createUser({ ok: true, user })).toEqual({ status: 201, message: ADMIN_MESSAGES.userCreated });
    expect(adminReply.createUser({ ok: false, reason: "email-taken" })).toEqual({ status: 409, message: ADMIN_MESSAGES.userExists, errors: { email: ADMIN_MESSAGES.userExists } });
    expect(adminReply.updateUser({ ok: true, user })).toEqual({ status: 200, message: ADMIN_MESSAGES.userUpdated });
    expect(adminReply.updateUser({ ok: false, reason: "nothing-to-update" })).toEqual({ status: 400, message: ADMIN_MESSAGES.nothingToUpdate });
    expect(adminReply.updateUser({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.userNotFound });
    expect(adminReply.updateUser({ ok: false, reason: "own-role" })).toMatchObject({ status: 409, errors: { role: ADMIN_MESSAGES.cannotChangeOwnRole } });
    expect(adminReply.updateUser({ ok: false, reason: "last-admin" })).toMatchObject({ status: 409, errors: { role: ADMIN_MESSAGES.lastAdmin } });
    expect(adminReply.deleteUser({ ok: true })).toEqual({ status: 200, message: ADMIN_MESSAGES.userDeleted });
    expect(adminReply.deleteUser({ ok: false, reason: "self" })).toEqual({ status: 409, message: ADMIN_MESSAGES.cannotDeleteSelf });
    // Deleting names no field: the refusal is the whole form's.
    expect(adminReply.deleteUser({ ok: false, reason: "last-admin" })).toEqual({ status: 409, message: ADMIN_MESSAGES.lastAdmin });
  });

  it("inbox and uploads", () => {
    const message = {} as never;
    expect(adminReply.setMessageHandled({ ok: true, outcome: "handled", message })).toEqual({ status: 200, message: "Message marked handled" });
    expect(adminReply.setMessageHandled({ ok: true, outcome: "reopened", message })).toEqual({ status: 200, message: "Message reopened" });
    expect(adminReply.setMessageHandled({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.messageNotFound });
    expect(adminReply.uploadImage({ ok: true, imageUrl: "/images/uploads/a.webp", width: 1, height: 1, bytes: 1 })).toEqual({ status: 201, message: UPLOAD_MESSAGES.uploaded });
    expect(adminReply.uploadImage({ ok: false, reason: "unsupported-type" })).toEqual({ status: 415, message: UPLOAD_MESSAGES.unsupported });
    expect(adminReply.uploadImage({ ok: false, reason: "unreadable" })).toEqual({ status: 400, message: UPLOAD_MESSAGES.unreadable });
  });
});
