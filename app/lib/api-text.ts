// The JSON API answers in English (its contract, api-contract.md); a Hindi page shows its
// messages in Hindi (issue 34). A namespace's `<ns>.api.<name>` keys hold, in English, the API's
// sentence exactly (`{name}` where it varies); on a /hi page the loader also sends those English
// sources (`apiSources`, api-text.server.ts), and `useApiText()` finds the one a message matches and
// shows the page's text for its key, with the varying parts carried over. English pages get no
// sources: the message shows as the API wrote it. A message no key knows shows as it came.
import { useMatches } from "react-router";
import { useT } from "~/lib/i18n";

/** `[key, English source]` of the API's sentences, sent by a Hindi page's loader. */
export type ApiSources = [string, string][];

export function useApiText(): (message: string | null | undefined) => string {
  const t = useT();
  const sources = useMatches().flatMap((match) => (match.loaderData as { apiSources?: ApiSources } | undefined)?.apiSources ?? []);
  return (message) => {
    if (!message) return "";
    for (const [key, source] of sources) {
      const names: string[] = [];
      const pattern = source.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return "(.+?)";
      });
      const found = new RegExp(`^${pattern}$`).exec(message);
      if (found) return t(key, Object.fromEntries(names.map((name, index) => [name, found[index + 1]])));
    }
    return message;
  };
}

/**
 * For parts shared with pages whose loaders do not send these texts (yet): the key's text where the
 * page has it, else the English as written here.
 */
export function useTextOr(): (id: string, english: string, values?: Record<string, unknown>) => string {
  const t = useT();
  return (id, english, values) => {
    const text = t(id, values);
    return text === id ? english : text;
  };
}
