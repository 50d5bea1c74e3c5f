// Test images as a phone writes them — an EXIF block with the orientation and the GPS position of
// a utility closet, and an XMP packet repeating the position — and the readers the tests decode
// results with: dimensions and markers, chunk CRCs, the EXIF orientation and GPS directory.
import { deflateSync, inflateSync } from 'node:zlib';
import { crc32 } from './image-location.ts';

/** Where the sample photos were taken: the rational bytes of 40°42'46.12"N 73°59'12.34"W. */
export const LATITUDE = [
  [40, 1],
  [42, 1],
  [4612, 100],
] as const;
export const LONGITUDE = [
  [73, 1],
  [59, 1],
  [1234, 100],
] as const;
/** EXIF orientation 6: the camera was turned; viewers rotate the picture 90° to show it upright. */
export const ORIENTATION = 6;
export const XMP_PACKET =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="40,42.768N"/></rdf:RDF></x:xmpmeta>';

const rationals = (values: readonly (readonly [number, number])[]) => {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach(([numerator, denominator], i) => {
    bytes.writeUInt32BE(numerator, i * 8);
    bytes.writeUInt32BE(denominator, i * 8 + 4);
  });
  return bytes;
};
export const latitudeBytes = () => rationals(LATITUDE);

/** A big-endian TIFF structure: IFD0 (orientation, GPS pointer) and a GPS directory. */
export function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(8 + (2 + 2 * 12 + 4) + (2 + 4 * 12 + 4) + 48);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  const gps = 8 + 2 + 2 * 12 + 4;
  tiff.writeUInt16BE(2, 8);
  // SHORT values sit in the first two bytes of the value field (big-endian).
  entry(10, 0x0112, 3, 1, ORIENTATION << 16);
  entry(22, 0x8825, 4, 1, gps);
  const data = gps + 2 + 4 * 12 + 4;
  tiff.writeUInt16BE(4, gps);
  entry(gps + 2, 0x0001, 2, 2, 0x4e000000); // 'N'
  entry(gps + 14, 0x0002, 5, 3, data);
  entry(gps + 26, 0x0003, 2, 2, 0x57000000); // 'W'
  entry(gps + 38, 0x0004, 5, 3, data + 24);
  rationals(LATITUDE).copy(tiff, data);
  rationals(LONGITUDE).copy(tiff, data + 24);
  return tiff;
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** A baseline JPEG of `width` × `height` with the EXIF block and an XMP packet. */
export function jpegWithGps(width = 16, height = 8): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps()])),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${XMP_PACKET}`, 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, frame),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export type JpegLayout = { markers: number[]; width: number; height: number; exif?: Buffer };

/** Walks a JPEG's segments up to the scan: their markers, the frame size, the EXIF block. */
export function readJpeg(jpeg: Buffer): JpegLayout {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('no SOI');
  if (jpeg.readUInt16BE(jpeg.length - 2) !== 0xffd9) throw new Error('no EOI');
  const layout: JpegLayout = { markers: [], width: 0, height: 0 };
  let at = 2;
  while (at < jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = jpeg[at + 1] ?? 0;
    layout.markers.push(marker);
    if (marker === 0xda) break;
    const length = jpeg.readUInt16BE(at + 2);
    const body = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xc0) {
      layout.height = body.readUInt16BE(1);
      layout.width = body.readUInt16BE(3);
    }
    if (marker === 0xe1 && body.toString('latin1', 0, 6) === 'Exif\0\0')
      layout.exif = body.subarray(6);
    at += 2 + length;
  }
  return layout;
}

/** The orientation and the GPS directory's entry count of a big-endian TIFF structure. */
export function readExif(tiff: Buffer): { orientation: number; gpsEntries: number } {
  let orientation = 0;
  let gpsEntries = -1;
  const entries = tiff.readUInt16BE(8);
  for (let i = 0; i < entries; i++) {
    const at = 10 + i * 12;
    const tag = tiff.readUInt16BE(at);
    if (tag === 0x0112) orientation = tiff.readUInt16BE(at + 8);
    if (tag === 0x8825) gpsEntries = tiff.readUInt16BE(tiff.readUInt32BE(at + 8));
  }
  return { orientation, gpsEntries };
}

const pngChunk = (type: string, data: Buffer) => {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
};

/** A real RGB PNG (blue) with an eXIf chunk and an XMP iTXt chunk. */
export function pngWithGps(width = 16, height = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x99)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('eXIf', exifWithGps()),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP_PACKET}`, 'latin1')),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type PngLayout = {
  chunks: string[];
  width: number;
  height: number;
  pixelBytes: number;
  exif?: Buffer;
};

/** Decodes a PNG's chunks (checking every CRC) and inflates its picture data. */
export function readPng(png: Buffer): PngLayout {
  const layout: PngLayout = { chunks: [], width: 0, height: 0, pixelBytes: 0 };
  const idat: Buffer[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) {
      throw new Error(`bad CRC in ${type}`);
    }
    layout.chunks.push(type);
    if (type === 'IHDR') {
      layout.width = data.readUInt32BE(0);
      layout.height = data.readUInt32BE(4);
    }
    if (type === 'eXIf') layout.exif = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  layout.pixelBytes = inflateSync(Buffer.concat(idat)).length;
  return layout;
}

const riffChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
};

/** An extended WebP (VP8X) of `width` × `height` with EXIF and XMP chunks. */
export function webpWithGps(width = 16, height = 8): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  // A lossless bitstream header: signature, then 14-bit width−1 and height−1.
  const vp8l = Buffer.alloc(9);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE((width - 1) | ((height - 1) << 14), 1);
  const body = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', vp8l),
    riffChunk('EXIF', exifWithGps()),
    riffChunk('XMP ', Buffer.from(XMP_PACKET, 'latin1')),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

export type WebpLayout = {
  chunks: string[];
  width: number;
  height: number;
  flags: number;
  exif?: Buffer;
};

/** Walks a WebP's chunks, checking the RIFF size against the file's. */
export function readWebp(webp: Buffer): WebpLayout {
  if (webp.readUInt32LE(4) !== webp.length - 8) throw new Error('RIFF size does not match');
  const layout: WebpLayout = { chunks: [], width: 0, height: 0, flags: 0 };
  let at = 12;
  while (at < webp.length) {
    const type = webp.toString('latin1', at, at + 4);
    const length = webp.readUInt32LE(at + 4);
    const data = webp.subarray(at + 8, at + 8 + length);
    layout.chunks.push(type);
    if (type === 'VP8X') {
      layout.flags = data[0] ?? 0;
      layout.width = data.readUIntLE(4, 3) + 1;
      layout.height = data.readUIntLE(7, 3) + 1;
    }
    if (type === 'EXIF') layout.exif = data;
    at += 8 + length + (length % 2);
  }
  return layout;
}
