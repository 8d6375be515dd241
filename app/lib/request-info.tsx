import { createContext, useContext } from "react";

/** Set by entry.server for the document render: the request id and the CSP nonce. */
export const RequestInfoContext = createContext<{ requestId?: string; nonce?: string }>({});

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
