// Tests that read the OpenAPI document's schemas read them whole: `inlineComponents` writes every
// `$ref` to a named schema (`#/components/schemas/…`) out in place, as the document had it before
// its schemas were named. The document has no cycles; a cycle is refused rather than unrolled.

const COMPONENT_REF = '#/components/schemas/';

type Document = { components?: { schemas?: Record<string, unknown> } };

/** A copy of `document` with its component references written out. */
export function inlineComponents<D extends Document>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const inline = (node: unknown, through: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, through));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF)) {
      const name = ref.slice(COMPONENT_REF.length);
      if (through.includes(name)) throw new Error(`The schema ${name} refers to itself`);
      if (!(name in schemas)) throw new Error(`No component schema ${name}`);
      const { $ref: _ref, ...beside } = node as Record<string, unknown>;
      const target = inline(schemas[name], [...through, name]) as Record<string, unknown>;
      return { ...target, ...(inline(beside, through) as Record<string, unknown>) };
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, inline(value, through)]),
    );
  };
  return inline(document, []) as D;
}
