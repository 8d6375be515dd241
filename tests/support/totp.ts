// RFC 6238 TOTP (HMAC-SHA1), written for the tests with node:crypto alone, so the shop's
// two-factor sign-in is checked against an authenticator that shares no code with it.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (no padding needed) → bytes. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: the counter as 8 big-endian bytes, HMAC-SHA1, dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** RFC 6238 TOTP at a time (seconds since the epoch; now by default), 30-second steps. */
export function totp(key: Buffer, options: { time?: number; digits?: number; period?: number } = {}): string {
  const time = options.time ?? Date.now() / 1000;
  return hotp(key, Math.floor(time / (options.period ?? 30)), options.digits ?? 6);
}

/** The key of an otpauth://totp URI (its base32 `secret`), checking it asks for SHA-1, 6 digits, 30 s. */
export function otpauthKey(uri: string): Buffer {
  const url = new URL(uri);
  if (url.protocol !== "otpauth:" || url.host !== "totp") throw new Error(`Not an otpauth TOTP URI: ${uri}`);
  const { searchParams } = url;
  if ((searchParams.get("algorithm") ?? "SHA1").toUpperCase() !== "SHA1") throw new Error("Not SHA-1");
  if ((searchParams.get("digits") ?? "6") !== "6" || (searchParams.get("period") ?? "30") !== "30") throw new Error("Not 6 digits every 30 s");
  return base32Decode(searchParams.get("secret") ?? "");
}

/** A code for the current step that is not `used` (the step after, if the current one's code was taken already). */
export function freshCode(key: Buffer, used: readonly string[] = []): string {
  const now = Date.now() / 1000;
  for (const shift of [0, 30, -30]) {
    const code = totp(key, { time: now + shift });
    if (!used.includes(code)) return code;
  }
  throw new Error("No unused code within the window");
}
