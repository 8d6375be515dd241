import { describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES, uploadReply } from "./replies.ts";

describe("uploadReply", () => {
  it("uploaded 201; a type it cannot take 415, an image it cannot read 400", () => {
    expect(uploadReply.uploadImage({ ok: true, imageUrl: "/images/uploads/a.webp", width: 1, height: 1, bytes: 1 })).toEqual({ status: 201, message: UPLOAD_MESSAGES.uploaded });
    expect(uploadReply.uploadImage({ ok: false, reason: "unsupported-type" })).toEqual({ status: 415, message: UPLOAD_MESSAGES.unsupported });
    expect(uploadReply.uploadImage({ ok: false, reason: "unreadable" })).toEqual({ status: 400, message: UPLOAD_MESSAGES.unreadable });
  });
});
