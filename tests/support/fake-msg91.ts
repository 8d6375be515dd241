// A stand-in for MSG91's Flow API and Meta's WhatsApp Cloud API on 127.0.0.1, for tests only
// (decisions/050, 054): it records every request and answers as the providers do. Tests point
// MSG91_API_BASE / WHATSAPP_API_BASE at it and read the codes and order messages from what it recorded.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeMessaging {
  url: string;
  requests: RecordedRequest[];
  /** How the next answers go: "ok", or a refusal as MSG91 sends it (HTTP 200 with type error, or a 500), or a dropped connection. */
  mode: "ok" | "refuse" | "fail" | "drop";
  /** The code in the last message to a number ("91" + 10 digits), SMS or WhatsApp. */
  lastCode(to: string): string | undefined;
  /** The Flow API calls (SMS) to a number ("91" + 10 digits), oldest first. */
  smsTo(to: string): RecordedRequest[];
  /** The Cloud API calls (WhatsApp) to a number, oldest first. */
  whatsappTo(to: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeMessaging(): Promise<FakeMessaging> {
  const requests: RecordedRequest[] = [];
  const fake: FakeMessaging = {
    url: "",
    requests,
    mode: "ok",
    lastCode(to) {
      for (let index = requests.length - 1; index >= 0; index--) {
        const body = requests[index]!.body as {
          recipients?: { mobiles?: string; otp?: string }[];
          to?: string;
          template?: { components?: { type: string; parameters: { text: string }[] }[] };
        } | null;
        const sms = body?.recipients?.find((recipient) => recipient.mobiles === to);
        if (sms?.otp) return sms.otp;
        if (body?.to === to) return body.template?.components?.find((component) => component.type === "body")?.parameters[0]?.text;
      }
      return undefined;
    },
    smsTo: (to) =>
      requests.filter((request) => request.path === "/api/v5/flow" && (request.body as { recipients?: { mobiles?: string }[] } | null)?.recipients?.some((recipient) => recipient.mobiles === to)),
    whatsappTo: (to) => requests.filter((request) => request.path.endsWith("/messages") && (request.body as { to?: string } | null)?.to === to),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      if (fake.mode === "drop") {
        req.socket.destroy();
        return;
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      const isWhatsApp = /^\/v\d+\.\d+\/[^/]+\/messages$/.test(req.url ?? "");
      res.setHeader("content-type", "application/json");
      if (fake.mode === "fail") {
        res.statusCode = 500;
        res.end(JSON.stringify({ type: "error", message: "Internal provider failure xyz-lib-trace" }));
        return;
      }
      if (fake.mode === "refuse") {
        res.statusCode = isWhatsApp ? 400 : 200;
        res.end(JSON.stringify(isWhatsApp ? { error: { message: "(#132001) Template name does not exist" } } : { type: "error", message: "Template ID missing or DLT not approved" }));
        return;
      }
      res.end(JSON.stringify(isWhatsApp ? { messaging_product: "whatsapp", messages: [{ id: `wamid.${randomUUID()}` }] } : { type: "success", message: `request-${requests.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
