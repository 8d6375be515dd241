// The backup archive is a plain POSIX tar (ustar), so `tar tf` lists it and `tar xf` unpacks it
// by hand; written and read here without a library. Entries are regular files only.
import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: "" };
  const cut = name.lastIndexOf("/", 155);
  if (cut > 0 && Buffer.byteLength(name.slice(cut + 1)) <= 100 && Buffer.byteLength(name.slice(0, cut)) <= 155) {
    return { name: name.slice(cut + 1), prefix: name.slice(0, cut) };
  }
  throw new Error(`The name ${name} is too long for the archive`);
}

function header(entryName: string, size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(entryName);
  block.write(name, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "latin1");
  block.write(octal(0, 8), 108, "latin1");
  block.write(octal(0, 8), 116, "latin1");
  block.write(octal(size, 12), 124, "latin1");
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136, "latin1");
  block.write("        ", 148, "latin1");
  block.write("0", 156, "latin1");
  block.write("ustar\0", 257, "latin1");
  block.write("00", 263, "latin1");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return block;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Appends entries to an open file; `finish` writes the end-of-archive blocks. */
export function tarWriter(file: FileHandle) {
  return {
    async add(name: string, data: Uint8Array, mtimeMs = Date.now()) {
      await file.write(header(name, data.length, mtimeMs));
      await file.write(data);
      const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (padding) await file.write(Buffer.alloc(padding));
    },
    async finish() {
      await file.write(Buffer.alloc(BLOCK * 2));
    },
  };
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** Every regular file of an archive, in order; throws on a damaged header or a cut-off archive. */
export async function* readTar(file: FileHandle): AsyncGenerator<TarEntry> {
  let offset = 0;
  const block = Buffer.alloc(BLOCK);
  for (;;) {
    const { bytesRead } = await file.read(block, 0, BLOCK, offset);
    if (bytesRead < BLOCK) throw new Error("The archive ends early (cut off while copying?)");
    offset += BLOCK;
    if (block.every((byte) => byte === 0)) return;
    const text = (start: number, length: number) => block.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const stored = Number.parseInt(text(148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (stored !== sum) throw new Error("The archive is damaged (a header's checksum does not match)");
    const size = Number.parseInt(text(124, 12).trim() || "0", 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1);
    const data = Buffer.alloc(size);
    if (size > 0) {
      const read = await file.read(data, 0, size, offset);
      if (read.bytesRead < size) throw new Error("The archive ends early (cut off while copying?)");
    }
    offset += size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "0" || type === "") yield { name, data };
  }
}
