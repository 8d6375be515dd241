import { randomInt } from "node:crypto";
import { BACKUP_CODE_ALPHABET } from "#common/two-factor.ts";

/**
 * Ten single-use backup codes `xxxxx-xxxxx` (decisions/051): lower-case letters and digits without
 * look-alikes, so a code read off paper is typed right in any case (about 49 bits each). Better
 * Auth's two-factor plugin stores them encrypted and takes each once.
 */
export function newBackupCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const text = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join("");
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
