import { useRouteLoaderData } from "react-router";
import { whatsappChatUrl } from "#common/whatsapp-chat.ts";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/lib/i18n";

// The footer shows the link too, so this module travels in the shop's frame chunk that every page
// loads (decision 037): keep it small.

/**
 * WhatsApp's mark drawn for the shop (no outside image): a round speech bubble with its tail at
 * the bottom left and a handset inside. Decorative: the link's words name it.
 */
export function WhatsAppIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3Z" />
      <path d="M9 7.5c-.6 0-1.5.8-1.5 2 0 2.6 3.4 6.5 6.6 6.8 1.2.1 2.1-.8 2.1-1.4l-.2-.6-1.8-.9-.8 1c-1.3-.4-2.9-2-3.3-3.3l1-.8-.9-1.8Z" fill="currentColor" strokeWidth="1" />
    </svg>
  );
}

const LOOKS = {
  button: "inline-flex items-center gap-2 rounded-md border border-green-700 bg-white px-4 py-2 font-semibold text-green-800 hover:bg-green-50",
  footer: "inline-flex items-center gap-2 hover:text-white hover:underline",
};

/**
 * "Chat on WhatsApp" with the shop's number (WHATSAPP_CHAT_NUMBER, from the root loader's seller
 * details), the first message typed in for the shopper (`text`: the product or the order it is
 * about). Nothing when no number is configured.
 */
export function WhatsAppChatLink({ text, look = "button", className = "" }: { text: string; look?: keyof typeof LOOKS; className?: string }) {
  const number = useRouteLoaderData<typeof rootLoader>("root")?.seller.whatsappChatNumber;
  const t = useT();
  if (!number) return null;
  return (
    <a href={whatsappChatUrl(number, text)} target="_blank" rel="noopener noreferrer" className={`${LOOKS[look]} ${className}`}>
      <WhatsAppIcon />
      {t("frame.whatsapp.chat")}
      <span className="sr-only">{t("frame.footer.newTab")}</span>
    </a>
  );
}
