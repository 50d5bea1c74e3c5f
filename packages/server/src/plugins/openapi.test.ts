// The OpenAPI document's contract with client generators: every operation is named once, and its
// security and guard answers are the access table's, whatever the route declares.
import { accessFor } from '@flowsight/domain/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { namedSchemas } from '../lib/api-components.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { inlineComponents } from '../testing/openapi-document.ts';
import { timestampProperties } from './openapi.ts';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Every object below `node`, with where it is. */
function* objectsIn(node: unknown, where = ''): Generator<[string, Record<string, unknown>]> {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [where, node as Record<string, unknown>];
  for (const [key, value] of Object.entries(node)) yield* objectsIn(value, `${where}/${key}`);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject('/api/openapi.json')).json() as OpenApiDocument;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
  });
  afterAll(() => t.close());

  it('names every operation once, verb first', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z]+[A-Z][A-Za-z]*$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
  });

  it("takes each operation's security and guard answers from the access table", () => {
    for (const { method, path, operation } of operations) {
      const access = accessFor(method, path.replace(/\{(\w+)\}/g, ':$1'));
      const where = `${method.toUpperCase()} ${path}`;
      const codes = Object.keys(operation.responses ?? {});
      // The metrics call is public to the guard and checks a token of its own, which it names.
      if (path === '/metrics') expect(operation.security, where).toEqual([{ metricsToken: [] }]);
      else if (access === 'public') expect(operation.security, where).toEqual([]);
      else if (access === 'integration') {
        expect(operation.security, where).toEqual([{ integrationKey: [] }]);
        expect(codes, where).toContain('401');
      } else {
        expect(operation.security, where).toEqual([{ bearer: [] }]);
        expect(codes, where).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
    const security = (path: string) =>
      operations.find((o) => o.path === path && o.method === 'get')?.operation.security;
    expect(security('/health')).toEqual([]);
    expect(security('/static')).toEqual([{ bearer: [] }]);
  });

  it('gives every timestamp the date-time format', () => {
    const found: string[] = [];
    const missing: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) visit(item, `${where}/${i}`);
      }
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      const properties = (node as { properties?: Record<string, Record<string, unknown>> })
        .properties;
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (!timestampProperties.has(name)) continue;
        const options = [property, ...((property.anyOf as Record<string, unknown>[]) ?? [])];
        const strings = options.filter(
          (o) => o.type === 'string' || (Array.isArray(o.type) && o.type.includes('string')),
        );
        if (strings.length === 0) continue;
        found.push(name);
        if (!strings.every((o) => o.format === 'date-time')) missing.push(`${where} ${name}`);
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    visit(inlineComponents(document).paths, '');
    expect(found.length).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });

  it('names its shared schemas once and refers to them', () => {
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas).length).toBeGreaterThan(100);
    // The error body is one component: no operation writes it out again.
    const errorShape = JSON.stringify(['error', 'message', 'statusCode']);
    const inlineErrors = [...objectsIn(document.paths)].filter(
      ([, node]) =>
        JSON.stringify(Object.keys((node.properties as object | undefined) ?? {}).sort()) ===
        errorShape,
    );
    expect(inlineErrors.map(([where]) => where).filter((where) => !where.includes('/4'))).toEqual(
      [],
    );
    const refs = [...objectsIn(document.paths)].filter(([, node]) => typeof node.$ref === 'string');
    expect(refs.filter(([, node]) => node.$ref === '#/components/schemas/Error').length).toBe(
      operations.flatMap(({ operation }) =>
        Object.entries(operation.responses ?? {}).filter(
          ([, response]) =>
            (response as { content?: { 'application/json'?: { schema?: { $ref?: string } } } })
              .content?.['application/json']?.schema?.$ref === '#/components/schemas/Error',
        ),
      ).length,
    );
    // Every reference is to a component there; every component is reached.
    const names = new Set(Object.keys(schemas));
    for (const [where, node] of objectsIn(document)) {
      if (typeof node.$ref !== 'string') continue;
      expect(names.has(String(node.$ref).replace('#/components/schemas/', '')), where).toBe(true);
    }
    // A paged list is named after its rows, with the shared meta and links.
    const companies = operations.find((o) => o.path === '/companies' && o.method === 'get');
    expect(JSON.stringify(companies?.operation.responses?.['200'])).toContain(
      '#/components/schemas/CompanyRowList',
    );
    expect(schemas).toHaveProperty(
      'CompanyRowList.properties.meta.$ref',
      '#/components/schemas/ListMeta',
    );
  });

  it('refuses two schemas under one component name', () => {
    const one = z.object({ a: z.string() });
    const other = z.object({ b: z.string() });
    expect(() => namedSchemas({ a: { rowSchema: one }, b: { rowSchema: one } })).not.toThrow();
    expect(() => namedSchemas({ a: { rowSchema: one }, b: { rowSchema: other } })).toThrow(
      /Two schemas would be the API component "Row": a.rowSchema and b.rowSchema/,
    );
    // Path and query schemas, and plain values, stay inline.
    const names = namedSchemas({
      a: { rangeQuerySchema: one, nameSchema: z.string(), installerInputSchema: other },
    });
    expect([...names.keys()]).toEqual(['InstallerBody', 'ListMeta', 'ListLinks']);
  });

  it('says who may make each call and what each refusal means', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.description, where).toContain('**Who may call:**');
      for (const code of Object.keys(operation.responses ?? {}).filter((c) => c >= '400')) {
        expect(operation.description, where).toContain(`- ${code}: `);
      }
    }
    const put = operations.find((o) => o.path === '/companies/{id}' && o.method === 'put');
    expect(put?.operation.description).toContain(
      'System Admin, System Support, Company Admin. A company role acts within its own company only.',
    );
  });

  it('documents the 404 of each location lookup by id', () => {
    for (const path of ['countries', 'states', 'cities', 'timezones'].map(
      (l) => `/location/${l}/{id}`,
    )) {
      const operation = operations.find((o) => o.path === path && o.method === 'get')?.operation;
      expect(Object.keys(operation?.responses ?? {}), path).toContain('404');
    }
  });

  it('answers a path it cannot decode in the documented error body', async () => {
    const response = await t.app.inject('/api/companies/search-top/%E0%A4%A/5');
    expect(response.statusCode).toBe(400);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(String(body.message)).toContain('not well-formed percent-encoded UTF-8');
    // A path parameter over the router's length: 414, in the same body.
    const long = await t.app.inject(`/api/companies/search-top/${'x'.repeat(1200)}/5`);
    expect(long.statusCode).toBe(414);
    expect(Object.keys(long.json() as object).sort()).toEqual(['error', 'message', 'statusCode']);
  });
});
