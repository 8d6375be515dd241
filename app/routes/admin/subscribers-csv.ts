import { subscribersCsv } from "~/components/admin/inbox.server";
import { requireAdmin } from "~/components/admin/require-admin.server";
import type { Route } from "./+types/subscribers-csv";

/** The newsletter's subscribers as a CSV download (admins only, like every admin route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const csv = await subscribersCsv(context.shop.db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
