// The location stripper and the content sniffing: a photo's GPS position is gone after storing,
// its orientation and picture are not, and a file's kind comes from its bytes.
import { describe, expect, it } from 'vitest';
import { UnreadableImage, withoutLocation } from './image-location.ts';
import {
  jpegWithGps,
  latitudeBytes,
  ORIENTATION,
  pngWithGps,
  readExif,
  readJpeg,
  readPng,
  readWebp,
  webpWithGps,
  XMP_PACKET,
} from './image-samples.ts';
import { detectContentType } from './upload-content.ts';

const holds = (file: Buffer, part: Buffer | string) => file.includes(part);

describe('detectContentType', () => {
  it('tells the accepted kinds by their first bytes', () => {
    expect(detectContentType(jpegWithGps())).toBe('image/jpeg');
    expect(detectContentType(pngWithGps())).toBe('image/png');
    expect(detectContentType(webpWithGps())).toBe('image/webp');
    expect(detectContentType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe('application/pdf');
  });

  it('accepts nothing else: text, HTML, SVG, a RIFF that is not WebP, an empty file', () => {
    for (const text of ['hello', '<html><script>alert(1)</script>', '<svg xmlns="x"/>', '']) {
      expect(detectContentType(Buffer.from(text))).toBeUndefined();
    }
    expect(detectContentType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});

describe('withoutLocation', () => {
  it('blanks the GPS directory of a JPEG, drops its XMP, keeps orientation and picture', () => {
    const photo = jpegWithGps(640, 480);
    expect(holds(photo, latitudeBytes())).toBe(true);
    const stored = withoutLocation('image/jpeg', photo);

    expect(holds(stored, latitudeBytes())).toBe(false);
    expect(holds(stored, XMP_PACKET)).toBe(false);
    const layout = readJpeg(stored);
    expect(layout).toMatchObject({ width: 640, height: 480 });
    expect(layout.markers).toEqual([0xe0, 0xe1, 0xdb, 0xc0, 0xda]);
    expect(readExif(layout.exif ?? Buffer.alloc(0))).toEqual({
      orientation: ORIENTATION,
      gpsEntries: 0,
    });
    // The compressed picture is copied byte for byte.
    expect(stored.subarray(stored.indexOf(Buffer.from([0xff, 0xda])))).toEqual(
      photo.subarray(photo.indexOf(Buffer.from([0xff, 0xda]))),
    );
    // The upload itself is not changed.
    expect(holds(photo, latitudeBytes())).toBe(true);
  });

  it('blanks the GPS directory of a PNG eXIf chunk with a valid CRC and drops its XMP', () => {
    const stored = withoutLocation('image/png', pngWithGps(16, 8));
    expect(holds(stored, latitudeBytes())).toBe(false);
    const layout = readPng(stored);
    expect(layout.chunks).toEqual(['IHDR', 'eXIf', 'IDAT', 'IEND']);
    expect(layout).toMatchObject({ width: 16, height: 8, pixelBytes: 8 * (1 + 16 * 3) });
    expect(readExif(layout.exif ?? Buffer.alloc(0)).gpsEntries).toBe(0);
  });

  it('blanks the GPS directory of a WebP EXIF chunk, drops XMP and its flag, fixes the RIFF size', () => {
    const stored = withoutLocation('image/webp', webpWithGps(300, 200));
    expect(holds(stored, latitudeBytes())).toBe(false);
    const layout = readWebp(stored);
    expect(layout.chunks).toEqual(['VP8X', 'VP8L', 'EXIF']);
    expect(layout).toMatchObject({ width: 300, height: 200, flags: 0x08 });
    expect(readExif(layout.exif ?? Buffer.alloc(0))).toEqual({
      orientation: ORIENTATION,
      gpsEntries: 0,
    });
  });

  it('changes nothing more on a second pass, and leaves a PDF as it was', () => {
    const once = withoutLocation('image/jpeg', jpegWithGps());
    expect(withoutLocation('image/jpeg', once)).toEqual(once);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    expect(withoutLocation('application/pdf', pdf)).toEqual(pdf);
  });

  it('refuses an image whose structure cannot be followed', () => {
    const cut = jpegWithGps().subarray(0, 30);
    expect(() => withoutLocation('image/jpeg', cut)).toThrow(UnreadableImage);
    const badExif = jpegWithGps();
    badExif.write('XX', badExif.indexOf('MM'), 'latin1');
    expect(() => withoutLocation('image/jpeg', badExif)).toThrow(UnreadableImage);
  });
});
