/**
 * The legal seller as configuration gives it (server/config.ts reads the environment): printed in
 * the footer of every page, on invoices and in emails.
 */
export interface SellerDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
  gstin: string;
  drugLicence: string;
  pharmacistName: string;
  pharmacistRegistration: string;
  grievanceOfficerName: string;
  grievanceOfficerEmail: string;
  /** The shop's social profile (https), which the footer's social link points to (spec: one social site); null: no link. */
  socialUrl: string | null;
  /** The shop's WhatsApp number, 10 digits (WHATSAPP_CHAT_NUMBER): "Chat on WhatsApp" links to it; null: no link (decisions/055). */
  whatsappChatNumber: string | null;
}
