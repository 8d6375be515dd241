import { data, redirect } from "react-router";
import type { Route } from "./+types/order-returns";
import { requestReturnFromPage } from "./order-returns.server";

/** POST from the order page's "Return items": the owner asks to return delivered units. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(`/login?${new URLSearchParams({ redirect: `/order/${params.orderId}` })}`);
  const { status, ...result } = await requestReturnFromPage(context, params.orderId, context.user, await request.formData());
  return data(result, { status });
}
