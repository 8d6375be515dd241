import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath } from "~/lib/i18n";

export type Tags = Record<string, (children: string) => ReactNode>;

/** `<b>` is bold in every text; other tags are the caller's (links). */
const DEFAULT_TAGS: Tags = { b: (children) => <strong>{children}</strong> };

/**
 * A translated text whose catalogue message marks parts with tags (`Read our <quality>Quality
 * Promise</quality>.`), the tags made into elements: so a sentence with a link stays one message
 * that each language orders its own way. Tags do not nest; an unknown tag shows its text.
 */
export function rich(text: string, tags: Tags = {}): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[match[1]] ?? DEFAULT_TAGS[match[1]] ?? ((children: string) => children);
    parts.push(<Fragment key={key++}>{render(match[2])}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 ? parts[0] : parts;
}

/** `rich`'s tag for data written in English inside a sentence (the seller's licence, pharmacist, registration): marked lang="en". */
export const englishData = (children: string): ReactNode => <span lang="en">{children}</span>;

/** `rich`'s tag for a link in the page's language: `link("/contact")` renders `<contact>…</contact>` as a link there. */
export function useLinkTag(className?: string): (to: string) => (children: string) => ReactNode {
  const lp = useLocalePath();
  return (to) => (children) => (
    <Link to={lp(to)} className={className}>
      {children}
    </Link>
  );
}
