import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("register", "register page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="register" />
    </main>
  );
}
