import { encode } from "uqr";

/** A QR code as one SVG path over a square of `size` modules (the quiet zone included). */
export interface QrCodeDrawing {
  size: number;
  path: string;
}

/**
 * The QR code of an otpauth:// URI, drawn by the shop (decisions/051: no outside service): error
 * correction M, a quiet zone of 4 modules, each run of dark modules in a row one rectangle of a single path.
 */
export function qrCodeDrawing(text: string): QrCodeDrawing {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    // Runs of dark modules in a row as one rectangle each.
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  });
  return { size, path };
}
