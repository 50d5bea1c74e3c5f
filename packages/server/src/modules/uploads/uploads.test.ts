// The upload calls end to end through HTTP on the demo portfolio: a file's kind comes from its
// content (a PNG named .jpg is stored as PNG, text named .jpg is refused), the size limit answers
// 413, a photo's GPS position never reaches the store, files are served inline and unsniffable only
// within the caller's scope (another company's building is 404 to upload, read and list), and only
// the uploader or an administrator deletes one.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { uploadMessages } from '@flowsight/domain/uploads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  jpegWithGps,
  latitudeBytes,
  ORIENTATION,
  pngWithGps,
  readExif,
  readJpeg,
  readPng,
} from './image-samples.ts';
import { type FormFile, multipartForm } from './upload-form.testing.ts';

type Upload = {
  id: number;
  building_id: number;
  unit_id: number | null;
  purpose: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: number | null;
  url: string;
};

const photo = (bytes: Buffer, name = 'closet.jpg', contentType = 'image/jpeg'): FormFile => ({
  name,
  contentType,
  bytes,
});

describe('uploads API', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  let building: number;
  let unit: number;
  let otherUnit: number;
  let foreignBuilding: number;

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const userId = async (email: string) =>
    (await query<{ id: number }>(sql`select id from users where email = ${email}`))[0]?.id;
  const as = (email: string) => ({ authorization: `Bearer ${tokens.get(email)}` });

  const upload = (email: string, fields: Record<string, string | number>, ...files: FormFile[]) => {
    const form = multipartForm(fields, ...files);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: form.payload,
      headers: { ...form.headers, ...as(email) },
    });
  };
  const uploaded = async (
    email: string,
    fields: Record<string, string | number>,
    file: FormFile,
  ) => {
    const response = await upload(email, fields, file);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Upload;
  };
  const get = (email: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: as(email) });
  const remove = (email: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: as(email) });
  const storedFiles = () => {
    const root = join(t.app.config.dataDir, 'uploads');
    return existsSync(root)
      ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    for (const email of [
      'company.admin@flowsight.test',
      'manager@flowsight.test',
      'installer@flowsight.test',
      'technician@flowsight.test',
      'other.admin@flowsight.test',
      'admin@flowsight.test',
    ]) {
      tokens.set(email, await t.signIn(email));
    }
    const companyOf = async (email: string) =>
      (
        await query<{ company_id: number }>(sql`select r.company_id from user_roles r
          join users u on u.id = r.user_id where u.email = ${email} order by r.id limit 1`)
      )[0]?.company_id;
    const own = await companyOf('company.admin@flowsight.test');
    const foreign = await companyOf('other.admin@flowsight.test');
    const [first, second] = await query<{ building_id: number; unit_id: number }>(sql`
      select b.id as building_id, min(u.id)::int as unit_id from buildings b
      join units u on u.building_id = b.id where b.company_id = ${own}
      group by b.id order by b.id limit 2`);
    if (!first || !second) throw new Error('the demo company needs two buildings with units');
    building = first.building_id;
    unit = first.unit_id;
    otherUnit = second.unit_id;
    const [theirs] = await query<{ id: number }>(
      sql`select min(id)::int as id from buildings where company_id = ${foreign}`,
    );
    foreignBuilding = theirs?.id ?? 0;
  });
  afterAll(() => t.close());

  it('stores a PNG sent as closet.jpg (image/jpeg) as a PNG and serves it inline, unsniffable', async () => {
    const png = pngWithGps(16, 8);
    const created = await uploaded(
      'company.admin@flowsight.test',
      { building_id: building, unit_id: unit, purpose: 'survey-photo' },
      photo(png),
    );
    expect(created).toMatchObject({
      building_id: building,
      unit_id: unit,
      purpose: 'survey-photo',
      content_type: 'image/png',
      uploaded_by: await userId('company.admin@flowsight.test'),
      url: `/api/uploads/${created.id}`,
    });

    const served = await get('manager@flowsight.test', created.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = served.rawPayload;
    expect(bytes.length).toBe(created.size_bytes);
    expect(readPng(bytes)).toMatchObject({ width: 16, height: 8 });
    expect(bytes.includes(latitudeBytes())).toBe(false);
  });

  it('refuses a text file named .jpg, a missing file and a file in the wrong field with 400', async () => {
    const before = storedFiles();
    const text = await upload(
      'company.admin@flowsight.test',
      { building_id: building },
      photo(Buffer.from('just some notes, not a photo'), 'notes.jpg'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ statusCode: 400, message: uploadMessages.unsupportedType });

    const missing = await upload('company.admin@flowsight.test', { building_id: building });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: uploadMessages.missingFile });

    const wrongField = await upload(
      'company.admin@flowsight.test',
      { building_id: building },
      { ...photo(jpegWithGps()), field: 'photo' },
    );
    expect(wrongField.statusCode).toBe(400);

    const noBuilding = await upload('company.admin@flowsight.test', {}, photo(jpegWithGps()));
    expect(noBuilding.statusCode).toBe(400);
    expect(noBuilding.json().message).toEqual([expect.stringMatching(/^body\.building_id: /)]);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { building_id: building },
      headers: as('company.admin@flowsight.test'),
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toMatchObject({ message: uploadMessages.notMultipart });
    expect(storedFiles()).toBe(before);
  });

  it('answers hostile or broken forms with 400 in the error shape, never a server error', async () => {
    const before = storedFiles();
    const jpeg = photo(jpegWithGps());
    const admin = 'company.admin@flowsight.test';
    const whole = multipartForm({ building_id: building }, jpeg);
    const raw = (payload: Buffer | string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { 'content-type': contentType, ...as(admin) },
      });
    const answers = [
      ...(await Promise.all(
        ['0', '-1', '1e309', '0x10', '', '99999999999', 'null'].map((id) =>
          upload(admin, { building_id: id }, jpeg),
        ),
      )),
      await upload(admin, { building_id: building, unit_id: 'abc' }, jpeg),
      await upload(admin, { building_id: building, purpose: 'selfie' }, jpeg),
      await upload(admin, JSON.parse(`{"building_id":${building},"__proto__":"x"}`), jpeg),
      await upload(admin, { building_id: building, colour: 'blue' }, jpeg),
      await upload(
        admin,
        Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, i])),
        jpeg,
      ),
      await upload(admin, { building_id: building }, jpeg, jpeg),
      await upload(admin, { building_id: building }, jpeg, jpeg, jpeg),
      await upload(admin, { building_id: 'x'.repeat(5000) }, jpeg),
      await raw(
        whole.payload.subarray(0, whole.payload.length - 40),
        whole.headers['content-type'] ?? '',
      ),
      await raw(whole.payload, 'multipart/form-data'),
      await raw('not a form', 'multipart/form-data; boundary=nothing'),
      await raw('<svg/>', 'image/svg+xml'),
    ];
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode, `${index}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${index}: ${answer.body}`).toBeLessThan(500);
      expect(Object.keys(answer.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    }
    const truncated = answers.at(-4)?.json() as { message: string } | undefined;
    expect(truncated?.message).toBe(uploadMessages.malformed);
    expect(storedFiles()).toBe(before);
  });

  it('removes the GPS position of a JPEG before storing it; orientation and frame stay', async () => {
    const created = await uploaded(
      'installer@flowsight.test',
      { building_id: building, purpose: 'installation-photo' },
      photo(jpegWithGps(640, 480)),
    );
    expect(created.content_type).toBe('image/jpeg');
    const served = await get('installer@flowsight.test', created.url);
    expect(served.statusCode).toBe(200);
    const bytes = served.rawPayload;
    expect(bytes.includes(latitudeBytes())).toBe(false);
    const layout = readJpeg(bytes);
    expect(layout).toMatchObject({ width: 640, height: 480 });
    expect(readExif(layout.exif ?? Buffer.alloc(0))).toEqual({
      orientation: ORIENTATION,
      gpsEntries: 0,
    });
  });

  it('accepts files above the general body limit and answers 413 above the upload limit', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const big = await uploaded(
      'technician@flowsight.test',
      { building_id: building, purpose: 'shipping-document' },
      photo(pdf, 'packing-list.pdf', 'application/pdf'),
    );
    expect(big).toMatchObject({ content_type: 'application/pdf', size_bytes: pdf.length });

    const small = await buildTestApp({ database: t.database, env: { UPLOADS_MAX_BYTES: '4096' } });
    try {
      const form = multipartForm(
        { building_id: building },
        photo(pdf, 'big.pdf', 'application/pdf'),
      );
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        headers: {
          ...form.headers,
          authorization: `Bearer ${await small.signIn('company.admin@flowsight.test')}`,
        },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: uploadMessages.tooLarge(4096),
      });
    } finally {
      await small.app.close();
    }
  });

  it("lists a building's uploads, filtered by purpose and unit", async () => {
    const listed = await get('manager@flowsight.test', `/api/buildings/${building}/uploads`);
    expect(listed.statusCode).toBe(200);
    const all = listed.json() as Upload[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((u) => u.building_id === building)).toBe(true);

    const photos = await get(
      'manager@flowsight.test',
      `/api/buildings/${building}/uploads?purpose=survey-photo&unit_id=${unit}`,
    );
    expect((photos.json() as Upload[]).map((u) => [u.purpose, u.unit_id])).toEqual([
      ['survey-photo', unit],
    ]);
    const bad = await get(
      'manager@flowsight.test',
      `/api/buildings/${building}/uploads?purpose=selfie`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a unit of another building with 400', async () => {
    const response = await upload(
      'company.admin@flowsight.test',
      { building_id: building, unit_id: otherUnit },
      photo(jpegWithGps()),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: uploadMessages.unitOutsideBuilding });
  });

  it("answers 404 for another company's building and files: upload, read, list, delete", async () => {
    const before = storedFiles();
    const foreignUpload = await upload(
      'company.admin@flowsight.test',
      { building_id: foreignBuilding },
      photo(jpegWithGps()),
    );
    expect(foreignUpload.statusCode).toBe(404);
    expect(storedFiles()).toBe(before);

    const theirs = await uploaded(
      'other.admin@flowsight.test',
      { building_id: foreignBuilding },
      photo(pngWithGps()),
    );
    for (const email of ['company.admin@flowsight.test', 'installer@flowsight.test']) {
      expect((await get(email, theirs.url)).statusCode).toBe(404);
      expect((await get(email, `/api/buildings/${foreignBuilding}/uploads`)).statusCode).toBe(404);
      expect((await remove(email, theirs.id)).statusCode).toBe(404);
    }
    expect((await get('other.admin@flowsight.test', theirs.url)).statusCode).toBe(200);
  });

  it("follows its building to another company's property: the new company sees it, the old not", async () => {
    const [fresh] = await query<{ id: number }>(sql`
      insert into buildings (company_id, property_id, name)
      select company_id, property_id, 'Moving Hall' from buildings where id = ${building}
      returning id`);
    const moving = fresh?.id ?? 0;
    const file = await uploaded(
      'company.admin@flowsight.test',
      { building_id: moving },
      photo(jpegWithGps()),
    );
    const [target] = await query<{ id: number }>(sql`
      select p.id from properties p join buildings b on b.company_id = p.company_id
      where b.id = ${foreignBuilding} order by p.id limit 1`);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${moving}/change-property/${target?.id}/0`,
      headers: as('admin@flowsight.test'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get('company.admin@flowsight.test', file.url)).statusCode).toBe(404);
    expect((await get('other.admin@flowsight.test', file.url)).statusCode).toBe(200);
    const [record] = await query<{ property_id: number }>(
      sql`select property_id from uploads where id = ${file.id}`,
    );
    expect(record?.property_id).toBe(target?.id);
  });

  it('lets the uploader and administrators delete a file, nobody else', async () => {
    const installers = await uploaded(
      'installer@flowsight.test',
      { building_id: building },
      photo(jpegWithGps()),
    );
    const admins = await uploaded(
      'company.admin@flowsight.test',
      { building_id: building },
      photo(jpegWithGps()),
    );
    // The manager may not upload or delete at all (access table); the installer not another's.
    expect((await remove('manager@flowsight.test', installers.id)).statusCode).toBe(403);
    expect(
      (await upload('manager@flowsight.test', { building_id: building }, photo(jpegWithGps())))
        .statusCode,
    ).toBe(403);
    const refused = await remove('installer@flowsight.test', admins.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: uploadMessages.notYours });

    const before = storedFiles();
    expect((await remove('installer@flowsight.test', installers.id)).statusCode).toBe(204);
    expect((await remove('company.admin@flowsight.test', admins.id)).statusCode).toBe(204);
    expect(storedFiles()).toBe(before - 2);
    expect((await get('company.admin@flowsight.test', installers.url)).statusCode).toBe(404);

    const events = await query<{ action: string; entity_id: number }>(sql`
      select action, entity_id from events where entity_type = 'upload'
      and entity_id in (${installers.id}, ${admins.id}) order by id`);
    expect(events.map((e) => e.action)).toEqual(['create', 'create', 'delete', 'delete']);
  });
});
