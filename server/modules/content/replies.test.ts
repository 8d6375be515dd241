import { describe, expect, it } from "vitest";
import { contentReply, inboxReply } from "./replies.ts";
import { ADMIN_MESSAGES } from "#common/admin.ts";

describe("contentReply: the contact form and the newsletter sign-up answer alike from the API and the pages", () => {
  it("a body that fails its schema: 400 led by the first field's message, every field keeps its own", () => {
    const errors = { name: "Name is required", email: "Email is required" };
    expect(contentReply({ ok: false, reason: "invalid", errors })).toEqual({ status: 400, message: "Name is required", errors });
  });

  it("a confirmed address asking again: 409", () => {
    expect(contentReply({ ok: false, reason: "already-subscribed" })).toEqual({ status: 409, message: "Email is already subscribed" });
  });
});

describe("inboxReply", () => {
  it("handled or reopened 200, an unknown message 404, invalid input 400 with its field", () => {
    const message = {} as never;
    expect(inboxReply.setMessageHandled({ ok: true, outcome: "handled", message })).toEqual({ status: 200, message: "Message marked handled" });
    expect(inboxReply.setMessageHandled({ ok: true, outcome: "reopened", message })).toEqual({ status: 200, message: "Message reopened" });
    expect(inboxReply.setMessageHandled({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.messageNotFound });
    const errors = { handled: "Handled must be true or false" };
    expect(inboxReply.setMessageHandled({ ok: false, reason: "invalid", errors })).toEqual({ status: 400, message: errors.handled, errors });
  });
});
