// What the sign-in and account pages show of the shared rules' and the reply tables' sentences
// (validation in the browser, the actions' answers, the API's messages): as they are on English
// pages, and in Hindi on /hi pages, through the `replies` catalogue. Plain sentences are found by
// the ids the loader sends (app/lib/reply-text.server.ts); sentences with numbers or names in them
// by the patterns below. A sentence not known here is never shown in English on a Hindi page (a
// library's own message, say): the catalogue's general sentence stands in for it.
import { useMatches } from "react-router";
import { formatLongDate } from "#common/dates.ts";
import { type MessageValues, type Translate, useLanguage, useT } from "~/lib/i18n";

type Pattern = [RegExp, string, (match: RegExpExecArray, t: Translate, text: (message: string) => string) => MessageValues];

const count = (match: RegExpExecArray) => ({ count: Number(match[1]) });
/** The address form's field names, as common/addresses.ts writes them into its sentences. */
const FIELDS: Record<string, string> = {
  "Full name": "account.address.fullName",
  "Address line 1": "account.address.line1",
  "Address line 2": "account.address.line2",
  Landmark: "account.address.landmark",
  "Town/City": "account.address.city",
};
const field = (match: RegExpExecArray, t: Translate) => ({ field: FIELDS[match[1]!] ? t(FIELDS[match[1]!]!) : match[1], max: match[2] });

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "24 November 2026" (a stored sentence's date) written the Hindi way. */
function hindiDate(english: string): string {
  const [day, month, year] = english.split(" ");
  const index = MONTHS.indexOf(month ?? "");
  return index < 0 ? english : formatLongDate(`${year}-${String(index + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`, "hi");
}

const PATTERNS: Pattern[] = [
  [
    /^Not ordered on (\d+ \w+ \d{4}): (.+) The next order is on (\d+ \w+ \d{4})\.$/,
    "replies.refillNotOrdered",
    (match, _t, text) => ({ date: hindiDate(match[1]!), reason: text(match[2]!), next: hindiDate(match[3]!) }),
  ],
  [/^(.+) is out of stock\.$/, "replies.outOfStock", (match) => ({ name: match[1] })],
  [/^Too many sign-in attempts\. Please try again in (\d+) minutes?\.$/, "replies.tooManyAttempts", count],
  [/^Too many requests\. Please try again in (\d+) minutes?\.$/, "replies.tooManyRequests", count],
  [/^Please wait (\d+) seconds? before asking for a new code\.$/, "replies.resendWait", count],
  [/^(.+) is required$/, "replies.fieldRequired", field],
  [/^(.+) is too long \((\d+) characters at most\)$/, "replies.fieldTooLong", field],
  [/^(.+) contains characters that are not allowed$/, "replies.fieldCharacters", field],
  [/^Your account cannot be deleted yet: orders? (.+) (?:is|are) not finished/, "replies.openOrders", (match) => ({ orders: match[1] })],
  [/^(.+) is not sold online any more, so it cannot be refilled$/, "replies.refillUnavailable", (match) => ({ name: match[1] })],
  [/^You can order at most (\d+) of (.+) at a time$/, "replies.refillOverLimit", (match) => ({ limit: match[1], name: match[2] })],
  [/^(.+) needs a prescription our pharmacist has approved\. Choose it, or upload one first\.$/, "replies.refillPrescription", (match) => ({ name: match[1] })],
  [/^Your approved prescription does not cover (.+) for another refill\. Please upload a new prescription\.$/, "replies.refillNotCovered", (match) => ({ name: match[1] })],
];

/** Merged once per set of matches: the ids the pages' loaders sent. */
const idsByMatches = new WeakMap<object, Record<string, string>>();

function replyIds(matches: ReturnType<typeof useMatches>): Record<string, string> {
  let ids = idsByMatches.get(matches);
  if (!ids) {
    ids = {};
    for (const match of matches) Object.assign(ids, (match?.loaderData as { replyIds?: Record<string, string> } | undefined)?.replyIds);
    idsByMatches.set(matches, ids);
  }
  return ids;
}

/** `text(message)`: the sentence in the page's language (an empty string for none). */
export function useReplyText(): (message: string | null | undefined) => string {
  const language = useLanguage();
  const t = useT();
  const matches = useMatches();
  if (language === "en") return (message) => message ?? "";
  return translatedReplies(t, replyIds(matches));
}

/** The sentences in the translator's language: by id (`ids`, English sentence → id), by pattern, else the general sentence. */
export function translatedReplies(t: Translate, ids: Record<string, string>): (message: string | null | undefined) => string {
  const text = (message: string | null | undefined): string => {
    if (!message) return "";
    const id = ids[message];
    if (id) return t(id);
    for (const [pattern, key, values] of PATTERNS) {
      const match = pattern.exec(message);
      if (match) return t(key, values(match, t, text));
    }
    return t("replies.unknown");
  };
  return text;
}

/** Each field's message in the page's language. */
export function useReplyErrors(): (errors: Record<string, string>) => Record<string, string> {
  const text = useReplyText();
  return (errors) => Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, text(message)]));
}
