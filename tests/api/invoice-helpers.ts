import { inflateSync } from "node:zlib";

/**
 * The text of a PDF written by pdfkit with embedded fonts: text is drawn as glyph
 * ids, so each font's ToUnicode CMap turns them back into characters. Enough for tests to read
 * what the invoice says; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);

  const streamOf = (body: string) => {
    const start = /stream\r?\n/.exec(body);
    const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
    if (!start || !Number.isInteger(length)) return "";
    const raw = body.slice(start.index + start[0].length, start.index + start[0].length + length);
    return /\/Filter \/FlateDecode/.test(body) ? inflateSync(Buffer.from(raw, "latin1")).toString("latin1") : raw;
  };
  const cmapOf = (fontRef: string): Map<number, string> => {
    const font = objects.get(fontRef) ?? "";
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
    const map = new Map<number, string>();
    if (!toUnicode) return map;
    const cmap = streamOf(objects.get(toUnicode) ?? "");
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((target, i) => {
        const chars = target[1]!.split(" ").map((hex) => String.fromCharCode(parseInt(hex, 16)));
        map.set(start + i, chars.join(""));
      });
    }
    return map;
  };

  const lines: string[] = [];
  for (const body of objects.values()) {
    if (!/\/Type \/Page\b/.test(body)) continue;
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(body)?.[1];
    const resources = resourcesRef ? (objects.get(resourcesRef) ?? "") : body;
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(resources);
    const contentsRef = /\/Contents (\d+) 0 R/.exec(body)?.[1];
    if (!fonts || !contentsRef) continue;
    const cmaps = new Map<string, Map<number, string>>();
    for (const entry of fonts[1]!.matchAll(/\/(\w+) (\d+) 0 R/g)) cmaps.set(entry[1]!, cmapOf(entry[2]!));
    const content = streamOf(objects.get(contentsRef) ?? "");
    let cmap = new Map<number, string>();
    for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        cmap = cmaps.get(op[1]) ?? new Map();
        continue;
      }
      let text = "";
      for (const part of op[2]!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i < part[1]!.length; i += 4) text += cmap.get(parseInt(part[1]!.slice(i, i + 4), 16)) ?? "?";
      }
      lines.push(text);
    }
  }
  return lines.join("\n");
}
