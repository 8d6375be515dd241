const BASE = "http://shop.invalid";

/**
 * Where to go after signing in or registering (spec section 4): the `redirect` parameter,
 * default "/"; anything naming checkout goes to /checkout (the cart sends `?redirect=checkout`).
 * Only same-site paths are followed: never "//host", "/\host" or an absolute URL.
 */
export function redirectTarget(param: string | null | undefined): string {
  if (!param) return "/";
  if (param.includes("checkout")) return "/checkout";
  // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.com" would leave the site.
  if (!param.startsWith("/") || param.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(param)) return "/";
  try {
    const url = new URL(param, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}

/** "/register" or "/login", carrying the redirect parameter along when there is one. */
export function withRedirect(path: string, param: string | null): string {
  return param ? `${path}?${new URLSearchParams({ redirect: param })}` : path;
}
