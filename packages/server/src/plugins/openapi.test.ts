// The OpenAPI document's contract with client generators: every operation is named once, and its
// security and guard answers are the access table's, whatever the route declares.
import { accessFor } from '@flowsight/domain/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { timestampProperties } from './openapi.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

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
    visit(document.paths, '');
    expect(found.length).toBeGreaterThan(300);
    expect(missing).toEqual([]);
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
