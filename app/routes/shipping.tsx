import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("shipping", "shipping page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="shipping" />
    </main>
  );
}
