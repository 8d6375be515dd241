import { createContext, useContext } from "react";

/** Set by entry.server for the document render: the request id and the CSP nonce. */
export const RequestInfoContext = createContext<{ requestId?: string; nonce?: string; css?: string }>({});

export function useNonce(): string | undefined {
  return useContext(RequestInfoContext).nonce;
}

/** The request id: from the server render, or from the document's meta tag after hydration. */
export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestInfoContext).requestId;
  if (fromServer) return fromServer;
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content || undefined;
}

/**
 * The site's stylesheet, inlined into every document so the first paint waits for no request.
 * The server has the text (entry.server imports it); in the browser it is read back from the
 * document so hydration sees the same markup, and it never enters the JavaScript bundles.
 */
export function useInlineCss(): string {
  const fromServer = useContext(RequestInfoContext).css;
  if (fromServer !== undefined) return fromServer;
  if (typeof document === "undefined") return "";
  return document.getElementById("site-css")?.textContent ?? "";
}
