import { formatLongDate } from "#common/dates.ts";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { useLanguage, useT } from "~/lib/i18n";
import { useSeller } from "./delivery-texts";
import { rich } from "./rich";

/** The date every policy page shows; change it whenever a policy's wording changes. */
export const POLICY_LAST_UPDATED = { iso: "2026-11-28", text: "28 November 2026" };

export interface PolicySection {
  id: string;
  title: string;
  body: React.ReactNode;
}

export { useDeliveryTexts, useSeller } from "./delivery-texts";

/**
 * A policy page: heading, "Last updated", an in-page contents list, the sections, and then the
 * grievance-redressal and seller-details blocks the E-Commerce Rules ask every policy to carry.
 */
export function PolicyPage({
  title,
  intro,
  sections,
  grievanceNote,
}: {
  title: string;
  intro: string;
  sections: readonly PolicySection[];
  grievanceNote?: React.ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const contents = [
    ...sections.map(({ id, title }) => ({ id, title })),
    { id: "grievance-redressal", title: t("policies.grievance.title") },
    { id: "seller-details", title: t("policies.seller.title") },
  ];
  // Text and in-page links only: rendered on the server, never hydrated (decisions/060).
  return (
    <Static>
    <main id="main">
      <PageHero eyebrow={t("policies.eyebrow")} title={title} intro={intro} />
      <div className="mx-auto max-w-4xl px-4 pb-12 sm:px-6">
        <p className="text-sm text-gray-700">
          {rich(t("policies.lastUpdated"), {
            date: () => <time dateTime={POLICY_LAST_UPDATED.iso}>{formatLongDate(POLICY_LAST_UPDATED.iso, language)}</time>,
          })}
        </p>
        <nav aria-labelledby="policy-contents" className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-5">
          <p id="policy-contents" className="font-semibold text-gray-900">
            {t("policies.onThisPage")}
          </p>
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-gray-800 sm:columns-2 sm:gap-8">
            {contents.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                  {entry.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <PolicyBlock key={section.id} id={section.id} title={section.title}>
            {section.body}
          </PolicyBlock>
        ))}
        <GrievanceOfficer note={grievanceNote} />
        <SellerLegalDetails />
      </div>
    </main>
    </Static>
  );
}

/** Running policy text: spacing, lists and underlined links without a typography plugin. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="leading-relaxed text-gray-800 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-gray-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      {children}
    </div>
  );
}

function PolicyBlock({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      <Prose>{children}</Prose>
    </section>
  );
}

/** The grievance officer the Consumer Protection (E-Commerce) Rules 2020 require, with the promised timelines. */
export function GrievanceOfficer({ note }: { note?: React.ReactNode }) {
  const seller = useSeller();
  const t = useT();
  if (!seller) return null;
  return (
    <PolicyBlock id="grievance-redressal" title={t("policies.grievance.title")}>
      <p>
        {rich(t("policies.grievance.intro"), {
          email: () => <a href={`mailto:${seller.email}`}>{seller.email}</a>,
          phone: () => <a href={`tel:${seller.phone.replace(/\s+/g, "")}`}>{seller.phone}</a>,
        })}
      </p>
      <address className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-5 not-italic text-gray-800">
        <span className="block font-semibold text-gray-900">{t("policies.grievance.officer", { name: seller.grievanceOfficerName })}</span>
        <span className="mt-1 block">{seller.name}</span>
        <span lang="en" className="mt-1 block">
          {seller.address}
        </span>
        <span className="mt-1 block break-words">
          {t("policies.grievance.email")} <a href={`mailto:${seller.grievanceOfficerEmail}`}>{seller.grievanceOfficerEmail}</a>
        </span>
      </address>
      <ul>
        <li>{rich(t("policies.grievance.acknowledge"))}</li>
        <li>{rich(t("policies.grievance.resolve"))}</li>
        <li>{t("policies.grievance.include")}</li>
      </ul>
      {note}
      <p>{t("policies.grievance.helpline")}</p>
    </PolicyBlock>
  );
}

/** The seller's legal name, address, GSTIN, drug licence and pharmacist, as the law asks the site to show. */
export function SellerLegalDetails() {
  const seller = useSeller();
  const t = useT();
  if (!seller) return null;
  const rows = [
    { label: t("policies.seller.legalName"), value: seller.name },
    { label: t("policies.seller.address"), value: seller.address },
    { label: "GSTIN", value: seller.gstin },
    { label: t("policies.seller.drugLicence"), value: seller.drugLicence },
    { label: t("policies.seller.pharmacist"), value: seller.pharmacistName },
    { label: t("policies.seller.pharmacistRegistration"), value: seller.pharmacistRegistration },
    { label: t("policies.seller.care"), value: `${seller.phone} · ${seller.email}` },
  ];
  return (
    <PolicyBlock id="seller-details" title={t("policies.seller.title")}>
      <p>{t("policies.seller.intro")}</p>
      <dl className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-gray-900">{row.label}</dt>
            {/* The seller's registered details: data, the same in both languages. */}
            <dd lang="en" className="break-words text-gray-800 sm:col-span-2">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </PolicyBlock>
  );
}
