import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { checkLoginForm, checkRegisterForm } from "#common/auth.ts";
import { checkContactForm, checkSubscribeForm } from "#common/content.ts";
import { isValidEmail } from "#common/forms.ts";
import { checkReviewForm } from "#common/review.ts";
import { loginSchema, registerSchema } from "./auth.ts";
import { contactSchema, subscribeSchema } from "./content.ts";
import { fieldErrors } from "./field-errors.ts";
import { reviewSchema } from "./review.ts";

// The pages check their forms in the browser with the plain rules of common/, the API with these
// zod schemas built on them (decisions/016): for any form the two must give the same answer.

/** What the server answers for a form: the cleaned values, or the first message per field. */
function serverAnswer(schema: z.core.$ZodType, values: Record<string, string>) {
  const parsed = z.safeParse(schema, values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

const long = (length: number) => "a".repeat(length);

const EMAILS = [
  "",
  " ",
  "asha@example.in",
  " Asha@Example.IN ",
  "a.b+c@x.co",
  "a..b@x.co",
  ".a@x.co",
  "a.@x.co",
  "a@x",
  "a@x.c",
  "a@-x.co",
  "a@x..co",
  "a b@x.co",
  "üser@x.co",
  "a@b@x.co",
  `${long(250)}@x.co`,
  `${long(64)}@${long(63)}.${long(63)}.${long(50)}.in`,
];

describe("the shared form rules agree with the server's schemas", () => {
  it("email: the plain check accepts exactly what zod's z.email() accepts", () => {
    for (const email of EMAILS) expect([email, isValidEmail(email)]).toEqual([email, z.safeParse(z.email(), email).success]);
  });

  it("login", () => {
    const forms = [
      { email: "", password: "" },
      { email: " Asha@Example.IN ", password: "secret1" },
      { email: "not-an-email", password: "12345" },
      { email: `${long(250)}@x.co`, password: long(129) },
      { email: "asha@example.in", password: "      " },
    ];
    for (const form of forms) expect(checkLoginForm(form)).toEqual(serverAnswer(loginSchema, form));
  });

  it("register", () => {
    const forms = [
      { name: "", email: "", password: "", confirmPassword: "" },
      { name: "  Asha Rao ", email: "asha@example.in", password: "secret1", confirmPassword: "secret1" },
      { name: "Asha\nRao", email: "asha@x", password: "secret1", confirmPassword: "secret2" },
      { name: long(101), email: "asha@example.in", password: "short", confirmPassword: "short" },
      { name: "Asha\u202ERao", email: "asha@example.in", password: "", confirmPassword: "x" },
      { name: "अनु\u200Dराधा", email: "a@example.in", password: long(128), confirmPassword: long(128) },
    ];
    for (const form of forms) expect(checkRegisterForm(form)).toEqual(serverAnswer(registerSchema, form));
  });

  it("contact and newsletter", () => {
    const forms = [
      { name: "", email: "", message: "" },
      { name: " Asha ", email: " asha@example.in ", message: " Hello " },
      { name: long(121), email: "asha@", message: long(5001) },
      { name: "A\u0000", email: "asha@example.in", message: "Hi\u0000" },
    ];
    for (const form of forms) {
      expect(checkContactForm(form)).toEqual(serverAnswer(contactSchema, form));
      expect(checkSubscribeForm({ email: form.email })).toEqual(serverAnswer(subscribeSchema, { email: form.email }));
    }
  });

  it("review", () => {
    const forms = [
      { rating: "", comment: "" },
      { rating: "4", comment: " Works well " },
      { rating: "0", comment: long(2001) },
      { rating: "4.5", comment: "ok" },
      { rating: "six", comment: "a\u0000b" },
      { rating: " 5 ", comment: "Great" },
    ];
    for (const form of forms) expect(checkReviewForm(form)).toEqual(serverAnswer(reviewSchema, form));
  });
});
