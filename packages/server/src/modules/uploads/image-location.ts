// Removes where a photo was taken from an uploaded image before it is stored: a phone writes the
// GPS position into the photo's EXIF block (JPEG APP1, PNG eXIf chunk, WebP EXIF chunk), and XMP
// packets may repeat it. The GPS directory is blanked in place — its entries and the values they
// point at become zeros and it is left with no entries — so every other EXIF value (orientation
// above all, which phones rely on to show a photo upright) and every offset in the file stay as
// they were. XMP packets are dropped whole. The picture data is never touched.
import type { UploadContentType } from '@flowsight/domain/uploads';

/** TIFF tag of the pointer from IFD0 to the GPS directory. */
const GPS_IFD_POINTER = 0x8825;
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_JPEG_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/**
 * Blanks the GPS directory of the TIFF structure (an EXIF block) in `tiff`, in place. Malformed
 * structures are left as they are but reported, so the caller can refuse the file.
 */
export function blankGpsInTiff(tiff: Buffer): 'blanked' | 'none' | 'malformed' {
  if (tiff.length < 8) return 'malformed';
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 'malformed';
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const fits = (at: number, length: number) => at >= 0 && at + length <= tiff.length;
  if (u16(2) !== 42) return 'malformed';
  const ifd0 = u32(4);
  if (!fits(ifd0, 2)) return 'malformed';
  const entries = u16(ifd0);
  if (!fits(ifd0 + 2, entries * 12)) return 'malformed';
  let gps: number | undefined;
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) === GPS_IFD_POINTER) gps = u32(entry + 8);
  }
  if (gps === undefined) return 'none';
  if (!fits(gps, 2)) return 'malformed';
  const gpsEntries = u16(gps);
  if (!fits(gps + 2, gpsEntries * 12)) return 'malformed';
  for (let i = 0; i < gpsEntries; i++) {
    const entry = gps + 2 + i * 12;
    const length = (TYPE_SIZES[u16(entry + 2)] ?? 0) * u32(entry + 4);
    // Values longer than four bytes live elsewhere; the entry holds their offset.
    if (length > 4 && fits(u32(entry + 8), length))
      tiff.fill(0, u32(entry + 8), u32(entry + 8) + length);
    tiff.fill(0, entry, entry + 12);
  }
  tiff.fill(0, gps, gps + 2);
  return 'blanked';
}

/** An image the stripper could not read safely. */
export class UnreadableImage extends Error {}

function blankExif(tiff: Buffer) {
  if (blankGpsInTiff(tiff) === 'malformed') throw new UnreadableImage('malformed EXIF block');
}

/** JPEG: walks the segments before the image data; blanks GPS in Exif APP1, drops XMP APP1. */
function stripJpeg(image: Buffer): Buffer {
  const kept: Buffer[] = [image.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= image.length) {
    if (image[at] !== 0xff) throw new UnreadableImage('JPEG segment expected');
    const marker = image[at + 1] ?? 0;
    // Start of scan: the compressed picture and everything after it are copied as they are.
    if (marker === 0xda) break;
    const length = image.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > image.length) throw new UnreadableImage('JPEG segment overruns file');
    const segment = image.subarray(at, end);
    const body = segment.subarray(4);
    const isApp1 = marker === 0xe1;
    if (isApp1 && body.subarray(0, 6).equals(EXIF_HEADER)) {
      blankExif(body.subarray(6));
      kept.push(segment);
    } else if (!(isApp1 && body.subarray(0, XMP_JPEG_HEADER.length).equals(XMP_JPEG_HEADER))) {
      kept.push(segment);
    }
    at = end;
  }
  kept.push(image.subarray(at));
  return Buffer.concat(kept);
}

/** CRC-32 (ISO 3309) as PNG chunks carry it. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp\0';

/** PNG: blanks GPS in the eXIf chunk (its CRC recomputed), drops the XMP iTXt chunk. */
function stripPng(image: Buffer): Buffer {
  const kept: Buffer[] = [image.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= image.length) {
    const length = image.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > image.length) throw new UnreadableImage('PNG chunk overruns file');
    const chunk = image.subarray(at, end);
    const type = chunk.toString('latin1', 4, 8);
    const data = chunk.subarray(8, 8 + length);
    if (type === 'eXIf') {
      blankExif(data);
      chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + length)), 8 + length);
    }
    const isXmp =
      type === 'iTXt' && data.toString('latin1', 0, PNG_XMP_KEYWORD.length) === PNG_XMP_KEYWORD;
    if (!isXmp) kept.push(chunk);
    at = end;
  }
  kept.push(image.subarray(at));
  return Buffer.concat(kept);
}

/** VP8X flag bit saying the file carries an XMP chunk. */
const WEBP_XMP_FLAG = 0x04;

/** WebP (RIFF): blanks GPS in the EXIF chunk, drops the XMP chunk (and its VP8X flag). */
function stripWebp(image: Buffer): Buffer {
  const kept: Buffer[] = [];
  let at = 12;
  while (at + 8 <= image.length) {
    const length = image.readUInt32LE(at + 4);
    // Chunks are padded to an even length.
    const end = at + 8 + length + (length % 2);
    if (at + 8 + length > image.length) throw new UnreadableImage('WebP chunk overruns file');
    const chunk = image.subarray(at, Math.min(end, image.length));
    const type = chunk.toString('latin1', 0, 4);
    const data = chunk.subarray(8, 8 + length);
    if (type === 'EXIF') {
      // Some writers keep JPEG's "Exif\0\0" in front of the TIFF structure.
      blankExif(data.subarray(0, 6).equals(EXIF_HEADER) ? data.subarray(6) : data);
    }
    if (type === 'VP8X' && data.length > 0) data[0] = (data[0] ?? 0) & ~WEBP_XMP_FLAG;
    if (type !== 'XMP ') kept.push(chunk);
    at = end;
  }
  const header = Buffer.from(image.subarray(0, 12));
  const body = Buffer.concat(kept);
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * The file as stored: images without their location, anything else (PDF) unchanged. Works on a
 * copy; throws UnreadableImage when an image's structure cannot be followed.
 */
export function withoutLocation(contentType: UploadContentType, file: Buffer): Buffer {
  const copy = Buffer.from(file);
  switch (contentType) {
    case 'image/jpeg':
      return stripJpeg(copy);
    case 'image/png':
      return stripPng(copy);
    case 'image/webp':
      return stripWebp(copy);
    case 'application/pdf':
      return copy;
    default: {
      const unreachable: never = contentType;
      return unreachable;
    }
  }
}
