import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("career-path", "career-path page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="career-path" />
    </main>
  );
}
