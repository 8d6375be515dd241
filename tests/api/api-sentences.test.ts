// The API sentences' one mechanism (app/lib/api-sentences.ts, app/lib/api-sentences.server.ts, decisions/065):
// a catalogue key's English becomes a plain sentence or a pattern (placeholders, a plural's cases,
// its `#`, the characters a pattern would read as its own escaped), a declared transform changes a
// placeholder's value, a use's fallback stands in for what no source knows, and a page's sources
// are kept apart by namespace (the same English can have another Hindi in another namespace).
import { describe, expect, it } from "vitest";
import { apiText } from "~/lib/api-sentences.ts";
import { sourcesOf } from "~/lib/api-sentences.server.ts";
import { translator } from "~/lib/i18n.tsx";
import { catalogue } from "~/lib/i18n.server.ts";

const hindi = translator("hi", { ...catalogue("hi", "replies"), ...catalogue("hi", "cart"), ...catalogue("hi", "checkout"), ...catalogue("hi", "orders") });
const replies = sourcesOf("replies.").replies ?? [];

describe("the API sentences' sources", () => {
  it("are a plain sentence without placeholders and an anchored, escaped pattern with them", () => {
    const sources = sourcesOf("cart.error.fetch", "cart.error.tooMany", "replies.fieldTooLong", "replies.refillNotOrdered");
    expect(sources.cart).toEqual([
      ["cart.error.fetch", "Failed to fetch cart"],
      ["cart.error.tooMany", "^Too many requests\\. Please try again in (?:(\\d+) minute|(\\d+) minutes)\\.$", ["minutes", "minutes"]],
    ]);
    expect(sources.replies).toEqual([
      ["replies.fieldTooLong", "^(.+?) is too long \\((.+?) characters at most\\)$", ["field:term", "max"]],
      ["replies.refillNotOrdered", "^Not ordered on (.+?): (.+?) The next order is on (.+?)\\.$", ["date:date", "reason:sentence", "next:date"]],
    ]);
  });

  it("refuse a key the catalogue does not have", () => {
    expect(() => sourcesOf("cart.error.noSuchSentence")).toThrow(/cart\.error\.noSuchSentence/);
  });
});

describe("the API's sentences through their sources", () => {
  const text = apiText(replies, hindi, "hi", "replies.unknown");

  it("carry the plural's number over, whichever case matched", () => {
    expect(text("Too many requests. Please try again in 1 minute.")).toBe(hindi("replies.tooManyRequests", { count: 1 }));
    expect(text("Too many requests. Please try again in 15 minutes.")).toBe(hindi("replies.tooManyRequests", { count: 15 }));
  });

  it("apply the declared transforms: a date the Hindi way, a nested sentence, a known field name", () => {
    expect(text("Not ordered on 2 March 2026: Zinc is out of stock. The next order is on 1 April 2026.")).toBe(
      "2 मार्च 2026 को ऑर्डर नहीं हुआ: Zinc स्टॉक में नहीं है। अगला ऑर्डर 1 अप्रैल 2026 को होगा।",
    );
    // A nested sentence no source knows takes the use's fallback, a field name no source knows stays as it came.
    expect(text("Not ordered on 2 March 2026: Something odd. The next order is on 1 April 2026.")).toContain(hindi("replies.unknown"));
    expect(text("Town/City is required")).toBe("शहर/कस्बा लिखना ज़रूरी है");
    expect(text("Pet name is required")).toBe("Pet name लिखना ज़रूरी है");
  });

  it("take the fallback's text, or the message as it came without one, for a sentence none knows", () => {
    expect(text("A library's own message")).toBe(hindi("replies.unknown"));
    expect(apiText(replies, hindi, "hi")("A library's own message")).toBe("A library's own message");
    expect(text("")).toBe("");
    expect(text(null)).toBe("");
  });

  it("know a sentence only by the namespaces a use reads", () => {
    const sources = sourcesOf("cart.delivery.invalidPin", "checkout.api.pinCode");
    expect(apiText(sources.cart ?? [], hindi, "hi")("Enter a valid PIN code")).toBe(hindi("cart.delivery.invalidPin"));
    expect(apiText(sources.checkout ?? [], hindi, "hi")("Enter a valid PIN code")).toBe(hindi("checkout.api.pinCode"));
    expect(hindi("cart.delivery.invalidPin")).not.toBe(hindi("checkout.api.pinCode"));
  });

  it("say each plain source of the orders' and the checkout's as its own key (no pattern takes it first)", () => {
    for (const namespace of ["orders", "checkout"]) {
      const sources = sourcesOf("orders.api.", "checkout.api.")[namespace] ?? [];
      const say = apiText(sources, hindi, "hi");
      for (const [key, sentence, groups] of sources) if (!groups) expect(say(sentence), key).toBe(hindi(sources.find((source) => source[1] === sentence)![0]));
    }
  });
});
