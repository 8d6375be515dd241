import { Link } from "react-router";
import { SHOP_NAME, SHOP_SECTIONS } from "#common/brand.ts";
import { useLocalePath, useT } from "~/lib/i18n";
import { useWelcomeOffer } from "./newsletter-form";
import type { SellerDetails } from "#common/seller.ts";
import { NewsletterForm } from "./newsletter-form";
import { GENERAL_CHAT_TEXT } from "#common/whatsapp-chat.ts";
import { Static } from "~/components/ui/static";
import { WhatsAppChatLink } from "~/components/ui/whatsapp-chat-link";

const HELP_LINKS = [
  { to: "/contact", label: "frame.footer.contactUs" },
  { to: "/terms", label: "frame.footer.terms" },
  { to: "/shipping", label: "frame.footer.shipping" },
  { to: "/privacy", label: "frame.footer.privacy" },
  { to: "/how-to-order", label: "frame.footer.howToOrder" },
];

export function Footer({ seller }: { seller: SellerDetails }) {
  const year = new Date().getFullYear();
  const t = useT();
  const lp = useLocalePath();
  const offer = useWelcomeOffer();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-lg font-semibold text-white">
            {t("frame.footer.newsletter")}
          </h2>
          <p className="mt-2 text-sm">{t("frame.footer.newsletterText", { offer })}</p>
          <NewsletterForm />
        </section>
        <Static>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="text-lg font-semibold text-white">
            {t("frame.footer.shop")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SHOP_SECTIONS.map((section) => (
              <li key={section.slug}>
                <Link to={lp(`/collections/${section.slug}`)} className="hover:text-white hover:underline">
                  {t(`frame.section.${section.slug}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={lp("/collections/all")} className="hover:text-white hover:underline">
                {t("frame.footer.allProducts")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-lg font-semibold text-white">
            {t("frame.footer.help")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={lp(link.to)} className="hover:text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold text-white">
            {t("frame.footer.callUs")}
          </h2>
          <p className="mt-3 text-sm">
            <a href={`tel:${seller.phone.replace(/\s+/g, "")}`} className="text-base font-semibold text-white hover:underline">
              {seller.phone}
            </a>
          </p>
          <p className="mt-1 text-sm">{t("frame.footer.hours")}</p>
          <p className="mt-2 text-sm">
            <a href={`mailto:${seller.email}`} className="hover:text-white hover:underline">
              {seller.email}
            </a>
          </p>
          {seller.whatsappChatNumber ? (
            <p className="mt-2 text-sm">
              <WhatsAppChatLink text={GENERAL_CHAT_TEXT} look="footer" />
            </p>
          ) : null}
          {seller.socialUrl ? (
            <p className="mt-2 text-sm">
              {/* The spec's social links all point to one site: the shop's profile, when configured (SELLER_SOCIAL_URL). */}
              <a href={seller.socialUrl} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                {t("frame.footer.followUs", { site: new URL(seller.socialUrl).hostname.replace(/^www\./, "") })}
                <span className="sr-only">{t("frame.footer.newTab")}</span>
              </a>
            </p>
          ) : null}
        </section>
        </Static>
      </div>
      <Static>
      <div className="border-t border-brand-800">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-6 text-xs text-brand-100 sm:px-6">
          {/* The seller's name and postal address as registered: the same in both languages. */}
          <p lang="en">
            {seller.name}, {seller.address}
          </p>
          <p>
            {t("frame.footer.licences", { gstin: seller.gstin, licence: seller.drugLicence, pharmacist: seller.pharmacistName })}
            {seller.pharmacistRegistration})
          </p>
          <p>
            {t("frame.footer.grievanceOfficer", { name: seller.grievanceOfficerName })}{" "}
            <a href={`mailto:${seller.grievanceOfficerEmail}`} className="underline hover:text-white">
              {seller.grievanceOfficerEmail}
            </a>
          </p>
          <p className="pt-2">
            {t("frame.footer.rights", { year, shop: SHOP_NAME })}
          </p>
        </div>
      </div>
      </Static>
    </footer>
  );
}
