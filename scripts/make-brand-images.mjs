// Draws public/favicon.ico (32×32) and public/og.png (1200×630): a token curve that climbs, is cut by a
// compaction, and climbs again — the product in one picture. Dependency-free (zlib + a PNG writer), so it
// runs offline; re-run after changing the drawing: `node scripts/make-brand-images.mjs`.
import fs from "node:fs";
import zlib from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const INK = [15, 23, 42, 255];
const CURVE = [56, 189, 248, 255];
const CUT = [251, 191, 36, 255];
const CLEAR = [0, 0, 0, 0];

/** token fill (0..1) at x (0..1): climbs to the threshold, a compaction drops it, it climbs again */
const fill = (x) => (x < 0.55 ? 0.15 + x * 1.35 : 0.3 + (x - 0.55) * 1.2);

function drawing(width, height, { margin, stroke, rounded }) {
  return (x, y) => {
    if (rounded) {
      const r = width / 5;
      const cx = Math.min(Math.max(x, r), width - 1 - r);
      const cy = Math.min(Math.max(y, r), height - 1 - r);
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return CLEAR;
    }
    const u = (x - margin) / (width - 2 * margin);
    const v = 1 - (y - margin) / (height - 2 * margin);
    if (u < 0 || u > 1 || v < 0 || v > 1) return INK;
    if (Math.abs(u - 0.55) * (width - 2 * margin) < stroke / 2 && v < 0.9) return CUT;
    const curveY = fill(u);
    if (Math.abs(v - curveY) * (height - 2 * margin) < stroke) return CURVE;
    if (v < curveY) return [30, 58, 95, 255];
    return INK;
  };
}

const icon = png(32, 32, drawing(32, 32, { margin: 5, stroke: 2.2, rounded: true }));
// an ICO holding one PNG image (Vista+ and every current browser read it)
const dir = Buffer.alloc(22);
dir.writeUInt16LE(0, 0);
dir.writeUInt16LE(1, 2);
dir.writeUInt16LE(1, 4);
dir.set([32, 32, 0, 0], 6);
dir.writeUInt16LE(1, 10);
dir.writeUInt16LE(32, 12);
dir.writeUInt32LE(icon.length, 14);
dir.writeUInt32LE(22, 18);
fs.writeFileSync(new URL("../public/favicon.ico", import.meta.url), Buffer.concat([dir, icon]));
fs.writeFileSync(new URL("../public/og.png", import.meta.url), png(1200, 630, drawing(1200, 630, { margin: 90, stroke: 9, rounded: false })));
console.log("wrote public/favicon.ico and public/og.png");
