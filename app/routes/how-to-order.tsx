import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("how-to-order", "how-to-order page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="how-to-order" />
    </main>
  );
}
