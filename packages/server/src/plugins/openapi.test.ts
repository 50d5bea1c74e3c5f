// The OpenAPI document's contract with client generators: every operation is named once, and its
// security and guard answers are the access table's, whatever the route declares.
import { accessFor } from '@flowsight/domain/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  beforeAll(async () => {
    t = await buildTestApp();
    const document = (await t.app.inject('/api/openapi.json')).json() as OpenApiDocument;
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
      if (access === 'public') expect(operation.security, where).toEqual([]);
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
});
