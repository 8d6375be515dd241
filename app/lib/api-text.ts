// Texts of parts shared with pages that do not send them (yet); the API's English sentences on
// Hindi pages go through app/lib/api-sentences.ts.
import { useT } from "~/lib/i18n";

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
