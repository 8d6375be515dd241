// The sign-in and account pages' sentences from the shared rules and the reply tables, in Hindi on
// /hi pages (app/lib/api-sentences.ts, the `replies` catalogue's sources, issue 34): every sentence of
// those tables has its entry in the `replies` catalogue (the English text exactly as the code
// writes it), the sentences with numbers or names are matched by their keys' `{placeholder}` texts,
// and none falls back to the general sentence.
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, openOrdersMessage } from "#common/account.ts";
import { ADDRESS_MESSAGES, checkAddressForm } from "#common/addresses.ts";
import { AUTH_MESSAGES, tooManyAttemptsMessage } from "#common/auth.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import { INDIA_MESSAGES } from "#common/india.ts";
import { CHECK_DETAILS_MESSAGE, EMAIL_MESSAGES, tooManyRequestsMessage } from "#common/messages.ts";
import { PHONE_MESSAGES, resendWaitMessage } from "#common/phone-sign-in.ts";
import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import { REFILL_MESSAGES } from "#common/refills.ts";
import { TWO_FACTOR_MESSAGES } from "#common/two-factor.ts";
import { WHATSAPP_MESSAGES } from "#common/whatsapp.ts";
import { translator } from "~/lib/i18n.tsx";
import { catalogue } from "~/lib/i18n.server.ts";
import { apiText } from "~/lib/api-sentences.ts";
import { sourcesOf } from "~/lib/api-sentences.server.ts";

const TABLES = [AUTH_MESSAGES, ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES, PHONE_MESSAGES, INDIA_MESSAGES, ADDRESS_MESSAGES, WHATSAPP_MESSAGES, REFILL_MESSAGES, PRESCRIPTION_MESSAGES, EMAIL_MESSAGES];
const sentences = [
  ...TABLES.flatMap((table) => Object.values(table).filter((value): value is string => typeof value === "string")),
  CHECK_DETAILS_MESSAGE,
  CHECKOUT_MESSAGES.notServiceable,
];

const hindi = { ...catalogue("hi", "replies"), ...catalogue("hi", "account") };
const t = translator("hi", hindi);
const sources = sourcesOf("replies.").replies ?? [];
/** What the account pages' `useApiText(["replies"], "replies.unknown")` says on a Hindi page. */
const text = apiText(sources, t, "hi", "replies.unknown");
const general = t("replies.unknown");

describe("the account pages' sentences in Hindi", () => {
  it("have an entry for every sentence of the rules and reply tables", () => {
    const plain = new Set(sources.flatMap((source) => (source.length === 2 ? [source[1]] : [])));
    expect(sentences.filter((sentence) => !plain.has(sentence))).toEqual([]);
    for (const sentence of sentences) expect(text(sentence)).not.toMatch(/[a-z]{4,}\s[a-z]{3,}/);
  });

  it("match the sentences with numbers and names, in Hindi", () => {
    expect(text(tooManyAttemptsMessage(900))).toBe("साइन इन की बहुत ज़्यादा कोशिशें हो गईं। कृपया 15 मिनट बाद फिर से कोशिश करें।");
    expect(text(tooManyAttemptsMessage(30))).toContain("1 मिनट");
    expect(text(tooManyRequestsMessage(600))).toContain("10 मिनट");
    expect(text(resendWaitMessage(1))).toBe("नया कोड माँगने से पहले कृपया 1 सेकंड रुकें।");
    expect(text(resendWaitMessage(30))).toContain("30 सेकंड");
    expect(text(openOrdersMessage(["HP-1"]))).toContain("HP-1");
    expect(text(openOrdersMessage(["HP-1", "HP-2"]))).toContain("HP-1, HP-2");
    expect(text(REFILL_MESSAGES.unavailable("Zinc"))).toBe("Zinc अब ऑनलाइन नहीं बिकता, इसलिए इसका रिफ़िल नहीं हो सकता");
    expect(text(REFILL_MESSAGES.overLimit("Zinc", 4))).toContain("4");
    expect(text(REFILL_MESSAGES.prescriptionRequired("Zinc"))).toContain("Zinc");
    expect(text(REFILL_MESSAGES.notCovered("Zinc"))).toContain("Zinc");
    expect(text("Not ordered on 24 November 2026: Zinc is out of stock. The next order is on 24 December 2026.")).toBe(
      "24 नवंबर 2026 को ऑर्डर नहीं हुआ: Zinc स्टॉक में नहीं है। अगला ऑर्डर 24 दिसंबर 2026 को होगा।",
    );
  });

  it("write the address form's field messages with the Hindi field names", () => {
    const checked = checkAddressForm({ fullName: "", phone: "", line1: "", city: "x".repeat(500), postalCode: "" });
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? {} : checked.errors;
    expect(text(errors.fullName)).toBe("पूरा नाम लिखना ज़रूरी है");
    expect(text(errors.line1)).toBe("पता पंक्ति 1 लिखना ज़रूरी है");
    expect(text(errors.city)).toMatch(/^शहर\/कस्बा बहुत लंबा है/);
    for (const message of Object.values(errors)) expect(text(message)).not.toBe(general);
  });

  it("never show a sentence it does not know in English", () => {
    expect(text("You have been banned from this application")).toBe("आप साइन इन नहीं कर सकते");
    expect(text("Some library's own message")).toBe(general);
  });
});
