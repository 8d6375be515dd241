import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { inboxReply } from "./replies.ts";

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
