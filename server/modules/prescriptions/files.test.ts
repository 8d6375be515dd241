// Prescription files are judged by their bytes (decisions/019): what is a PDF, a photo or neither,
// names that disagree with the content, and what re-encoding keeps and drops.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_PRESCRIPTION_BYTES } from "#common/prescriptions.ts";
import { looksLikePdf, nameAgrees, prepareFile, safeFileName, sniffPrescription } from "./files.ts";

const pdf = (body = "1 0 obj << >> endobj\n") => Buffer.from(`%PDF-1.7\n${body}trailer << >>\n%%EOF\n`, "latin1");
const photo = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
    .withExif({ IFD0: { Artist: "Dr Secret" } })
    .toFormat(format)
    .toBuffer();

describe("sniffPrescription", () => {
  it("recognises JPEG, PNG and WebP photos and complete PDFs by their bytes", async () => {
    expect(sniffPrescription(await photo("jpeg"))).toBe("jpeg");
    expect(sniffPrescription(await photo("png"))).toBe("png");
    expect(sniffPrescription(await photo("webp"))).toBe("webp");
    expect(sniffPrescription(pdf())).toBe("pdf");
  });

  it("refuses HTML, text, AVIF, empty and truncated PDFs", async () => {
    expect(sniffPrescription(Buffer.from("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffPrescription(Buffer.from("just some text"))).toBeNull();
    expect(sniffPrescription(Buffer.alloc(0))).toBeNull();
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).avif().toBuffer();
    expect(sniffPrescription(avif)).toBeNull();
    // A header without its end-of-file marker: cut off in transfer, or not a PDF at all.
    expect(sniffPrescription(Buffer.from("%PDF-1.4\n<html>not really</html>\n"))).toBeNull();
    expect(looksLikePdf(Buffer.concat([pdf(), Buffer.alloc(4096, 0x20)]))).toBe(false);
  });
});

describe("nameAgrees", () => {
  it("a .pdf name must hold a PDF, a photo name a photo; other names are judged by content alone", () => {
    expect(nameAgrees("rx.pdf", "pdf")).toBe(true);
    expect(nameAgrees("rx.PDF", "png")).toBe(false);
    expect(nameAgrees("rx.jpg", "pdf")).toBe(false);
    expect(nameAgrees("rx.jpg", "png")).toBe(true);
    expect(nameAgrees("rx", "jpeg")).toBe(true);
  });
});

describe("safeFileName", () => {
  it("keeps letters, digits, spaces, dots and dashes, and the extension of the content", () => {
    expect(safeFileName("C:\\Users\\me\\Rx scan (1).JPG", "jpeg")).toBe("Rx scan 1.jpg");
    expect(safeFileName('../../etc/"passwd"\r\n.pdf', "pdf")).toBe("passwd.pdf");
    expect(safeFileName("", "png")).toBe("prescription.png");
    expect(safeFileName("नुस्खा.webp", "webp")).toBe("prescription.webp");
  });
});

describe("prepareFile", () => {
  it("re-encodes a photo in its own format without its metadata", async () => {
    const prepared = await prepareFile(await photo("jpeg"), "rx.jpg");
    expect(prepared).toMatchObject({ ok: true, kind: "jpeg", contentType: "image/jpeg" });
    if (!prepared.ok) return;
    const metadata = await sharp(prepared.data).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(prepared.data.includes(Buffer.from("Dr Secret"))).toBe(false);
  });

  it("keeps a PDF as sent", async () => {
    const bytes = pdf();
    expect(await prepareFile(bytes, "rx.pdf")).toEqual({ ok: true, kind: "pdf", contentType: "application/pdf", data: bytes });
  });

  it("refuses empty, too large, mismatched and undecodable files", async () => {
    expect(await prepareFile(Buffer.alloc(0), "rx.pdf")).toEqual({ ok: false, reason: "empty" });
    expect(await prepareFile(Buffer.alloc(MAX_PRESCRIPTION_BYTES + 1), "rx.pdf")).toEqual({ ok: false, reason: "too-large" });
    expect(await prepareFile(await photo("png"), "rx.pdf")).toEqual({ ok: false, reason: "unsupported-type" });
    expect(await prepareFile(Buffer.from("<html><body>hi</body></html>"), "rx.jpg")).toEqual({ ok: false, reason: "unsupported-type" });
    // A JPEG header followed by garbage: looks like a photo, does not decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await prepareFile(broken, "rx.jpg")).toEqual({ ok: false, reason: "unreadable" });
  });
});
