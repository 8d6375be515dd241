import type { ProductJson } from "#common/catalog.ts";
import { formatShortDate } from "#common/dates.ts";
import { isMedicine, safetyAdviceLines } from "#common/medicine-information.ts";
import { useLanguage, useT } from "~/lib/i18n";

/**
 * The product's medicine information (decisions/027), as the admin wrote it; a field left empty
 * is not shown, and a product with none of them shows no section at all.
 */
export function MedicineInformation({ product }: { product: ProductJson }) {
  const t = useT();
  // On a Hindi page, the fields the product has no Hindi for (and those never translated) are English.
  const hindi = useLanguage() === "hi";
  const english = (field?: "composition" | "uses" | "directions" | "sideEffects" | "safetyAdvice") =>
    hindi && (!field || !product.untranslated || product.untranslated.includes(field)) ? "en" : undefined;
  const medicine = isMedicine(product);
  const rows: { term: string; text: string | null; lang?: string }[] = [
    { term: medicine ? t("product.info.saltComposition") : t("product.info.composition"), text: product.composition, lang: english("composition") },
    { term: t("product.info.uses"), text: product.uses, lang: english("uses") },
    { term: t("product.info.directions"), text: product.directions, lang: english("directions") },
    { term: t("product.info.sideEffects"), text: product.sideEffects, lang: english("sideEffects") },
  ];
  const after: { term: string; text: string | null; lang?: string }[] = [
    { term: t("product.info.storage"), text: product.storage, lang: english() },
    { term: t("product.info.manufacturer"), text: product.manufacturer, lang: english() },
    { term: t("product.info.marketer"), text: product.marketer, lang: english() },
    { term: t("product.info.countryOfOrigin"), text: product.countryOfOrigin, lang: english() },
  ];
  const advice = product.safetyAdvice ? safetyAdviceLines(product.safetyAdvice) : [];
  if ([...rows, ...after].every((row) => !row.text) && advice.length === 0) return null;
  const title = medicine ? t("product.info.medicineTitle") : t("product.info.productTitle");

  return (
    <section aria-labelledby="medicine-information" className="below-fold mt-10 rounded-lg border border-gray-200 bg-white">
      <h2 id="medicine-information" className="border-b border-gray-200 px-4 py-3 text-lg font-semibold text-gray-900 sm:px-6">
        {title}
      </h2>
      <dl className="divide-y divide-gray-200">
        {rows.map((row) => (row.text ? <Row key={row.term} term={row.term} text={row.text} lang={row.lang} /> : null))}
        {advice.length > 0 ? (
          <div className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-4 sm:gap-4 sm:px-6">
            <dt className="font-medium text-gray-700">{t("product.info.safetyAdvice")}</dt>
            <dd className="text-gray-900 sm:col-span-3" lang={english("safetyAdvice")}>
              <ul className="space-y-1">
                {advice.map((line) => (
                  <li key={`${line.topic}:${line.advice}`}>
                    {line.topic ? <span className="font-semibold">{line.topic}: </span> : null}
                    {line.advice}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {after.map((row) => (row.text ? <Row key={row.term} term={row.term} text={row.text} lang={row.lang} /> : null))}
      </dl>
      {medicine ? (
        <p className="border-t border-gray-200 px-4 py-3 text-xs text-gray-700 sm:px-6">
          {t("product.info.note")}
        </p>
      ) : null}
    </section>
  );
}

function Row({ term, text, lang }: { term: string; text: string; lang?: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-4 sm:gap-4 sm:px-6">
      <dt className="font-medium text-gray-700">{term}</dt>
      <dd lang={lang} className="whitespace-pre-line break-words text-gray-900 sm:col-span-3">
        {text}
      </dd>
    </div>
  );
}

/** The expiry of the batch in stock (the one the order line and invoice carry), shown before purchase. */
export function ExpiryNote({ product }: { product: ProductJson }) {
  const t = useT();
  const language = useLanguage();
  if (product.countInStock <= 0 || !product.expiryDate) return null;
  return (
    <p className="mt-1 text-sm text-gray-700">
      {t("product.expiry", { date: formatShortDate(product.expiryDate, language) })}
      {product.batchNumber ? t("product.batch", { batch: product.batchNumber }) : ""}
    </p>
  );
}
