// The payloads of the cod_confirm template's two quick-reply buttons (decisions/054): Meta sends
// the tapped button's payload back in the webhook. Each names the order and what the button does,
// signed with the shop's secret, so a payload cannot be made up for another order or the other
// button; the shopper only ever sees the buttons' labels.
import { createHmac, timingSafeEqual } from "node:crypto";

export type CodReplyKind = "CONFIRM" | "CANCEL";

const PREFIX = "cod";

function mac(secret: string, kind: CodReplyKind, orderId: string): string {
  return createHmac("sha256", secret).update(`whatsapp-cod-reply:${kind}:${orderId}`).digest("base64url").slice(0, 32);
}

/** `cod.CONFIRM.<order id>.<signature>`: one button's payload. */
export function codReplyPayload(secret: string, orderId: string, kind: CodReplyKind): string {
  return `${PREFIX}.${kind}.${orderId}.${mac(secret, kind, orderId)}`;
}

/** The order and kind a payload names when its signature is the shop's; null for anything else. */
export function readCodReplyPayload(secret: string, payload: string): { orderId: string; kind: CodReplyKind } | null {
  const parts = payload.split(".");
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, kind, orderId, signature] = parts as [string, string, string, string];
  if (kind !== "CONFIRM" && kind !== "CANCEL") return null;
  const expected = Buffer.from(mac(secret, kind, orderId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { orderId, kind };
}
