import { describe, expect, it } from "vitest";
import { contentReply } from "./replies.ts";

describe("contentReply: the contact form and the newsletter sign-up answer alike from the API and the pages", () => {
  it("a body that fails its schema: 400 led by the first field's message, every field keeps its own", () => {
    const errors = { name: "Name is required", email: "Email is required" };
    expect(contentReply({ ok: false, reason: "invalid", errors })).toEqual({ status: 400, message: "Name is required", errors });
  });

  it("a confirmed address asking again: 409", () => {
    expect(contentReply({ ok: false, reason: "already-subscribed" })).toEqual({ status: 409, message: "Email is already subscribed" });
  });
});
