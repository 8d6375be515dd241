import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";

/** The product page's 404: said in the shop's words, with a way back to the products. */
export function ProductNotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-start justify-center px-6 py-16">
      <title>{`Product not found | ${SHOP_NAME}`}</title>
      <meta name="description" content="This product isn't in our catalogue any more. Browse our women care, sports nutrition and kids nutrition products." />
      <p className="text-sm font-semibold tracking-wide text-brand-700">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Product not found</h1>
      <p className="mt-4 text-gray-700">
        We couldn't find this product. It may have been removed from our catalogue, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/collections/all" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Browse all products
        </Link>
        <Link to="/contact" className="rounded-md px-4 py-2 font-medium text-brand-800 underline">
          Contact us
        </Link>
      </div>
    </main>
  );
}
