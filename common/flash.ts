/** The one-time message cookie (server/http/flash.ts sets and clears it; the root loader hands it to the toaster). */
export const FLASH_COOKIE = "flash";

export interface Flash {
  /** Unique per flash, so the page shows it once however often it renders. */
  id: string;
  type: "success" | "error" | "info";
  message: string;
}
