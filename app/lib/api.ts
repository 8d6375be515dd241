export type ApiResult<T> =
  | { ok: true; status: number; message: string; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string> };

const NETWORK_ERROR = "We couldn't reach the shop. Please check your connection and try again.";

/** JSON POST to the shop's own API from the browser (cookies are sent; same origin). */
export async function postJson<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
  const data = await response.json().catch(() => ({}));
  const message = typeof data?.message === "string" ? data.message : response.ok ? "" : "Something went wrong";
  if (!response.ok) return { ok: false, status: response.status, message, errors: data?.errors };
  return { ok: true, status: response.status, message, data: data as T };
}
