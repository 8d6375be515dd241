import { PageHero } from "~/components/ui/page-hero";
import { useSeller } from "./delivery-texts";
import { Static } from "~/components/ui/static";

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
  const contents = [
    ...sections.map(({ id, title }) => ({ id, title })),
    { id: "grievance-redressal", title: "Grievance redressal" },
    { id: "seller-details", title: "Seller details" },
  ];
  // Text and in-page links only: rendered on the server, never hydrated (decisions/060).
  return (
    <Static>
    <main id="main">
      <PageHero eyebrow="Policies" title={title} intro={intro} />
      <div className="mx-auto max-w-4xl px-4 pb-12 sm:px-6">
        <p className="text-sm text-gray-700">
          Last updated: <time dateTime={POLICY_LAST_UPDATED.iso}>{POLICY_LAST_UPDATED.text}</time>
        </p>
        <nav aria-labelledby="policy-contents" className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-5">
          <p id="policy-contents" className="font-semibold text-gray-900">
            On this page
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
  if (!seller) return null;
  return (
    <PolicyBlock id="grievance-redressal" title="Grievance redressal">
      <p>
        Most questions are solved fastest by our care team at{" "}
        <a href={`mailto:${seller.email}`}>{seller.email}</a> or{" "}
        <a href={`tel:${seller.phone.replace(/\s+/g, "")}`}>{seller.phone}</a>. If you are not satisfied with their
        answer, or you want to raise a formal complaint, write to our Grievance Officer:
      </p>
      <address className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-5 not-italic text-gray-800">
        <span className="block font-semibold text-gray-900">{seller.grievanceOfficerName}, Grievance Officer</span>
        <span className="mt-1 block">{seller.name}</span>
        <span className="mt-1 block">{seller.address}</span>
        <span className="mt-1 block break-words">
          Email: <a href={`mailto:${seller.grievanceOfficerEmail}`}>{seller.grievanceOfficerEmail}</a>
        </span>
      </address>
      <ul>
        <li>
          We <strong>acknowledge every grievance within 48 hours</strong> of receiving it and give you a reference number.
        </li>
        <li>
          We <strong>resolve it within one month</strong> of receipt and tell you in writing what we decided and why.
        </li>
        <li>Please include your order number, the product and batch number if relevant, and photos where they help.</li>
      </ul>
      {note}
      <p>
        If you are still not satisfied, you may contact the National Consumer Helpline (toll-free 1915 or 1800-11-4000)
        or approach the Consumer Disputes Redressal Commission under the Consumer Protection Act, 2019.
      </p>
    </PolicyBlock>
  );
}

/** The seller's legal name, address, GSTIN, drug licence and pharmacist, as the law asks the site to show. */
export function SellerLegalDetails() {
  const seller = useSeller();
  if (!seller) return null;
  const rows = [
    { label: "Legal name", value: seller.name },
    { label: "Registered address", value: seller.address },
    { label: "GSTIN", value: seller.gstin },
    { label: "Retail drug licence (Forms 20 and 21)", value: seller.drugLicence },
    { label: "Registered pharmacist", value: seller.pharmacistName },
    { label: "Pharmacist registration", value: seller.pharmacistRegistration },
    { label: "Customer care", value: `${seller.phone} · ${seller.email}` },
  ];
  return (
    <PolicyBlock id="seller-details" title="Seller details">
      <p>This website and every order placed on it are operated by:</p>
      <dl className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-gray-900">{row.label}</dt>
            <dd className="break-words text-gray-800 sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
    </PolicyBlock>
  );
}
