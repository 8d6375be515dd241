import { whatsappChatUrl } from "#common/whatsapp.ts";
import { useSeller } from "~/components/content/delivery-texts";

/**
 * WhatsApp's mark drawn for the shop (no outside image): a speech bubble with its tail at the
 * bottom left and a telephone handset inside. Decorative: the link's words name it.
 */
export function WhatsAppIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="none">
      <path
        d="M12 2.75a9.25 9.25 0 0 0-7.97 13.94L2.75 21.25l4.69-1.23A9.25 9.25 0 1 0 12 2.75Z"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path
        d="M9.03 7.2c-.2-.45-.41-.46-.6-.47h-.52a1 1 0 0 0-.72.34 3.03 3.03 0 0 0-.95 2.25c0 1.33.97 2.61 1.1 2.79.14.18 1.87 2.98 4.6 4.06 2.28.9 2.74.72 3.23.67.5-.04 1.6-.65 1.82-1.28.23-.63.23-1.17.16-1.28-.07-.12-.25-.18-.52-.32-.27-.13-1.6-.79-1.85-.88-.25-.09-.43-.13-.61.14-.18.27-.7.88-.86 1.06-.16.18-.32.2-.59.07-.27-.14-1.15-.43-2.19-1.35a8.2 8.2 0 0 1-1.51-1.88c-.16-.27-.02-.42.12-.55.12-.12.27-.32.41-.47.13-.16.18-.27.27-.45.09-.18.05-.34-.02-.47-.07-.14-.6-1.48-.84-2.02Z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * "Chat on WhatsApp" with the shop's number (WHATSAPP_CHAT_NUMBER), the first message typed in for
 * the shopper (`text`: the product or the order it is about). Nothing when no number is configured.
 */
export function WhatsAppChatLink({ text, className = "" }: { text: string; className?: string }) {
  const number = useSeller()?.whatsappChatNumber;
  if (!number) return null;
  return (
    <a
      href={whatsappChatUrl(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="whatsapp-chat"
      className={`inline-flex items-center gap-2 rounded-md border border-green-700 bg-white px-4 py-2 font-semibold text-green-800 hover:bg-green-50 ${className}`}
    >
      <WhatsAppIcon />
      Chat on WhatsApp
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
