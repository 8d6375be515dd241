import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("product", "product page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="product" />
    </main>
  );
}
