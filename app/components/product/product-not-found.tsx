import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { type Messages, translator, useLanguage, useLocalePath } from "~/lib/i18n";

/** The product page's 404: said in the shop's words, with a way back to the products; `messages` came with the 404 (the product namespace). */
export function ProductNotFound({ messages = {} }: { messages?: Messages }) {
  const t = translator(useLanguage(), messages);
  const lp = useLocalePath();
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-start justify-center px-6 py-16">
      <title>{`${t("product.notFound.title")} | ${SHOP_NAME}`}</title>
      <meta name="description" content={t("product.notFound.description")} />
      <p className="text-sm font-semibold tracking-wide text-brand-700">{t("product.notFound.error")}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{t("product.notFound.title")}</h1>
      <p className="mt-4 text-gray-700">{t("product.notFound.text")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={lp("/collections/all")} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          {t("product.notFound.browse")}
        </Link>
        <Link to={lp("/contact")} className="rounded-md px-4 py-2 font-medium text-brand-800 underline">
          {t("product.notFound.contact")}
        </Link>
      </div>
    </main>
  );
}
