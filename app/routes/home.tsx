import type { LinkDescriptor } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { imageSrcSet } from "#common/images.ts";
import { BenefitsStrip } from "~/components/home/benefits";
import { DigitalDispensary } from "~/components/home/dispensary";
import { HERO_IMAGE, HERO_SLIDES, HeroSlider } from "~/components/home/hero-slider";
import { NewArrivals } from "~/components/home/new-arrivals";
import { NewLaunch } from "~/components/home/new-launch";
import { ResearchHighlights } from "~/components/home/research-highlights";
import { CompanyValues } from "~/components/home/values";
import { Static } from "~/components/ui/static";
import { metaTranslator, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";
import { loadHomePage } from "./home.server";

export const meta: Route.MetaFunction = ({ location, matches }) => pageMeta(SHOP_NAME, metaTranslator(location, matches)("home.metaDescription"));

/** The first hero slide is the page's LCP image: fetched from the head, with the same srcset and sizes as its <img>. */
export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    as: "image",
    imageSrcSet: imageSrcSet(HERO_SLIDES[0].image, HERO_IMAGE.maxWidth)!,
    imageSizes: HERO_IMAGE.sizes,
    fetchPriority: "high",
  } as LinkDescriptor,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadHomePage(context, requestLanguage(request))), messages: pageMessages(request, "home", "catalog") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main">
      <h1 className="sr-only">{t("home.heading", { shop: SHOP_NAME, tagline: t("home.tagline") })}</h1>
      <HeroSlider />
      <Static>
        <CompanyValues />
      </Static>
      <NewArrivals products={loaderData.newArrivals} />
      <Static>
        <BenefitsStrip />
      </Static>
      <NewLaunch product={loaderData.newLaunch} />
      <Static>
        <DigitalDispensary />
      </Static>
      <ResearchHighlights articles={loaderData.articles} />
    </main>
  );
}
