// The phone path of the login and register pages (decisions/050): the same use cases and reply
// tables as POST /api/users/otp and /api/users/otp/verify.
import { data, redirect, type AppLoadContext } from "react-router";
import { normalizeIndianPhone } from "#common/india.ts";
import { PHONE_MESSAGES, type PhoneStepData } from "#common/phone-sign-in.ts";
import { whatsappCodesOffered } from "#server/modules/messaging/code-sender.ts";
import { codeSignInReply, phoneCodeReply } from "#server/modules/users/phone-replies.ts";
import { requestSignInCode, verifySignInCode } from "#server/modules/users/phone-sign-in.ts";
import { pageClient, signedInHeaders } from "./login.server";

/** Whether the pages offer WhatsApp beside SMS. */
export function phoneSignInOptions(context: AppLoadContext): { whatsapp: boolean } {
  return { whatsapp: whatsappCodesOffered(context.shop.config) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * One step of the phone form, posted with or without JavaScript: `phone-code` sends a code,
 * `phone-verify` tries it, `phone-create` makes the account with a name. A sign-in redirects to
 * `target` with the session cookie and the toast; everything else answers the next step.
 */
export async function phoneStep(request: Request, context: AppLoadContext, form: FormData, target: string) {
  const { shop, requestId } = context;
  const intent = text(form, "intent");
  const phone = text(form, "phone");
  const client = pageClient(request, context);
  const answer = (status: number, step: PhoneStepData, headers?: HeadersInit) => data({ phone: step }, { status, headers });
  try {
    if (intent === "phone-code") {
      const result = await requestSignInCode(shop, { phone, channel: text(form, "channel") || "sms" }, client);
      const reply = phoneCodeReply(result);
      if (!result.ok) return answer(reply.status, { step: "number", phone, message: reply.message, errors: reply.errors ?? {} }, reply.headers);
      return answer(200, { step: "code", phone: normalized(phone), message: result.message, resendAfter: result.resendAfter, errors: {} });
    }
    const code = text(form, "code");
    const create = intent === "phone-create";
    const body = create ? { phone, code, name: text(form, "name"), email: text(form, "email") } : { phone, code };
    const result = await verifySignInCode(shop, body, client);
    const reply = codeSignInReply(result);
    if (result.ok && result.newAccount) return answer(200, { step: "name", phone: normalized(phone), code, message: reply.message, errors: {} });
    if (result.ok) {
      const headers = await signedInHeaders(request, context, result, result.created ? "register" : "login");
      throw redirect(target, { headers });
    }
    const errors = reply.errors ?? {};
    // A wrong code goes back to the code step; a refused name or email stays on the name step.
    const step = create && !errors.code && reply.status !== 403 ? "name" : reply.status === 403 ? "number" : "code";
    return answer(reply.status, {
      step,
      phone: normalized(phone),
      ...(step === "name" ? { code, name: text(form, "name"), email: text(form, "email") } : {}),
      message: reply.message,
      errors,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    shop.logger.error({ err: error, requestId }, "page phone sign-in failed");
    return answer(500, { step: "number", phone, message: PHONE_MESSAGES.notSent, errors: {} });
  }
}

function normalized(phone: string): string {
  return normalizeIndianPhone(phone) ?? phone;
}
