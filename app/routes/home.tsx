import { Link } from "react-router";
import { SHOP_NAME, SHOP_SECTIONS, SHOP_TAGLINE } from "#common/brand.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    SHOP_NAME,
    "Buy women care, sports nutrition and kids nutrition products online in India: pharmaceutical-grade quality, GMP-certified manufacturing and secure checkout.",
  );

export default function Home() {
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-bold text-gray-900 sm:text-5xl">{SHOP_NAME}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">{SHOP_TAGLINE}.</p>
          <Link
            to="/collections/all"
            className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Shop all products
          </Link>
        </div>
      </section>
      <section aria-labelledby="sections-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="sections-heading" className="text-2xl font-bold text-gray-900">
          Our digital dispensary
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {SHOP_SECTIONS.map((section) => (
            <li key={section.slug} className="rounded-lg border border-gray-200 p-6">
              <h3 className="text-lg font-semibold text-gray-900">{section.name}</h3>
              <Link to={`/collections/${section.slug}`} className="mt-4 inline-block font-medium text-brand-800 underline">
                Explore {section.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
